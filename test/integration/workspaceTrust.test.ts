// A workspace cannot change whom the extension trusts: a folder's .vscode/settings.json that names a
// certificate authority in Ca Files (as a cloned repository could, to have the user's password
// accepted by a server it controls) does not make a sign-in to a server with that CA's certificate
// succeed; the same value in the user's settings does. In the real editor, which decides which
// settings files a value may come from (package.json: `machine` scope, restricted).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Commands, SETTINGS_SECTION, Settings } from '../../src/util/constants';
import { startServer, type RunningServer } from '../server/server';
import { createCertificateAuthority, type TestCertificateAuthority } from '../support/certificateAuthority';
import { signInAs, signInWith, until } from './support';

describe('Workspace settings and trust', function () {
  this.timeout(60_000);
  let ca: TestCertificateAuthority;
  let server: RunningServer;
  let settingsFile: string;
  let originalSettings: string | undefined;
  const config = () => vscode.workspace.getConfiguration(SETTINGS_SECTION);

  before(async () => {
    ca = await createCertificateAuthority('Workspace Trust Test CA');
    server = await startServer({ port: 0, tls: await ca.issueServerCertificate() });
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) throw new Error('The integration suite needs a workspace folder.');
    settingsFile = path.join(folder.uri.fsPath, '.vscode', 'settings.json');
    originalSettings = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : undefined;
    const settings = { ...(originalSettings ? (JSON.parse(originalSettings) as Record<string, unknown>) : {}) };
    settings[`${SETTINGS_SECTION}.${Settings.caFiles}`] = [ca.pemPath];
    // A value equal to the default, which changes nothing: once VS Code shows it as the workspace's
    // value, it has read the file, Ca Files included.
    settings[`${SETTINGS_SECTION}.${Settings.requestTimeoutSeconds}`] = 30;
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    fs.writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
    await until(
      'VS Code to read the workspace settings',
      () => config().inspect(Settings.requestTimeoutSeconds)?.workspaceValue === 30,
    );
  });

  after(async () => {
    try {
      if (originalSettings === undefined) fs.rmSync(settingsFile, { force: true });
      else fs.writeFileSync(settingsFile, originalSettings);
      await until(
        'VS Code to drop the workspace settings',
        () => config().inspect(Settings.requestTimeoutSeconds)?.workspaceValue === undefined,
      );
      await config().update(Settings.caFiles, undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand(Commands.signOut, { serverUrl: server.url, username: 'alice' });
      await signInAs('alice');
    } finally {
      await server.close();
      await ca.remove();
    }
  });

  it("a CA in the workspace's Ca Files does not make the server trusted: the sign-in fails as untrusted", async () => {
    await assert.rejects(signInWith({ serverUrl: server.url, username: 'alice', password: 'alice' }), (err: Error) => {
      assert.match(err.message, /certificate/i);
      assert.match(err.message, /"Bitbucket Snippets: Ca Files" setting/);
      return true;
    });
  });

  it("the same CA in the user's settings does", async () => {
    await config().update(Settings.caFiles, [ca.pemPath], vscode.ConfigurationTarget.Global);
    await signInWith({ serverUrl: server.url, username: 'alice', password: 'alice' });
  });
});
