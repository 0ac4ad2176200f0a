// The snippet explorer as a person uses it: sign in through the command palette, expand My
// Snippets, see the snippets and a snippet's files and comments. Screenshots of every step go to
// test-results/e2e/.
import * as assert from 'node:assert/strict';
import { session } from './session';

const SNIPPETS = '/rest/snippets/1.0/snippets';

async function createAs(user: string, name: string, fileName: string): Promise<void> {
  const { workbench } = session();
  const response = await fetch(`${workbench.server.url}${SNIPPETS}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}`,
      'Content-Type': 'application/json',
      'X-Atlassian-Token': 'no-check',
    },
    body: JSON.stringify({ name, files: [{ name: fileName, content: `# ${name}\n` }] }),
  });
  assert.ok(response.ok, `creating ${name} answered ${response.status}`);
}

describe('Snippet explorer', () => {
  before(async () => {
    await createAs('alice', 'e2e deploy script', 'deploy.sh');
    await createAs('alice', 'e2e compose file', 'docker-compose.yml');
    await createAs('alice', 'e2e readme', 'README.md');
  });

  after(async () => {
    // The run shares one VS Code: leave it signed out, as the other UI tests expect to find it.
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Sign Out');
    await ui.waitForNotification(/Signed out/);
  });

  it('signs in through the command palette as alice', async () => {
    const { ui, workbench } = session();
    await ui.openViewContainer();
    await ui.runCommand('Bitbucket Snippets: Sign In');
    await ui.answer(workbench.server.url);
    await ui.screenshot('sign-in-url-entered');
    const method = ui.page.locator('.quick-input-widget').getByRole('option', { name: /User name and password/ });
    await method.waitFor({ state: 'visible' });
    await ui.screenshot('sign-in-method-pick');
    await method.click();
    await ui.answer('alice');
    await ui.answer('alice');
    await ui.waitForNotification(/Signed in to .* as alice/);
    await ui.screenshot('signed-in');
  });

  it('shows the roots, and the snippets when My Snippets is expanded', async () => {
    const { ui } = session();
    await ui.openViewContainer();
    for (const root of ['My Snippets', 'Starred', 'Categories', 'Browse']) await ui.findTreeRow(root);
    await ui.screenshot('explorer-roots');
    await ui.expandTreeRow('My Snippets');
    for (const name of ['e2e deploy script', 'e2e compose file', 'e2e readme']) await ui.findTreeRow(name);
    await ui.screenshot('my-snippets-expanded');
  });

  it("shows a snippet's files and its Comments row when expanded", async () => {
    const { ui } = session();
    await ui.expandTreeRow('e2e deploy script');
    await ui.findTreeRow('deploy.sh');
    await ui.findTreeRow(/^Comments \(0\)/);
    await ui.screenshot('snippet-expanded');
  });

  it("opens a file from its row, with the snippet's comment thread on line 1", async () => {
    const { ui } = session();
    await (await ui.findTreeRow('deploy.sh')).click();
    await ui.page
      .getByRole('tab', { name: /^deploy\.sh/ })
      .first()
      .waitFor({ state: 'visible' });
    // A collapsed comment thread shows as a glyph in the editor's gutter.
    await ui.page.locator('.monaco-editor .comment-range-glyph.comment-thread').first().waitFor({ state: 'visible' });
    await ui.screenshot('file-open-with-comment-thread');
    await ui.runCommand('View: Close All Editors');
  });

  it("offers the links in a snippet row's context menu; Copy Link says it copied", async () => {
    const { ui } = session();
    const row = await ui.findTreeRow('e2e deploy script');
    await row.click({ button: 'right' });
    const menu = ui.page.locator('.context-view .monaco-menu');
    for (const item of [/^Open in Browser/, /^Copy Link/, /^Copy VS Code Link/]) {
      await menu.getByRole('menuitem', { name: item }).first().waitFor({ state: 'visible' });
    }
    await ui.screenshot('snippet-row-link-items');
    await ui.page.keyboard.press('Escape');
    await ui.chooseFromContextMenu(row, 'Copy Link');
    await ui.page.locator('.statusbar').getByText('Copied the link to the snippet').waitFor({ state: 'visible' });
  });

  it('shows at most three buttons in the view title, and the sort, filter, Browse User and refresh actions in its … menu', async () => {
    const { ui } = session();
    // The explorer is the container's only view, so its actions sit in the container's title bar.
    const title = ui.sideBar.locator('.composite.title');
    await title.getByRole('button', { name: 'New Snippet…', exact: true }).first().waitFor({ state: 'visible' });
    // Names without their keybinding: "Search Snippets… (Ctrl+K Alt+F)".
    const buttons = (await ui.viewTitleButtons()).map((name) => name.replace(/ \(.*\)$/, ''));
    // 177 pixels of title in a 300-pixel side bar left room for about three (the issue's measure).
    assert.ok(buttons.length <= 3, `the title shows ${buttons.length} buttons: ${buttons.join(', ')}`);
    assert.deepEqual(buttons, ['New Snippet…', 'Search Snippets…', 'Collapse All']);
    const menu = await ui.viewTitleMenuItems();
    for (const action of [
      'Filter Snippets…',
      'Sort by Name',
      'Browse User…',
      'Refresh All Lists',
      'Export Snippets…',
      'Check Connection',
    ]) {
      assert.ok(
        menu.some((item) => item.startsWith(action)),
        `the … menu offers ${action}: ${menu.join(' | ')}`,
      );
    }
    await ui.screenshot('view-title-actions');
    await ui.dismiss();
  });

  it('Browse User refuses a user who does not exist, naming them, and adds no list', async () => {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Browse User');
    await ui.answer('no.such.person');
    const toast = await ui.waitForNotification(/no\.such\.person/);
    assert.match(await toast.innerText(), /Bitbucket has no user "no\.such\.person"/);
    await ui.screenshot('browse-unknown-user');
    assert.equal(await ui.treeRow(/no\.such\.person/).count(), 0, 'no list was added for the unknown user');
  });

  it('Check Connection opens a report of every step, and no secret', async () => {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Check Connection');
    const editor = ui.page.locator('.editor-instance .view-lines').first();
    await editor.getByText('# Bitbucket Snippets: connection check').waitFor({ state: 'visible', timeout: 30_000 });
    const text = await editor.innerText();
    // The editor draws spaces as no-break spaces, which \s matches.
    for (const step of ['Server\\sURL', 'DNS', 'TLS\\scertificate', 'Proxy', 'Authentication']) {
      assert.match(text, new RegExp(step), `the report names the ${step} step`);
    }
    assert.doesNotMatch(text, /YWxpY2U6YWxpY2U|Authorization:/, 'no credential in the report');
    await ui.screenshot('connection-check-report');
    // The report is a read-only document: it closes without a Save prompt.
    await ui.runCommand('View: Close Editor');
  });
});
