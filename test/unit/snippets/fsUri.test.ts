import * as assert from 'node:assert/strict';
import { serverHost as authorityOf } from '../../../src/util/serverUrl';
import {
  formatSnippetUri,
  isOnServer,
  parseSnippetPath,
  parseSnippetUri,
  snippetUriComponents,
} from '../../../src/snippets/core/snippetUri';

const odd = [
  'snippet.ts',
  'my file.txt',
  'a#b.md',
  '100%.txt',
  'what?.sh',
  'ünïcödé 文件.py',
  '.bashrc',
  '..hidden',
  'Dockerfile',
  'a+b=c&d.txt',
  'emoji 🚀.md',
  'dir/inner.txt',
  '%2F literally.txt',
];

describe('snippet URIs', () => {
  it('round-trips odd file names through the decoded components', () => {
    for (const name of odd) {
      const c = snippetUriComponents('https://Bitbucket.Example.com:8443/bitbucket', 'guid-1', name);
      assert.equal(c.scheme, 'bitbucket-snippet');
      assert.equal(c.authority, 'bitbucket.example.com:8443');
      assert.deepEqual(parseSnippetPath(c.authority, c.path), { authority: 'bitbucket.example.com:8443', snippetGuid: 'guid-1', fileName: name }, name);
    }
  });

  it('round-trips odd file names through the text form', () => {
    for (const name of odd) {
      const text = formatSnippetUri('http://127.0.0.1:7990', 'g', name);
      assert.ok(!text.slice('bitbucket-snippet://'.length).includes('#'), `"#" must be escaped in ${text}`);
      assert.ok(!text.includes('?'), `"?" must be escaped in ${text}`);
      assert.deepEqual(parseSnippetUri(text), { authority: '127.0.0.1:7990', snippetGuid: 'g', fileName: name }, name);
    }
  });

  it('addresses a snippet folder without a file name', () => {
    const c = snippetUriComponents('http://localhost:7990', 'abc');
    assert.equal(c.path, '/abc');
    assert.deepEqual(parseSnippetPath(c.authority, c.path), { authority: 'localhost:7990', snippetGuid: 'abc', fileName: undefined });
  });

  it('leaves the default port and the context path out of the authority', () => {
    assert.equal(authorityOf('https://host.example/bitbucket'), 'host.example');
    assert.equal(authorityOf('http://host.example:80'), 'host.example');
    assert.ok(isOnServer({ authority: 'host.example' }, 'https://HOST.example/ctx'));
    assert.ok(!isOnServer({ authority: 'host.example:8443' }, 'https://host.example'));
  });

  it('refuses malformed paths and other schemes', () => {
    assert.equal(parseSnippetPath('h', ''), undefined);
    assert.equal(parseSnippetPath('h', '/'), undefined);
    assert.equal(parseSnippetPath('h', '/guid/'), undefined);
    assert.equal(parseSnippetUri('file:///guid/x.txt'), undefined);
    assert.equal(parseSnippetUri('bitbucket-snippet://h/g/%E0%A4%A'), undefined);
    assert.throws(() => snippetUriComponents('http://h', 'a/b', 'x'));
    assert.throws(() => snippetUriComponents('http://h', 'g', ''));
  });
});
