// Accounts where VS Code keeps them (issue 44): the authentication provider lists every signed-in
// account, follows sign-ins and sign-outs from either place, and hands another extension a session
// only for a token account, once the user has granted it in VS Code's own prompt. The other
// extension is real: test/sessionConsumer/, packed with vsce and installed into this VS Code, so
// VS Code attributes its requests to it. VS Code's modal consent (getSession with createIfNone) is
// a workbench dialog no code in the extension host can answer; the grant below goes through the
// Accounts menu's "Grant access to Bitbucket Data Center for …" entry, whose account pick is a
// quick pick a test can accept.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { accountId, type Account } from '../../src/model/accounts/accounts';
import { AUTH_PROVIDER_ID } from '../../src/model/accounts/authSessions';
import { accountLabel } from '../../src/util/accountLabels';
import { Commands, StateKeys } from '../../src/util/constants';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { packSessionConsumer, SESSION_CONSUMER_ID } from '../harness/sessionConsumer';
import { snippetFileUri } from '../../src/editor/ui/snippetUris';
import { apiAs, control, requestsSince } from './snippetHelpers';
import { getExtension, localServerUrl, serverRequests, testingApi, until } from './support';

const CONSUMER_ID = SESSION_CONSUMER_ID;

interface HandedSession {
  id: string;
  label: string;
  accessToken: string;
  scopes: string[];
}
interface ConsumerApi {
  getSession(
    scopes: readonly string[],
    options?: vscode.AuthenticationGetSessionOptions,
  ): Promise<HandedSession | undefined>;
  getAccounts(): Promise<Array<{ id: string; label: string }>>;
}

/** Packs test/sessionConsumer and installs it into this VS Code, as a user installs a .vsix. */
async function installConsumer(): Promise<ConsumerApi> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-consumer-vsix-'));
  try {
    const vsix = packSessionConsumer(getExtension().extensionPath, outDir);
    if (!vscode.extensions.getExtension(CONSUMER_ID)) {
      await vscode.commands.executeCommand('workbench.extensions.installExtension', vscode.Uri.file(vsix));
    }
    const consumer = await until(
      'the installed consumer extension to start',
      () => vscode.extensions.getExtension<ConsumerApi>(CONSUMER_ID),
      30_000,
    );
    return await consumer.activate();
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** Runs a command that opens VS Code's quick pick and accepts its selected item once it is open. */
async function acceptQuickPickOf(command: string, moveDown = 0): Promise<void> {
  let settled = false;
  const running = Promise.resolve(vscode.commands.executeCommand(command)).finally(() => (settled = true));
  // VS Code's handler opens the pick without awaiting it: Enter until the grant is recorded.
  for (let tries = 0; tries < 100; tries++) {
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < moveDown; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    if (settled) return;
  }
  await running;
}

describe('Accounts in VS Code (authentication provider)', function () {
  this.timeout(90_000);
  let api: TestingApi;
  const server = () => localServerUrl().replace(/\/+$/, '');
  const accounts = () => (api.globalStateSnapshot()[StateKeys.accounts] ?? []) as Account[];
  const find = (username: string) => accounts().find((a) => a.username === username);
  const labelOf = (username: string) => accountLabel(find(username)!, accounts());

  before(async () => {
    api = await testingApi();
  });
  beforeEach(async () => {
    await api.signOutAll();
  });
  after(async () => {
    await api.signOutAll();
    if (vscode.extensions.getExtension(CONSUMER_ID)) {
      await vscode.commands.executeCommand('workbench.extensions.uninstallExtension', CONSUMER_ID);
    }
  });

  it('lists every signed-in account, password and token alike, labelled as the tree labels it, and follows sign-in and sign-out', async () => {
    const heard: string[] = [];
    const listening = vscode.authentication.onDidChangeSessions((e) => heard.push(e.provider.id));
    try {
      await api.signIn({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
      await api.signIn({ serverUrl: localServerUrl(), token: 'bob-token' });
      await until('VS Code to hear of the sign-ins', () => heard.includes(AUTH_PROVIDER_ID));
      const listed = await vscode.authentication.getAccounts(AUTH_PROVIDER_ID);
      assert.deepEqual(listed.map((a) => a.label).sort(), [labelOf('alice'), labelOf('bob')].sort());
      assert.deepEqual(listed.map((a) => a.id).sort(), [accountId(find('alice')!), accountId(find('bob')!)].sort());
      // Sign Out from the account's row (its command with the account), as the Snippets view does.
      heard.length = 0;
      await vscode.commands.executeCommand(Commands.signOut, find('alice'));
      await until('VS Code to hear of the sign-out', () => heard.includes(AUTH_PROVIDER_ID));
      assert.deepEqual(
        (await vscode.authentication.getAccounts(AUTH_PROVIDER_ID)).map((a) => a.label),
        [labelOf('bob')],
      );
    } finally {
      listening.dispose();
    }
  });

  it('Sign Out in the Accounts menu signs the account out as its row does: no longer signed in, listed or answering', async () => {
    await api.signIn({ serverUrl: localServerUrl(), token: 'bob-token' });
    const bob = find('bob')!;
    const [listed] = await api.authProvider.getSessions(undefined, {});
    assert.equal(listed.id, accountId(bob));
    assert.equal(listed.accessToken, '', 'a listing carries no token');
    assert.equal(
      (await api.authProvider.getSessions([server()], {}))[0]?.accessToken,
      'bob-token',
      'before: the token answers a request for its server',
    );
    // What VS Code calls after the user confirmed Sign Out in the Accounts menu.
    await api.authProvider.removeSession(listed.id);
    assert.equal(find('bob'), undefined, 'the account is gone from the extension');
    assert.deepEqual(await api.authProvider.getSessions([server()], {}), [], 'no secret is left to answer with');
    assert.deepEqual(await vscode.authentication.getAccounts(AUTH_PROVIDER_ID), []);
  });

  it('a sign-out in the Accounts menu while a save is in flight: the save ends as a save ends, and its text is not lost', async () => {
    await api.signIn({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
    const alice = find('alice')!;
    const snippet = await apiAs('alice').createSnippet({
      name: `in flight ${Date.now()}`,
      files: [{ name: 'f.txt', content: 'start\n' }],
    });
    const document = await vscode.workspace.openTextDocument(snippetFileUri(alice, snippet, 'f.txt'));
    const editor = await vscode.window.showTextDocument(document);
    try {
      assert.ok(await editor.edit((b) => b.insert(document.lineAt(document.lineCount - 1).range.end, 'precious')));
      // The PUT is held by the server; the sign-out comes once the save has read the file (its conflict check).
      await control('POST', 'faults', { kind: 'delay', ms: 1500, method: 'PUT', path: snippet.guid });
      const before = (await serverRequests()).length;
      const saving = document.save();
      await until('the save to read the file before its PUT', async () =>
        (await requestsSince(before, snippet.guid)).some((r) => r.method === 'GET'),
      );
      await api.authProvider.removeSession(accountId(alice));
      const saved = await saving;
      assert.equal(find('alice'), undefined, 'the account is signed out');
      const onServer = (await apiAs('alice').getSnippet(snippet.guid)).files[0].content;
      if (saved) {
        assert.equal(onServer, 'start\nprecious', 'a save that reports success has sent the text');
        assert.equal(document.isDirty, false);
      } else {
        assert.equal(document.isDirty, true, 'a save that failed leaves the editor dirty');
        assert.equal(document.getText(), 'start\nprecious', 'with its text');
        // The sign-out cut the request off after it was sent: the server may have applied it, or not.
        assert.ok(
          ['start\n', 'start\nprecious'].includes(onServer),
          `the server holds one of the two texts: ${JSON.stringify(onServer)}`,
        );
      }
    } finally {
      await control('DELETE', 'faults');
      if (document.isDirty) {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it("another extension gets a token account's session once the user grants it, never a password account's, and no prompt for a server nobody is signed in to", async () => {
    const consumer = await installConsumer();
    await api.signIn({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
    await api.signIn({ serverUrl: localServerUrl(), token: 'bob-token' });
    const bobLabel = labelOf('bob');
    // It sees the accounts (VS Code hands it labels, never a token), but no session before the user grants one.
    assert.deepEqual((await consumer.getAccounts()).map((a) => a.label).sort(), [labelOf('alice'), bobLabel].sort());
    assert.equal(await consumer.getSession([server()]), undefined, 'no session without the user granting it');
    // The Accounts menu now offers "Grant access to Bitbucket Data Center for …": its account pick
    // (VS Code's, naming the extension) lists the token account first; the user picks it.
    await acceptQuickPickOf(`${AUTH_PROVIDER_ID}${CONSUMER_ID}Access`);
    const granted = await until('the grant to take effect', () => consumer.getSession([server()]));
    assert.deepEqual(granted, {
      id: accountId(find('bob')!),
      label: bobLabel,
      accessToken: 'bob-token',
      scopes: [server()],
    });
    // The server's URL in another spelling names the same server.
    assert.equal((await consumer.getSession([`${server().toUpperCase()}/`]))?.accessToken, 'bob-token');

    // A password account never answers, even when the extension names it.
    const alice = { id: accountId(find('alice')!), label: labelOf('alice') };
    assert.equal(await consumer.getSession([server()], { account: alice }), undefined);
    await assert.rejects(
      api.authProvider.createSession([server()], { account: alice }),
      /password is not handed to another extension/,
    );

    // A server nobody is signed in to: no session, and (silent) not even an entry in the Accounts menu.
    assert.equal(await consumer.getSession(['https://nobody.example.com'], { silent: true }), undefined);
    assert.equal(await consumer.getSession(['https://nobody.example.com']), undefined);
    // Scopes the provider does not understand: a clear refusal.
    await assert.rejects(consumer.getSession(['repo:write']), /a scope must be a server's URL/);
    await assert.rejects(consumer.getSession([server(), 'https://other.example.com']), /one server/);

    // Asked without createIfNone, VS Code only adds "Sign in with Bitbucket Data Center to use …" to
    // the Accounts menu. Choosing it runs the extension's own sign-in (for that server: its URL is
    // not asked); closing the sign-in's first prompt is a clear refusal, and nothing is signed in.
    const signInEntry = `${AUTH_PROVIDER_ID}:${CONSUMER_ID}:signIn0`;
    await until('the Accounts menu entry', async () => (await vscode.commands.getCommands(true)).includes(signInEntry));
    let refused: unknown;
    const signingIn = Promise.resolve(vscode.commands.executeCommand(signInEntry)).catch(
      (err: unknown) => (refused = err),
    );
    for (let tries = 0; refused === undefined && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 300));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    await signingIn;
    assert.match(
      String(refused instanceof Error ? refused.message : refused),
      /the sign-in was cancelled or did not succeed/,
    );
    assert.deepEqual(
      accounts()
        .map((a) => a.username)
        .sort(),
      ['alice', 'bob'],
    );

    // Signed out: the granted extension gets nothing any more.
    await api.signOutAll();
    assert.equal(await consumer.getSession([server()], { silent: true }), undefined);
  });
});
