import * as assert from 'node:assert/strict';
import { panelAccount, panelAccountSource, type PanelAccount, type SessionAccounts } from '../../../src/settingsPanel/panelAccount';
import type { PanelClient } from '../../../src/settingsPanel/scope';

/** A session whose signed-in accounts the test changes; each account's client is a distinct object naming it. */
function session(accounts: PanelAccount[], defaultIndex = 0): SessionAccounts<PanelAccount> & { signed: PanelAccount[]; default: PanelAccount | undefined } {
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
    const source = panelAccountSource(s, staging);
    assert.deepEqual(source.account, staging);
    assert.equal(owner(source.client), 'alice@https://bitbucket.example.com:8443/bitbucket');
  });

  it('goes on with another user of the same server when its own signs out, naming them', () => {
    const s = session([prod, prodBob, staging], 2);
    s.signed = [prodBob, staging];
    assert.deepEqual(panelAccount(s, prod), prodBob);
    assert.equal(owner(panelAccountSource(s, prod).client), 'bob@https://bitbucket.example.com');
  });

  it('never switches to another server: no client, and the account shown is where the user is signed in', () => {
    const s = session([prod, staging], 1);
    s.signed = [staging];
    const source = panelAccountSource(s, prod);
    assert.deepEqual(source.account, staging);
    assert.equal(source.client, undefined);
  });

  it('opened signed out (no user), it takes the account that signs in to its server', () => {
    const s = session([], 0);
    const source = panelAccountSource(s, { serverUrl: prod.serverUrl, username: '' });
    assert.equal(source.account, undefined);
    assert.equal(source.client, undefined);
    s.signed = [prod];
    s.default = prod;
    assert.equal(owner(source.client), 'alice@https://bitbucket.example.com');
  });
});
