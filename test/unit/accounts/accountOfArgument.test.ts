// The one resolver of a command's argument to an account (src/model/accounts/accountOfArgument.ts): a row
// names its account whether or not it is the default, and only an argument that names nothing
// falls back to the default.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { accountId, type Account } from '../../../src/model/accounts/accounts';
import { accountOfArgument, namedAccount } from '../../../src/model/accounts/accountOfArgument';

const alice: Account = { serverUrl: 'https://bb.example.com', username: 'alice', authType: 'basic' };
const admin: Account = { serverUrl: 'https://bb.example.com', username: 'admin', authType: 'basic' };
const staging: Account = { serverUrl: 'https://staging.example.com/bitbucket', username: 'alice', authType: 'token' };
const session = (account: Account | undefined, ...all: Account[]) => ({ account, accounts: () => all });

describe('accountOfArgument: which account a command acts on', () => {
  it("a row names its own account, the default's and another's alike", () => {
    const s = session(admin, alice, admin, staging);
    for (const account of [alice, admin, staging]) {
      assert.equal(accountOfArgument({ kind: 'account', accountId: accountId(account) }, s), account);
      assert.equal(accountOfArgument({ kind: 'root', list: 'mine', accountId: accountId(account) }, s), account);
    }
  });

  it('names nothing from the Command Palette: the caller falls back (to the default)', () => {
    const s = session(admin, alice, admin);
    for (const arg of [undefined, null, 'text', 3, {}, { accountId: 3 }]) {
      assert.equal(namedAccount(arg, s), undefined, String(arg));
      assert.equal(accountOfArgument(arg, s), admin);
    }
  });

  it('a row of an account that signed out names it, and it is not the default', () => {
    const s = session(admin, admin);
    assert.deepEqual(namedAccount({ accountId: accountId(alice) }, s), { account: undefined });
    assert.equal(accountOfArgument({ accountId: accountId(alice) }, s), undefined);
  });

  it('an account argument (server and user) and a repository argument (server alone, the default first)', () => {
    const s = session(admin, alice, admin, staging);
    assert.equal(accountOfArgument({ serverUrl: 'https://bb.example.com/', username: 'alice' }, s), alice);
    assert.equal(accountOfArgument({ serverUrl: 'https://bb.example.com' }, s), admin, 'the default on that server');
    assert.equal(
      accountOfArgument({ serverUrl: 'https://staging.example.com/bitbucket' }, session(admin, alice, admin, staging)),
      staging,
    );
    assert.equal(accountOfArgument({ serverUrl: 'https://nowhere.example.com' }, s), undefined);
  });

  it('asks the documents first: a snippet URI names its owner', () => {
    const uri = { scheme: 'bitbucket-snippet' };
    const s = session(admin, alice, admin);
    assert.equal(
      accountOfArgument(uri, s, (arg) => (arg === uri ? { account: alice } : undefined)),
      alice,
    );
  });

  it('never answers an account that is not signed in', () => {
    const all = [alice, admin, staging];
    fc.assert(
      fc.property(
        fc.subarray(all),
        fc.constantFrom(...all),
        fc.constantFrom('row', 'account', 'server'),
        (signedIn, named, form) => {
          const arg =
            form === 'row'
              ? { accountId: accountId(named) }
              : form === 'account'
                ? { serverUrl: named.serverUrl, username: named.username }
                : { serverUrl: named.serverUrl };
          const answer = accountOfArgument(arg, session(signedIn[0], ...signedIn));
          return answer === undefined || signedIn.includes(answer);
        },
      ),
    );
  });
});
