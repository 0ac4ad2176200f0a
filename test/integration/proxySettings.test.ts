// VS Code's proxy settings as a user sets them, read by the real editor: a proxy that wants
// credentials refuses a sign-in with a message naming it and the setting to fix, and lets it
// through once http.proxyAuthorization is set. The test's own requests to the local server use
// 127.0.0.1, listed in http.noProxy; the sign-in goes to `localhost`, so only it takes the proxy.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Account } from '../../src/auth/accounts';
import { Commands } from '../../src/constants';
import type { TestingApi } from '../../src/extension';
import { startProxy, type TestProxy } from '../support/proxy';
import { localServerUrl, signInAs, signInWith, testingApi } from './support';

const PROXY_PASSWORD = 'secret-proxy-password';
const GOOD_AUTHORIZATION = `Basic ${Buffer.from(`proxy-user:${PROXY_PASSWORD}`).toString('base64')}`;
const SETTINGS = ['proxy', 'proxyAuthorization', 'noProxy'] as const;

describe('Proxy settings', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let proxy: TestProxy;
  const saved = new Map<string, unknown>();
  const http = () => vscode.workspace.getConfiguration('http');
  const set = (key: (typeof SETTINGS)[number], value: unknown) => http().update(key, value, vscode.ConfigurationTarget.Global);
  const viaProxyUrl = () => localServerUrl().replace('127.0.0.1', 'localhost');
  const accounts = () => (api.globalStateSnapshot()['bitbucketSnippets.accounts'] ?? []) as Account[];

  before(async () => {
    api = await testingApi();
    proxy = await startProxy({ authorization: GOOD_AUTHORIZATION });
    for (const key of SETTINGS) saved.set(key, http().inspect(key)?.globalValue);
    await set('noProxy', ['127.0.0.1']);
    await set('proxy', proxy.url.replace('://', `://proxy-user:wrong-${PROXY_PASSWORD}@`));
  });

  after(async () => {
    try {
      for (const key of SETTINGS) await set(key, saved.get(key));
      // The account made through the proxy (the active one, if the second test passed) is signed
      // out; the other suites expect alice on 127.0.0.1.
      const viaProxy = accounts().find((a) => a.serverUrl === viaProxyUrl());
      if (viaProxy) await vscode.commands.executeCommand(Commands.signOut, viaProxy);
      await signInAs('alice');
    } finally {
      await proxy?.close();
    }
  });

  it('refuses a sign-in with wrong proxy credentials, naming the proxy and http.proxyAuthorization, and stores nothing', async () => {
    const before = JSON.stringify(accounts());
    await assert.rejects(signInWith({ serverUrl: viaProxyUrl(), username: 'alice', password: 'alice' }), (err: Error) => {
      assert.match(err.message, new RegExp(`The proxy ${proxy.url.replace(/\./g, '\\.')} wants credentials \\(HTTP 407\\)`));
      assert.match(err.message, /http\.proxyAuthorization/);
      assert.ok(!err.message.includes(PROXY_PASSWORD), 'the message repeats the proxy password');
      return true;
    });
    assert.equal(JSON.stringify(accounts()), before);
    assert.ok(proxy.seen.length > 0, 'the sign-in went to the proxy');
  });

  it('signs in through the proxy once http.proxyAuthorization is set', async () => {
    await set('proxyAuthorization', GOOD_AUTHORIZATION);
    const account = await (await testingApi()).signIn({ serverUrl: viaProxyUrl(), username: 'alice', password: 'alice' });
    assert.equal(account?.serverUrl, viaProxyUrl());
    assert.equal(proxy.authorizations.at(-1), GOOD_AUTHORIZATION);
    assert.ok(proxy.seen.some((line) => line.startsWith(`GET ${new URL(viaProxyUrl()).origin}/`)), proxy.seen.join(', '));
  });
});
