// Which repository Open Repository Settings opens, and with which account
// (src/model/settingsPanel/repositoryChoice.ts), in plain Node with fake clones and recent lists.
import * as assert from 'node:assert/strict';
import type { RepositoryRef } from '../../../src/api/types';
import type { Account } from '../../../src/model/accounts/accounts';
import type { RecentRepository } from '../../../src/model/settingsPanel/memory';
import {
  accountToShow,
  chooseRepository,
  isRepositoryArgument,
  panelAccounts,
  rememberedAccountId,
  targetOfArgument,
} from '../../../src/model/settingsPanel/repositoryChoice';

const A = 'https://a.example.com';
const B = 'https://b.example.com';
const alice: Account = { serverUrl: A, username: 'alice', authType: 'token' } as Account;
const bob: Account = { serverUrl: A, username: 'bob', authType: 'token' } as Account;
const carol: Account = { serverUrl: B, username: 'carol', authType: 'token' } as Account;
const session = (account: Account | undefined, all: Account[]) => ({ account, accounts: () => all });
const repo = (projectKey: string, repositorySlug: string): RepositoryRef => ({ projectKey, repositorySlug });
const clone = (r: RepositoryRef) => ({ repository: r });
const recentOf = (serverUrl: string, r: RepositoryRef): RecentRepository => ({ serverUrl, ...r, openedAt: 1 });

function finder(byServer: Record<string, RepositoryRef[]>, at: Record<string, RepositoryRef> = {}) {
  return {
    cloneAt: async (serverUrl: string, near: string) =>
      at[`${serverUrl} ${near}`] ? clone(at[`${serverUrl} ${near}`]) : undefined,
    clones: async (serverUrl: string) => (byServer[serverUrl] ?? []).map(clone),
  };
}

describe('the settings panel: which repository and which account', () => {
  it('offers the accounts default first; signed out with a server configured, that server with no user', () => {
    assert.deepEqual(panelAccounts(session(bob, [alice, bob]), undefined), [bob, alice]);
    assert.deepEqual(panelAccounts(session(undefined, []), A), [{ serverUrl: A, username: '' }]);
    assert.deepEqual(panelAccounts(session(undefined, []), undefined), []);
  });

  it('takes a repository argument with its named account, the project key in capitals', () => {
    const arg = { projectKey: 'proj', repositorySlug: 'r', accountId: `${A}#bob` };
    assert.ok(isRepositoryArgument(arg));
    assert.ok(!isRepositoryArgument({ projectKey: 'x' }));
    const named = targetOfArgument(arg, session(alice, [alice, bob]), [alice, bob]);
    assert.ok('target' in named);
    assert.equal(named.target.repository.projectKey, 'PROJ');
    assert.equal(named.target.named, true);
  });

  it('says a repository argument of a server no one is signed in to is signed out', () => {
    const named = targetOfArgument(
      { projectKey: 'P', repositorySlug: 'r', serverUrl: 'https://other.example.com' },
      session(alice, [alice]),
      [alice],
    );
    assert.deepEqual(named, { signedOut: { projectKey: 'P', repositorySlug: 'r' } });
  });

  it('takes the clone the command was run on, with the account whose server its remote points at', async () => {
    const choice = await chooseRepository(
      [alice, carol],
      finder({}, { [`${B} /work`]: repo('C', 'c') }),
      () => [],
      '/work',
      false,
    );
    assert.deepEqual(choice, { target: { account: carol, repository: repo('C', 'c') } });
  });

  it('takes the only clone of a signed-in server, unless the user asked for another', async () => {
    const only = finder({ [A]: [repo('P', 'one')] });
    assert.deepEqual(await chooseRepository([alice], only, () => [], undefined, false), {
      target: { account: alice, repository: repo('P', 'one') },
    });
    const asked = await chooseRepository([alice], only, () => [], undefined, true);
    assert.ok('ask' in asked);
    assert.equal(asked.ask.clones.length, 1);
  });

  it('offers each clone once, to the first account of its server, and a recent repository only when it is no clone offered', async () => {
    const choice = await chooseRepository(
      [bob, alice, carol],
      finder({ [A]: [repo('P', 'one'), repo('P', 'one'), repo('P', 'two')], [B]: [repo('C', 'c')] }),
      (serverUrl) => (serverUrl === A ? [recentOf(A, repo('p', 'one')), recentOf(A, repo('P', 'three'))] : []),
      undefined,
      false,
    );
    assert.ok('ask' in choice);
    assert.deepEqual(
      choice.ask.clones.map(({ account, item }) => `${account.username} ${item.repository.repositorySlug}`),
      ['bob one', 'bob two', 'carol c'],
    );
    assert.deepEqual(
      choice.ask.recent.map(({ account, item }) => `${account.username} ${item.repositorySlug}`),
      ['bob three'],
    );
  });

  it('shows a new panel with the account it showed last while that one is signed in; a named or open one keeps its own', () => {
    const target = { account: alice, repository: repo('P', 'r') };
    assert.equal(accountToShow(target, false, [alice, bob], `${A}#bob`), bob);
    assert.equal(accountToShow(target, false, [alice], `${A}#bob`), alice, 'bob signed out');
    assert.equal(accountToShow(target, false, [alice, bob, carol], `${B}#carol`), alice, 'another server');
    assert.equal(accountToShow({ ...target, named: true }, false, [alice, bob], `${A}#bob`), alice);
    assert.equal(accountToShow(target, true, [alice, bob], `${A}#bob`), alice);
  });

  it('remembers no account for the signed-out stand-in', () => {
    assert.equal(rememberedAccountId({ serverUrl: A, username: '' }), undefined);
    assert.equal(typeof rememberedAccountId(alice), 'string');
  });
});
