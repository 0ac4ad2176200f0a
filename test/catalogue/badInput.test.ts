// The bad-input catalogue: one case per value a user can type, driven through the layer of the
// product that handles it. Each case ends in success (with the value kept exactly) or in a clear
// message; never a crash, a hang (mocha's timeout) or a silent change. The choices are written
// down in the README under "Bad input".
//
// Layers: the API client against the local server for names, content, refIds, project keys and
// slugs; the snippet URI mapping for file names in documents; the save logic (what the commands
// and the file system provider call) for the local checks of names, file names and categories;
// the hook settings validator for hook JSON; the Pages ref check for refIds typed in the panel.
import * as assert from 'node:assert/strict';
import { BitbucketClient, BitbucketError, type BitbucketErrorKind, type RepositoryRef } from '../../src/api';
import { checkSettingsText, MAX_SETTINGS_BYTES } from '../../src/model/hooks/settingsValidator';
import { refNameProblem } from '../../src/model/repositories/refs';
import {
  fileNameProblem,
  formatCategories,
  parseCategories,
  SnippetEditError,
  withDetails,
  withFileAdded,
  withFileContent,
  withFileRenamed,
} from '../../src/model/snippets/edits';
import { parseSnippetComponents, snippetUriComponents } from '../../src/model/snippets/snippetUri';
import { formatSnippetUri, parseSnippetUri } from '../support/snippetUriText';
import { describeError } from '../../src/util/describeError';
import { startServer, type RunningServer } from '../server/server';

const EXT_PRE = 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook';
const repo1: RepositoryRef = { projectKey: 'PROJ', repositorySlug: 'repo1' };

/** The call must fail with a BitbucketError of `kind` whose user-facing message matches `pattern`. */
async function clearFailure(call: Promise<unknown>, kind: BitbucketErrorKind, pattern: RegExp): Promise<string> {
  let error: unknown;
  try {
    await call;
  } catch (err) {
    error = err;
  }
  assert.ok(error instanceof BitbucketError, `expected a BitbucketError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.toLogString());
  const shown = describeError(error, { action: 'save the snippet', host: 'bitbucket.example.com', user: 'alice' });
  assert.match(shown, pattern);
  assert.doesNotMatch(shown, /\[object |undefined|at \w+ \(/, 'no raw objects or stack traces in the message');
  return shown;
}

function refusedLocally(action: () => unknown, pattern: RegExp): void {
  assert.throws(action, (err: unknown) => err instanceof SnippetEditError && pattern.test(err.message));
}

describe('bad-input catalogue', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let alice: BitbucketClient;
  let admin: BitbucketClient;

  before(async () => {
    server = await startServer({ port: 0, contextPath: '/bitbucket' });
    alice = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
    });
    admin = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'admin', password: 'admin' }),
    });
  });
  after(async () => {
    await alice.dispose();
    await admin.dispose();
    await server.close();
  });

  const create = (name: string, files: Array<{ name: string; content: string }> = [{ name: 'a.txt', content: 'x' }]) =>
    alice.createSnippet({ name, files });

  describe('snippet names', () => {
    it('empty: refused before sending, and by the server with the field named', async () => {
      const existing = await create('to rename');
      refusedLocally(() => withDetails(existing, { name: '', description: '', categories: [] }), /needs a name/);
      await clearFailure(create(''), 'validation', /the server refused it\. name: A snippet needs a name/);
    });

    it('only spaces: the same as empty (names are trimmed)', async () => {
      const existing = await create('to rename');
      refusedLocally(() => withDetails(existing, { name: '   \t ', description: '', categories: [] }), /needs a name/);
      await clearFailure(create('   '), 'validation', /name: A snippet needs a name/);
      // Spaces around a real name are trimmed, not kept.
      assert.equal(withDetails(existing, { name: '  padded  ', description: '', categories: [] }).name, 'padded');
    });

    it('1,000 characters: saved and read back whole', async () => {
      const name = 'n'.repeat(999) + 'é';
      const created = await create(name);
      assert.equal(created.name, name);
      assert.equal((await alice.getSnippet(created.guid)).name, name);
    });

    it('unicode (accents, CJK, emoji, right-to-left, combining marks): kept exactly, not normalised', async () => {
      for (const name of ['Grüße', '日本語のスニペット', 'rocket 🚀 launch', 'שלום', 'e\u0301 decomposed']) {
        const created = await create(name);
        assert.equal((await alice.getSnippet(created.guid)).name, name);
      }
    });
  });

  describe('file names', () => {
    const odd = [
      'a:b.txt',
      'star*.md',
      'what?.sh',
      'issue#12.md',
      '100%.txt',
      '%20literal.txt',
      '.env',
      '..hidden',
      'ünïcödé ✓.ts',
      'with space.txt',
    ];

    it('with : * ? # %, a leading dot, spaces or unicode: accepted, and round-trip through the server', async () => {
      for (const name of odd) assert.equal(fileNameProblem(name, []), undefined, name);
      const created = await create(
        'odd file names',
        odd.map((name, i) => ({ name, content: `file ${i}` })),
      );
      const read = await alice.getSnippet(created.guid);
      assert.deepEqual(
        read.files.map((f) => f.name),
        odd,
      );
      assert.deepEqual(
        read.files.map((f) => f.content),
        odd.map((_, i) => `file ${i}`),
      );
    });

    it('with : * ? # %, a leading dot, spaces or unicode: the document URI maps back to the same file', () => {
      for (const name of odd) {
        const account = { serverUrl: 'https://bitbucket.example.com/ctx', username: 'alice' };
        const snippet = { guid: 'guid-1', name: `odd ${name}` };
        const c = snippetUriComponents(account, snippet, name);
        assert.deepEqual(
          parseSnippetComponents(c.authority, c.path, c.query),
          {
            authority: 'bitbucket.example.com',
            username: 'alice',
            contextPath: '/ctx',
            snippetGuid: 'guid-1',
            fileName: name,
          },
          name,
        );
        assert.equal(parseSnippetUri(formatSnippetUri(account, snippet, name))?.fileName, name, name);
      }
    });

    it('with / or \\: refused when typed, with a message', async () => {
      const existing = await create('slash', [{ name: 'a.txt', content: 'x' }]);
      for (const name of ['dir/file.txt', 'dir\\file.txt', '/leading', 'trailing/']) {
        assert.match(fileNameProblem(name, []) ?? '', /cannot contain "\/" or "\\"/, name);
        refusedLocally(() => withFileAdded(existing, name, ''), /cannot contain/);
        refusedLocally(() => withFileRenamed(existing, 'a.txt', name), /cannot contain/);
      }
    });

    it('with /, made elsewhere (the server accepts it): still opens and saves, other files kept', async () => {
      const created = await create('made on the web', [
        { name: 'dir/file.txt', content: 'one' },
        { name: 'b.txt', content: 'two' },
      ]);
      const c = snippetUriComponents({ serverUrl: server.url, username: 'alice' }, created, 'dir/file.txt');
      assert.equal(parseSnippetComponents(c.authority, c.path, c.query)?.fileName, 'dir/file.txt');
      const saved = await alice.updateSnippet(created.guid, withFileContent(created, 'dir/file.txt', 'changed'));
      assert.deepEqual(
        saved.files.map((f) => [f.name, f.content]),
        [
          ['dir/file.txt', 'changed'],
          ['b.txt', 'two'],
        ],
      );
    });

    it('empty, spaces around, "." or "..", or a duplicate: refused when typed, and by the server', async () => {
      const existing = await create('dups', [{ name: 'a.txt', content: 'x' }]);
      assert.match(fileNameProblem('', []) ?? '', /needs a name/);
      assert.match(fileNameProblem('  ', []) ?? '', /needs a name/);
      assert.match(fileNameProblem(' a.txt', []) ?? '', /spaces/);
      assert.match(fileNameProblem('..', []) ?? '', /cannot be a file name/);
      refusedLocally(() => withFileAdded(existing, 'a.txt', ''), /already has a file named "a\.txt"/);
      await clearFailure(
        create('dup', [
          { name: 'x', content: '1' },
          { name: 'x', content: '2' },
        ]),
        'validation',
        /Two files are named "x"/,
      );
      await clearFailure(
        create('blank file name', [{ name: ' ', content: '1' }]),
        'validation',
        /files\[0\]\.name: A file needs a name/,
      );
    });
  });

  describe('file content', () => {
    it('empty: saved as an empty file', async () => {
      const created = await create('empty', [{ name: 'empty.txt', content: '' }]);
      assert.equal((await alice.getSnippet(created.guid)).files[0].content, '');
    });

    it('CRLF and mixed line endings: kept exactly, also by a save of another file', async () => {
      const text = 'line one\r\nline two\r\nlone LF\nlone CR\rend\r\n';
      const created = await create('crlf', [
        { name: 'win.txt', content: text },
        { name: 'other.txt', content: 'x' },
      ]);
      assert.equal((await alice.getSnippet(created.guid)).files[0].content, text);
      const saved = await alice.updateSnippet(created.guid, withFileContent(created, 'other.txt', 'y\r\n'));
      assert.equal(saved.files[0].content, text);
      assert.equal(saved.files[1].content, 'y\r\n');
    });

    it('binary-looking (NUL, control characters, U+FFFD, a BOM): kept exactly through the client and server', async () => {
      const text = '\uFEFFPK\u0003\u0004\u0000\u0000\u0001\u0002\u001b[31m\u007f\uFFFD\u00ff\u0000end';
      const created = await create('binary', [{ name: 'blob.bin', content: text }]);
      assert.equal((await alice.getSnippet(created.guid)).files[0].content, text);
      // What the file system provider does with it: UTF-8 bytes and back, unchanged.
      assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(text)), text);
    });

    it('10 MB: refused by the server with a clear message, and the saved version is untouched', async () => {
      const created = await create('big', [{ name: 'big.txt', content: 'small' }]);
      const big = 'x'.repeat(10 * 1024 * 1024);
      await clearFailure(
        alice.updateSnippet(created.guid, withFileContent(created, 'big.txt', big)),
        'validation',
        /the server refused it\. The request body is too large\.$/,
      );
      await clearFailure(create('big new', [{ name: 'big.txt', content: big }]), 'validation', /too large/);
      assert.equal((await alice.getSnippet(created.guid)).files[0].content, 'small');
      assert.equal(server.state.data.snippets.filter((s) => s.name === 'big new').length, 0);
      // The refused upload must not break the connection the next save goes out on.
      for (let i = 0; i < 3; i++) assert.equal((await create(`after big ${i}`)).name, `after big ${i}`);
    });

    it('5 MB: saved and read back whole', async () => {
      const text = 'const x = "ünï";\n'.repeat((5 * 1024 * 1024) / 20);
      const created = await create('five', [{ name: 'five.txt', content: text }]);
      assert.equal((await alice.getSnippet(created.guid)).files[0].content, text);
    });
  });

  describe('category names', () => {
    it('commas separate categories; spaces inside a name are kept (runs become one), around it trimmed', () => {
      assert.deepEqual(parseCategories('a, b c ,, A,  tools  '), ['a', 'b c', 'tools']);
      assert.deepEqual(parseCategories('two   spaces'), ['two spaces']);
      assert.deepEqual(parseCategories(' , ,'), []);
    });

    it('with spaces: saved and read back as typed', async () => {
      const created = await create('cats');
      const saved = await alice.updateSnippet(
        created.guid,
        withDetails(created, { name: 'cats', description: '', categories: parseCategories('shell scripts, ünï cödé') }),
      );
      assert.deepEqual(
        saved.categories.map((c) => c.name),
        ['shell scripts', 'ünï cödé'],
      );
    });

    it('with a comma, made elsewhere: kept by the server, and shown split when edited as text', async () => {
      const created = await create('comma');
      const saved = await alice.updateSnippet(created.guid, {
        name: 'comma',
        description: '',
        categories: ['a,b'],
        files: [{ name: 'a.txt', content: 'x' }],
      });
      assert.deepEqual(
        saved.categories.map((c) => c.name),
        ['a,b'],
      );
      // The edit box shows "a,b"; saving that text makes two categories: a deliberate, visible choice.
      assert.deepEqual(parseCategories(formatCategories(saved.categories.map((c) => c.name))), ['a', 'b']);
    });

    it('empty or blank in the list: refused by the server with the field named', async () => {
      const created = await create('blank cat');
      await clearFailure(
        alice.updateSnippet(created.guid, {
          name: 'x',
          description: '',
          categories: [' '],
          files: [{ name: 'a', content: '' }],
        }),
        'validation',
        /categories:/,
      );
    });
  });

  describe('refIds', () => {
    it('with a space: refused in the panel with a message; the client still sends it intact', async () => {
      assert.match(refNameProblem('refs/heads/has space') ?? '', /cannot contain spaces/);
      const set = await alice.enablePagesForRef(repo1, 'refs/heads/has space');
      assert.equal(set.refId, 'refs/heads/has space');
      assert.equal((await alice.getPagesForRef(repo1, 'refs/heads/has space')).isEnabled, true);
    });

    it('with #, % or unicode: accepted, and reach the server exactly (no cut at #, no double decoding)', async () => {
      for (const refId of [
        'refs/heads/fix#12',
        'refs/heads/100%',
        'refs/heads/a%2Fb',
        'refs/tags/v1.0-ünï',
        'refs/heads/日本',
      ]) {
        assert.equal(refNameProblem(refId), undefined, refId);
        assert.equal((await alice.enablePagesForRef(repo1, refId)).refId, refId);
        assert.equal((await alice.getPagesForRef(repo1, refId)).isEnabled, true, refId);
      }
      // '%2F' stayed literal: the ref "a/b" was not switched on by it.
      assert.equal((await alice.getPagesForRef(repo1, 'refs/heads/a/b')).isEnabled, false);
    });

    it('without refs/heads/ or refs/tags/, or empty: refused in the panel; the server names the field', async () => {
      assert.match(refNameProblem('main') ?? '', /full name/);
      assert.match(refNameProblem('refs/heads/') ?? '', /missing/);
      await clearFailure(
        alice.enablePagesForRef(repo1, ''),
        'validation',
        /refId: The refId query parameter is required/,
      );
    });
  });

  describe('project keys and slugs', () => {
    const odd: RepositoryRef[] = [
      { projectKey: 'PROJ X', repositorySlug: 'repo1' },
      { projectKey: 'PR#J', repositorySlug: 'repo1' },
      { projectKey: 'PROJ', repositorySlug: 'repo1?x=1' },
      { projectKey: 'PROJ', repositorySlug: '100%' },
      { projectKey: 'PROJ/repo1', repositorySlug: 'repo2' },
      { projectKey: '..', repositorySlug: '..' },
      { projectKey: 'PROJ', repositorySlug: 'repo1/../repo2' },
      { projectKey: 'ПРОЕКТ', repositorySlug: 'репо' },
    ];

    it('with spaces, #, ?, %, /, .. or unicode: "does not exist", and never another repository changed', async () => {
      const before = JSON.stringify(server.state.data.pages);
      for (const repo of odd) {
        const shown = await clearFailure(
          alice.enablePagesForRef(repo, 'refs/heads/main'),
          'not-found',
          /no longer exists on the server/,
        );
        assert.ok(shown.includes(`${repo.projectKey}/${repo.repositorySlug}`) || /No REST resource/.test(shown), shown);
        await clearFailure(admin.getHookSettings(repo, EXT_PRE), 'not-found', /does not exist|No REST resource/);
      }
      assert.equal(JSON.stringify(server.state.data.pages), before);
    });

    it('the project key ignores case, as Bitbucket does; the slug does not', async () => {
      assert.equal(
        (await alice.getPagesForRef({ projectKey: 'proj', repositorySlug: 'repo1' }, 'refs/heads/main')).repositoryId,
        1,
      );
      await clearFailure(
        alice.getPagesForRef({ projectKey: 'PROJ', repositorySlug: 'REPO1' }, 'refs/heads/main'),
        'not-found',
        /PROJ\/REPO1/,
      );
    });
  });

  describe('hook settings JSON', () => {
    it('not an object (a list, a string, a number, null): refused with a message before sending, and by the server', async () => {
      for (const text of ['[1, 2]', '"exe"', '42', 'null']) {
        const check = checkSettingsText(text);
        assert.equal(check.ok, false, text);
        if (!check.ok) assert.match(check.problems[0].message, /must be a JSON object/, text);
      }
      const put = admin.replaceHookSettings(repo1, EXT_PRE, [1, 2] as unknown as Record<string, string>);
      await clearFailure(put, 'validation', /only have values of type String, Boolean or Number/);
    });

    it('not JSON at all: a message with where it went wrong', () => {
      const check = checkSettingsText('{"exe": "/bin/x",');
      assert.equal(check.ok, false);
      if (!check.ok) assert.match(check.problems[0].message, /^Not valid JSON: /);
    });

    it('nested (an object or a list as a value): refused with the field named, before sending, and by the server', async () => {
      const check = checkSettingsText('{"exe": "/bin/x", "env": {"A": 1}, "args": [1]}');
      assert.equal(check.ok, false);
      if (!check.ok) {
        assert.deepEqual(
          check.problems.map((p) => p.field),
          ['env', 'args'],
        );
        assert.match(check.problems[0].message, /"env" is an object/);
      }
      await clearFailure(
        admin.replaceHookSettings(repo1, EXT_PRE, { exe: '/bin/x', env: { A: 1 } } as unknown as Record<
          string,
          string
        >),
        'validation',
        /only have values/,
      );
    });

    it('40 KB: refused with the size, before sending, and by the server', async () => {
      const settings = { exe: '/opt/hooks/check.sh', params: 'p'.repeat(40 * 1024) };
      const check = checkSettingsText(JSON.stringify(settings));
      assert.equal(check.ok, false);
      if (!check.ok) assert.match(check.problems[0].message, new RegExp(`at most ${MAX_SETTINGS_BYTES / 1024} KB`));
      await clearFailure(admin.replaceHookSettings(repo1, EXT_PRE, settings), 'validation', /too large/);
    });

    it('a duplicate key: refused with both places named (JSON.parse would silently keep the last)', () => {
      const check = checkSettingsText('{\n  "exe": "/bin/a",\n  "safe_path": true,\n  "exe": "/bin/b"\n}');
      assert.equal(check.ok, false);
      if (!check.ok) {
        assert.equal(check.problems.length, 1);
        assert.match(check.problems[0].message, /"exe" is given twice \(first on line 2\)/);
      }
    });

    it('a flat object: accepted as typed, and stored by the server', async () => {
      const check = checkSettingsText(
        '{"exe": "/opt/hooks/check.sh", "safe_path": true, "params": "a\\nb", "async": false}',
      );
      assert.ok(check.ok);
      if (check.ok) assert.deepEqual(await admin.replaceHookSettings(repo1, EXT_PRE, check.settings), check.settings);
    });
  });
});
