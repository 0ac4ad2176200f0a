// Unsaved edits across a real window reload (Developer: Reload Window), as a person meets them:
// VS Code restores a dirty editor from its backup without asking the extension to read the file,
// so whatever the extension knew of the version the edit started from had to outlive the window.
// Someone then changes the same file (or hook settings) on the server, and the save must be
// refused with Compare and Overwrite instead of putting the older edit over their change. With
// no change to it on the server (others may have changed another file of the snippet), the
// restored edit saves. Each suite makes every edit it needs, then reloads once: a reload is the
// slowest step a UI test takes. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { filesBelow } from '../harness/filesBelow';
import { HookKeys } from '../server/hookCatalog';
import { panelFrame, rest, settled } from './panel';
import { session } from './session';
import { callAs } from '../server/callAs';

const SNIPPETS = '/rest/snippets/1.0/snippets';
const hookSettings = (key: string) =>
  `/rest/api/latest/projects/PROJ/repos/repo2/settings/hooks/${encodeURIComponent(key)}/settings`;
const PRE_RECEIVE_SETTINGS = hookSettings(HookKeys.externalPreReceive);
const MERGE_CHECK_SETTINGS = hookSettings(HookKeys.externalMergeCheck);
/** The documents' file names, as their tabs show them. */
const PRE_RECEIVE_FILE = 'external-pre-receive-hook.json';
const MERGE_CHECK_FILE = 'external-merge-check-hook.json';

interface ServerSnippet {
  guid: string;
  name: string;
  files: Array<{ name: string; content: string }>;
}

/** alice's snippets API from outside the editor: the "someone else" who changes the file meanwhile. */
async function asAlice<T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
  const { status, json } = await callAs(
    'alice',
    session().workbench.server.url,
    method,
    `${SNIPPETS}${pathAndQuery}`,
    body,
  );
  assert.ok(status >= 200 && status < 300, `${method} ${pathAndQuery} answered ${status}`);
  return json as T;
}

async function changeOnServer(snippet: ServerSnippet, fileName: string, content: string): Promise<void> {
  const current = await asAlice<ServerSnippet>('GET', `/${snippet.guid}`);
  await asAlice('PUT', `/${snippet.guid}`, {
    name: current.name,
    description: '',
    categories: [],
    files: current.files.map((f) => (f.name === fileName ? { name: f.name, content } : f)),
  });
}

const serverText = async (snippet: ServerSnippet, fileName: string): Promise<string | undefined> =>
  (await asAlice<ServerSnippet>('GET', `/${snippet.guid}`)).files.find((f) => f.name === fileName)?.content;

function tab(label: string | RegExp): Locator {
  return session().ui.page.locator('.tabs-container .tab').filter({ hasText: label }).first();
}

function editorOf(): Locator {
  return session().ui.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
}

/** VS Code's backups of dirty editors, under Backups/ in code-server's user data. */
const backupsOf = (userDataDir: string) =>
  filesBelow(userDataDir).filter((file) => file.split(path.sep).includes('Backups'));

/**
 * Waits until VS Code has backed up every dirty editor named, each with its text in it (it does so a
 * moment after the last change, later on a loaded machine), then reloads the window. One reload
 * serves every editor of a suite: each is restored on its own, and a window reload is the slowest
 * step a UI test takes.
 */
async function reloadWindow(edits: ReadonlyArray<readonly [fileName: string, text: string]>): Promise<void> {
  const { ui, workbench } = session();
  const backedUp = () => {
    const backups = backupsOf(workbench.userDataDir).map((file) => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        // VS Code replaced or deleted it between the listing and the read: the next poll sees the new one.
        return '';
      }
    });
    return edits.every(([fileName, text]) =>
      backups.some((backup) => backup.includes(fileName) && backup.includes(text)),
    );
  };
  for (const deadline = Date.now() + 30_000; !backedUp();) {
    if (Date.now() > deadline) {
      throw new Error(`VS Code did not back up the dirty editors of ${edits.map(([f]) => f).join(', ')} within 30 s`);
    }
    await ui.page.waitForTimeout(100);
  }
  const reloaded = ui.page.waitForEvent('load', { timeout: 60_000 });
  await ui.runCommand('Developer: Reload Window');
  // The old page goes away first; then the new one builds its workbench and activates the extension.
  await reloaded;
  await ui.waitForReady();
}

/** Opens the file from the tree and types at its end; the tab stays dirty (auto-save is off in this suite). */
async function openAndType(snippetName: string, fileName: string, typed: string): Promise<void> {
  const { ui } = session();
  await ui.openViewContainer();
  const mine = await ui.findTreeRow('My Snippets');
  if ((await mine.getAttribute('aria-expanded')) !== 'true') await mine.click();
  const row = await ui.findTreeRow(snippetName);
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await ui.openFileRow(fileName);
  await editorOf().click();
  await ui.page.keyboard.press('Control+End');
  await ui.page.keyboard.type(typed);
  await ui.page
    .locator('.tabs-container .tab.dirty')
    .filter({ hasText: fileName })
    .first()
    .waitFor({ state: 'visible' });
}

/** Clicks the restored editor of `label` (dirty, as before the reload) and presses Ctrl+S. */
async function saveRestored(label: string | RegExp): Promise<void> {
  const { ui } = session();
  const restored = ui.page.locator('.tabs-container .tab.dirty').filter({ hasText: label }).first();
  await restored.waitFor({ state: 'visible', timeout: 30_000 });
  await restored.click();
  await editorOf().click();
  await ui.page.keyboard.press('Control+S');
}

/** Closes the editor a test saved or refused, leaving the other restored editors to their tests. */
async function revertAndClose(): Promise<void> {
  await session().ui.runCommand('View: Revert and Close Editor');
}

/** Auto-save would save before the reload; this suite saves only with Ctrl+S. */
function autoSaveOff(): () => void {
  const file = path.join(session().workbench.workspaceFolder, '.vscode', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ 'files.autoSave': 'off' }, null, 2));
  return () => fs.rmSync(file, { force: true });
}

describe('Snippet files across a window reload (UI)', function () {
  const FILES = ['same.txt', 'longer.txt', 'quiet.txt'];
  this.timeout(240_000);
  let snippet: ServerSnippet;
  let restoreAutoSave: () => void;

  before(async () => {
    restoreAutoSave = autoSaveOff();
    snippet = await asAlice<ServerSnippet>('POST', '', {
      name: 'e2e reload',
      files: FILES.map((name) => ({ name, content: 'one\n' })),
    });
    const { ui, workbench } = session();
    await ui.openViewContainer();
    await ui.signIn(workbench.server.url, 'alice');
    // An unsaved edit in each file, then one reload: each test meets its file's restored edit.
    for (const file of FILES) await openAndType('e2e reload', file, 'mine');
    await reloadWindow(FILES.map((file) => [file, 'one\nmine'] as const));
    await ui.screenshot('reload-snippet-restored-dirty');
  });

  after(async () => {
    restoreAutoSave();
    await session().ui.closeEditorsAndSignOut();
  });

  it('refuses the save of a restored edit when someone changed the file to text of the same length, offering Compare and Overwrite', async () => {
    const { ui } = session();
    await changeOnServer(snippet, 'same.txt', 'two\n');
    await saveRestored('same.txt');
    const toast = await ui.waitForNotification(
      /"same\.txt" in snippet "e2e reload" changed on the server since you opened it/,
    );
    await toast.getByRole('button', { name: 'Compare' }).waitFor({ state: 'visible' });
    await toast.getByRole('button', { name: 'Overwrite' }).waitFor({ state: 'visible' });
    await ui.screenshot('reload-snippet-same-length-refused');
    assert.equal(await serverText(snippet, 'same.txt'), 'two\n', "the other person's change is still on the server");
    assert.ok(
      await tab('same.txt').evaluate((el) => el.classList.contains('dirty')),
      'the edit is still in the editor',
    );
    // Overwrite, chosen, replaces exactly the version the refused save met.
    await toast.getByRole('button', { name: 'Overwrite' }).click();
    await ui.page
      .locator('.tabs-container .tab:not(.dirty)')
      .filter({ hasText: 'same.txt' })
      .first()
      .waitFor({ state: 'visible' });
    assert.equal(await serverText(snippet, 'same.txt'), 'one\nmine', "Overwrite saved the editor's text");
    await ui.runCommand('Notifications: Clear All Notifications');
    await revertAndClose();
  });

  it('refuses it with Compare and Overwrite too when the text on the server changed length', async () => {
    const { ui } = session();
    await changeOnServer(snippet, 'longer.txt', 'one, two and three\n');
    await saveRestored('longer.txt');
    const toast = await ui.waitForNotification(
      /"longer\.txt" in snippet "e2e reload" changed on the server since you opened it/,
    );
    await toast.getByRole('button', { name: 'Overwrite' }).waitFor({ state: 'visible' });
    await ui.screenshot('reload-snippet-other-length-refused');
    assert.equal(
      await serverText(snippet, 'longer.txt'),
      'one, two and three\n',
      "the other person's change is still on the server",
    );
    await ui.runCommand('Notifications: Clear All Notifications');
    await revertAndClose();
  });

  it('saves a restored edit when nobody changed the file on the server', async () => {
    const { ui } = session();
    await saveRestored('quiet.txt');
    await ui.page
      .locator('.tabs-container .tab:not(.dirty)')
      .filter({ hasText: 'quiet.txt' })
      .first()
      .waitFor({ state: 'visible' });
    assert.equal(await serverText(snippet, 'quiet.txt'), 'one\nmine', "the editor's text is on the server");
    await revertAndClose();
  });
});

describe('Hook settings documents across a window reload (UI)', function () {
  this.timeout(240_000);
  let restoreAutoSave: () => void;

  /** Opens a hook's settings from repo2's settings panel and pastes `text` over them, unsaved. */
  async function openAndReplace(role: 'preReceive' | 'mergeCheck', text: string, serverExe: string): Promise<void> {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Open Settings of Another Repository…');
    await ui.answer('PROJ/repo2');
    const frame = await panelFrame('PROJ/repo2');
    await settled(frame);
    await frame
      .locator(`article[data-hook="${role}"]`)
      .getByRole('button', { name: /Edit the settings/ })
      .click();
    const fileName = role === 'preReceive' ? PRE_RECEIVE_FILE : MERGE_CHECK_FILE;
    await tab(fileName).waitFor({ state: 'visible' });
    // The document shows what the server holds now, not a copy VS Code kept from an earlier test.
    await editorOf().filter({ hasText: serverExe }).waitFor({ state: 'visible', timeout: 10_000 });
    await ui.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await editorOf().click();
    await ui.page.keyboard.press('ControlOrMeta+A');
    await ui.page.keyboard.press('ControlOrMeta+V');
    await ui.page
      .locator('.tabs-container .tab.dirty')
      .filter({ hasText: fileName })
      .first()
      .waitFor({ state: 'visible' });
  }

  before(async () => {
    restoreAutoSave = autoSaveOff();
    const { ui, workbench } = session();
    await ui.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(workbench.url).origin });
    await ui.openViewContainer();
    await ui.signIn(workbench.server.url, 'admin');
    // Unsaved settings of both hooks, then one reload: each test meets one hook's restored settings.
    await rest('PUT', PRE_RECEIVE_SETTINGS, { exe: '/opt/hooks/a.sh' });
    await rest('PUT', MERGE_CHECK_SETTINGS, { exe: '/opt/hooks/a.sh' });
    await openAndReplace('preReceive', '{\n  "exe": "/opt/hooks/b.sh"\n}\n', '/opt/hooks/a.sh');
    await openAndReplace('mergeCheck', '{\n  "exe": "/opt/hooks/d.sh"\n}\n', '/opt/hooks/a.sh');
    await reloadWindow([
      [PRE_RECEIVE_FILE, '/opt/hooks/b.sh'],
      [MERGE_CHECK_FILE, '/opt/hooks/d.sh'],
    ]);
  });

  after(async () => {
    restoreAutoSave();
    await rest('PUT', PRE_RECEIVE_SETTINGS, {});
    await rest('PUT', MERGE_CHECK_SETTINGS, {});
    await session().ui.closeEditorsAndSignOut();
  });

  it('refuses the save of restored hook settings when someone changed them on the server, offering Compare and Overwrite', async () => {
    const { ui } = session();
    // Someone else (another admin) changes them meanwhile, to settings of the same length.
    assert.equal((await rest('PUT', PRE_RECEIVE_SETTINGS, { exe: '/opt/hooks/c.sh' })).status, 200);
    await saveRestored(PRE_RECEIVE_FILE);
    const toast = await ui.waitForNotification(
      /Not saved: the hook settings on PROJ\/repo2 changed on the server since you opened them/,
    );
    await toast.getByRole('button', { name: 'Compare' }).waitFor({ state: 'visible' });
    await toast.getByRole('button', { name: 'Overwrite' }).waitFor({ state: 'visible' });
    await ui.screenshot('reload-hook-settings-refused');
    assert.deepEqual(
      (await rest('GET', PRE_RECEIVE_SETTINGS)).json,
      { exe: '/opt/hooks/c.sh' },
      "the other admin's settings are still on the server",
    );
    await toast.getByRole('button', { name: 'Overwrite' }).click();
    await ui.page
      .locator('.tabs-container .tab:not(.dirty)')
      .filter({ hasText: PRE_RECEIVE_FILE })
      .first()
      .waitFor({ state: 'visible' });
    assert.deepEqual(
      (await rest('GET', PRE_RECEIVE_SETTINGS)).json,
      { exe: '/opt/hooks/b.sh' },
      "Overwrite saved the editor's settings",
    );
    await ui.runCommand('Notifications: Clear All Notifications');
    await revertAndClose();
  });

  it('saves restored hook settings when nobody changed them on the server', async () => {
    const { ui } = session();
    await saveRestored(MERGE_CHECK_FILE);
    await ui.page
      .locator('.tabs-container .tab:not(.dirty)')
      .filter({ hasText: MERGE_CHECK_FILE })
      .first()
      .waitFor({ state: 'visible' });
    assert.deepEqual(
      (await rest('GET', MERGE_CHECK_SETTINGS)).json,
      { exe: '/opt/hooks/d.sh' },
      "the editor's settings are on the server",
    );
    await revertAndClose();
  });
});
