// Export All: safe names, the manifest, the plan of what to write, and whole exports against the
// local server into temporary folders, run again, cancelled, and into folders that cannot be written.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BitbucketClient } from '../../../src/api/client';
import { DEFAULT_CONCURRENT_REQUESTS } from '../../../src/api/requestGate';
import type { Snippet } from '../../../src/api/types';
import { ExportError, exportSnippets, type ExportList } from '../../../src/model/snippets/export/exporter';
import { MANIFEST_FILE, newManifest, parseManifest } from '../../../src/model/snippets/export/manifest';
import { planExport } from '../../../src/model/snippets/export/plan';
import { NameSet, safeName } from '../../../src/model/snippets/export/safeNames';
import { startServer, type RunningServer } from '../../server/server';

const snippet = (name: string, files: Array<[string, string]>, over: Partial<Snippet> = {}): Snippet => ({
  guid: randomUUID(),
  name,
  description: '',
  categories: [],
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  files: files.map(([n, content]) => ({ guid: randomUUID(), name: n, content })),
  comments: [],
  ...over,
});

describe('export: safe names', () => {
  it('replaces what Windows, macOS or Linux refuse', () => {
    assert.equal(safeName('a/b\\c:d*e?f"g<h>i|j', 'x'), 'a_b_c_d_e_f_g_h_i_j');
    assert.equal(safeName('tab\there\u0001', 'x'), 'tab_here_');
    assert.equal(safeName('ends with dots...', 'x'), 'ends with dots');
    assert.equal(safeName('  spaced  ', 'x'), 'spaced');
  });

  it('never gives a name reserved on Windows, an empty name, "." or ".."', () => {
    for (const reserved of ['CON', 'nul', 'Com1', 'LPT9', 'aux.txt', 'NUL.tar.gz']) {
      assert.equal(safeName(reserved, 'x'), `_${reserved}`);
    }
    assert.equal(safeName('CONSOLE', 'x'), 'CONSOLE');
    for (const empty of ['', '   ', '.', '..', '...']) assert.equal(safeName(empty, 'fallback'), 'fallback');
  });

  it('shortens 300 characters to at most 100 characters and 180 bytes, keeping a short extension and whole characters', () => {
    const long = safeName(`${'x'.repeat(300)}.json`, 'f');
    assert.ok(long.length <= 100 && long.endsWith('.json'), long);
    const emoji = safeName('😀'.repeat(120), 'f');
    assert.ok(Buffer.byteLength(emoji) <= 180);
    assert.equal(emoji, '😀'.repeat(Array.from(emoji).length), 'no half of a surrogate pair');
  });

  it('resolves collisions without case, before the extension', () => {
    const names = new NameSet(['Notes', 'a.txt']);
    assert.equal(names.claim('notes', false), 'notes (2)');
    assert.equal(names.claim('NOTES', false), 'NOTES (3)');
    assert.equal(names.claim('A.TXT', true), 'A (2).TXT');
    assert.equal(names.claim('fresh', false), 'fresh');
  });
});

describe('export: manifest', () => {
  const valid = newManifest(
    'http://host',
    [
      {
        guid: 'g',
        name: 'n',
        description: '',
        categories: [],
        createdAt: 1,
        updatedAt: 2,
        lists: ['My Snippets'],
        folder: 'n',
        files: [{ name: 'a', path: 'a' }],
      },
    ],
    new Date(0),
  );

  it('reads back what it wrote', () => {
    assert.deepEqual(parseManifest(JSON.stringify(valid)), valid);
  });

  it('does not trust a truncated, older, foreign or hand-edited manifest', () => {
    const text = JSON.stringify(valid);
    assert.equal(parseManifest(text.slice(0, text.length / 2)), undefined);
    assert.equal(parseManifest(JSON.stringify({ ...valid, version: 0 })), undefined);
    assert.equal(parseManifest(JSON.stringify({ ...valid, format: 'gistpad' })), undefined);
    assert.equal(
      parseManifest(JSON.stringify({ ...valid, snippets: [{ ...valid.snippets[0], folder: '../outside' }] })),
      undefined,
    );
    assert.equal(
      parseManifest(JSON.stringify({ ...valid, snippets: [{ ...valid.snippets[0], updatedAt: 'yesterday' }] })),
      undefined,
    );
  });

  it('does not trust a time no Date holds, which the response checks would have refused', () => {
    for (const time of [1e16, 8.64e15 + 1, 1.5]) {
      assert.equal(
        parseManifest(JSON.stringify({ ...valid, snippets: [{ ...valid.snippets[0], updatedAt: time }] })),
        undefined,
        `updatedAt ${time}`,
      );
      assert.equal(
        parseManifest(JSON.stringify({ ...valid, snippets: [{ ...valid.snippets[0], createdAt: time }] })),
        undefined,
        `createdAt ${time}`,
      );
    }
    const edge = { ...valid, snippets: [{ ...valid.snippets[0], createdAt: -8.64e15, updatedAt: 8.64e15 }] };
    assert.deepEqual(parseManifest(JSON.stringify(edge)), edge);
  });
});

describe('export: plan', () => {
  it('gives clashing names their own folders and files, and keeps them on the next export', () => {
    const a = snippet('a/b', [
      ['x:y.txt', '1'],
      ['x_y.txt', '2'],
    ]);
    const b = snippet('a:b', [['f', '3']]);
    const first = planExport(
      [
        { snippet: a, lists: ['My Snippets'] },
        { snippet: b, lists: ['My Snippets'] },
      ],
      undefined,
      ['a_b'],
    );
    assert.deepEqual(
      first.snippets.map((s) => s.entry.folder),
      ['a_b (2)', 'a_b (3)'],
    );
    assert.deepEqual(
      first.snippets[0].entry.files.map((f) => f.path),
      ['x_y.txt', 'x_y (2).txt'],
    );
    assert.ok(first.snippets.every((s) => s.changed));

    // b is renamed on the server and a is gone; a new snippet takes neither folder.
    const manifest = newManifest(
      's',
      first.snippets.map((s) => s.entry),
      new Date(),
    );
    const c = snippet('a_b (2)', [['f', '4']]);
    const renamed = { ...b, name: 'renamed' };
    const second = planExport(
      [
        { snippet: renamed, lists: ['My Snippets'] },
        { snippet: c, lists: ['Starred'] },
      ],
      manifest,
      [],
    );
    assert.equal(second.snippets[0].entry.folder, 'a_b (3)', 'a snippet keeps its folder');
    assert.equal(second.snippets[0].changed, false, 'same update time');
    assert.equal(second.snippets[1].entry.folder, 'a_b (2) (2)', 'the kept folder of a gone snippet is not reused');
    assert.deepEqual(
      second.gone.map((e) => e.guid),
      [a.guid],
    );
  });
});

describe('export: against the local server', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: BitbucketClient;
  let dir: string;
  const mine: ExportList[] = [{ kind: 'mine' }];

  beforeEach(async () => {
    server = await startServer({ port: 0 });
    client = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-export-'));
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const seed = (count: number, userId = 2) => {
    const made = Array.from({ length: count }, (_, i) =>
      snippet(
        `snippet ${i}`,
        [
          [`s${i}.sh`, `echo ${i}\n`],
          ['README.md', `# ${i}\n`],
        ],
        { userId, updatedAt: 1_700_000_000_000 + i },
      ),
    );
    server.state.data.snippets.push(...made);
    return made;
  };
  const listRequests = () => server.controls.requests().filter((r) => r.method === 'GET');

  it('writes a folder per snippet and a manifest, with one request per 1,000 snippets', async () => {
    seed(2500);
    seed(3, 3); // bob's, not in My Snippets
    server.controls.clearRequests();
    const result = await exportSnippets(client, { lists: mine, folder: dir });
    // Pages of 1,000, a few asked at once (some past the end), and no request per snippet.
    assert.ok(
      listRequests().length >= 3 && listRequests().length <= 3 + DEFAULT_CONCURRENT_REQUESTS,
      `${listRequests().length} requests`,
    );
    assert.deepEqual([result.snippets, result.added, result.filesWritten], [2500, 2500, 5000]);
    assert.equal(fs.readFileSync(path.join(dir, 'snippet 7', 's7.sh'), 'utf8'), 'echo 7\n');
    const manifest = parseManifest(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
    assert.equal(manifest?.snippets.length, 2500);
    assert.equal(manifest?.server, server.url);
    assert.doesNotMatch(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'), /alice:alice|password/);
  });

  it('run again, writes nothing that did not change, updates what did, and keeps what is gone', async () => {
    const made = seed(5);
    await exportSnippets(client, { lists: mine, folder: dir });
    const again = await exportSnippets(client, { lists: mine, folder: dir });
    assert.deepEqual([again.unchanged, again.updated, again.added, again.filesWritten], [5, 0, 0, 0]);

    const stored = server.state.data.snippets.find((s) => s.guid === made[1].guid)!;
    stored.files[0].content = 'echo changed\n';
    stored.updatedAt += 10_000;
    server.state.data.snippets = server.state.data.snippets.filter((s) => s.guid !== made[2].guid);
    const third = await exportSnippets(client, { lists: mine, folder: dir });
    assert.deepEqual([third.updated, third.unchanged, third.gone, third.filesWritten], [1, 3, 1, 1]);
    assert.equal(fs.readFileSync(path.join(dir, 'snippet 1', 's1.sh'), 'utf8'), 'echo changed\n');
    assert.ok(fs.existsSync(path.join(dir, 'snippet 2', 's2.sh')), 'a snippet deleted on the server stays on disk');
  });

  it('exports Starred beside My Snippets once per snippet, naming both lists', async () => {
    const [own] = seed(2);
    const [theirs] = seed(1, 3);
    server.controls.star('alice', own.guid);
    server.controls.star('alice', theirs.guid);
    const result = await exportSnippets(client, { lists: [{ kind: 'mine' }, { kind: 'starred' }], folder: dir });
    assert.equal(result.snippets, 3);
    const manifest = parseManifest(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'))!;
    assert.deepEqual(manifest.snippets.find((e) => e.guid === own.guid)?.lists, ['My Snippets', 'Starred']);
    assert.deepEqual(manifest.snippets.find((e) => e.guid === theirs.guid)?.lists, ['Starred']);
  });

  it('cancelled, it records what it wrote, and the next run finishes the rest', async () => {
    seed(20);
    const abort = new AbortController();
    const first = await exportSnippets(client, {
      lists: mine,
      folder: dir,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.phase === 'writing' && p.done === 5) abort.abort();
      },
    });
    assert.equal(first.cancelled, true);
    // Writers already under way finish their snippet; no new one starts.
    assert.ok(first.added >= 5 && first.added < 20, `${first.added} written before stopping`);
    assert.equal(parseManifest(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'))?.snippets.length, first.added);
    const rest = await exportSnippets(client, { lists: mine, folder: dir });
    assert.deepEqual([rest.unchanged, rest.added], [first.added, 20 - first.added]);
    assert.equal(fs.readdirSync(dir).length, 21, 'one folder per snippet and the manifest: none made twice');
  });

  it('a folder that cannot be written gets a clear message, and the server is not touched', async () => {
    seed(2);
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'x');
    server.controls.clearRequests();
    await assert.rejects(exportSnippets(client, { lists: mine, folder: path.join(file, 'inside') }), (err: unknown) => {
      assert.ok(err instanceof ExportError);
      assert.match(
        err.message,
        /^Could not export to .*inside: a file is in the way of a folder\. Choose another folder; nothing on the server was changed\.$/,
      );
      return true;
    });
    assert.ok(server.controls.requests().every((r) => r.method === 'GET'));
  });

  it('a manifest that is truncated is not trusted: existing folders are left alone and new ones are made beside them', async () => {
    seed(1);
    fs.mkdirSync(path.join(dir, 'snippet 0'));
    fs.writeFileSync(path.join(dir, 'snippet 0', 'mine.txt'), 'my own notes');
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), '{"format": "bitbucket-snippets-export", "vers');
    const result = await exportSnippets(client, { lists: mine, folder: dir });
    assert.equal(result.added, 1);
    assert.equal(fs.readFileSync(path.join(dir, 'snippet 0', 'mine.txt'), 'utf8'), 'my own notes');
    assert.ok(fs.existsSync(path.join(dir, 'snippet 0 (2)', 's0.sh')));
  });
});
