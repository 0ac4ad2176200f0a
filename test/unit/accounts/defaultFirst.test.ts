// The one order signed-in accounts are offered in (src/model/accounts/defaultFirst.ts): Sign Out's
// pick, the Snippets view's account roots, Browse User, the settings panel's repository pick and
// Check Connection's choice of an account for a server all put the default account first.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { accountId, type Account } from '../../../src/model/accounts/accounts';
import { defaultFirst } from '../../../src/model/accounts/defaultFirst';

const account = (username: string, serverUrl = 'https://bb.example.com'): Account => ({
  serverUrl,
  username,
  authType: 'basic',
});
const alice = account('alice');
const bob = account('bob');
const carol = account('carol', 'https://other.example.com/bitbucket');

describe('defaultFirst: the default account first', () => {
  it('puts the default first and keeps the others in their order', () => {
    assert.deepEqual(defaultFirst([alice, bob, carol], bob), [bob, alice, carol]);
    assert.deepEqual(defaultFirst([alice, bob, carol], alice), [alice, bob, carol]);
    assert.deepEqual(defaultFirst([alice, bob, carol], carol), [carol, alice, bob]);
  });

  it('keeps the order as it is with no default', () => {
    const accounts = [alice, bob, carol];
    const ordered = defaultFirst(accounts, undefined);
    assert.deepEqual(ordered, accounts);
    assert.notEqual(ordered, accounts, 'a copy: a caller may add to it');
  });

  it("lists the default once, as the session's own object, even when the list holds another copy of it", () => {
    const sessionsBob = { ...bob };
    const ordered = defaultFirst([alice, bob, carol], sessionsBob);
    assert.equal(ordered[0], sessionsBob);
    assert.deepEqual(ordered.map(accountId), [bob, alice, carol].map(accountId));
  });

  it('is a reordering: every account once, the default first', () => {
    const names = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(names, fc.nat(), (users, pick) => {
        const accounts = users.map((u) => account(u));
        const chosen = accounts[pick % accounts.length];
        const ordered = defaultFirst(accounts, chosen);
        return (
          ordered[0] === chosen &&
          ordered.length === accounts.length &&
          ordered
            .slice(1)
            .every((a, i, rest) => a !== chosen && (i === 0 || accounts.indexOf(rest[i - 1]) < accounts.indexOf(a)))
        );
      }),
    );
  });
});
