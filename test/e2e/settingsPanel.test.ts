// The repository settings panel as a person uses it, in the real workbench: open it for the
// workspace's clone of PROJ/repo1, toggle a branch and "publish new branches", enable the
// pre-receive hook, save hook settings with an invalid value and see the field error, fix it and
// save; then hostile names and messages that must show as text and run nothing. Screenshots of
// every step go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Locator } from 'playwright-core';
import { panelFrame, rest, settled } from './panel';
import { session } from './session';
import { HookKeys } from '../server/hookCatalog';

const HOSTILE = '<img src=x onerror=alert(1)>';
/** Git refuses spaces in ref names: the same attack without them. */
const HOSTILE_BRANCH = 'x<img/src=x/onerror=alert(1)>';
const PRE_RECEIVE = HookKeys.externalPreReceive;
const YACC = HookKeys.yacc;
const HOOKS = '/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks';
const PAGES = '/rest/latest/pages-settings/PROJ/repo1';

function refRow(frame: Frame, name: string): Locator {
  return frame.locator('li.ref').filter({ has: frame.locator('.ref-name', { hasText: name }) });
}

function hookCard(frame: Frame, role: 'preReceive' | 'mergeCheck'): Locator {
  return frame.locator(`article[data-hook="${role}"]`);
}

/** Replaces the text editor's content by pasting (typing would auto-close brackets and quotes) and saves. */
async function replaceAndSave(text: string): Promise<void> {
  const { ui } = session();
  await ui.page.evaluate((t) => navigator.clipboard.writeText(t), text);
  // The only text editor open; clicking it moves the focus out of the webview.
  await ui.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await ui.page.keyboard.press('ControlOrMeta+A');
  await ui.page.keyboard.press('ControlOrMeta+V');
  await ui.page.keyboard.press('ControlOrMeta+S');
}

async function clearNotifications(): Promise<void> {
  await session().ui.runCommand('Notifications: Clear All Notifications');
}

describe('Repository settings panel', () => {
  let workspaceSettings: string;
  const dialogs: string[] = [];
  /** The last test signs out; the suite leaves VS Code signed out either way. */
  let signedIn = false;

  before(async () => {
    const { workbench, ui } = session();
    const folder = workbench.workspaceFolder;
    await ui.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(workbench.url).origin });
    workspaceSettings = path.join(folder, '.vscode', 'settings.json');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: folder,
        encoding: 'utf8',
      });
    git('remote', 'add', 'origin', `${workbench.server.url}/scm/PROJ/repo1.git`);
    git('commit', '--allow-empty', '-m', 'first');
    git('branch', '-M', 'main');
    git('branch', 'feature/pages');
    git('tag', 'v1.0');
    // An alert() from any frame (the webview's included) would show up here.
    ui.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await ui.signIn(workbench.server.url, 'admin');
    signedIn = true;
    await clearNotifications();
  });

  after(async () => {
    const { ui } = session();
    fs.rmSync(workspaceSettings, { force: true });
    await ui.runCommand('View: Revert and Close Editor').catch(() => undefined);
    await ui.runCommand('View: Close All Editors').catch(() => undefined);
    if (!signedIn) return;
    await ui.runCommand('Bitbucket Snippets: Sign Out');
    await ui.waitForNotification(/Signed out/);
  });

  it('opens for the workspace clone of PROJ/repo1, the default branch first', async () => {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
    const frame = await panelFrame();
    await settled(frame);
    const names = await frame.locator('li.ref .ref-name').allTextContents();
    assert.deepEqual(names, ['main', 'feature/pages', 'v1.0']);
    assert.equal(await refRow(frame, 'main').locator('.badge').textContent(), 'default');
    assert.equal(await hookCard(frame, 'preReceive').locator('h3').textContent(), 'External Pre Receive Hook');
    assert.match(
      (await frame.locator('fieldset').textContent()) ?? '',
      /Unknown: Bitbucket reports these two only in its answer to a change/,
    );
    await ui.screenshot('settings-panel-opened');
  });

  it('opens another repository from inside the clone when asked, with its own panel', async () => {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Open Settings of Another Repository…');
    await ui.answer('PROJ/repo2');
    const frame = await panelFrame('PROJ/repo2');
    await settled(frame);
    assert.equal(await frame.locator('h1').textContent(), 'PROJ/repo2');
    await ui.screenshot('settings-panel-other-repository');
    // Back to repo1's panel, which is still open: one panel per repository.
    await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
    await settled(await panelFrame());
    assert.equal(await ui.page.locator('.tab').filter({ hasText: 'Settings: PROJ/repo1' }).count(), 1);
  });

  it('publishes a branch and new branches, showing what the server answered', async () => {
    const { ui } = session();
    const frame = await panelFrame();
    const row = refRow(frame, 'feature/pages');
    await row.getByLabel('Publish pages for feature/pages').click();
    await row.locator('.state', { hasText: /^Published$/ }).waitFor();
    assert.equal(await row.getByRole('switch').isChecked(), true);
    assert.deepEqual(
      ((await rest('GET', `${PAGES}/enabled?refId=refs/heads/feature/pages`)).json as { isEnabled: boolean }).isEnabled,
      true,
    );

    await frame.getByLabel('Publish new branches').click();
    await frame.locator('fieldset', { hasText: 'As the server answered on' }).waitFor();
    await settled(frame);
    assert.equal(await frame.getByLabel('Publish new branches').isChecked(), true);
    assert.equal(await frame.getByLabel('Publish new tags').isChecked(), false, 'the tags value the server sent back');
    assert.match(
      (await frame.locator('#status').textContent()) ?? '',
      /New branches: published; new tags: not published/,
    );
    await ui.screenshot('settings-panel-branch-and-new-branches-published');
  });

  it('enables the pre-receive hook', async () => {
    const { ui } = session();
    const frame = await panelFrame();
    const card = hookCard(frame, 'preReceive');
    await card.getByLabel('Enabled').click();
    await card.locator('.state', { hasText: /^Enabled/ }).waitFor();
    assert.equal(await card.getByLabel('Enabled').isChecked(), true);
    assert.equal(((await rest('GET', `${HOOKS}/${PRE_RECEIVE}`)).json as { enabled: boolean }).enabled, true);
    await ui.screenshot('settings-panel-pre-receive-enabled');
  });

  it("marks the server's field error for an empty exe (External Hooks), then saves the fixed settings", async () => {
    const { ui } = session();
    const frame = await panelFrame();
    await hookCard(frame, 'preReceive')
      .getByRole('button', { name: /Edit the settings/ })
      .click();
    await ui.page.getByRole('tab', { name: new RegExp(`^${PRE_RECEIVE.replace(/[.:]/g, '.')}\\.json`) }).waitFor();
    await replaceAndSave('{\n  "exe": "",\n  "safe_path": true\n}\n');
    await ui.waitForNotification(/Executable does not exist/);
    await ui.runCommand('View: Toggle Problems');
    await ui.page.locator('.markers-panel').getByText('Executable does not exist').first().waitFor();
    await ui.page.locator('.monaco-editor .squiggly-error').first().waitFor();
    await ui.screenshot('hook-settings-empty-exe-refused');
    assert.equal((await rest('GET', `${HOOKS}/${PRE_RECEIVE}/settings`)).status, 204, 'nothing was stored');

    await clearNotifications();
    await replaceAndSave('{\n  "exe": "/usr/local/bin/check-push",\n  "safe_path": true\n}\n');
    await ui.page.locator('.tabs-container .tab.active:not(.dirty)').waitFor();
    await ui.page.locator('.markers-panel').getByText('Executable does not exist').waitFor({ state: 'detached' });
    assert.deepEqual((await rest('GET', `${HOOKS}/${PRE_RECEIVE}/settings`)).json, {
      exe: '/usr/local/bin/check-push',
      safe_path: true,
    });
    await ui.screenshot('hook-settings-saved');
  });

  it('switches the pre-receive hook to YACC with Change…, and marks a regex that does not compile', async () => {
    const { ui } = session();
    await ui.runCommand('View: Close All Editors');
    await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
    let frame = await panelFrame();
    await hookCard(frame, 'preReceive')
      .getByRole('button', { name: /Choose which/ })
      .click();
    await ui.page
      .locator('.quick-input-widget')
      .getByRole('option', { name: /Yet Another Commit Checker/ })
      .click();
    frame = await panelFrame();
    await hookCard(frame, 'preReceive').locator('h3', { hasText: 'Yet Another Commit Checker' }).waitFor();
    await settled(frame);
    await ui.screenshot('settings-panel-yacc-chosen');

    await hookCard(frame, 'preReceive')
      .getByRole('button', { name: /Edit the settings/ })
      .click();
    await ui.page.getByRole('tab', { name: /yaccHook\.json/ }).waitFor();
    await replaceAndSave('{\n  "requireJiraIssue": true,\n  "commitMessageRegex": "[A-Z+-\\\\d+ .*"\n}\n');
    await ui.waitForNotification(/Invalid Regex/);
    await ui.page
      .locator('.markers-panel')
      .getByText(/Invalid Regex/)
      .first()
      .waitFor();
    await ui.screenshot('hook-settings-yacc-invalid-regex');

    await clearNotifications();
    await replaceAndSave('{\n  "requireJiraIssue": true,\n  "commitMessageRegex": "[A-Z]+-\\\\d+ .*"\n}\n');
    await ui.page.locator('.tabs-container .tab.active:not(.dirty)').waitFor();
    assert.deepEqual((await rest('GET', `${HOOKS}/${YACC}/settings`)).json, {
      requireJiraIssue: true,
      commitMessageRegex: '[A-Z]+-\\d+ .*',
    });
    await ui.screenshot('hook-settings-yacc-saved');
  });

  it('shows hostile names and messages as text and runs nothing', async () => {
    const { ui, workbench } = session();
    await ui.runCommand('View: Close All Editors');
    execFileSync('git', ['branch', HOSTILE_BRANCH], { cwd: workbench.workspaceFolder });
    // A hook key from the settings, which the server's 404 message repeats, and a server error message.
    fs.mkdirSync(path.dirname(workspaceSettings), { recursive: true });
    fs.writeFileSync(workspaceSettings, JSON.stringify({ 'bitbucketSnippets.preReceiveHookKey': HOSTILE }, null, 2));
    const fault = await fetch(`${workbench.server.url}/__control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'status',
        status: 500,
        message: `boom ${HOSTILE}`,
        method: 'GET',
        path: '/pages-settings/',
        count: 3,
      }),
    });
    assert.ok(fault.ok);

    await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
    const frame = await panelFrame();
    await frame.locator('article[data-hook="preReceive"] code', { hasText: HOSTILE }).waitFor();
    await settled(frame);
    await frame.locator('li.ref .ref-name', { hasText: HOSTILE_BRANCH }).waitFor();
    await frame
      .locator('.error-text', { hasText: `boom ${HOSTILE}` })
      .first()
      .waitFor();
    await ui.screenshot('settings-panel-hostile-content-as-text');

    const dom = await frame.evaluate(() => ({
      images: document.querySelectorAll('img').length,
      text: document.body.textContent ?? '',
      hooked: Array.from(document.querySelectorAll('*')).some((n) =>
        Array.from(n.attributes).some((a) => a.name.startsWith('on')),
      ),
    }));
    assert.equal(dom.images, 0, 'no <img> element was created');
    assert.equal(dom.hooked, false, 'no element has an event-handler attribute');
    assert.ok(dom.text.includes(HOSTILE), 'the hook key and the server message show as text');
    assert.ok(dom.text.includes(HOSTILE_BRANCH), 'the branch name shows as text');
    assert.ok(dom.text.includes(`No such hook ${HOSTILE}`), "the server's 404 message shows as text");
    assert.deepEqual(dialogs, [], 'nothing ran alert()');
    await fetch(`${workbench.server.url}/__control/faults`, { method: 'DELETE' });
  });

  describe('with two accounts of one server (admin and alice)', () => {
    const ADMIN_RIGHTS = 'You need repository admin rights on PROJ/repo1 to change hooks (signed in as alice).';
    /** The panel's header line under the title, e.g. "on 127.0.0.1:1234 · signed in as admin". */
    const signedInAs = async (frame: Frame) => (await frame.locator('header .title p').textContent()) ?? '';

    /** Presses the panel's Switch Account… and picks the user in VS Code's quick pick. */
    async function switchTo(user: string): Promise<Frame> {
      const { ui } = session();
      const frame = await panelFrame();
      await frame.getByRole('button', { name: /Show PROJ\/repo1 as another account/ }).click();
      await ui.page
        .locator('.quick-input-widget')
        .getByRole('option', { name: new RegExp(`^${user}\\b`) })
        .click();
      const after = await panelFrame();
      await after.locator('header .title p', { hasText: `signed in as ${user}` }).waitFor();
      await settled(after);
      return after;
    }

    before(async () => {
      const { ui, workbench } = session();
      // The hostile test's hook key goes: the panel shows the hooks of the default keys again.
      fs.rmSync(workspaceSettings, { force: true });
      await ui.runCommand('View: Close All Editors');
      await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
      await settled(await panelFrame());
      await ui.signIn(workbench.server.url, 'alice');
      await clearNotifications();
    });

    after(async () => {
      // The suite goes on with admin alone.
      const { ui } = session();
      await ui.runCommand('Bitbucket Snippets: Sign Out');
      await ui.page
        .locator('.quick-input-widget')
        .getByRole('option', { name: /^alice @/ })
        .click();
      await ui.waitForNotification(/Signed out of alice/);
      await clearNotifications();
    });

    it('stays on its account when another signs in, and switches between the two, reloading as each', async () => {
      const { ui } = session();
      let frame = await panelFrame();
      // alice signed in last and is the default account now: the open panel still reads as admin.
      await frame.getByRole('button', { name: /Show PROJ\/repo1 as another account/ }).waitFor();
      await settled(frame);
      assert.match(await signedInAs(frame), /signed in as admin$/);
      await ui.screenshot('settings-panel-two-accounts-admin');

      frame = await switchTo('alice');
      assert.match(await signedInAs(frame), /signed in as alice$/);
      await ui.page.locator('.tab', { hasText: 'Settings: PROJ/repo1 (alice @' }).waitFor();
      await frame.locator('.notice', { hasText: ADMIN_RIGHTS }).waitFor();
      // Refresh reloads as the account shown, not the one the panel opened with.
      await frame.getByRole('button', { name: /Refresh the settings/ }).click();
      await frame.locator('#status', { hasText: 'The settings of PROJ/repo1 are loaded.' }).waitFor();
      assert.match(await signedInAs(frame), /signed in as alice$/);
      await ui.screenshot('settings-panel-switched-to-alice');

      frame = await switchTo('admin');
      await ui.page.locator('.tab', { hasText: 'Settings: PROJ/repo1 (admin @' }).waitFor();
      assert.equal(await frame.locator('.notice').count(), 0, 'admin may change hooks');
      assert.notEqual(
        await hookCard(frame, 'preReceive').getByLabel('Enabled').getAttribute('aria-disabled'),
        'true',
        'its switch is offered',
      );
      await ui.screenshot('settings-panel-switched-back-to-admin');
    });

    it('for a non-admin, shows each hook by its name and the admin-rights message once', async () => {
      const { ui } = session();
      await ui.runCommand('View: Close All Editors');
      // Opened for alice by name: the typed repository is offered once per account.
      await ui.runCommand('Bitbucket Snippets: Open Settings of Another Repository…');
      const input = ui.page.locator('.quick-input-widget input[type="text"]').first();
      await input.fill('PROJ/repo1');
      await ui.page
        .locator('.quick-input-widget')
        .getByRole('option', { name: /Open PROJ\/repo1 on alice/ })
        .click();
      const frame = await panelFrame();
      await frame.locator('header .title p', { hasText: 'signed in as alice' }).waitFor();
      await settled(frame);
      await ui.screenshot('settings-panel-non-admin');
      assert.deepEqual(await frame.locator('article.hook h3').allTextContents(), [
        'External Pre Receive Hook',
        'External Merge Check Hook',
      ]);
      assert.deepEqual(
        await frame.locator('article.hook code').allTextContents(),
        [PRE_RECEIVE, HookKeys.externalMergeCheck],
        'each key once',
      );
      const text = (await frame.locator('#content').textContent()) ?? '';
      assert.equal(text.split(ADMIN_RIGHTS).length - 1, 1, `the admin-rights message once in: ${text}`);
    });
  });

  // Mocha runs a suite's own tests before its nested suites: what needs the state the tests above
  // leave comes in nested suites, in order, and signing out comes last.
  describe('Add Ref', () => {
    it('refuses a branch that exists neither in the clone nor on the server, and lists one of the server after the default branch', async () => {
      const { ui, workbench } = session();
      // alice has signed out: the panel that showed her last opens as admin, the one left.
      await ui.runCommand('View: Close All Editors');
      await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
      let frame = await panelFrame();
      await frame.locator('header .title p', { hasText: 'signed in as admin' }).waitFor();
      await settled(frame);
      const before = await frame.locator('li.ref .ref-name').allTextContents();
      await frame.getByRole('button', { name: 'Add Ref…' }).click();
      await ui.answer('refs/heads/no-such-branch');
      const host = new URL(workbench.server.url).host;
      await frame
        .locator('#status.error', {
          hasText: `refs/heads/no-such-branch exists neither in your clone nor on ${host}. Check the name: nothing was added.`,
        })
        .waitFor();
      await ui.screenshot('settings-panel-add-unknown-ref');
      assert.deepEqual(await frame.locator('li.ref .ref-name').allTextContents(), before, 'nothing was added');

      // release/2.0 is a branch of the server the clone does not have: it goes after the default branch.
      await frame.getByRole('button', { name: 'Add Ref…' }).click();
      await ui.answer('refs/heads/release/2.0');
      frame = await panelFrame();
      await refRow(frame, 'release/2.0').waitFor();
      await settled(frame);
      const names = await frame.locator('li.ref .ref-name').allTextContents();
      assert.equal(names[0], 'main', `the default branch first: ${names.join(', ')}`);
      assert.deepEqual(
        names.filter((n) => n !== HOSTILE_BRANCH),
        ['main', 'feature/pages', 'release/2.0', 'v1.0'],
      );
      await ui.screenshot('settings-panel-add-server-ref');
    });
  });

  describe('signed out', () => {
    it('signed out, its header holds the repository and the server, and nothing else', async () => {
      const { ui, workbench } = session();
      await ui.runCommand('View: Close All Editors');
      await ui.runCommand('Bitbucket Snippets: Sign Out');
      await ui.waitForNotification(/Signed out/);
      signedIn = false;
      await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
      const frame = await panelFrame();
      await frame.locator('#signin-title').waitFor();
      await ui.screenshot('settings-panel-signed-out');
      const header = frame.locator('header');
      assert.equal(await header.textContent(), `PROJ/repo1on ${new URL(workbench.server.url).host}`);
      assert.deepEqual(
        await header.evaluate((h) => Array.from(h.childNodes, (n) => n.nodeName)),
        ['DIV'],
        'the title alone: no Refresh button, and no stray text',
      );
    });
  });
});
