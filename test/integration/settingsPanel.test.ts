// The repository settings panel in a real VS Code against the local server: every Pages and hook
// operation driven through the panel's controller (what the webview's messages call), checked
// against what the server then holds.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SettingsPanelController } from '../../src/editor/settingsPanel/controller';
import type { PanelState } from '../../src/model/settingsPanel/protocol';
import {
  adminRest as rest,
  localServerUrl,
  type LoggedRequest,
  serverRequests,
  signInAs,
  testingApi,
  until,
} from './support';
import { HookKeys } from '../server/hookCatalog';

const OPEN = 'bitbucketSnippets.openRepositorySettings';
const PRE_RECEIVE = HookKeys.externalPreReceive;
const YACC = HookKeys.yacc;

async function signIn(user: string): Promise<void> {
  await signInAs(user);
}

async function control(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${localServerUrl()}/__control/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `control ${method} ${path} answered ${response.status}`);
}

async function open(projectKey: string, repositorySlug: string): Promise<SettingsPanelController> {
  const controller = await vscode.commands.executeCommand<SettingsPanelController | undefined>(OPEN, {
    projectKey,
    repositorySlug,
  });
  assert.ok(controller, 'the command answers the panel controller');
  // The panel loads as it opens; its page's `ready` (whenever the script runs) sends nothing again.
  await controller.open();
  await controller.whenIdle();
  return controller;
}

const requestsSince = async (count: number): Promise<LoggedRequest[]> => (await serverRequests()).slice(count);
const row = (state: PanelState, refId: string) => state.refs.rows.find((r) => r.refId === refId);
const hook = (state: PanelState, role: 'preReceive' | 'mergeCheck') => state.hooks.rows.find((h) => h.role === role)!;
const settingsTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter(
      (t) =>
        t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('bitbucketSnippets.repositorySettings'),
    );

describe('Repository settings panel', function () {
  this.timeout(60_000);
  const pages = '/rest/latest/pages-settings/PROJ/repo1';
  const hooks = '/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks';

  before(async () => {
    await signIn('admin');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await control('DELETE', 'faults');
    await signIn('admin');
  });

  it('opens one panel per repository, brings it back when opened again, and shows the hooks the server names', async () => {
    const controller = await open('proj', 'repo1');
    const again = await open('PROJ', 'repo1');
    assert.equal(again, controller, 'the same panel, revealed');
    assert.equal(settingsTabs().length, 1);
    const state = controller.state;
    assert.deepEqual(state.repository, {
      projectKey: 'PROJ',
      repositorySlug: 'repo1',
      host: new URL(localServerUrl()).host,
    });
    assert.equal(state.account?.username, 'admin');
    assert.equal(hook(state, 'preReceive').key, PRE_RECEIVE);
    assert.equal(hook(state, 'preReceive').name, 'External Pre Receive Hook');
    assert.equal(hook(state, 'mergeCheck').name, 'External Merge Check Hook');
    assert.equal(typeof hook(state, 'preReceive').enabled, 'boolean');
    assert.equal(hook(state, 'mergeCheck').canToggle, false);
  });

  it('adds a ref by full name and fetches its state (GET), refusing names that are not full refs', async () => {
    const controller = await open('PROJ', 'repo1');
    const bad = await controller.addRef('main');
    assert.equal(bad.ok, false);
    assert.match(bad.message ?? '', /refs\/heads\/<branch>/);
    const before = (await serverRequests()).length;
    assert.equal((await controller.addRef('refs/heads/main')).ok, true);
    await controller.whenIdle();
    assert.equal(row(controller.state, 'refs/heads/main')?.enabled, false);
    const gets = (await requestsSince(before)).filter(
      (r) => r.method === 'GET' && r.path.endsWith('/pages-settings/PROJ/repo1/enabled'),
    );
    assert.equal(gets.length, 1);
    assert.match(gets[0].query, /refId=refs%2Fheads%2Fmain/);
  });

  it("publishes a ref (PUT) and stops publishing it (DELETE), showing the server's answer", async () => {
    const controller = await open('PROJ', 'repo1');
    if (!row(controller.state, 'refs/heads/main')) await controller.addRef('refs/heads/main');
    await controller.whenIdle();
    const on = await controller.setPagesForRef('refs/heads/main', true);
    assert.equal(on.ok, true, on.message ?? '');
    assert.equal(row(controller.state, 'refs/heads/main')?.enabled, true);
    assert.deepEqual((await rest('GET', `${pages}/enabled?refId=refs/heads/main`)).json, {
      repositoryId: 1,
      refId: 'refs/heads/main',
      isEnabled: true,
    });
    const off = await controller.setPagesForRef('refs/heads/main', false);
    assert.equal(off.ok, true);
    assert.equal(row(controller.state, 'refs/heads/main')?.enabled, false);
    assert.equal(
      ((await rest('GET', `${pages}/enabled?refId=refs/heads/main`)).json as { isEnabled: boolean }).isEnabled,
      false,
    );
  });

  it('sets publishing of new branches and new tags (PUT and DELETE of each), shows both values and remembers them', async () => {
    let controller = await open('PROJ', 'repo1');
    const steps: Array<['branches' | 'tags', boolean, { branches: boolean; tags: boolean }]> = [
      ['branches', true, { branches: true, tags: false }],
      ['tags', true, { branches: true, tags: true }],
      ['branches', false, { branches: false, tags: true }],
      ['tags', false, { branches: false, tags: false }],
      ['branches', true, { branches: true, tags: false }],
    ];
    const before = (await serverRequests()).length;
    for (const [which, enabled, expected] of steps) {
      const result = await controller.setPagesForNewRefs(which, enabled);
      assert.equal(result.ok, true, result.message ?? '');
      const { branches, tags, fresh, learnedAt } = controller.state.newRefs;
      assert.deepEqual({ branches, tags }, expected, `${which} → ${enabled}`);
      assert.equal(fresh, true);
      assert.ok(learnedAt && Date.now() - learnedAt < 60_000);
    }
    const sent = (await requestsSince(before)).map((r) => `${r.method} ${r.path.replace(/.*\/repo1\//, '')}`);
    assert.deepEqual(sent, [
      'PUT enabled-for-new-branches',
      'PUT enabled-for-new-tags',
      'DELETE enabled-for-new-branches',
      'DELETE enabled-for-new-tags',
      'PUT enabled-for-new-branches',
    ]);
    // Closed and opened again: the values are shown as last known, with their date, not as fresh.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('the panel to close', () => settingsTabs().length === 0);
    controller = await open('PROJ', 'repo1');
    const remembered = controller.state.newRefs;
    assert.deepEqual(
      { branches: remembered.branches, tags: remembered.tags, fresh: remembered.fresh },
      { branches: true, tags: false, fresh: false },
    );
    assert.ok(remembered.learnedAt);
  });

  it('lists the refs of the local clone, default branch first, and asks the server about 25 at a time', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the harness opens a workspace folder');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: folder,
        encoding: 'utf8',
      });
    git('remote', 'add', 'origin', `${localServerUrl()}/scm/PROJ/repo1.git`);
    git('commit', '--allow-empty', '-m', 'first');
    git('branch', '-M', 'main');
    const branches = Array.from({ length: 40 }, (_, i) => `feature/b${String(i).padStart(2, '0')}`);
    for (const b of branches) git('branch', b);
    git('tag', 'v1.0');
    const api = vscode.extensions.getExtension<{
      getAPI(v: 1): {
        repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void>; state: { remotes: unknown[] } }>;
      };
    }>('vscode.git');
    assert.ok(api, 'the built-in git extension');
    const gitApi = (api.isActive ? api.exports : await api.activate()).getAPI(1);
    // The workspace folder's own repository: other suites open repositories of their own (and delete them).
    const repository = await until('git to see the workspace repository', () =>
      gitApi.repositories.find((r) => path.relative(r.rootUri.fsPath, folder) === ''),
    );
    await repository.status();
    await until('git to see the remote', () => repository.state.remotes.length > 0);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('the panel to close', () => settingsTabs().length === 0);
    const before = (await serverRequests()).length;
    // Run from Source Control: the provider's rootUri names the clone, so no question is asked.
    const controller = await vscode.commands.executeCommand<SettingsPanelController>(OPEN, {
      rootUri: vscode.Uri.file(folder),
    });
    assert.ok(controller);
    assert.deepEqual(controller.repository, { projectKey: 'PROJ', repositorySlug: 'repo1' });
    await controller.reload();
    await controller.whenIdle();
    const state = controller.state;
    assert.equal(state.refs.source, 'git');
    assert.equal(state.refs.rows[0].refId, 'refs/heads/main');
    assert.equal(state.refs.rows[0].isDefault, true);
    assert.equal(state.refs.rows.length, 25);
    assert.equal(state.refs.more, 42 - 25, '40 feature branches, main and one tag');
    const asked = (await requestsSince(before)).filter((r) => r.method === 'GET' && r.path.endsWith('/enabled'));
    assert.equal(new Set(asked.map((r) => r.query)).size, 25, 'only the listed refs are asked about');

    const more = controller.showMoreRefs();
    assert.equal(more.ok, true);
    await controller.whenIdle();
    const all = controller.state.refs;
    assert.equal(all.rows.length, 42);
    assert.equal(all.more, 0);
    assert.equal(all.rows.at(-1)?.refId, 'refs/tags/v1.0');
    assert.ok(all.rows.every((r) => r.enabled === false && r.busy === null && r.error === null));
  });

  it("enables and disables the pre-receive hook (PUT and DELETE of /enabled), showing the server's answer", async () => {
    const controller = await open('PROJ', 'repo1');
    const on = await controller.setHookEnabled('preReceive', true);
    assert.equal(on.ok, true, on.message ?? '');
    assert.equal(hook(controller.state, 'preReceive').enabled, true);
    assert.equal(((await rest('GET', `${hooks}/${PRE_RECEIVE}`)).json as { enabled: boolean }).enabled, true);
    const off = await controller.setHookEnabled('preReceive', false);
    assert.equal(off.ok, true);
    assert.equal(hook(controller.state, 'preReceive').enabled, false);
    assert.equal(((await rest('GET', `${hooks}/${PRE_RECEIVE}`)).json as { enabled: boolean }).enabled, false);
    const merge = await controller.setHookEnabled('mergeCheck', true);
    assert.equal(merge.ok, false, 'the merge check has no enable/disable here');
  });

  it('shows the settings the server holds now when Edit is chosen again after their editor closed', async () => {
    const controller = await open('PROJ', 'repo1');
    const shown = async (exe: string) => {
      assert.equal((await controller.editHookSettings('preReceive')).ok, true);
      return until(`the hook settings editor to show ${exe}`, () => {
        const doc = vscode.window.activeTextEditor?.document;
        return doc?.uri.scheme === 'bitbucket-hook' && doc.getText().includes(exe) && doc;
      });
    };
    try {
      assert.equal((await rest('PUT', `${hooks}/${PRE_RECEIVE}/settings`, { exe: '/opt/hooks/first.sh' })).status, 200);
      const first = await shown('/opt/hooks/first.sh');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      // VS Code keeps a document an extension opened for minutes after its editor closes, text and all.
      assert.ok(vscode.workspace.textDocuments.includes(first), 'the document outlives its editor');
      // Another admin changes them meanwhile.
      assert.equal(
        (await rest('PUT', `${hooks}/${PRE_RECEIVE}/settings`, { exe: '/opt/hooks/second.sh' })).status,
        200,
      );
      const second = await shown('/opt/hooks/second.sh');
      assert.doesNotMatch(second.getText(), /first\.sh/);
      assert.equal(second.isDirty, false);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await rest('PUT', `${hooks}/${PRE_RECEIVE}/settings`, {});
    }
  });
  it("puts a hook picked from the repository's list into the setting, and shows it", async () => {
    const controller = await open('PROJ', 'repo1');
    const wrongType = await controller.changeHook(
      'preReceive',
      'com.atlassian.bitbucket.server.bitbucket-bundled-hooks:requiredApproversMergeHook',
    );
    assert.equal(wrongType.ok, false);
    const result = await controller.changeHook('preReceive', YACC);
    assert.equal(result.ok, true, result.message ?? '');
    assert.equal(vscode.workspace.getConfiguration('bitbucketSnippets').get('preReceiveHookKey'), YACC);
    await controller.whenIdle();
    assert.equal(hook(controller.state, 'preReceive').name, 'Yet Another Commit Checker');
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('preReceiveHookKey', undefined, vscode.ConfigurationTarget.Workspace);
    await until('the default key again', () => hook(controller.state, 'preReceive').key === PRE_RECEIVE);
  });

  it('keeps a toggle where it was when the network fails, and says why', async () => {
    const controller = await open('PROJ', 'repo1');
    if (!row(controller.state, 'refs/heads/main')) await controller.addRef('refs/heads/main');
    await controller.whenIdle();
    assert.equal(row(controller.state, 'refs/heads/main')?.enabled, false);
    await control('POST', 'faults', { kind: 'drop', method: 'PUT', path: '/pages-settings/', count: 10 });
    try {
      const result = await controller.setPagesForRef('refs/heads/main', true);
      assert.equal(result.ok, false);
      assert.match(result.message ?? '', /Could not publish main/);
      const after = row(controller.state, 'refs/heads/main');
      assert.equal(after?.enabled, false, 'back where it was: the server confirmed nothing else');
      assert.equal(after?.busy, null);
      assert.equal(after?.error, result.message);
    } finally {
      await control('DELETE', 'faults');
    }
    assert.equal(
      ((await rest('GET', `${pages}/enabled?refId=refs/heads/main`)).json as { isEnabled: boolean }).isEnabled,
      false,
    );
  });

  it('tells a non-admin that hook changes need repository admin rights, and disables them', async () => {
    const controller = await open('PROJ', 'repo1');
    await signIn('alice');
    await until('the panel to reload as alice', () => controller.state.account?.username === 'alice' || undefined);
    await controller.whenIdle();
    const blocked = controller.state.hooks.blocked;
    assert.equal(blocked, 'You need repository admin rights on PROJ/repo1 to change hooks (signed in as alice).');
    const refused = await controller.setHookEnabled('preReceive', true);
    assert.equal(refused.ok, false);
    assert.equal(refused.message, blocked);
    assert.equal((await controller.editHookSettings('preReceive')).ok, false);
    assert.equal(
      ((await rest('GET', `${hooks}/${PRE_RECEIVE}`)).json as { enabled: boolean }).enabled,
      false,
      'nothing was changed',
    );
    await signIn('admin');
    await until('the panel to reload as admin', () => controller.state.account?.username === 'admin' || undefined);
    await controller.whenIdle();
    assert.equal(controller.state.hooks.blocked, null);
  });

  it('says clearly when the repository does not exist', async () => {
    const controller = await open('PROJ', 'nope');
    await controller.addRef('refs/heads/main');
    await controller.whenIdle();
    assert.equal(controller.state.notice, `Repository PROJ/nope was not found on ${new URL(localServerUrl()).host}.`);
  });

  it('offers Sign In when signed out', async () => {
    const controller = await open('PROJ', 'repo1');
    await (await testingApi()).signOutAll();
    await until('the panel to notice', () => controller.state.account === null || undefined);
    assert.equal(controller.state.hooks.rows.length, 0);
    const result = await controller.setPagesForNewRefs('tags', true);
    assert.equal(result.ok, false);
    assert.match(result.message ?? '', /Sign in/);
    await signIn('admin');
    await until('the panel to reload', () => controller.state.account?.username === 'admin' || undefined);
  });

  it('checks every webview message, answers requests by id and drops what is malformed', async () => {
    const controller = await open('PROJ', 'repo1');
    const answers: unknown[] = [];
    const sub = controller.onDidAnswer((m) => answers.push(m));
    try {
      await controller.handleMessage({
        type: 'setPagesForRef',
        requestId: 'evil',
        refId: 'refs/heads/main',
        enabled: 'true',
      });
      await controller.handleMessage({ type: 'runCommand', requestId: 'x', command: 'workbench.action.quit' });
      await controller.handleMessage({ type: 'setPagesForNewRefs', requestId: 'q1', which: 'tags', enabled: false });
    } finally {
      sub.dispose();
    }
    // The live region hears "saving" at once, then the answer; the dropped messages say nothing.
    assert.deepEqual(answers, [
      { type: 'announce', message: 'Saving the change…', error: false },
      { type: 'result', requestId: 'q1', ok: true, message: 'New branches: published; new tags: not published.' },
    ]);
  });
});
