import assert from 'node:assert/strict';
import type { Page, RepositoryHook } from '../../src/api/types';
import { HookKeys } from './hookCatalog';
import { call, errorsOf, expectStatus, useServer, type CallOptions } from './testClient';

const HOOKS = '/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks';
const ADMIN: CallOptions = { user: 'admin' };

function hookPath(key: string, suffix = '', base = HOOKS): string {
  return `${base}/${encodeURIComponent(key)}${suffix}`;
}

describe('local server: repository hooks', () => {
  const server = useServer();

  async function putSettings(key: string, body: unknown): Promise<ReturnType<typeof call>> {
    return call(server(), 'PUT', hookPath(key, '/settings'), { ...ADMIN, body });
  }

  it('answers 204 for settings until configured, then 200 with them', async () => {
    const key = HookKeys.externalPreReceive;
    const empty = await call(server(), 'GET', hookPath(key, '/settings'), ADMIN);
    assert.equal(empty.status, 204);
    assert.equal(empty.text, '');
    const settings = { exe: '/opt/hooks/check.sh', params: 'a\nb', safe_path: true, async: false };
    const put = await putSettings(key, settings);
    assert.equal(put.status, 200);
    assert.deepEqual(put.json, settings);
    assert.deepEqual(await expectStatus(200, server(), 'GET', hookPath(key, '/settings'), ADMIN), settings);
    const hook = await expectStatus<RepositoryHook>(200, server(), 'GET', hookPath(key), ADMIN);
    assert.deepEqual([hook.configured, hook.enabled], [true, false]);
  });

  it('answers the hook object in the notes shape', async () => {
    const hook = await expectStatus<RepositoryHook>(200, server(), 'GET', hookPath(HookKeys.externalMergeCheck), ADMIN);
    assert.deepEqual(Object.keys(hook).sort(), ['configured', 'details', 'enabled', 'scope']);
    assert.deepEqual(Object.keys(hook.details).sort(), [
      'configFormKey',
      'description',
      'key',
      'name',
      'supportedScopes',
      'type',
      'version',
    ]);
    assert.equal(hook.details.key, HookKeys.externalMergeCheck);
    assert.equal(hook.details.type, 'PRE_PULL_REQUEST_MERGE');
    assert.deepEqual(hook.details.supportedScopes, ['PROJECT', 'REPOSITORY']);
    assert.deepEqual(hook.scope, { type: 'REPOSITORY', resourceId: 1 });
  });

  const notFlat: Array<[string, unknown]> = [
    ['a nested object', { exe: '/x', nested: { a: 1 } }],
    ['a list value', { exe: '/x', list: [1] }],
    ['a null value', { exe: '/x', none: null }],
    ['a list body', ['/x']],
    ['a string body', 'exe'],
    ['no body', undefined],
  ];
  for (const [what, body] of notFlat) {
    it(`refuses settings with ${what} (400, flat values only), changing nothing`, async () => {
      const result = await putSettings(HookKeys.externalPreReceive, body);
      assert.equal(result.status, 400);
      assert.equal(
        errorsOf(result)[0].message,
        'The settings must only have values of type String, Boolean or Number.',
      );
      assert.equal(
        (await call(server(), 'GET', hookPath(HookKeys.externalPreReceive, '/settings'), ADMIN)).status,
        204,
      );
    });
  }

  it('refuses settings larger than 32 KB', async () => {
    const result = await putSettings(HookKeys.externalPreReceive, { exe: '/x', params: 'p'.repeat(33 * 1024) });
    assert.equal(result.status, 400);
    assert.match(errorsOf(result)[0].message, /too large/);
    assert.equal((await call(server(), 'GET', hookPath(HookKeys.externalPreReceive, '/settings'), ADMIN)).status, 204);
  });

  it('runs the External Hooks validator: exe required, booleans and params typed, each error its own entry', async () => {
    for (const key of [HookKeys.externalPreReceive, HookKeys.externalMergeCheck]) {
      const missing = await putSettings(key, { safe_path: true });
      assert.deepEqual(
        errorsOf(missing).map((e) => [e.context, e.message]),
        [['exe', 'Executable does not exist']],
      );
      const several = await putSettings(key, { exe: '', safe_path: 'yes', async: 1, params: 3 });
      assert.equal(several.status, 400);
      assert.deepEqual(
        errorsOf(several)
          .map((e) => e.context)
          .sort(),
        ['async', 'exe', 'params', 'safe_path'],
      );
    }
  });

  it('runs the YACC validator: every regex must compile', async () => {
    const result = await putSettings(HookKeys.yacc, {
      commitMessageRegex: '^[A-Z+-\\d',
      branchNameRegex: '(',
      committerEmailRegex: '.*@example\\.com',
    });
    assert.equal(result.status, 400);
    const errors = errorsOf(result);
    assert.deepEqual(errors.map((e) => e.context).sort(), ['branchNameRegex', 'commitMessageRegex']);
    assert.ok(errors.every((e) => e.message.startsWith('Invalid Regex: ')));
    await expectStatus(200, server(), 'PUT', hookPath(HookKeys.yacc, '/settings'), {
      ...ADMIN,
      body: { commitMessageRegex: '^[A-Z]+-\\d+ ', requireJiraIssue: true },
    });
  });

  it('runs the minimum approvals validator: requiredCount is a whole number', async () => {
    const bad = await putSettings(HookKeys.requiredApprovers, { requiredCount: 'two' });
    assert.equal(errorsOf(bad)[0].context, 'requiredCount');
    assert.deepEqual(
      await expectStatus(200, server(), 'PUT', hookPath(HookKeys.requiredApprovers, '/settings'), {
        ...ADMIN,
        body: { requiredCount: '2' },
      }),
      {
        requiredCount: '2',
      },
    );
  });

  it('enables and disables, answering the hook object each time', async () => {
    const key = HookKeys.externalPreReceive;
    const enabled = await expectStatus<RepositoryHook>(200, server(), 'PUT', hookPath(key, '/enabled'), ADMIN);
    assert.deepEqual([enabled.details.key, enabled.enabled, enabled.configured], [key, true, false]);
    assert.equal((await expectStatus<RepositoryHook>(200, server(), 'GET', hookPath(key), ADMIN)).enabled, true);
    const disabled = await expectStatus<RepositoryHook>(200, server(), 'DELETE', hookPath(key, '/enabled'), ADMIN);
    assert.equal(disabled.enabled, false);
  });

  it('stores a settings body sent with PUT /enabled, after validating it', async () => {
    const key = HookKeys.externalPreReceive;
    const refused = await call(server(), 'PUT', hookPath(key, '/enabled'), { ...ADMIN, body: { exe: '' } });
    assert.equal(refused.status, 400);
    assert.equal((await expectStatus<RepositoryHook>(200, server(), 'GET', hookPath(key), ADMIN)).enabled, false);
    const hook = await expectStatus<RepositoryHook>(200, server(), 'PUT', hookPath(key, '/enabled'), {
      ...ADMIN,
      body: { exe: '/bin/true' },
    });
    assert.deepEqual([hook.enabled, hook.configured], [true, true]);
    assert.deepEqual(await expectStatus(200, server(), 'GET', hookPath(key, '/settings'), ADMIN), { exe: '/bin/true' });
  });

  it('lists hooks by type as a page', async () => {
    const preReceive = await expectStatus<Page<RepositoryHook>>(
      200,
      server(),
      'GET',
      `${HOOKS}?type=PRE_RECEIVE`,
      ADMIN,
    );
    assert.deepEqual(
      preReceive.values.map((h) => h.details.key).sort(),
      [HookKeys.externalPreReceive, HookKeys.yacc].sort(),
    );
    assert.equal(preReceive.isLastPage, true);
    const merge = await expectStatus<Page<RepositoryHook>>(
      200,
      server(),
      'GET',
      `${HOOKS}?type=PRE_PULL_REQUEST_MERGE`,
      ADMIN,
    );
    assert.deepEqual(
      merge.values.map((h) => h.details.key).sort(),
      [HookKeys.externalMergeCheck, HookKeys.requiredApprovers].sort(),
    );
    const all = await expectStatus<Page<RepositoryHook>>(200, server(), 'GET', `${HOOKS}?limit=3`, ADMIN);
    assert.deepEqual([all.size, all.isLastPage, all.nextPageStart], [3, false, 3]);
  });

  it('answers under /rest/api/1.0 too, and takes a hook key with an unencoded colon', async () => {
    const base = '/rest/api/1.0/projects/proj/repos/repo2/settings/hooks';
    const hook = await expectStatus<RepositoryHook>(200, server(), 'GET', `${base}/${HookKeys.yacc}`, ADMIN);
    assert.deepEqual([hook.details.key, hook.scope?.resourceId], [HookKeys.yacc, 2]);
  });

  it('lets only admin in (401 not permitted otherwise, for every hook endpoint)', async () => {
    const key = HookKeys.externalPreReceive;
    for (const [method, path] of [
      ['GET', HOOKS],
      ['GET', hookPath(key)],
      ['GET', hookPath(key, '/settings')],
      ['PUT', hookPath(key, '/settings')],
      ['PUT', hookPath(key, '/enabled')],
      ['DELETE', hookPath(key, '/enabled')],
    ]) {
      const result = await call(server(), method, path, {
        user: 'alice',
        body: method === 'GET' ? undefined : { exe: '/x' },
      });
      assert.equal(result.status, 401, `${method} ${path}`);
      assert.equal(errorsOf(result)[0].exceptionName, 'com.atlassian.bitbucket.AuthorisationException');
    }
    assert.equal((await call(server(), 'GET', hookPath(key, '/settings'), ADMIN)).status, 204);
  });

  it('answers 404 for an unknown hook or repository', async () => {
    const hook = await call(server(), 'GET', hookPath('com.example:nope', '/settings'), ADMIN);
    assert.equal(hook.status, 404);
    assert.equal(errorsOf(hook)[0].message, 'No such hook com.example:nope');
    const repo = await call(server(), 'GET', '/rest/api/latest/projects/PROJ/repos/nope/settings/hooks', ADMIN);
    assert.equal(repo.status, 404);
    assert.equal(errorsOf(repo)[0].message, 'Repository PROJ/nope does not exist.');
  });
});
