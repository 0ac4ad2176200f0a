// What the authentication provider answers (src/model/accounts/authSessions.ts): scopes name a
// server by its URL; only token accounts answer another extension; sessions are labelled as the
// tree labels accounts; VS Code hears which sessions came, went or were renamed.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { accountId, type Account } from '../../../src/model/accounts/accounts';
import {
  accountsAnswering,
  anyChange,
  mayBeHandedOut,
  newSessionPlan,
  readScopes,
  sessionChanges,
  sessionIdentity,
} from '../../../src/model/accounts/authSessions';
import { accountLabel } from '../../../src/util/accountLabels';

const SERVER = 'https://bb.example.com';
const OTHER = 'https://other.example.com/bitbucket';
const account = (username: string, authType: Account['authType'], serverUrl = SERVER): Account => ({
  serverUrl,
  username,
  authType,
});
const aliceToken = account('alice', 'token');
const bobPassword = account('bob', 'basic');
const carolToken = account('carol', 'token', OTHER);
const all = [aliceToken, bobPassword, carolToken];

describe('readScopes: which server a request names', () => {
  it('no scope: any server', () => {
    assert.deepEqual(readScopes([]), { kind: 'anyServer' });
  });

  it("a server's URL in any spelling the project accepts names that server, normalised", () => {
    for (const spelling of [
      'https://BB.example.com',
      'https://bb.example.com/',
      'https://bb.example.com:443',
      '  https://bb.example.com  ',
    ]) {
      assert.deepEqual(readScopes([spelling]), { kind: 'server', serverUrl: SERVER }, spelling);
    }
    assert.deepEqual(readScopes(['https://other.example.com/bitbucket/']), { kind: 'server', serverUrl: OTHER });
    // The same server twice is still one server.
    assert.deepEqual(readScopes([SERVER, 'https://bb.example.com/']), { kind: 'server', serverUrl: SERVER });
  });

  it('a scope that is not a server URL is not understood', () => {
    for (const scope of ['repo', 'read:user', 'ftp://bb.example.com', 'https://alice:secret@bb.example.com', '']) {
      assert.deepEqual(readScopes([scope]), { kind: 'notAServer', scope }, scope);
    }
    assert.equal(readScopes([SERVER, 'admin']).kind, 'notAServer', 'one unknown scope among server URLs');
  });

  it('two servers in one request are refused: a session is for one server', () => {
    assert.deepEqual(readScopes([SERVER, OTHER]), { kind: 'severalServers', serverUrls: [SERVER, OTHER] });
  });

  it('never throws, whatever the scopes', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (scopes) =>
        ['anyServer', 'server', 'notAServer', 'severalServers'].includes(readScopes(scopes).kind),
      ),
    );
  });
});

describe('accountsAnswering: which accounts answer another extension', () => {
  it('only token accounts, never a password account', () => {
    assert.deepEqual(accountsAnswering({ kind: 'anyServer' }, all, undefined), [aliceToken, carolToken]);
    assert.equal(mayBeHandedOut(bobPassword), false);
    assert.equal(mayBeHandedOut(aliceToken), true);
  });

  it("only the named server's accounts", () => {
    assert.deepEqual(accountsAnswering({ kind: 'server', serverUrl: OTHER }, all, undefined), [carolToken]);
    assert.deepEqual(
      accountsAnswering({ kind: 'server', serverUrl: 'https://nowhere.example.com' }, all, undefined),
      [],
      'a server nobody is signed in to: no session',
    );
  });

  it('a server with only a password account has no session to give', () => {
    assert.deepEqual(accountsAnswering({ kind: 'server', serverUrl: SERVER }, [bobPassword], bobPassword), []);
  });

  it('the default account first, and only the account VS Code names when it names one', () => {
    const daveToken = account('dave', 'token');
    assert.deepEqual(accountsAnswering({ kind: 'server', serverUrl: SERVER }, [aliceToken, daveToken], daveToken), [
      daveToken,
      aliceToken,
    ]);
    assert.deepEqual(accountsAnswering({ kind: 'anyServer' }, all, undefined, accountId(carolToken)), [carolToken]);
    assert.deepEqual(
      accountsAnswering({ kind: 'anyServer' }, all, undefined, accountId(bobPassword)),
      [],
      'not even when VS Code names a password account',
    );
  });

  it('nothing for scopes it does not understand', () => {
    assert.deepEqual(accountsAnswering({ kind: 'notAServer', scope: 'repo' }, all, aliceToken), []);
    assert.deepEqual(accountsAnswering({ kind: 'severalServers', serverUrls: [SERVER, OTHER] }, all, aliceToken), []);
  });
});

describe('sessionIdentity: what VS Code shows', () => {
  it("the account's id and the tree's label (user @ server)", () => {
    assert.deepEqual(sessionIdentity(aliceToken, all), {
      id: accountId(aliceToken),
      label: 'alice @ bb.example.com',
      scopes: [SERVER],
    });
    assert.equal(sessionIdentity(carolToken, all).label, accountLabel(carolToken, all));
  });

  it("a user name a server chose reaches VS Code's quick picks and dialogs as text: no icon, no link, no hidden character", () => {
    const hostile = account('$(zap)[x](command:workbench.action.reloadWindow)\u202Eevil\nline', 'token');
    const label = sessionIdentity(hostile, [hostile]).label;
    assert.ok(!/(^|[^\\])\$\(/.test(label), `no live icon: ${label}`);
    assert.ok(!label.includes(']('), `no link: ${label}`);
    assert.ok(!/[\u202E\n]/.test(label), `no bidi mark or line break: ${label}`);
    assert.equal(label, sessionIdentity(hostile, [hostile]).label, 'the same every time (VS Code keys trust by label)');
    fc.assert(
      fc.property(
        fc.string(),
        (name) =>
          // eslint-disable-next-line no-control-regex -- finding control characters is the point
          !/(^|[^\\])\$\(|\]\(|[\u0000-\u001F\u202A-\u202E]/.test(
            sessionIdentity(account(name || 'x', 'token'), []).label,
          ),
      ),
    );
  });

  it('labels stay distinct when two accounts would read the same', () => {
    const a = account('alice', 'token', 'https://bb.example.com');
    const b = account('alice', 'token', 'https://bb.example.com:8443');
    const labels = [a, b].map((x) => sessionIdentity(x, [a, b]).label);
    assert.notEqual(labels[0], labels[1]);
  });
});

describe('sessionChanges: what VS Code hears', () => {
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
  it('a sign-in adds, a sign-out removes, a renewed sign-in changes, a switch of the default says nothing', () => {
    const before = [sessionIdentity(aliceToken, [aliceToken])];
    const both = [aliceToken, bobPassword];
    const after = both.map((a) => sessionIdentity(a, both));
    assert.deepEqual(ids(sessionChanges(before, after).added), [accountId(bobPassword)]);
    assert.deepEqual(ids(sessionChanges(after, before).removed), [accountId(bobPassword)]);
    assert.deepEqual(ids(sessionChanges(after, after, [accountId(aliceToken)]).changed), [accountId(aliceToken)]);
    assert.equal(anyChange(sessionChanges(after, after)), false);
  });

  it('a session whose label changed is removed under its old label and added under its new one', () => {
    // The same host by http too: both labels need the whole URL now.
    const a = account('alice', 'token', 'https://bb.example.com');
    const b = account('alice', 'token', 'http://bb.example.com');
    const before = [sessionIdentity(a, [a])];
    const after = [a, b].map((x) => sessionIdentity(x, [a, b]));
    const diff = sessionChanges(before, after);
    assert.deepEqual(
      diff.removed.map((s) => s.label),
      ['alice @ bb.example.com'],
    );
    assert.deepEqual(diff.added.map((s) => s.label).sort(), after.map((s) => s.label).sort());
  });
});

describe('newSessionPlan: what a request for a new session comes to', () => {
  it("signs in to the server the scopes name, and asks for a server's URL only when they name none", () => {
    assert.deepEqual(newSessionPlan({ kind: 'server', serverUrl: OTHER }, undefined), {
      kind: 'signIn',
      serverUrl: OTHER,
    });
    assert.deepEqual(newSessionPlan({ kind: 'anyServer' }, undefined), { kind: 'signIn', serverUrl: undefined });
  });

  it('the account picked in VS Code: its token, or a refusal for a password or another server', () => {
    assert.deepEqual(newSessionPlan({ kind: 'anyServer' }, aliceToken), { kind: 'useAccount', account: aliceToken });
    assert.deepEqual(newSessionPlan({ kind: 'server', serverUrl: SERVER }, bobPassword), {
      kind: 'passwordAccount',
      account: bobPassword,
    });
    assert.deepEqual(newSessionPlan({ kind: 'server', serverUrl: SERVER }, carolToken), {
      kind: 'otherServer',
      account: carolToken,
      serverUrl: SERVER,
    });
  });
});
