// Export against a server that lists hostile data: guids with `../`, absolute paths and drive
// letters, names that clean up to nothing, file names with separators, Windows device names,
// control and bidirectional characters, very long names, two files of one name. Nothing may be
// written outside the folder the user chose (the test looks at the folder above it too), no
// snippet may overwrite another, and a snippet that cannot be placed is skipped and named.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Page, PageRequest, Snippet, StarredEntry } from '../../../src/api/types';
import { exportSnippets, placeSnippet, type ExportLister } from '../../../src/model/snippets/export/exporter';
import { MANIFEST_FILE, parseManifest, type ExportManifest } from '../../../src/model/snippets/export/manifest';
import { planExport } from '../../../src/model/snippets/export/plan';
import { insideFolder, safeName } from '../../../src/model/snippets/export/safeNames';
import { aSnippet } from '../../support/snippets';

let counter = 0;
const hostile = (guid: string, name: string, files: Array<[string, string]>, over: Partial<Snippet> = {}): Snippet =>
  aSnippet({
    guid,
    name,
    description: '',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    files: files.map(([n, content]) => ({ guid: `file-${++counter}`, name: n, content })),
    ...over,
  });

/** A server as the exporter sees it: My Snippets answers `snippets`, in pages of `pageSize`. */
function fakeServer(snippets: () => Snippet[], pageSize = 1000): ExportLister & { requests: number } {
  const page = <T>(all: T[], request: PageRequest): Page<T> => {
    const start = request.start ?? 0;
    const values = all.slice(start, start + pageSize);
    const isLastPage = start + pageSize >= all.length;
    return {
      size: values.length,
      limit: pageSize,
      isLastPage,
      values,
      start,
      ...(isLastPage ? {} : { nextPageStart: start + pageSize }),
    };
  };
  const server = {
    baseUrl: 'https://bitbucket.example.com',
    requests: 0,
    getMySnippets: async (request: PageRequest) => {
      server.requests++;
      return page(snippets(), request);
    },
    getStarredSnippets: async (request: PageRequest) => page<StarredEntry>([], request),
    getCategorySnippets: async (_guid: string, request: PageRequest) => page<StarredEntry>([], request),
  };
  return server as unknown as ExportLister & { requests: number };
}

/** Every file under `root`, as paths relative to it (folders end in `/`). */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full);
      if (entry.isDirectory()) {
        out.push(`${relative}/`);
        walk(full);
      } else out.push(relative);
    }
  };
  walk(root);
  return out.sort();
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what must not be in a written name
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)\s*(\..*)?$/i;

/** A name every OS accepts as one entry of a folder, and that leaves nobody guessing what it is. */
function assertSafeSegment(segment: string, where: string): void {
  assert.ok(segment !== '' && segment !== '.' && segment !== '..', `${where}: ${JSON.stringify(segment)}`);
  assert.ok(!UNSAFE_IN_NAME.test(segment), `${where}: unsafe character in ${JSON.stringify(segment)}`);
  assert.ok(!RESERVED.test(segment), `${where}: Windows device name ${JSON.stringify(segment)}`);
  assert.ok(!/[. ]$/.test(segment), `${where}: ends in a dot or space: ${JSON.stringify(segment)}`);
  assert.ok(Buffer.byteLength(segment) <= 255, `${where}: ${Buffer.byteLength(segment)} bytes`);
}

describe('export: hostile data from the server', function () {
  this.timeout(60_000);
  let parent: string;
  let folder: string;

  beforeEach(() => {
    // The export folder is four levels below a folder the test owns, so that even a path that
    // climbs out of the export folder lands where the test can see it (and not in the real /tmp).
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-export-hostile-'));
    folder = path.join(parent, 'one', 'two', 'three', 'export');
    fs.mkdirSync(folder, { recursive: true });
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  /** What is under `parent` but neither inside the export folder nor one of the folders on the way to it. */
  const outsideExport = () =>
    tree(parent).filter((p) => {
      const full = path.join(parent, p).replace(/[/\\]$/, '');
      const onTheWay = folder === full || folder.startsWith(`${full}${path.sep}`);
      return !(onTheWay || full.startsWith(`${folder}${path.sep}`));
    });

  it('keeps every folder and file inside the chosen folder, whatever the guids, names and file names', async () => {
    const snippets = [
      hostile('../../x', '', [['a.sh', 'guid climbs']]),
      hostile('../../../../escape', '   ', [['b.sh', 'guid climbs far']]),
      hostile('/etc/passwd', '...', [['c.sh', 'absolute guid']]),
      hostile('C:\\x', '\u202e', [['d.sh', 'drive letter guid']]),
      hostile('..', '.', [['e.sh', 'dot-dot guid']]),
      hostile('x/../../../y', '..', [['f.sh', 'guid with a path']]),
      hostile('\\\\server\\share', '\u0000', [['g.sh', 'UNC guid']]),
      hostile('g-files', '../../escape', [
        ['../../../f1.sh', 'file climbs'],
        ['/abs/f2.sh', 'absolute file'],
        ['C:\\win\\f3.sh', 'drive letter file'],
        ['..', 'dot-dot file'],
        ['', 'empty file name'],
      ]),
      hostile('CON', 'nul', [
        ['COM1', 'device file'],
        ['lpt1.txt', 'device with extension'],
        ['CONIN$', 'console'],
        ['aux .txt', 'device with a space'],
      ]),
      hostile('g-bidi', 'evil\u202egnp.sh', [
        ['invoice\u202efdp.exe', 'bidi file'],
        ['line\nbreak\r.txt', 'line break file'],
        ['\u2066x\u2069', 'isolate'],
      ]),
      hostile('g-long', 'x'.repeat(5000), [
        [`${'y'.repeat(4000)}.txt`, 'long file'],
        ['😀'.repeat(300), 'long emoji'],
      ]),
    ];
    const server = fakeServer(() => snippets);
    const result = await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });

    assert.deepEqual(outsideExport(), [], 'something was written outside the export folder');
    const written = tree(folder).filter((p) => !p.endsWith('/'));
    for (const file of written) for (const segment of file.split(path.sep)) assertSafeSegment(segment, file);
    // Nothing is lost: every file of every snippet is on disk with its content, once.
    const contents = written
      .filter((p) => p !== MANIFEST_FILE)
      .map((p) => fs.readFileSync(path.join(folder, p), 'utf8'))
      .sort();
    assert.deepEqual(contents, snippets.flatMap((s) => s.files.map((f) => f.content)).sort());
    assert.equal(result.snippets, snippets.length);
    assert.deepEqual(result.skipped, []);
    const manifest = parseManifest(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
    assert.ok(manifest, 'the manifest is readable again');
    assert.deepEqual(manifest.snippets.map((e) => e.guid).sort(), snippets.map((s) => s.guid).sort());
  });

  it('makes a fallback name safe too: a guid is server text like any other', () => {
    for (const guid of ['../../x', '/etc/passwd', 'C:\\x', '..', 'a/b', 'CON', 'x\u202e', '\u0000']) {
      const name = safeName('', guid);
      assertSafeSegment(name, guid);
      assert.equal(path.posix.basename(name), name);
      assert.equal(path.win32.basename(name), name);
    }
    assert.equal(safeName('', '../../x'), '.._.._x');
    assert.equal(safeName('...', '...'), 'snippet', 'nothing usable in either: a fixed name');
  });

  it('tells a path inside the folder from one that leaves it, on POSIX and Windows', () => {
    assert.ok(insideFolder('/home/me/export', 'notes', path.posix));
    assert.ok(insideFolder('/home/me/export', '..notes', path.posix), 'a name starting with two dots stays inside');
    for (const escape of ['..', '../x', 'a/../../x', '/etc/passwd', '', '.']) {
      assert.ok(!insideFolder('/home/me/export', escape, path.posix), escape);
    }
    assert.ok(insideFolder('C:\\Users\\me\\export', 'notes', path.win32));
    for (const escape of ['..\\x', 'C:\\x', 'D:x', 'C:', '\\\\server\\share\\x', '\\x', 'a\\..\\..\\x']) {
      assert.ok(!insideFolder('C:\\Users\\me\\export', escape, path.win32), escape);
    }
  });

  it('refuses, before writing, a snippet whose folder or file would leave the export folder', () => {
    const entry = {
      guid: 'g',
      name: 'n',
      description: '',
      categories: [],
      createdAt: 1,
      updatedAt: 1,
      lists: [],
      folder: 'ok',
      files: [{ name: 'a', path: 'a' }],
    };
    assert.ok(placeSnippet(folder, { entry, changed: true, contents: new Map([['a', 'x']]) }));
    assert.equal(
      placeSnippet(folder, { entry: { ...entry, folder: '../../x' }, changed: true, contents: new Map([['a', 'x']]) }),
      undefined,
    );
    assert.equal(placeSnippet(folder, { entry, changed: true, contents: new Map([['../../../b', 'x']]) }), undefined);
    assert.equal(
      placeSnippet(folder, { entry, changed: true, contents: new Map([['sub/b', 'x']]) }),
      undefined,
      'one level only',
    );
  });

  it('two files of one name each keep their own file, export after export', async () => {
    let version = 1;
    const twins = () => [
      hostile(
        'g-twins',
        'twins',
        [
          ['a.sh', `first v${version}`],
          ['a.sh', `second v${version}`],
          ['A.SH', `third v${version}`],
        ],
        { updatedAt: version },
      ),
    ];
    const server = fakeServer(twins);
    await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });
    version = 2;
    await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });
    const manifest = parseManifest(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as ExportManifest;
    const entry = manifest.snippets[0];
    assert.equal(new Set(entry.files.map((f) => f.path.toLowerCase())).size, 3, JSON.stringify(entry.files));
    const onDisk = entry.files.map((f) => fs.readFileSync(path.join(folder, entry.folder, f.path), 'utf8'));
    assert.deepEqual(onDisk, ['first v2', 'second v2', 'third v2']);
  });

  it('a snippet named like the manifest does not take its place', async () => {
    const server = fakeServer(() => [
      hostile('g-m', MANIFEST_FILE, [['a', 'x']]),
      hostile('g-t', `${MANIFEST_FILE}.123.tmp`, [['b', 'y']]),
    ]);
    const result = await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });
    assert.equal(result.added, 2);
    assert.ok(fs.statSync(path.join(folder, MANIFEST_FILE)).isFile());
    assert.ok(parseManifest(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')));
  });

  it('a snippet that cannot be written is skipped and named, and every other snippet is exported', async () => {
    let updatedAt = 1;
    const server = fakeServer(() => [
      hostile('g-blocked', 'blocked', [['a.sh', `blocked v${updatedAt}`]], { updatedAt }),
      ...(updatedAt > 1 ? [hostile('g-new', 'new one', [['b.sh', 'new']])] : []),
      hostile('g-fine', 'fine', [['c.sh', `fine v${updatedAt}`]], { updatedAt }),
    ]);
    await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });
    // Something of the user's is now where the snippet's file goes: a folder with a file in it.
    fs.rmSync(path.join(folder, 'blocked', 'a.sh'));
    fs.mkdirSync(path.join(folder, 'blocked', 'a.sh'));
    fs.writeFileSync(path.join(folder, 'blocked', 'a.sh', 'mine.txt'), "the user's own file");
    updatedAt = 2;
    const result = await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });

    assert.deepEqual(
      result.skipped.map((s) => [s.guid, s.name]),
      [['g-blocked', 'blocked']],
    );
    assert.equal(fs.readFileSync(path.join(folder, 'fine', 'c.sh'), 'utf8'), 'fine v2');
    assert.equal(fs.readFileSync(path.join(folder, 'new one', 'b.sh'), 'utf8'), 'new');
    assert.equal(fs.readFileSync(path.join(folder, 'blocked', 'a.sh', 'mine.txt'), 'utf8'), "the user's own file");
    const manifest = parseManifest(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as ExportManifest;
    assert.deepEqual(
      manifest.skipped?.map((s) => s.guid),
      ['g-blocked'],
    );
    assert.ok(manifest.skipped?.[0].reason);
    // Its earlier record stays, so the next export finds its folder again.
    assert.equal(manifest.snippets.find((e) => e.guid === 'g-blocked')?.updatedAt, 1);
  });

  it('property: for any snippets, every path written is inside the folder and no two snippets or files share one', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(
        '',
        '.',
        '..',
        '../..',
        '/',
        '\\',
        'C:',
        'C:\\x',
        '/etc/passwd',
        'CON',
        'nul.txt',
        'Com1',
        '\u202e',
        '\u0000',
        'a.',
        'a ',
        ' ',
        MANIFEST_FILE,
      ),
    );
    const name = fc.array(segment, { maxLength: 4 }).map((parts) => parts.join(''));
    const snippetArb = fc.record({ guid: name, name, fileNames: fc.array(name, { minLength: 1, maxLength: 4 }) });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(snippetArb, { selector: (s) => s.guid, maxLength: 8 }), async (drawn) => {
        const snippets = drawn.map((s, i) =>
          hostile(
            s.guid,
            s.name,
            s.fileNames.map((f, j) => [f, `content ${i}/${j}`]),
          ),
        );
        const target = path.join(parent, `run${++run}`, 'export');
        const result = await exportSnippets(
          fakeServer(() => snippets),
          { lists: [{ kind: 'mine' }], folder: target },
        );
        assert.deepEqual(result.skipped ?? [], []);
        const above = tree(path.join(parent, `run${run}`));
        assert.ok(
          above.every((p) => p === `export/` || p.startsWith(`export${path.sep}`)),
          `outside: ${above.join(', ')}`,
        );
        const manifest = parseManifest(fs.readFileSync(path.join(target, MANIFEST_FILE), 'utf8')) as ExportManifest;
        const paths = manifest.snippets.flatMap((e) => e.files.map((f) => path.join(e.folder, f.path).toLowerCase()));
        assert.equal(new Set(paths).size, paths.length, 'two files share a path');
        assert.equal(
          new Set(manifest.snippets.map((e) => e.folder.toLowerCase())).size,
          manifest.snippets.length,
          'two snippets share a folder',
        );
        // Each file holds its own content: nothing was overwritten by another.
        for (const [i, s] of snippets.entries()) {
          const entry = manifest.snippets.find((e) => e.guid === s.guid);
          assert.ok(entry);
          entry.files.forEach((f, j) =>
            assert.equal(fs.readFileSync(path.join(target, entry.folder, f.path), 'utf8'), `content ${i}/${j}`),
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('property: the plan alone never names a folder or file that leaves the folder, on POSIX or Windows', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ guid: anyText, name: anyText, files: fc.array(anyText, { minLength: 1, maxLength: 3 }) }),
          { selector: (s) => s.guid, maxLength: 6 },
        ),
        (drawn) => {
          const plan = planExport(
            drawn.map((s) => ({
              snippet: hostile(
                s.guid,
                s.name,
                s.files.map((f) => [f, '']),
              ),
              lists: [],
            })),
            undefined,
            [],
          );
          for (const p of plan.snippets) {
            for (const [base, lib] of [
              ['/home/me/export', path.posix],
              ['C:\\Users\\me\\export', path.win32],
            ] as const) {
              assert.ok(insideFolder(base, p.entry.folder, lib), p.entry.folder);
              for (const f of p.contents.keys()) assert.ok(insideFolder(lib.join(base, p.entry.folder), f, lib), f);
            }
            assertSafeSegment(p.entry.folder, 'folder');
            for (const f of p.contents.keys()) assertSafeSegment(f, 'file');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
