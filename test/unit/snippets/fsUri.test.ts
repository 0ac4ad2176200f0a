import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { serverHost as serverAuthority } from '../../../src/util/serverUrl';
import {
  accountOfLocation,
  displaySafeName,
  isOfAccount,
  isOnServer,
  parseSnippetComponents,
  snippetUriComponents,
  type SnippetLocation,
} from '../../../src/model/snippets/snippetUri';
import { formatSnippetUri, parseSnippetUri } from '../../support/snippetUriText';

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
  'guid=x&ctx=y',
  'emoji 🚀.md',
  'dir/inner.txt',
  '%2F literally.txt',
];

const alice = { serverUrl: 'https://Bitbucket.Example.com:8443/bitbucket', username: 'alice' };
const snippet = { guid: 'guid-1', name: 'Nightly backup' };

describe('snippet URIs', () => {
  it('puts the user, host and port in the authority, the snippet and file names in the path, identity in the query', () => {
    const c = snippetUriComponents(alice, snippet, 'backup.sh');
    assert.deepEqual(c, {
      scheme: 'bitbucket-snippet',
      authority: 'alice@bitbucket.example.com:8443',
      path: '/Nightly backup/backup.sh',
      query: 'guid=guid-1&ctx=%2Fbitbucket',
    });
    assert.equal(
      formatSnippetUri(alice, snippet, 'backup.sh'),
      'bitbucket-snippet://alice@bitbucket.example.com:8443/Nightly%20backup/backup.sh?guid%3Dguid-1%26ctx%3D%252Fbitbucket',
    );
  });

  it('round-trips odd file names through the decoded components and the text form', () => {
    for (const name of odd) {
      const c = snippetUriComponents(alice, snippet, name);
      const expected: SnippetLocation = {
        authority: 'bitbucket.example.com:8443',
        username: 'alice',
        contextPath: '/bitbucket',
        snippetGuid: 'guid-1',
        fileName: name,
      };
      assert.deepEqual(parseSnippetComponents(c.authority, c.path, c.query), expected, name);
      const text = formatSnippetUri(alice, snippet, name);
      assert.equal(text.split('?').length, 2, `only the query's "?" is left unescaped in ${text}`);
      assert.ok(!text.includes('#'), `"#" must be escaped in ${text}`);
      assert.deepEqual(parseSnippetUri(text), expected, name);
    }
  });

  it('round-trips odd snippet names: the guid, not the name, says which snippet', () => {
    for (const name of [
      'a/b',
      'x\\y',
      '..',
      '',
      '   ',
      'tab\there',
      'line\nbreak',
      '?#%',
      'ünï/cödé',
      'x'.repeat(200),
    ]) {
      const c = snippetUriComponents(alice, { guid: 'g', name }, 'f.txt');
      const segments = c.path.split('/');
      assert.equal(segments.length, 3, `the name "${name}" made more than one segment: ${c.path}`);
      assert.ok(!['', '.', '..'].includes(segments[1]), `"${name}" reads as ${segments[1]}`);
      assert.ok(segments[1].length <= 80);
      assert.deepEqual(
        parseSnippetUri(formatSnippetUri(alice, { guid: 'g', name }, 'f.txt')),
        parseSnippetComponents(c.authority, c.path, c.query),
      );
      assert.equal(parseSnippetComponents(c.authority, c.path, c.query)?.snippetGuid, 'g');
    }
    assert.equal(displaySafeName('a/b'), 'a\u2215b');
    assert.equal(displaySafeName('  two   spaces '), 'two spaces');
  });

  it('keeps a user name with "@" or odd characters', () => {
    const account = { serverUrl: 'http://127.0.0.1:7990', username: 'jane.doe@example.com' };
    const loc = parseSnippetUri(formatSnippetUri(account, snippet, 'a.txt'));
    assert.equal(loc?.username, 'jane.doe@example.com');
    assert.equal(loc?.authority, '127.0.0.1:7990');
    assert.equal(loc?.contextPath, '');
  });

  it('addresses a snippet without a file name', () => {
    const c = snippetUriComponents(alice, snippet);
    assert.equal(c.path, '/Nightly backup');
    assert.equal(parseSnippetComponents(c.authority, c.path, c.query)?.fileName, undefined);
  });

  it('tells apart two servers on one host by port or context path, and two users on one server', () => {
    const accounts = [
      { serverUrl: 'http://127.0.0.1:7990', username: 'alice' },
      { serverUrl: 'http://127.0.0.1:7991', username: 'alice' },
      { serverUrl: 'http://127.0.0.1:7990/bitbucket', username: 'alice' },
      { serverUrl: 'http://127.0.0.1:7990', username: 'bob' },
    ];
    const uris = accounts.map((a) => formatSnippetUri(a, snippet, 'a.txt'));
    assert.equal(new Set(uris).size, accounts.length, uris.join('\n'));
    for (const [i, uri] of uris.entries()) {
      const loc = parseSnippetUri(uri)!;
      assert.deepEqual(
        accounts.filter((a) => isOfAccount(loc, a)),
        [accounts[i]],
        uri,
      );
      assert.equal(accountOfLocation(loc, accounts, accounts[3]), accounts[i], uri);
    }
    assert.equal(
      accountOfLocation(
        parseSnippetUri(formatSnippetUri({ serverUrl: 'http://other:1', username: 'alice' }, snippet, 'a'))!,
        accounts,
        accounts[0],
      ),
      undefined,
    );
  });

  it('still reads the old form (no query), and gives it to the default account on its host', () => {
    const loc = parseSnippetUri('bitbucket-snippet://127.0.0.1:7990/3f1c-guid/backup%20copy.sh')!;
    assert.deepEqual(loc, {
      authority: '127.0.0.1:7990',
      username: undefined,
      contextPath: undefined,
      snippetGuid: '3f1c-guid',
      fileName: 'backup copy.sh',
    });
    const alice7990 = { serverUrl: 'http://127.0.0.1:7990', username: 'alice' };
    const bob7990 = { serverUrl: 'http://127.0.0.1:7990/ctx', username: 'bob' };
    const other = { serverUrl: 'http://127.0.0.1:7991', username: 'carol' };
    assert.equal(
      accountOfLocation(loc, [alice7990, bob7990, other], bob7990),
      bob7990,
      'the default account when it is on that host',
    );
    assert.equal(
      accountOfLocation(loc, [other, alice7990, bob7990], other),
      alice7990,
      'else the first account on that host',
    );
    assert.equal(accountOfLocation(loc, [other], other), undefined);
  });

  it('leaves the default port out of the authority', () => {
    assert.equal(serverAuthority('https://host.example/bitbucket'), 'host.example');
    assert.equal(serverAuthority('http://host.example:80'), 'host.example');
    assert.ok(isOnServer({ authority: 'host.example', contextPath: '/ctx' }, 'https://HOST.example/ctx'));
    assert.ok(!isOnServer({ authority: 'host.example', contextPath: '' }, 'https://host.example/ctx'));
    assert.ok(!isOnServer({ authority: 'host.example:8443', contextPath: '' }, 'https://host.example'));
  });

  it('refuses malformed URIs and other schemes', () => {
    assert.equal(parseSnippetComponents('h', '', ''), undefined);
    assert.equal(parseSnippetComponents('h', '/', ''), undefined);
    assert.equal(parseSnippetComponents('h', '/guid/', ''), undefined);
    assert.equal(parseSnippetComponents('a@h', '/name/f', 'guid='), undefined, 'an empty guid');
    assert.equal(parseSnippetComponents('@h', '/name/f', 'guid=g'), undefined, 'an empty user');
    assert.equal(parseSnippetComponents('', '/name/f', 'guid=g'), undefined, 'no host');
    assert.equal(parseSnippetUri('file:///guid/x.txt'), undefined);
    assert.equal(parseSnippetUri('bitbucket-snippet://h/g/%E0%A4%A'), undefined);
    assert.throws(() => snippetUriComponents(alice, { guid: '', name: 'x' }, 'x'));
    assert.throws(() => snippetUriComponents(alice, snippet, ''));
  });

  describe('a path VS Code writes into its messages', () => {
    // VS Code 1.100's link syntax in notifications (vs/base/common/linkedText.ts), and the form of
    // a URI in its "Failed to save '<uri>'" message: toString(true) leaves the path as it is.
    const VSCODE_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
    const shownInMessage = (c: { scheme: string; authority: string; path: string; query: string }) =>
      `${c.scheme}://${c.authority}${c.path}?${c.query}`;
    const alice = { serverUrl: 'https://bitbucket.example.com', username: 'alice' };
    const planted = '[Sign in again](command:workbench.action.terminal.new)';

    it('holds no live link for a snippet or file name that carries one, and still addresses the file', () => {
      const c = snippetUriComponents(alice, { guid: 'g1', name: `Deploy ${planted}` }, `${planted}.sh`);
      assert.deepEqual(shownInMessage(c).match(VSCODE_LINK), null);
      assert.equal(parseSnippetComponents(c.authority, c.path, c.query)?.fileName, `${planted}.sh`);
      const text = formatSnippetUri(alice, { guid: 'g1', name: planted }, planted);
      assert.equal(parseSnippetUri(text)?.fileName, planted);
    });

    it('keeps ordinary file names in the path with no file= in the query', () => {
      const c = snippetUriComponents(alice, { guid: 'g1', name: 'notes' }, 'a[1].txt');
      assert.equal(c.path, '/notes/a[1].txt');
      assert.equal(new URLSearchParams(c.query).has('file'), false);
    });

    it('a file written beside one with file= (joinPath keeps the query) is the new name, not the old file', () => {
      const c = snippetUriComponents(alice, { guid: 'g1', name: 'notes' }, planted);
      const beside = parseSnippetComponents(c.authority, '/notes/new.txt', c.query);
      assert.equal(beside?.fileName, 'new.txt');
      assert.equal(beside?.snippetGuid, 'g1');
    });

    it('for any snippet and file name: no live link, no control or bidi character, and the file round-trips', () => {
      const piece = fc.oneof(
        fc.constantFrom('[', ']', '(', ')', 'command:x', 'https://e', '/', '\u202E', '\u0000', '\n', ' '),
        fc.string({ maxLength: 4, unit: 'grapheme' }),
      );
      const name = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
      fc.assert(
        fc.property(
          name,
          name.filter((f) => f !== ''),
          (snippetName, fileName) => {
            const c = snippetUriComponents(alice, { guid: 'g1', name: snippetName }, fileName);
            const shown = shownInMessage(c);
            assert.deepEqual(shown.match(VSCODE_LINK), null, shown);
            // eslint-disable-next-line no-control-regex -- finding control characters is the point
            assert.equal(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/.test(c.path), false, JSON.stringify(c.path));
            assert.equal(parseSnippetComponents(c.authority, c.path, c.query)?.fileName, fileName);
          },
        ),
        { numRuns: 2000 },
      );
    });
  });
});
