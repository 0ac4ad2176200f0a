import * as assert from 'node:assert/strict';
import { matchRemote, parseRemote, parseRepositoryName, sameRepository } from '../../../src/model/repositories/remotes';

const repo = (projectKey: string, repositorySlug: string) => ({ projectKey, repositorySlug });

describe('git remotes → Bitbucket repository', () => {
  describe('HTTP(S) clone URLs', () => {
    it('matches a server without a context path', () => {
      assert.deepEqual(
        matchRemote('https://bitbucket.example.com/scm/PROJ/repo1.git', 'https://bitbucket.example.com'),
        repo('PROJ', 'repo1'),
      );
    });

    it('matches with a context path and upper-cases the project key', () => {
      assert.deepEqual(
        matchRemote('https://host.example/bitbucket/scm/proj/repo1.git', 'https://host.example/bitbucket'),
        repo('PROJ', 'repo1'),
      );
    });

    it('ignores credentials in the remote and a missing .git suffix', () => {
      assert.deepEqual(
        matchRemote('https://alice@host.example/ctx/scm/PROJ/my.repo', 'https://host.example/ctx'),
        repo('PROJ', 'my.repo'),
      );
      assert.deepEqual(
        matchRemote('https://alice:secret@host.example/scm/PROJ/r.git', 'https://host.example/'),
        repo('PROJ', 'r'),
      );
    });

    it('requires the same context path', () => {
      assert.equal(matchRemote('https://host.example/scm/PROJ/repo1.git', 'https://host.example/bitbucket'), undefined);
      assert.equal(
        matchRemote('https://host.example/other/scm/PROJ/repo1.git', 'https://host.example/bitbucket'),
        undefined,
      );
      assert.equal(matchRemote('https://host.example/bitbucket/scm/PROJ/repo1.git', 'https://host.example'), undefined);
    });

    it('requires the same host and explicit port', () => {
      assert.equal(matchRemote('https://other.example/scm/PROJ/repo1.git', 'https://host.example'), undefined);
      assert.equal(matchRemote('http://127.0.0.1:8000/scm/PROJ/repo1.git', 'http://127.0.0.1:7990'), undefined);
      assert.deepEqual(
        matchRemote('http://127.0.0.1:7990/scm/PROJ/repo1.git', 'http://127.0.0.1:7990'),
        repo('PROJ', 'repo1'),
      );
    });

    it('compares host names without case and accepts http for an https server on default ports', () => {
      assert.deepEqual(matchRemote('http://HOST.example/scm/PROJ/r.git', 'https://host.example'), repo('PROJ', 'r'));
    });

    it('needs the scm segment and exactly project/repo after it', () => {
      assert.equal(matchRemote('https://host.example/PROJ/repo1.git', 'https://host.example'), undefined);
      assert.equal(matchRemote('https://host.example/scm/PROJ/repo1/extra.git', 'https://host.example'), undefined);
      assert.equal(matchRemote('https://host.example/scm/PROJ', 'https://host.example'), undefined);
    });

    it('decodes percent-encoded segments', () => {
      assert.deepEqual(
        matchRemote('https://host.example/scm/PROJ/re%20po.git', 'https://host.example'),
        repo('PROJ', 're po'),
      );
    });
  });

  describe('SSH clone URLs', () => {
    it('matches by host name only, whatever the port', () => {
      assert.deepEqual(
        matchRemote('ssh://git@host.example:7999/proj/repo1.git', 'https://host.example/bitbucket'),
        repo('PROJ', 'repo1'),
      );
      assert.deepEqual(
        matchRemote('ssh://git@Host.Example/proj/repo1.git', 'http://host.example:7990'),
        repo('PROJ', 'repo1'),
      );
    });

    it('accepts the scp-like form', () => {
      assert.deepEqual(matchRemote('git@host.example:proj/repo2.git', 'https://host.example'), repo('PROJ', 'repo2'));
    });

    it('refuses another host and personal repositories', () => {
      assert.equal(matchRemote('ssh://git@evil.example:7999/proj/repo1.git', 'https://host.example'), undefined);
      assert.equal(matchRemote('ssh://git@host.example:7999/~alice/repo1.git', 'https://host.example'), undefined);
    });
  });

  it('refuses local paths, other schemes and garbage', () => {
    for (const raw of [
      '',
      '   ',
      '/srv/git/repo.git',
      'C:\\repos\\x.git',
      'file:///srv/scm/PROJ/r.git',
      'ftp://host.example/scm/P/r.git',
      'not a url',
    ]) {
      assert.equal(matchRemote(raw, 'https://host.example'), undefined, raw);
    }
    assert.equal(matchRemote('https://host.example/scm/PROJ/r.git', 'not a url'), undefined);
    assert.equal(parseRemote('https://host.example/scm/%E0%A4%A/r.git'), undefined, 'a broken escape');
  });

  it('compares project keys without case and slugs exactly', () => {
    assert.equal(sameRepository(repo('proj', 'r'), repo('PROJ', 'r')), true);
    assert.equal(sameRepository(repo('PROJ', 'R'), repo('PROJ', 'r')), false);
  });

  it('reads a repository typed as PROJECT/slug', () => {
    assert.deepEqual(parseRepositoryName(' proj / repo-1.git '), repo('PROJ', 'repo-1'));
    assert.deepEqual(parseRepositoryName('PROJ/my.repo'), repo('PROJ', 'my.repo'));
    for (const bad of ['', 'PROJ', 'PROJ/', '/repo', 'PROJ/a/b', 'PR OJ/repo', 'PROJ/re po']) {
      assert.equal(parseRepositoryName(bad), undefined, bad);
    }
  });
});
