// Sign-in in the real editor to a second server that demands a client certificate: the server's
// entry in `bitbucketSnippets.servers` gives its CA and certificate, while the run's own server
// keeps working with the top-level settings; without a certificate the message names the setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SETTINGS_SECTION, Settings } from '../../src/constants';
import { startServer, type RunningServer } from '../server/server';
import { generateSelfSignedCertificate, type GeneratedCertificate } from '../server/tls';
import { generateClientCertificates, type ClientCertificateFiles } from '../support/clientCertificates';
import { localServerUrl, signInAs, signInWith } from './support';

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
    server = await startServer({ port: 0, tls: { key: serverCert.key, cert: serverCert.cert, clientCa: files.clientCa } });
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
    await config().update(Settings.servers, { [url]: { caFiles: [serverCert.certPath] } }, vscode.ConfigurationTarget.Global);
    await assert.rejects(signInWith({ serverUrl: url, username: 'alice', password: 'alice' }), (err: Error) => {
      assert.match(err.message, /requires a client certificate.*"Bitbucket Snippets: Client Certificate" setting/);
      return true;
    });
  });

  it('with the certificate in the server\'s entry (URL written differently): signs in', async () => {
    const key = `${url.replace('https://localhost', 'HTTPS://LOCALHOST')}/`;
    await config().update(
      Settings.servers,
      { [key]: { caFiles: [serverCert.certPath], clientCertificate: { certFile: files.certFile, keyFile: files.keyFile } } },
      vscode.ConfigurationTarget.Global,
    );
    await signInWith({ serverUrl: url, username: 'alice', password: 'alice' });
  });

  it('the run\'s own server is untouched by another server\'s entry', async () => {
    await config().update(Settings.servers, { [url]: { clientCertificate: { pfxFile: files.notACertificateFile } } }, vscode.ConfigurationTarget.Global);
    await signInWith({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
  });
});
