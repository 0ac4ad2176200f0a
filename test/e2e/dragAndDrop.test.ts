// Drag and drop and several rows as a person does it: a snippet file row dragged from the Snippets
// view into a local file's editor with Shift held inserts the file's text where it is dropped; two
// snippet rows selected with Ctrl-click are deleted together after one confirmation. Screenshots
// go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { session } from './session';

const SNIPPETS = '/rest/snippets/1.0/snippets';
const auth = {
  Authorization: `Basic ${Buffer.from('alice:alice').toString('base64')}`,
  'Content-Type': 'application/json',
  'X-Atlassian-Token': 'no-check',
};

/** Drags `row` over the editor's lines with Shift held, as VS Code wants for a drop into an editor. */
async function dragIntoEditor(row: Locator, box: { x: number; y: number }, screenshot: string): Promise<void> {
  const { ui } = session();
  await row.hover();
  await ui.page.mouse.down();
  await ui.page.keyboard.down('Shift');
  // Several moves, so the workbench sees a drag start, then the editor sees it come over.
  for (let i = 1; i <= 10; i++) await ui.page.mouse.move(box.x + 40 + i, box.y + 4 + i * 0.5, { steps: 2 });
  await ui.screenshot(screenshot);
  await ui.page.mouse.up();
  await ui.page.keyboard.up('Shift');
}

/**
 * Waits until the rows of the Snippets view stop moving after a click on the row whose name starts
 * with `label`: the click may expand it (its children then push the rows below down), or, when it
 * met a redraw of the tree, leave it collapsed. Settled is the row expanded with its first child
 * shown right below it, or every row where it was for ten looks 100 ms apart.
 */
async function rowsSettledAfterClick(label: string): Promise<void> {
  await session().ui.page.waitForFunction(
    (name) => {
      const rows = Array.from(document.querySelectorAll('.part.sidebar [role="treeitem"]'));
      const row = rows.find((r) => (r.getAttribute('aria-label') ?? '').startsWith(name));
      if (!row) return false;
      if (row.getAttribute('aria-expanded') === 'true') {
        const level = Number(row.getAttribute('aria-level'));
        const bottom = row.getBoundingClientRect().bottom;
        if (
          rows.some(
            (r) =>
              Number(r.getAttribute('aria-level')) === level + 1 &&
              Math.abs(r.getBoundingClientRect().top - bottom) < 2,
          )
        ) {
          return true;
        }
      }
      const layout = rows
        .map(
          (r) =>
            `${r.getAttribute('aria-label')}@${Math.round(r.getBoundingClientRect().top)}:${r.getAttribute('aria-expanded')}`,
        )
        .join('|');
      const seen = window as unknown as { lastRowsLayout?: string; sameRowsLayout?: number };
      seen.sameRowsLayout = seen.lastRowsLayout === layout ? (seen.sameRowsLayout ?? 0) + 1 : 0;
      seen.lastRowsLayout = layout;
      return seen.sameRowsLayout >= 10;
    },
    label,
    { timeout: 15_000, polling: 100 },
  );
}

/** The names of the selected rows of the Snippets view (their accessible names up to the first comma), sorted. */
async function selectedRows(): Promise<string[]> {
  const names = await session()
    .ui.sideBar.locator('[role="treeitem"][aria-selected="true"]')
    .evaluateAll((items) => items.map((item) => (item.getAttribute('aria-label') ?? '').split(',')[0]));
  return names.sort();
}

describe('Drag and drop and several rows (UI)', function () {
  this.timeout(120_000);
  const target = 'drop-target.txt';

  before(async () => {
    const { ui, workbench } = session();
    const response = await fetch(`${workbench.server.url}${SNIPPETS}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'e2e drag me', files: [{ name: 'dragged.sh', content: 'echo "dragged $HOME"\n' }] }),
    });
    assert.ok(response.ok, `creating the snippet answered ${response.status}`);
    fs.writeFileSync(path.join(workbench.workspaceFolder, target), 'first line\nlast line\n');
    await ui.openViewContainer();
    await ui.signIn(workbench.server.url, 'alice');
  });

  after(async () => {
    await session().ui.closeEditorsAndSignOut();
    fs.rmSync(path.join(session().workbench.workspaceFolder, target), { force: true });
  });

  it('inserts a snippet file dragged into an editor with Shift', async () => {
    const { ui } = session();
    await ui.runCommand('Go to File...').catch(async () => ui.runCommand('Go to File'));
    await ui.page.keyboard.type(target);
    // Enter before the file search answers would choose nothing: click the result once shown.
    await ui.page
      .locator('.quick-input-widget')
      .getByRole('option', { name: new RegExp(target.replace('.', '\\.')) })
      .first()
      .click();
    const editor = ui.page.locator('.editor-group-container.active .monaco-editor').first();
    await ui.page
      .locator('.editor-group-container.active .tab.active')
      .filter({ hasText: target })
      .waitFor({ state: 'visible' });

    await ui.expandTreeRow('My Snippets');
    await ui.expandTreeRow('e2e drag me');
    const row = await ui.findTreeRow('dragged.sh');
    const lines = editor.locator('.view-lines');
    const box = await lines.boundingBox();
    assert.ok(box, 'the editor is shown');

    await dragIntoEditor(row, box, 'drag-over-editor');

    // The editor's lines are not in document order in the page: save, and read the file.
    const inserted = 'echo "dragged $HOME"\n';
    const file = path.join(session().workbench.workspaceFolder, target);
    let text = '';
    for (let i = 0; i < 50 && !text.includes(inserted); i++) {
      await ui.page.waitForTimeout(200);
      await ui.page.keyboard.press('Control+S');
      text = fs.readFileSync(file, 'utf8');
    }
    await ui.screenshot('dropped-into-editor');
    assert.ok(text.includes(inserted), `the file holds: ${text}`);
    // Inserted where the pointer was; everything else is kept as it was.
    assert.equal(text.replace(inserted, ''), 'first line\nlast line\n');
  });

  it('inserts two file rows selected with Ctrl-click and dragged together, one after another', async () => {
    const { ui, workbench } = session();
    const response = await fetch(`${workbench.server.url}${SNIPPETS}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'e2e drag two',
        files: [
          { name: 'top.txt', content: 'TOP TEXT\n' },
          { name: 'bottom.txt', content: 'BOTTOM TEXT\n' },
        ],
      }),
    });
    assert.ok(response.ok, `creating the snippet answered ${response.status}`);
    const file = path.join(workbench.workspaceFolder, target);
    fs.writeFileSync(file, 'first line\nlast line\n');
    await ui.viewTitleAction('Refresh All Lists');
    await ui.expandTreeRow('My Snippets');
    await ui.expandTreeRow('e2e drag two');
    const top = await ui.findTreeRow('top.txt');
    const bottom = await ui.findTreeRow('bottom.txt');
    // A click selects the first row alone (and opens its file), Ctrl-click adds the second; then back to the target editor.
    // VS Code 1.100 runs a row's command through an entry it drops when the row is drawn again: a
    // click that lands as the list is redrawn after the refresh only says "Actual command not
    // found" and opens nothing. The row is then clicked again, once its file's tab is known missing.
    const tabs = ui.page.locator('.editor-group-container.active .tab');
    for (let attempt = 1; ; attempt++) {
      await top.click();
      try {
        await tabs
          .filter({ hasText: 'top.txt' })
          .first()
          .waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : 15_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
    await bottom.click({ modifiers: ['ControlOrMeta'] });
    assert.equal(await top.getAttribute('aria-selected'), 'true');
    assert.equal(await bottom.getAttribute('aria-selected'), 'true');
    assert.equal(
      await ui.sideBar.locator('[role="treeitem"][aria-selected="true"]').count(),
      2,
      'only the two file rows are selected',
    );
    // Then make the target the active editor, and see that it is before dragging onto it.
    const activeTarget = ui.page.locator('.editor-group-container.active .tab.active').filter({ hasText: target });
    for (let i = 0; i < 20 && (await activeTarget.count()) === 0; i++) {
      await tabs.filter({ hasText: target }).first().click();
      await ui.page.waitForTimeout(150);
    }
    assert.equal(await activeTarget.count(), 1, `${target} is the active editor`);
    const editor = ui.page.locator('.editor-group-container.active .monaco-editor').first();
    const box = await editor.locator('.view-lines').boundingBox();
    assert.ok(box, 'the editor is shown');
    await dragIntoEditor(bottom, box, 'drag-two-rows-over-editor');
    const inserted = 'TOP TEXT\nBOTTOM TEXT\n';
    let text = '';
    for (let i = 0; i < 50 && !text.includes(inserted); i++) {
      await ui.page.waitForTimeout(200);
      await ui.page.keyboard.press('Control+S');
      text = fs.readFileSync(file, 'utf8');
    }
    await ui.screenshot('two-rows-dropped-into-editor');
    assert.ok(text.includes(inserted), `the file holds: ${text}`);
    assert.equal(text.replace(inserted, ''), 'first line\nlast line\n');
  });

  it('deletes two snippet rows selected with Ctrl-click after one confirmation naming the count', async () => {
    const { ui, workbench } = session();
    const guids: string[] = [];
    for (const name of ['e2e many one', 'e2e many two']) {
      const response = await fetch(`${workbench.server.url}${SNIPPETS}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name, files: [{ name: 'x.txt', content: name }] }),
      });
      assert.ok(response.ok, `creating ${name} answered ${response.status}`);
      guids.push(((await response.json()) as { guid: string }).guid);
    }
    await ui.viewTitleAction('Refresh All Lists');
    await ui.expandTreeRow('My Snippets');
    const first = await ui.findTreeRow('e2e many one');
    // The click selects the row alone, and usually also expands it once the extension has sent its
    // files: the rows below then move down. Wait for the rows to settle before the next click, or it
    // lands wherever they have moved to (under load once: the first row's file). Once, in a CI run,
    // the click left the row focused, collapsed and (the screenshot shows) not selected, likely as
    // it met a redraw of the tree: then it is clicked again.
    for (let i = 0; i < 3 && (await first.getAttribute('aria-selected')) !== 'true'; i++) {
      await first.click();
      await rowsSettledAfterClick('e2e many one');
    }
    const second = await ui.findTreeRow('e2e many two');
    // A Ctrl-click only adds the row to the selection; it does not expand it.
    await second.click({ modifiers: ['ControlOrMeta'] });
    // The selection as a person sees it: these two rows highlighted, no other.
    assert.deepEqual(await selectedRows(), ['e2e many one', 'e2e many two']);
    await ui.screenshot('two-rows-selected');
    await ui.chooseFromContextMenu(second, 'Delete Snippet');
    const dialog = ui.page.locator('.monaco-dialog-box');
    await dialog.getByText('Delete 2 snippets?').waitFor({ state: 'visible' });
    await ui.screenshot('delete-two-snippets-confirmation');
    await dialog.getByRole('button', { name: 'Delete Snippets' }).click();
    await ui.treeRow('e2e many one').waitFor({ state: 'detached' });
    await ui.treeRow('e2e many two').waitFor({ state: 'detached' });
    for (const guid of guids) {
      const response = await fetch(`${workbench.server.url}${SNIPPETS}/${guid}`, { headers: auth });
      assert.equal(response.status, 404, `snippet ${guid} is deleted on the server`);
    }
  });
});
