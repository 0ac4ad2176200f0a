import assert from 'node:assert/strict';
import type { PagesNewRefsSetting, PagesRefSetting } from '../../src/api/types';
import { call, errorsOf, expectStatus, useServer } from './testClient';

const PREFIX = '/rest/latest/pages-settings/PROJ/repo1';
const ALT_PREFIX = '/rest/pages/latest/pages-settings/PROJ/repo1';

function enabledPath(refId: string, prefix = PREFIX): string {
  return `${prefix}/enabled?refId=${encodeURIComponent(refId)}`;
}

describe('local server: pages settings', () => {
  const server = useServer();

  it('switches one ref on and off, default off, per repository', async () => {
    const ref = 'refs/heads/main';
    assert.deepEqual(await expectStatus(200, server(), 'GET', enabledPath(ref)), {
      repositoryId: 1,
      refId: ref,
      isEnabled: false,
    });
    assert.deepEqual(await expectStatus(200, server(), 'PUT', enabledPath(ref)), {
      repositoryId: 1,
      refId: ref,
      isEnabled: true,
    });
    assert.equal((await expectStatus<PagesRefSetting>(200, server(), 'GET', enabledPath(ref))).isEnabled, true);
    const other = await expectStatus<PagesRefSetting>(
      200,
      server(),
      'GET',
      enabledPath(ref, '/rest/latest/pages-settings/PROJ/repo2'),
    );
    assert.deepEqual([other.repositoryId, other.isEnabled], [2, false]);
    assert.equal(
      (await expectStatus<PagesRefSetting>(200, server(), 'GET', enabledPath('refs/heads/other'))).isEnabled,
      false,
    );
    assert.deepEqual(await expectStatus(200, server(), 'DELETE', enabledPath(ref)), {
      repositoryId: 1,
      refId: ref,
      isEnabled: false,
    });
    assert.equal((await expectStatus<PagesRefSetting>(200, server(), 'GET', enabledPath(ref))).isEnabled, false);
  });

  it('keeps ref names with spaces, #, %, / and unicode intact', async () => {
    const ref = 'refs/heads/feature/50% off #1 ünïcode 🚀';
    const answer = await expectStatus<PagesRefSetting>(200, server(), 'PUT', enabledPath(ref));
    assert.equal(answer.refId, ref);
    assert.equal((await expectStatus<PagesRefSetting>(200, server(), 'GET', enabledPath(ref))).isEnabled, true);
    assert.equal(
      (await expectStatus<PagesRefSetting>(200, server(), 'GET', enabledPath('refs/heads/feature/50'))).isEnabled,
      false,
    );
  });

  it('serves the same settings under the alternative prefix', async () => {
    await expectStatus(200, server(), 'PUT', enabledPath('refs/tags/v1', ALT_PREFIX));
    assert.equal(
      (await expectStatus<PagesRefSetting>(200, server(), 'GET', enabledPath('refs/tags/v1'))).isEnabled,
      true,
    );
  });

  it('answers the new-refs switches with both values after each change', async () => {
    const put = (what: string): Promise<PagesNewRefsSetting> =>
      expectStatus(200, server(), 'PUT', `${PREFIX}/enabled-for-new-${what}`);
    const del = (what: string): Promise<PagesNewRefsSetting> =>
      expectStatus(200, server(), 'DELETE', `${PREFIX}/enabled-for-new-${what}`);
    assert.deepEqual(await put('branches'), { repositoryId: 1, isEnabledForBranches: true, isEnabledForTags: false });
    assert.deepEqual(await put('tags'), { repositoryId: 1, isEnabledForBranches: true, isEnabledForTags: true });
    assert.deepEqual(await del('branches'), { repositoryId: 1, isEnabledForBranches: false, isEnabledForTags: true });
    assert.deepEqual(await del('tags'), { repositoryId: 1, isEnabledForBranches: false, isEnabledForTags: false });
  });

  for (const method of ['GET', 'PUT', 'DELETE']) {
    it(`refuses ${method} /enabled without refId (400, context refId)`, async () => {
      for (const query of ['', '?refId=', '?other=1']) {
        const result = await call(server(), method, `${PREFIX}/enabled${query}`);
        assert.equal(result.status, 400, query);
        assert.equal(errorsOf(result)[0].context, 'refId');
      }
      assert.deepEqual(server().state.data.pages, {});
    });
  }

  it('lets read-only bob read but not change (401 not permitted)', async () => {
    await expectStatus(200, server(), 'GET', enabledPath('refs/heads/main'), { user: 'bob' });
    for (const [method, path] of [
      ['PUT', enabledPath('refs/heads/main')],
      ['DELETE', enabledPath('refs/heads/main')],
      ['PUT', `${PREFIX}/enabled-for-new-branches`],
      ['DELETE', `${PREFIX}/enabled-for-new-tags`],
    ]) {
      const result = await call(server(), method, path, { user: 'bob' });
      assert.equal(result.status, 401, `${method} ${path}`);
      assert.equal(errorsOf(result)[0].exceptionName, 'com.atlassian.bitbucket.AuthorisationException');
    }
    await expectStatus(200, server(), 'PUT', enabledPath('refs/heads/main'), { user: 'admin' });
  });

  it('finds the project key in any case and answers 404 for an unknown repository', async () => {
    await expectStatus(200, server(), 'GET', enabledPath('refs/heads/main', '/rest/latest/pages-settings/proj/repo1'));
    const missing = await call(
      server(),
      'GET',
      enabledPath('refs/heads/main', '/rest/latest/pages-settings/PROJ/nope'),
    );
    assert.equal(missing.status, 404);
    assert.deepEqual(errorsOf(missing)[0], {
      context: null,
      message: 'Repository PROJ/nope does not exist.',
      exceptionName: 'com.atlassian.bitbucket.repository.NoSuchRepositoryException',
    });
  });
});
