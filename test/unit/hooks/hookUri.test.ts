import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  accountOfHookDocument,
  hookDocumentComponents,
  hookDocumentPath,
  isHookDocumentOf,
  parseHookDocument,
} from '../../../src/model/hooks/hookUri';
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
    for (const path of [
      '/',
      '/PROJ',
      '/PROJ/repo1',
      '/PROJ/repo1/k.txt',
      '/PROJ/repo1/.json',
      '/a/b/c/d.json',
      '/PROJ/repo1/%E0%A4.json',
      '//repo/k.json',
    ]) {
      assert.equal(parseHookDocument('h', path), undefined, path);
    }
    assert.equal(parseHookDocument('', '/PROJ/repo1/k.json'), undefined);
  });

  it('takes host and port of the server, without the context path', () => {
    assert.equal(serverAuthority('https://Bitbucket.Example.com/bitbucket'), 'bitbucket.example.com');
    assert.equal(serverAuthority('http://127.0.0.1:7990'), '127.0.0.1:7990');
  });
});

describe('hook document URIs of an account', () => {
  const doc = { projectKey: 'PROJ', repositorySlug: 'repo1', hookKey: 'com.example:hook' };
  const alice = { serverUrl: 'https://bitbucket.example.com', username: 'alice' };
  const staging = { serverUrl: 'https://bitbucket.example.com:8443/bitbucket', username: 'alice' };
  const bob = { serverUrl: 'https://bitbucket.example.com', username: 'bob' };

  /** What vscode.Uri gives back for the components: authority, decoded path, decoded query. */
  const roundTrip = (account: typeof alice, serverCopy = false) => {
    const c = hookDocumentComponents(account, { ...doc, ...(serverCopy ? { serverCopy } : {}) });
    return parseHookDocument(c.authority, c.path, decodeURIComponent(c.query));
  };

  it('names the user, the host with its port and the context path, and reads back the same hook', () => {
    const c = hookDocumentComponents(staging, doc);
    assert.equal(c.authority, 'alice@bitbucket.example.com:8443');
    assert.equal(c.query, 'ctx=%2Fbitbucket');
    assert.deepEqual(roundTrip(staging), {
      authority: 'bitbucket.example.com:8443',
      username: 'alice',
      contextPath: '/bitbucket',
      ...doc,
    });
    assert.deepEqual(roundTrip(alice), {
      authority: 'bitbucket.example.com',
      username: 'alice',
      contextPath: '',
      ...doc,
    });
    assert.equal(roundTrip(alice, true)?.serverCopy, true);
  });

  it('escapes a user name that holds an @ or a colon', () => {
    const odd = { serverUrl: 'https://h', username: 'a@b:c' };
    const c = hookDocumentComponents(odd, doc);
    assert.equal(parseHookDocument(c.authority, c.path, c.query)?.username, 'a@b:c');
  });

  it('gives each account its own document: two users, two ports, two context paths', () => {
    const accounts = [alice, bob, staging, { serverUrl: 'https://bitbucket.example.com/other', username: 'alice' }];
    const uris = accounts.map((a) => {
      const c = hookDocumentComponents(a, doc);
      return `${c.authority}${c.path}?${c.query}`;
    });
    assert.equal(new Set(uris).size, accounts.length);
    for (const a of accounts) {
      const parsed = roundTrip(a);
      assert.ok(parsed);
      assert.deepEqual(accountOfHookDocument(parsed, accounts, alice), a);
    }
  });

  it('sends the earlier form (no user) to the default account of its host, else to the first one there', () => {
    const old = parseHookDocument('bitbucket.example.com', hookDocumentPath(doc));
    assert.ok(old);
    assert.equal(old.username, undefined);
    assert.deepEqual(accountOfHookDocument(old, [alice, bob], bob), bob);
    assert.deepEqual(accountOfHookDocument(old, [staging, alice, bob], staging), alice);
    assert.equal(accountOfHookDocument(old, [staging], staging), undefined);
  });

  it('finds no account when the named user is not signed in', () => {
    const c = hookDocumentComponents(bob, doc);
    const parsed = parseHookDocument(c.authority, c.path, c.query);
    assert.ok(parsed);
    assert.equal(accountOfHookDocument(parsed, [alice, staging], alice), undefined);
    assert.equal(isHookDocumentOf(parsed, bob), true);
  });

  it('refuses an empty user or a context path that is not a path', () => {
    assert.equal(parseHookDocument('@h', hookDocumentPath(doc)), undefined);
    assert.equal(parseHookDocument('alice@h', hookDocumentPath(doc), 'ctx=bitbucket'), undefined);
  });

  it('a path VS Code writes into its messages holds no live link and no control or bidi character, and reads back the same hook', () => {
    const VSCODE_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
    const piece = fc.oneof(
      fc.constantFrom('[', ']', '(', ')', 'command:x', '/', '%', '\\', '\u202E', '\u0000', '.'),
      fc.string({ maxLength: 4, unit: 'grapheme' }),
    );
    const segment = fc
      .array(piece, { minLength: 1, maxLength: 8 })
      .map((p) => p.join(''))
      .filter((p) => p !== '');
    const account = { serverUrl: 'https://bitbucket.example.com', username: 'admin' };
    fc.assert(
      fc.property(segment, segment, segment, (projectKey, repositorySlug, hookKey) => {
        const c = hookDocumentComponents(account, { projectKey, repositorySlug, hookKey });
        assert.deepEqual(`bitbucket-hook://${c.authority}${c.path}`.match(VSCODE_LINK), null);
        // eslint-disable-next-line no-control-regex -- finding control characters is the point
        assert.equal(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/.test(c.path), false);
        const back = parseHookDocument(c.authority, c.path, c.query);
        assert.deepEqual(
          [back?.projectKey, back?.repositorySlug, back?.hookKey],
          [projectKey, repositorySlug, hookKey],
        );
      }),
      { numRuns: 2000 },
    );
  });
});
