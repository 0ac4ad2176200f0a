import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { accountId } from '../../../src/model/accounts/accounts';
import { StateKeys } from '../../../src/util/constants';
import { PanelMemory, type KeyValueStore } from '../../../src/model/settingsPanel/memory';
import {
  accountNamed,
  accountsOfServer,
  panelAccount,
  PanelAccountSource,
  type PanelAccount,
  type SessionAccounts,
} from '../../../src/model/settingsPanel/panelAccount';
import type { PanelClient } from '../../../src/model/settingsPanel/scope';

/** A session whose signed-in accounts the test changes; each account's client is a distinct object naming it. */
function session(
  accounts: PanelAccount[],
  defaultIndex = 0,
): SessionAccounts<PanelAccount> & { signed: PanelAccount[]; default: PanelAccount | undefined } {
  const s = {
    signed: [...accounts],
    default: accounts[defaultIndex] as PanelAccount | undefined,
    get account() {
      return s.default;
    },
    accounts: () => s.signed,
    clientFor: (a: PanelAccount) => ({ owner: `${a.username}@${a.serverUrl}` }) as unknown as PanelClient,
  };
  return s;
}

const owner = (client: PanelClient | undefined) => (client as unknown as { owner: string } | undefined)?.owner;

describe('the account of a repository settings panel', () => {
  const prod = { serverUrl: 'https://bitbucket.example.com', username: 'alice' };
  const staging = { serverUrl: 'https://bitbucket.example.com:8443/bitbucket', username: 'alice' };
  const prodBob = { serverUrl: 'https://bitbucket.example.com', username: 'bob' };

  it('reads and writes with the account it was opened for, not the default account', () => {
    const s = session([prod, staging], 0);
    const source = new PanelAccountSource(s, staging);
    assert.deepEqual(source.account, staging);
    assert.equal(owner(source.client), 'alice@https://bitbucket.example.com:8443/bitbucket');
  });

  it('goes on with another user of the same server when its own signs out, naming them', () => {
    const s = session([prod, prodBob, staging], 2);
    s.signed = [prodBob, staging];
    assert.deepEqual(panelAccount(s, prod), prodBob);
    assert.equal(owner(new PanelAccountSource(s, prod).client), 'bob@https://bitbucket.example.com');
  });

  it('never switches to another server: no client, and the account shown is where the user is signed in', () => {
    const s = session([prod, staging], 1);
    s.signed = [staging];
    const source = new PanelAccountSource(s, prod);
    assert.deepEqual(source.account, staging);
    assert.equal(source.client, undefined);
  });

  it('opened signed out (no user), it takes the account that signs in to its server', () => {
    const s = session([], 0);
    const source = new PanelAccountSource(s, { serverUrl: prod.serverUrl, username: '' });
    assert.equal(source.account, undefined);
    assert.equal(source.client, undefined);
    s.signed = [prod];
    s.default = prod;
    assert.equal(owner(source.client), 'alice@https://bitbucket.example.com');
  });

  describe('switching among the accounts of its server', () => {
    const admin = { serverUrl: prod.serverUrl, username: 'admin' };
    const stagingAdmin = { serverUrl: staging.serverUrl, username: 'admin' };

    it('offers the accounts signed in to its server, each once, in user-name order, and none of another server', () => {
      const all = [prodBob, staging, admin, prod, stagingAdmin, { ...prod, username: 'ALICE' }];
      assert.deepEqual(accountsOfServer(all, prod.serverUrl), [admin, prod, prodBob]);
      assert.deepEqual(
        accountsOfServer(all, `${prod.serverUrl}/`),
        [admin, prod, prodBob],
        'a trailing slash is the same server',
      );
      assert.deepEqual(
        accountsOfServer(all, 'HTTPS://Bitbucket.Example.com:443'),
        [admin, prod, prodBob],
        'so are upper case and the default port (the one rule of util/serverUrl.ts)',
      );
      assert.deepEqual(accountsOfServer(all, staging.serverUrl), [stagingAdmin, staging]);
      assert.deepEqual(accountsOfServer(all, 'https://elsewhere.example.com'), []);
    });

    it('switches to another account of its server, reading and writing as it from then on', () => {
      const s = session([prod, admin, staging], 0);
      const source = new PanelAccountSource(s, prod);
      assert.deepEqual(source.choices, [
        { id: accountId(admin), username: 'admin' },
        { id: accountId(prod), username: 'alice' },
      ]);
      assert.deepEqual(source.choose(accountId(admin)), admin);
      assert.deepEqual(source.account, admin);
      assert.equal(owner(source.client), 'admin@https://bitbucket.example.com');
      // The default account changing does not move the panel.
      s.default = prod;
      assert.deepEqual(source.account, admin);
    });

    it('changes nothing for an id that names no signed-in account of its server: another server, a signed-out user, anything else', () => {
      const s = session([prod, admin, staging], 0);
      const source = new PanelAccountSource(s, prod);
      for (const id of [
        accountId(staging),
        accountId(prodBob),
        '',
        'admin',
        `${prod.serverUrl}#admin#x`,
        42,
        null,
        undefined,
        { id: accountId(admin) },
      ]) {
        assert.equal(source.choose(id), undefined, `refused ${JSON.stringify(id)}`);
        assert.deepEqual(source.account, prod);
      }
    });

    it('any id at all finds a signed-in account of the server or nothing (property)', () => {
      const accounts = [prod, admin, prodBob, staging, stagingAdmin];
      const id = fc.oneof(
        fc.constantFrom(...accounts.map(accountId)),
        fc.string(),
        fc.constantFrom(...accounts).chain((a) => fc.string().map((tail) => `${accountId(a)}${tail}`)),
        fc.anything(),
      );
      fc.assert(
        fc.property(
          fc.subarray(accounts),
          fc.constantFrom(prod.serverUrl, staging.serverUrl),
          id,
          (signed, serverUrl, value) => {
            const found = accountNamed(signed, serverUrl, value);
            if (found === undefined) return;
            assert.ok(signed.includes(found), 'signed in');
            assert.equal(found.serverUrl, serverUrl, "of the panel's server");
            assert.equal(accountId(found), value, 'exactly the one named');
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('after its chosen account signs out, goes on with another of its server; signed in again, back to it', () => {
      const s = session([prod, admin, staging], 2);
      const source = new PanelAccountSource(s, prod);
      source.choose(accountId(admin));
      s.signed = [prod, staging];
      assert.deepEqual(source.account, prod);
      s.signed = [prod, admin, staging];
      assert.deepEqual(source.account, admin);
    });

    it('an account remembered for a repository (restored state) counts only while it is signed in to that server', async () => {
      const values = new Map<string, unknown>();
      const store: KeyValueStore = {
        get: <T>(key: string, d: T) => (values.has(key) ? (values.get(key) as T) : d),
        update: async (key, value) => void values.set(key, value),
      };
      const memory = new PanelMemory(store);
      const repo = { projectKey: 'PROJ', repositorySlug: 'repo1' };
      await memory.addRecent(prod.serverUrl, repo, accountId(prod));
      await memory.setLastAccount(prod.serverUrl, repo, accountId(admin));
      assert.equal(memory.lastAccount(prod.serverUrl, repo), accountId(admin));
      assert.deepEqual(accountNamed([prod, admin], prod.serverUrl, memory.lastAccount(prod.serverUrl, repo)), admin);
      assert.equal(
        accountNamed([prod], prod.serverUrl, memory.lastAccount(prod.serverUrl, repo)),
        undefined,
        'admin signed out: fall back',
      );
      // Opening the repository again keeps the remembered account; its place moves to the top.
      await memory.addRecent(prod.serverUrl, repo);
      assert.equal(memory.lastAccount(prod.serverUrl, repo), accountId(admin));
      // State written by something else (another version, another machine through Settings Sync).
      for (const damaged of [
        [{ serverUrl: prod.serverUrl, projectKey: 'PROJ', repositorySlug: 'repo1', accountId: { evil: true } }],
        [null, 7, 'x'],
        'not a list',
      ]) {
        values.set(StateKeys.recentRepositories, damaged);
        assert.equal(
          accountNamed([prod, admin], prod.serverUrl, memory.lastAccount(prod.serverUrl, repo)),
          undefined,
          `falls back for ${JSON.stringify(damaged)}`,
        );
        assert.ok(
          memory.recent(prod.serverUrl).every((r) => r.accountId === undefined),
          'the list still reads, without the damaged account',
        );
        await memory.setLastAccount(prod.serverUrl, repo, accountId(admin));
        assert.equal(
          memory.lastAccount(prod.serverUrl, repo),
          accountId(admin),
          'a switch writes a good entry over it',
        );
      }
    });
  });
});
