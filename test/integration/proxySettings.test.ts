// VS Code's proxy settings as a user sets them, read by the real editor. The extension's requests
// go through VS Code's own network stack (its patch of Node's http module): http.proxy, with the
// credentials in its URL, is honoured there, and a proxy's 407 to those credentials comes back as
// a message naming the proxy and http.proxy, where they came from. With http.proxyAuthorization set
// or http.proxySupport off the extension's own client carries the requests, and honours http.proxy
// itself.
// VS Code sends requests to localhost and 127.0.0.1 directly whatever http.proxy says, so the
// server is named `bitbucket.test` here, a name only the test proxy resolves (to the local
// server): a sign-in that succeeds has gone through the proxy. The test's own requests and the
// other suites' account use 127.0.0.1 (also in http.noProxy, for the extension's own client).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { Account } from '../../src/model/accounts/accounts';
import { Commands } from '../../src/util/constants';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { startProxy, type TestProxy } from '../support/proxy';
import { localServerUrl, signInAs, signInWith, testingApi, until } from './support';
import { extensionLogFiles } from './userDataFiles';

const PROXY_USER = 'proxy-user';
const PROXY_PASSWORD = 'secret-proxy-password';
const WRONG_PASSWORD = `wrong-${PROXY_PASSWORD}`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const GOOD_AUTHORIZATION = basic(PROXY_USER, PROXY_PASSWORD);
const PROXIED_HOST = 'bitbucket.test';
const SETTINGS = ['proxy', 'proxyAuthorization', 'noProxy', 'proxySupport'] as const;
type HttpSetting = (typeof SETTINGS)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Proxy settings', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let proxy: TestProxy;
  const saved = new Map<HttpSetting, unknown>();
  const http = () => vscode.workspace.getConfiguration('http');
  const set = (key: HttpSetting, value: unknown) => http().update(key, value, vscode.ConfigurationTarget.Global);
  /** The local server under the name only the proxy resolves: http://bitbucket.test:<port>. */
  const viaProxyUrl = () => {
    const url = new URL(localServerUrl());
    url.hostname = PROXIED_HOST;
    return url.toString().replace(/\/+$/, '');
  };
  const viaProxyHost = () => new URL(viaProxyUrl()).host;
  /** http.proxy with these credentials in its URL. */
  const proxyWith = (password: string) => proxy.url.replace('://', `://${PROXY_USER}:${password}@`);
  const accounts = () => (api.globalStateSnapshot()['bitbucketSnippets.accounts'] ?? []) as Account[];
  /** The proxy's log lines of requests for the server under its proxied name, from `from` on. */
  const requestsViaProxy = (from: number) =>
    proxy.seen.slice(from).filter((line) => line.startsWith(`GET ${new URL(viaProxyUrl()).origin}/`));

  before(async () => {
    api = await testingApi();
    proxy = await startProxy({ authorization: GOOD_AUTHORIZATION, hosts: { [PROXIED_HOST]: '127.0.0.1' } });
    for (const key of SETTINGS) saved.set(key, http().inspect(key)?.globalValue);
    // The other suites' account on 127.0.0.1 stays direct with the extension's own client too.
    await set('noProxy', ['127.0.0.1']);
    await set('proxyAuthorization', undefined);
    await set('proxySupport', undefined);
  });

  after(async () => {
    try {
      for (const key of SETTINGS) await set(key, saved.get(key));
      // The account made through the proxy is signed out; the other suites expect alice on 127.0.0.1.
      const viaProxy = accounts().find((a) => a.serverUrl === viaProxyUrl());
      if (viaProxy) await vscode.commands.executeCommand(Commands.signOut, viaProxy);
      await signInAs('alice');
    } finally {
      await proxy?.close();
    }
  });

  it("refuses a sign-in with wrong credentials in http.proxy's URL (VS Code's network stack), naming the proxy and http.proxy as where they came from, and stores nothing", async () => {
    await set('proxy', proxyWith(WRONG_PASSWORD));
    const before = JSON.stringify(accounts());
    const from = proxy.seen.length;
    await assert.rejects(
      signInWith({ serverUrl: viaProxyUrl(), username: 'alice', password: 'alice' }),
      (err: Error) => {
        assert.match(
          err.message,
          new RegExp(
            `The proxy ${escape(proxy.url)} to ${escape(viaProxyHost())} refused the credentials VS Code sent, from the http\\.proxy setting \\(HTTP 407\\)\\.`,
          ),
          err.message,
        );
        assert.match(err.message, /Correct the proxy's user name and password in the http\.proxy setting\./);
        assert.ok(!err.message.includes(PROXY_PASSWORD), 'the message repeats the proxy password');
        return true;
      },
    );
    assert.equal(JSON.stringify(accounts()), before);
    assert.ok(requestsViaProxy(from).length > 0, `the sign-in went to the proxy: ${proxy.seen.slice(from).join(', ')}`);
    // VS Code's patch handed the credentials of http.proxy's URL to the proxy itself.
    assert.equal(proxy.authorizations.at(-1), basic(PROXY_USER, WRONG_PASSWORD));
    await logSays(`requests to ${viaProxyUrl()} go through VS Code's network stack`);
  });

  it("signs in through a local proxy via VS Code's own stack, with the right credentials in http.proxy's URL", async () => {
    await set('proxy', proxyWith(PROXY_PASSWORD));
    const from = proxy.seen.length;
    const account = await api.signIn({ serverUrl: viaProxyUrl(), username: 'alice', password: 'alice' });
    assert.equal(account?.serverUrl, viaProxyUrl());
    assert.ok(requestsViaProxy(from).length > 0, proxy.seen.slice(from).join(', '));
    assert.equal(proxy.authorizations.at(-1), GOOD_AUTHORIZATION);
    // The transport says which proxy VS Code chose, without its credentials.
    await logSays(`VS Code's network stack sends requests to ${viaProxyHost()} through ${proxy.url}`);
    assert.ok(!(await logText()).includes(PROXY_PASSWORD), 'the log holds the proxy password');
  });

  it("with http.proxyAuthorization set: the extension's own client carries the sign-in and sends that header", async () => {
    // Wrong credentials in the URL: the header that reaches the proxy is the setting's.
    await set('proxy', proxyWith(WRONG_PASSWORD));
    await set('proxyAuthorization', GOOD_AUTHORIZATION);
    try {
      const from = proxy.seen.length;
      const account = await api.signIn({ serverUrl: viaProxyUrl(), username: 'alice', password: 'alice' });
      assert.equal(account?.serverUrl, viaProxyUrl());
      assert.equal(proxy.authorizations.at(-1), GOOD_AUTHORIZATION);
      assert.ok(requestsViaProxy(from).length > 0, proxy.seen.slice(from).join(', '));
      await logSays(
        `requests to ${viaProxyUrl()} go through the extension's own HTTP client, because http.proxyAuthorization is set`,
      );
    } finally {
      await set('proxyAuthorization', undefined);
    }
  });

  it("with http.proxySupport off: the extension's own client carries the sign-in and still honours http.proxy, and the log says so", async () => {
    await set('proxy', proxyWith(PROXY_PASSWORD));
    await set('proxySupport', 'off');
    try {
      const from = proxy.seen.length;
      const account = await api.signIn({ serverUrl: viaProxyUrl(), username: 'alice', password: 'alice' });
      assert.equal(account?.serverUrl, viaProxyUrl());
      // Only the proxy knows bitbucket.test: a direct request could not have reached the server.
      assert.ok(requestsViaProxy(from).length > 0, proxy.seen.slice(from).join(', '));
      assert.equal(proxy.authorizations.at(-1), GOOD_AUTHORIZATION);
      await logSays(
        `requests to ${viaProxyUrl()} go through the extension's own HTTP client, because http.proxySupport is off`,
      );
    } finally {
      await set('proxySupport', undefined);
    }
  });
});

/** The extension's log (its output channel, as VS Code writes it to the log folder of this run). */
async function logText(): Promise<string> {
  return extensionLogFiles()
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}

/** Waits until the extension's log holds `line` (VS Code writes the channel's file a little later). */
async function logSays(line: string): Promise<void> {
  try {
    await until(`the extension's log to say "${line}"`, async () => (await logText()).includes(line));
  } catch (err) {
    const files = extensionLogFiles();
    const said = (await logText()).split('\n').filter((l) => /go through|network stack/.test(l));
    throw new Error(
      `${(err as Error).message}; log files: ${files.join(', ') || 'none'}; their lines about transports:\n${said.join('\n')}`,
    );
  }
}
