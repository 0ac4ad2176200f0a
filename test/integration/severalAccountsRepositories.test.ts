// Repository settings with two accounts signed in, in the real editor, against two local
// servers on one host that differ by port and context path and hold the same repository
// (PROJ/repo1). The panel and the hook documents of a repository must read and write with the
// account they were opened for, never with the default account's server.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '../../src/util/constants';
import type { SettingsPanelController } from '../../src/editor/settingsPanel/controller';
import { HookKeys } from '../server/hookCatalog';
import { startServer, type RunningServer } from '../server/server';
import { localServerUrl, type LoggedRequest, signInAs, testingApi, until } from './support';

const OPEN = 'bitbucketSnippets.openRepositorySettings';
/** PROJ/repo1's id on both servers (the same directory). */
const REPO1 = 1;

async function requests(server: RunningServer): Promise<LoggedRequest[]> {
  const response = await fetch(`${server.url}/__control/requests`);
  assert.ok(response.ok, `the request log of ${server.url}`);
  return (await response.json()) as LoggedRequest[];
}

describe('repository settings with several accounts', function () {
  this.timeout(60_000);
  let production: RunningServer;
  let staging: RunningServer;

  before(async () => {
    production = await startServer({ port: 0, demo: true });
    staging = await startServer({ port: 0, contextPath: '/bitbucket', demo: true });
    const testing = await testingApi();
    await testing.signOutAll();
    await testing.signIn({ serverUrl: production.url, username: 'admin', password: 'admin' });
    // Signed in last: staging is the default account.
    await testing.signIn({ serverUrl: staging.url, username: 'admin', password: 'admin' });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The other suites expect alice on the runner's server alone.
    await signInAs('alice');
    await Promise.all([production?.close(), staging?.close()]);
  });

  async function openPanel(server: RunningServer): Promise<SettingsPanelController> {
    const controller = await vscode.commands.executeCommand<SettingsPanelController | undefined>(OPEN, {
      projectKey: 'PROJ',
      repositorySlug: 'repo1',
      serverUrl: server.url,
    });
    assert.ok(controller, 'the command answers the panel controller');
    await controller.reload();
    await controller.whenIdle();
    return controller;
  }

  it("opens the panel of the other account's repository and changes only that server", async () => {
    const stagingBefore = (await requests(staging)).length;
    const prodBefore = (await requests(production)).length;
    const controller = await openPanel(production);
    assert.equal(
      controller.serverUrl,
      production.url,
      'the panel is for the production server, not the default account',
    );
    assert.equal(controller.state.account?.username, 'admin');
    assert.ok(controller.state.hooks.rows.length > 0, 'the hooks of production are shown');

    assert.equal((await controller.setPagesForNewRefs('branches', true)).ok, true);
    // The demo data has the pre-receive hook enabled on both servers.
    assert.equal((await controller.setHookEnabled('preReceive', false)).ok, true);
    // The servers run in this process: read what each holds straight from its state.
    assert.equal(production.state.pages(REPO1).isEnabledForBranches, true);
    assert.equal(staging.state.pages(REPO1).isEnabledForBranches, false, 'staging is untouched');
    assert.equal(production.state.hook(REPO1, HookKeys.externalPreReceive).enabled, false);
    assert.equal(
      staging.state.hook(REPO1, HookKeys.externalPreReceive).enabled,
      true,
      'staging keeps its hook enabled',
    );

    const toStaging = (await requests(staging))
      .slice(stagingBefore)
      .filter((r) => r.path.includes('PROJ/repo1') || r.path.includes('/PROJ/repos/repo1'));
    assert.deepEqual(
      toStaging,
      [],
      `the panel sent nothing to staging: ${toStaging.map((r) => `${r.method} ${r.path}`).join(', ')}`,
    );
    assert.ok(
      (await requests(production)).slice(prodBefore).some((r) => r.method === 'PUT'),
      'the writes reached production',
    );
    assert.ok(
      controller.state.hooks.rows.some((h) => h.role === 'preReceive' && h.enabled === false),
      "the panel shows the server's answer",
    );
  });

  it('keeps two panels of the same repository on two servers apart', async () => {
    const prod = await openPanel(production);
    const stage = await openPanel(staging);
    assert.notEqual(prod, stage, 'two panels');
    assert.equal(stage.serverUrl, staging.url);
    assert.equal(prod.state.newRefs.branches, true, 'production publishes new branches (the first test)');
    assert.notEqual(stage.state.newRefs.branches, true, 'staging does not (or is not known to)');
    assert.equal(await openPanel(production), prod, 'opening it again brings the same panel back');
  });

  it("opens a hook's settings document of the other account, and saves it to that server only", async () => {
    const controller = await openPanel(production);
    assert.equal((await controller.editHookSettings('preReceive')).ok, true);
    const editor = await until(
      'the hook document to open',
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'bitbucket-hook' && vscode.window.activeTextEditor,
    );
    const uri = editor.document.uri;
    assert.equal(uri.authority, `admin@127.0.0.1:${production.port}`, 'the document names the account');
    assert.equal(uri.query, '', 'production has no context path');

    const text = JSON.stringify({ exe: 'prod-check.sh', params: '--strict' }, null, 2);
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), text));
    assert.ok(await editor.document.save(), 'the save succeeded');
    assert.equal(production.state.hook(REPO1, HookKeys.externalPreReceive).settings?.exe, 'prod-check.sh');
    assert.notEqual(
      staging.state.hook(REPO1, HookKeys.externalPreReceive).settings?.exe,
      'prod-check.sh',
      'staging keeps its own settings',
    );

    // The same hook on staging is another document, with the context path in its query.
    const stage = await openPanel(staging);
    assert.equal((await stage.editHookSettings('preReceive')).ok, true);
    const other = await until('the staging hook document', () => {
      const active = vscode.window.activeTextEditor;
      return (
        active &&
        active.document.uri.toString() !== uri.toString() &&
        active.document.uri.scheme === 'bitbucket-hook' &&
        active
      );
    });
    assert.equal(other.document.uri.authority, `admin@127.0.0.1:${staging.port}`);
    assert.equal(new URLSearchParams(other.document.uri.query).get('ctx'), '/bitbucket');
    assert.ok(!other.document.getText().includes('prod-check.sh'));
  });

  it('run on a clone, the panel uses the account of the server its remote points at, not the default account', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the harness opens a workspace folder');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: folder,
        encoding: 'utf8',
      });
    // The workspace is a clone of PROJ/repo1 on the runner's server (another suite may have made it so already).
    const remote = `${localServerUrl()}/scm/PROJ/repo1.git`;
    try {
      if (git('remote', 'get-url', 'origin').trim() !== remote) git('remote', 'set-url', 'origin', remote);
    } catch {
      git('remote', 'add', 'origin', remote);
    }
    try {
      git('rev-parse', 'HEAD');
    } catch {
      git('commit', '--allow-empty', '-m', 'first');
    }
    const gitExtension = vscode.extensions.getExtension<{
      getAPI(v: 1): {
        repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void>; state: { remotes: unknown[] } }>;
      };
    }>('vscode.git');
    assert.ok(gitExtension, 'the built-in git extension');
    const gitApi = (gitExtension.isActive ? gitExtension.exports : await gitExtension.activate()).getAPI(1);
    // The workspace folder's own repository: other suites open repositories of their own (and delete them).
    const repository = await until('git to see the workspace repository', () =>
      gitApi.repositories.find((r) => path.relative(r.rootUri.fsPath, folder) === ''),
    );
    await repository.status();
    await until('git to see the remote', () => repository.state.remotes.length > 0);

    // The panels and hook documents the tests before opened would read their servers again on these sign-ins.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // admin on the runner's server, then admin on staging: staging is the default account.
    const testing = await testingApi();
    await testing.signIn({ serverUrl: localServerUrl(), username: 'admin', password: 'admin' });
    await testing.signIn({ serverUrl: staging.url, username: 'admin', password: 'admin' });
    const stagingBefore = (await requests(staging)).length;
    const controller = await vscode.commands.executeCommand<SettingsPanelController>(OPEN, {
      rootUri: vscode.Uri.file(folder),
    });
    assert.ok(controller, 'the panel opened without asking');
    assert.equal(
      controller.serverUrl,
      localServerUrl().replace(/\/+$/, ''),
      "the clone's server, not the default account's",
    );
    assert.deepEqual(controller.repository, { projectKey: 'PROJ', repositorySlug: 'repo1' });
    await controller.reload();
    await controller.whenIdle();
    assert.equal(controller.state.notice, null, 'the panel reaches its server');
    assert.ok(controller.state.hooks.rows.length > 0);
    const toStaging = (await requests(staging))
      .slice(stagingBefore)
      .filter((r) => r.path.includes('PROJ/repo1') || r.path.includes('/PROJ/repos/repo1'));
    assert.deepEqual(toStaging, [], 'nothing of the panel went to the default account');
  });

  it('after its account signs out, the panel says so and its hook document keeps unsaved text', async () => {
    const controller = await openPanel(production);
    assert.equal((await controller.editHookSettings('preReceive')).ok, true);
    const editor = await until(
      'the hook document',
      () =>
        vscode.window.activeTextEditor?.document.uri.authority.endsWith(`:${production.port}`) &&
        vscode.window.activeTextEditor,
    );
    await editor.edit((e) =>
      e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), '{ "exe": "unsaved.sh" }\n'),
    );

    const stagingBefore = (await requests(staging)).length;
    await vscode.commands.executeCommand(Commands.signOut, { serverUrl: production.url, username: 'admin' });
    await controller.reload();
    await controller.whenIdle();
    assert.ok(controller.state.notice, 'the panel says it cannot reach production');
    assert.match(controller.state.notice ?? '', new RegExp(`127\\.0\\.0\\.1:${production.port}`));

    assert.equal(await editor.document.save(), false, 'the save is refused');
    assert.equal(editor.document.isDirty, true);
    assert.ok(editor.document.getText().includes('unsaved.sh'), 'the unsaved text is still there');
    const wrote = (await requests(staging)).slice(stagingBefore).filter((r) => r.method !== 'GET');
    assert.deepEqual(wrote, [], 'nothing went to the default account instead');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
