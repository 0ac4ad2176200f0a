// Sign-in in the real editor to a second server that demands a client certificate: the server's
// entry in `bitbucketSnippets.servers` gives its CA and certificate, while the run's own server
// keeps working with the top-level settings; without a certificate the message names the setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CertificatePassphrases } from '../../src/editor/accounts/certificatePassphrases';
import { Commands, SETTINGS_SECTION, Settings } from '../../src/util/constants';
import { startServer, type RunningServer } from '../server/server';
import { generateSelfSignedCertificate, type GeneratedCertificate } from '../server/tls';
import { generateClientCertificates, type ClientCertificateFiles } from '../support/clientCertificates';
import { localServerUrl, serverRequests, signInAs, signInWith, testingApi } from './support';

describe('Client certificates and per-server settings', function () {
  this.timeout(60_000);
  let files: ClientCertificateFiles;
  let serverCert: GeneratedCertificate;
  let server: RunningServer;
  let url: string;
  const config = () => vscode.workspace.getConfiguration(SETTINGS_SECTION);

  before(async () => {
    files = await generateClientCertificates();
    serverCert = await generateSelfSignedCertificate();
    server = await startServer({
      port: 0,
      tls: { key: serverCert.key, cert: serverCert.cert, clientCa: files.clientCa },
    });
    // The server certificate names localhost, not the address.
    url = server.url.replace('127.0.0.1', 'localhost');
  });
  afterEach(async () => {
    await config().update(Settings.servers, undefined, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    // Back to the run's own server, as the other suites expect.
    await signInAs('alice');
    await config().update(Settings.serverUrl, undefined, vscode.ConfigurationTarget.Global);
    await server.close();
    await serverCert.remove();
    await files.remove();
  });

  it('without a certificate: says the server requires one and names the setting', async () => {
    await config().update(
      Settings.servers,
      { [url]: { caFiles: [serverCert.certPath] } },
      vscode.ConfigurationTarget.Global,
    );
    await assert.rejects(signInWith({ serverUrl: url, username: 'alice', password: 'alice' }), (err: Error) => {
      assert.match(err.message, /requires a client certificate.*"Bitbucket Snippets: Client Certificate" setting/);
      return true;
    });
  });

  it("with the certificate in the server's entry (URL written differently): signs in", async () => {
    const key = `${url.replace('https://localhost', 'HTTPS://LOCALHOST')}/`;
    await config().update(
      Settings.servers,
      {
        [key]: {
          caFiles: [serverCert.certPath],
          clientCertificate: { certFile: files.certFile, keyFile: files.keyFile },
        },
      },
      vscode.ConfigurationTarget.Global,
    );
    await signInWith({ serverUrl: url, username: 'alice', password: 'alice' });
  });

  it("Sign Out of the server's last account deletes the kept passphrase, and not before", async () => {
    const testing = await testingApi();
    await config().update(
      Settings.servers,
      { [url]: { caFiles: [serverCert.certPath], clientCertificate: { pfxFile: files.pfxFile } } },
      vscode.ConfigurationTarget.Global,
    );
    const serverUrl = url.replace(/\/+$/, '');
    // As if typed once at the first sign-in and accepted: the sign-ins below read it without asking.
    await testing.keepCertificatePassphrase(serverUrl, files.pfxFile, files.passphrase);
    await signInWith({ serverUrl: url, username: 'alice', password: 'alice' });
    await signInWith({ serverUrl: url, username: 'bob', password: 'bob' });
    assert.equal(await testing.hasCertificatePassphrase(serverUrl, files.pfxFile), true);

    await vscode.commands.executeCommand(Commands.signOut, { serverUrl, username: 'alice' });
    assert.equal(
      await testing.hasCertificatePassphrase(serverUrl, files.pfxFile),
      true,
      'bob is still signed in to that server: the passphrase stays',
    );
    await vscode.commands.executeCommand(Commands.signOut, { serverUrl, username: 'bob' });
    assert.equal(
      await testing.hasCertificatePassphrase(serverUrl, files.pfxFile),
      false,
      'its last account signed out: the passphrase is gone',
    );
  });

  it("the run's own server is untouched by another server's entry", async () => {
    await config().update(
      Settings.servers,
      { [url]: { clientCertificate: { pfxFile: files.notACertificateFile } } },
      vscode.ConfigurationTarget.Global,
    );
    await signInWith({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
  });
});

describe("A change of a server's entry", () => {
  afterEach(async () => {
    await vscode.workspace
      .getConfiguration(SETTINGS_SECTION)
      .update(Settings.servers, undefined, vscode.ConfigurationTarget.Global);
  });

  it("remakes the signed-in client: its next request uses the entry's REST prefix", async () => {
    const api = await testingApi();
    await signInAs('alice');
    await api.service.store.refresh('mine');
    const before = (await serverRequests()).length;
    await vscode.workspace
      .getConfiguration(SETTINGS_SECTION)
      .update(
        Settings.servers,
        { [`${localServerUrl()}/`]: { snippetsRestPrefix: 'rest/elsewhere/1.0' } },
        vscode.ConfigurationTarget.Global,
      );
    await api.service.store.refresh('mine').catch(() => undefined);
    const paths = (await serverRequests()).slice(before).map((r) => r.path);
    assert.ok(
      paths.some((p) => p.startsWith('/rest/elsewhere/1.0/snippets')),
      `requests after the change: ${paths.join(', ')}`,
    );
  });
});

describe('Client certificate passphrases in secret storage', () => {
  /** SecretStorage in memory, so the test sees exactly what is kept. */
  class MemorySecrets {
    readonly values = new Map<string, string>();
    readonly onDidChange = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>().event;
    get = async (key: string) => this.values.get(key);
    store = async (key: string, value: string) => void this.values.set(key, value);
    delete = async (key: string) => void this.values.delete(key);
    keys = async () => [...this.values.keys()];
  }
  const server = 'https://bb.example.com/bitbucket';
  const file = '/certs/me.p12';

  it('keeps an accepted passphrase per server and file, and gives it back without asking', async () => {
    const secrets = new MemorySecrets();
    const passphrases = new CertificatePassphrases(secrets as unknown as vscode.SecretStorage);
    await passphrases.forServer(server).accepted?.(file, 'pp-secret');
    assert.deepEqual([...secrets.values.keys()], [`bitbucketSnippets.certificatePassphrase:${server}#${file}`]);
    assert.equal(await passphrases.forServer(server).get(file, false), 'pp-secret');
  });

  it("forgets the passphrases of a server's certificate files when told (its last account signed out)", async () => {
    const secrets = new MemorySecrets();
    const passphrases = new CertificatePassphrases(secrets as unknown as vscode.SecretStorage);
    await passphrases.forServer(server).accepted?.(file, 'pp-secret');
    await passphrases.forServer('https://other.example.com').accepted?.(file, 'pp-other');
    await passphrases.forServer(server).accepted?.('/certs/me.key', 'pp-key');
    await passphrases.forget(server, { pfxFile: file });
    assert.deepEqual(
      [...secrets.values.values()].sort(),
      ['pp-key', 'pp-other'],
      "only that server's file is forgotten",
    );
    await passphrases.forget(server, { certFile: '/certs/me.crt', keyFile: '/certs/me.key' });
    assert.deepEqual([...secrets.values.values()], ['pp-other']);
  });

  it('drops the stored passphrase when told it was wrong, and asks again (Escape gives up)', async () => {
    const secrets = new MemorySecrets();
    const passphrases = new CertificatePassphrases(secrets as unknown as vscode.SecretStorage);
    await passphrases.forServer(server).accepted?.(file, 'pp-old');
    const asking = Promise.resolve(passphrases.forServer(server).get(file, true));
    // Still waiting after a while: the password box is open. Closing it is what Escape does.
    const waiting = await Promise.race([
      asking.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    assert.equal(waiting, 'waiting', 'it asked, rather than answering at once');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await asking, undefined);
    assert.equal(secrets.values.size, 0, 'the wrong passphrase is no longer kept');
  });
});
