// Check Connection in the real editor against the local server: the command loads its bundle,
// runs every step through the extension's own client and settings, and opens the report as a
// read-only Markdown document that names what passed and failed, holds no secret, and is never
// dirty (so closing it asks nothing).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { getExtension, localServerUrl, signInAs, signInWith } from './support';
import { closedPort } from '../support/failures';
import { accountId } from '../../src/model/accounts/accounts';
import { startServer } from '../server/server';

const CHECK = 'bitbucketSnippets.checkConnection';

/** Which of the on-demand bundles are loaded in this extension host. */
function loadedBundles(): string[] {
  const dist = path.join(getExtension().extensionPath, 'dist');
  return Object.keys(require.cache)
    .filter((file) => path.dirname(file) === dist)
    .map((file) => path.basename(file));
}

async function runCheck(...args: unknown[]): Promise<string> {
  const document = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(CHECK, ...args);
  assert.ok(document, 'the command answers the report document');
  assert.equal(document.languageId, 'markdown');
  assert.equal(document.uri.scheme, 'bitbucket-connection-check', 'a read-only virtual document, not an untitled one');
  assert.equal(document.isUntitled, false);
  assert.equal(document.isDirty, false);
  assert.equal(vscode.window.activeTextEditor?.document, document, 'the report is shown');
  return document.getText();
}

describe('Check Connection', function () {
  this.timeout(60_000);

  afterEach(async () => {
    // The reports are read-only documents: closed without the "save?" question.
    while (vscode.window.activeTextEditor?.document.uri.scheme === 'bitbucket-connection-check') {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });
  after(async () => {
    await signInAs('alice');
  });

  it('checks the signed-in server step by step, names the user, and never shows the token', async () => {
    await signInWith({ serverUrl: localServerUrl(), token: 'alice-token' });
    const report = await runCheck();
    assert.ok(loadedBundles().includes('connectionCheck.js'), 'the command loaded dist/connectionCheck.js');
    assert.match(report, /^# Bitbucket Snippets: connection check\n/);
    assert.ok(report.includes(`- Server: ${localServerUrl()}\n`), report);
    assert.ok(report.includes('- Account: "alice" (token)'));
    assert.ok(report.includes('Every step that ran passed.'), report);
    for (const line of [
      '| DNS | ✅ pass',
      '| TCP connection | ✅ pass',
      '| Authentication | ✅ pass',
      '| Snippets REST prefix | ✅ pass',
      '| Pages REST prefixes | ✅ pass',
    ]) {
      assert.ok(report.includes(line), `${line} in:\n${report}`);
    }
    assert.ok(report.includes('| TLS certificate | ⏭️ skipped | The URL is http://'));
    assert.ok(report.includes('- X-AUSERNAME: alice'));
    assert.ok(report.includes('Mode: personal access token (sent as Bearer).'));
    assert.ok(!report.includes('alice-token'), 'the report holds the token');
    assert.ok(
      !/authorization|bearer [a-z]/i.test(report.replace('sent as Bearer', '')),
      'the report holds an Authorization header',
    );
  });

  it("with several accounts: checks the account of the row it was started from, with that account's credentials", async () => {
    const staging = await startServer({ port: 0, contextPath: '/bitbucket', demo: true });
    try {
      // alice on the runner's server with a token; bob on staging with a password, signed in last (the default):
      // each report names its own account's mode of sign-in.
      await signInAs('alice');
      await signInWith({ serverUrl: localServerUrl(), token: 'alice-token' });
      await signInWith({ serverUrl: staging.url, username: 'bob', password: 'bob' });
      const runnerUrl = localServerUrl().replace(/\/+$/, '');
      const onRunner = await runCheck({
        kind: 'account',
        key: accountId({ serverUrl: runnerUrl, username: 'alice' }),
        label: 'alice',
      });
      assert.ok(onRunner.includes(`- Server: ${runnerUrl}\n`), onRunner);
      assert.ok(onRunner.includes('Mode: personal access token (sent as Bearer).'), onRunner);
      assert.ok(onRunner.includes('| Authentication | ✅ pass'), onRunner);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      const onStaging = await runCheck({
        kind: 'snippet',
        accountId: accountId({ serverUrl: staging.url, username: 'bob' }),
        snippetGuid: 'x',
        list: 'mine',
        own: true,
      });
      assert.ok(onStaging.includes(`- Server: ${staging.url}\n`), onStaging);
      // The password (here the user name too) is blotted out of the report.
      assert.ok(onStaging.includes('Mode: user name and password (HTTP Basic) for "[hidden]".'), onStaging);
      assert.ok(onStaging.includes('| Authentication | ✅ pass'), onStaging);
    } finally {
      await signInAs('alice');
      await staging.close();
    }
  });

  it('a server URL handed over (as a failed sign-in does): a closed port fails at TCP, and the rest says why it was skipped', async () => {
    const port = await closedPort();
    const report = await runCheck(`http://127.0.0.1:${port}/bitbucket`);
    assert.ok(report.includes(`- Server: http://127.0.0.1:${port}/bitbucket`));
    assert.match(
      report,
      new RegExp(
        `\\| TCP connection \\| ❌ fail \\| 127\\.0\\.0\\.1:${port} \\(127\\.0\\.0\\.1\\) refused the connection`,
      ),
    );
    assert.ok(report.includes('| Authentication | ⏭️ skipped | the server cannot be reached (see above) |'), report);
    assert.ok(report.includes('**Next:** Check the port in the URL, and that the server is running.'));
  });

  it('a wrong snippets prefix in the settings: the report names it and the prefix that answers', async () => {
    await signInAs('alice');
    const config = vscode.workspace.getConfiguration('bitbucketSnippets');
    await config.update('snippetsRestPrefix', 'rest/snippets/9.9', vscode.ConfigurationTarget.Global);
    try {
      const report = await runCheck();
      assert.ok(
        report.includes('| Snippets REST prefix | ❌ fail | Nothing answers at rest/snippets/9.9 (HTTP 404). |'),
        report,
      );
      assert.ok(report.includes('**Next:** The default prefix rest/snippets/1.0 answers'));
      // alice's password is her user name: the second guard hides it wherever it is a value.
      assert.ok(report.includes('- Account: "[hidden]" (user name and password)'), report);
      assert.ok(!report.includes('alice'), 'the report holds the password');
    } finally {
      await config.update('snippetsRestPrefix', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("a server's own prefixes in bitbucketSnippets.servers: the check asks where the server's client asks", async () => {
    await signInAs('alice');
    const config = vscode.workspace.getConfiguration('bitbucketSnippets');
    const server = localServerUrl().replace(/\/+$/, '');
    await config.update(
      'servers',
      { [server]: { snippetsRestPrefix: 'rest/snippets/9.9', pagesRestPrefix: 'rest/pages/9.9/pages-settings' } },
      vscode.ConfigurationTarget.Global,
    );
    try {
      const report = await runCheck();
      assert.ok(
        report.includes('| Snippets REST prefix | ❌ fail | Nothing answers at rest/snippets/9.9 (HTTP 404). |'),
        report,
      );
      assert.ok(report.includes('rest/pages/9.9/pages-settings'), `the configured pages prefix is checked:\n${report}`);
    } finally {
      await config.update('servers', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
