import * as assert from 'node:assert/strict';
import {
  branchRef,
  defaultBranch,
  orderRefs,
  refEntry,
  refNameProblem,
  tagRef,
} from '../../../src/model/repositories/refs';

describe('refs', () => {
  it('accepts full branch and tag names', () => {
    for (const ok of ['refs/heads/main', 'refs/heads/feature/x-1', 'refs/tags/v1.0.0', 'refs/heads/ünïcode']) {
      assert.equal(refNameProblem(ok), undefined, ok);
    }
  });

  it('says why a name is refused', () => {
    const cases: Array<[string, RegExp]> = [
      ['main', /full name/],
      ['refs/remotes/origin/main', /full name/],
      ['refs/heads/', /missing/],
      ['refs/heads/a b', /spaces/],
      ['refs/heads/a..b', /\.\./],
      ['refs/heads/a@{1}', /@\{/],
      ['refs/heads/a//b', /\/\//],
      ['refs/heads/a/', /end with "\/"/],
      ['refs/heads/.hidden', /start with "\."/],
      ['refs/heads/x.lock', /\.lock/],
      ['refs/tags/v1.', /end with "\."/],
      ['refs/heads/a:b', /~ \^ :/],
      ['refs/heads/<img src=x onerror=alert(1)>', /spaces/],
      ['refs/heads/' + 'x'.repeat(1100), /too long/],
    ];
    for (const [name, why] of cases) assert.match(refNameProblem(name) ?? 'accepted', why, name);
  });

  it('splits full names into kind and short name', () => {
    assert.deepEqual(refEntry('refs/tags/v1'), { refId: 'refs/tags/v1', kind: 'tag', name: 'v1' });
    assert.equal(refEntry('HEAD'), undefined);
    assert.equal(branchRef('a/b'), 'refs/heads/a/b');
    assert.equal(tagRef('v2'), 'refs/tags/v2');
  });

  it('picks the upstream branch, else main, else master', () => {
    assert.equal(defaultBranch(['dev', 'main', 'master'], 'dev'), 'dev');
    assert.equal(defaultBranch(['dev', 'main', 'master'], 'gone'), 'main');
    assert.equal(defaultBranch(['dev', 'master']), 'master');
    assert.equal(defaultBranch(['dev']), undefined);
  });

  it('lists the default branch first, then branches, then tags, each once', () => {
    const refs = [
      'refs/tags/v1',
      'refs/heads/zeta',
      'refs/heads/main',
      'refs/heads/alpha',
      'refs/heads/main',
      'refs/tags/a',
    ].map((r) => refEntry(r)!);
    assert.deepEqual(
      orderRefs(refs, 'main').map((r) => r.refId),
      ['refs/heads/main', 'refs/heads/alpha', 'refs/heads/zeta', 'refs/tags/a', 'refs/tags/v1'],
    );
  });
});
