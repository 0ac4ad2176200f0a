import * as assert from 'node:assert/strict';
import { hookDocumentPath, parseHookDocument } from '../../../src/hooks/hookUri';
import { serverHost as serverAuthority } from '../../../src/util/serverUrl';

describe('hook document URIs', () => {
  const externalHook = 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook';

  it('maps a hook to a path ending in <key>.json and back', () => {
    const doc = { projectKey: 'PROJ', repositorySlug: 'repo1', hookKey: externalHook };
    const path = hookDocumentPath(doc);
    assert.equal(path, `/PROJ/repo1/${externalHook}.json`);
    assert.deepEqual(parseHookDocument('127.0.0.1:7990', path), { authority: '127.0.0.1:7990', ...doc });
  });

  it('round-trips odd keys and slugs: slashes, percent signs, spaces, dots, unicode', () => {
    const odd = [
      { projectKey: '~ALICE', repositorySlug: 'my.repo-_x', hookKey: 'a/b:c' },
      { projectKey: 'P', repositorySlug: '100%', hookKey: '%2F already escaped' },
      { projectKey: 'P', repositorySlug: 'back\\slash', hookKey: 'ключ.json' },
      { projectKey: 'P', repositorySlug: '.server', hookKey: 'x' },
    ];
    for (const doc of odd) {
      const path = hookDocumentPath(doc);
      assert.equal(path.split('/').length, 4, `${path} must have exactly three segments`);
      assert.deepEqual(parseHookDocument('h', path), { authority: 'h', ...doc }, path);
    }
  });

  it('marks the read-only server copy separately', () => {
    const doc = { projectKey: 'PROJ', repositorySlug: 'repo1', hookKey: 'k', serverCopy: true };
    const path = hookDocumentPath(doc);
    assert.equal(path, '/.server/PROJ/repo1/k.json');
    assert.deepEqual(parseHookDocument('h', path), { authority: 'h', ...doc });
    assert.equal(parseHookDocument('h', '/PROJ/repo1/k.json')?.serverCopy, undefined);
  });

  it('refuses paths that are not hook documents', () => {
    for (const path of ['/', '/PROJ', '/PROJ/repo1', '/PROJ/repo1/k.txt', '/PROJ/repo1/.json', '/a/b/c/d.json', '/PROJ/repo1/%E0%A4.json', '//repo/k.json']) {
      assert.equal(parseHookDocument('h', path), undefined, path);
    }
    assert.equal(parseHookDocument('', '/PROJ/repo1/k.json'), undefined);
  });

  it('takes host and port of the server, without the context path', () => {
    assert.equal(serverAuthority('https://Bitbucket.Example.com/bitbucket'), 'bitbucket.example.com');
    assert.equal(serverAuthority('http://127.0.0.1:7990'), '127.0.0.1:7990');
  });
});
