import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Snippet } from '../../../src/api/types';
import {
  CACHE_FORMAT,
  CACHE_PIECE_CHARS,
  CACHE_VERSION,
  cacheFilePath,
  cacheKeyHash,
  clearCacheFolder,
  parseCacheFile,
  type CacheFileSystem,
} from '../../../src/model/snippets/cache/cacheFile';
import { Slicer } from '../../../src/util/slicer';
import { WRITE_SPACING } from '../../../src/model/snippets/cache/cacheWriter';
import { SnippetCache, type SnippetCacheOptions } from '../../../src/model/snippets/cache/snippetCache';
import { aSnippet } from '../../support/snippets';

const KEY = 'http://127.0.0.1:7990#alice';
const snip = (guid: string, extra: Partial<Snippet> = {}): Snippet =>
  aSnippet({
    guid,
    name: `name ${guid}`,
    files: [{ guid: `f-${guid}`, name: 'a.txt', content: `content of ${guid}` }],
    ...extra,
  });

/** A cache file's lines as values: its header, its snippets' lines and its lists' (cacheFile.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FileData = { header: Record<string, any>; snippets: any[]; lists: any[] };
function fileData(text: string): FileData {
  const [header, ...rest] = text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  return { header, snippets: rest.slice(0, header.snippets), lists: rest.slice(header.snippets) };
}
const fileText = (d: FileData): string =>
  `${[d.header, ...d.snippets, ...d.lists].map((v) => JSON.stringify(v)).join('\n')}\n`;

/** How many turns the event loop had while `work` ran: each turn schedules the next. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns++;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    counting = false;
  }
}

function logCollector() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
}

describe('snippet read cache', () => {
  let dir: string;
  // Each test's caches are disposed before its folder goes: a write still pending would otherwise
  // make the folder again after the test, and leave it behind.
  const made: SnippetCache[] = [];
  const make = (extra: Partial<SnippetCacheOptions> = {}) => {
    const cache = new SnippetCache({ dir, key: KEY, maxBytes: () => 32 * 1024 * 1024, writeDelayMs: 5, ...extra });
    made.push(cache);
    return cache;
  };

  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-cache-')), 'snippet-cache');
  });
  afterEach(async () => {
    await Promise.allSettled(made.splice(0).map((cache) => cache.dispose()));
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('keeps a list and an opened snippet across sessions, in one file named by the hash of the account key', async () => {
    const first = make();
    await first.load();
    first.putList('mine', [snip('a'), snip('b')], 2);
    first.putSnippets([snip('c')]);
    await first.flush();
    const files = fs.readdirSync(dir);
    assert.deepEqual(files, [`${cacheKeyHash(KEY)}.json`]);
    assert.ok(!fs.readFileSync(cacheFilePath(dir, KEY), 'utf8').includes('alice'), 'the key itself is not in the file');

    const second = make();
    await second.load();
    const mine = second.list('mine');
    assert.deepEqual(
      mine?.snippets.map((s) => s.guid),
      ['a', 'b'],
    );
    assert.equal(mine?.nextStart, 2);
    assert.equal(second.snippet('c')?.snippet.files[0].content, 'content of c');
    assert.equal(second.list('starred'), undefined);
  });

  it('keeps each account apart', async () => {
    const alice = make();
    await alice.load();
    alice.putList('mine', [snip('a')], undefined);
    await alice.flush();
    const bob = make({ key: 'http://127.0.0.1:7990#bob' });
    await bob.load();
    assert.equal(bob.list('mine'), undefined);
  });

  it('coalesces many changes into one write, after the caller has gone on', async () => {
    let writes = 0;
    const counting: CacheFileSystem = {
      ...fsp,
      writeFile: async (f, d, e) => {
        writes++;
        await fsp.writeFile(f, d, e);
      },
    };
    const cache = make({ fs: counting, writeDelayMs: 20 });
    await cache.load();
    for (let i = 0; i < 50; i++) cache.putSnippets([snip(`s${i}`)]);
    assert.equal(writes, 0, 'nothing is written while the caller runs');
    // The write starts after the delay, however late a loaded machine runs its timer; then it is
    // waited for to its end (the rename), and no other follows.
    for (const deadline = Date.now() + 5000; writes === 0 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await cache.flush();
    assert.equal(writes, 1);
    const again = make();
    await again.load();
    assert.ok(again.snippet('s49'));
  });

  it('writes a large file in pieces, so no write holds the thread for the whole file', async () => {
    const pieces: number[] = [];
    const recording: CacheFileSystem = {
      ...fsp,
      writeFile: async (file, data, enc) => {
        assert.notEqual(typeof data, 'string', 'the file is not made whole before it is written');
        const seen: string[] = [];
        for (const piece of data) {
          pieces.push(piece.length);
          seen.push(piece);
        }
        await fsp.writeFile(file, seen.join(''), enc);
      },
    };
    const cache = make({ fs: recording });
    await cache.load();
    const content = 'y'.repeat(10_000);
    const many = Array.from({ length: 400 }, (_, i) =>
      snip(`s${i}`, { files: [{ guid: 'f', name: 'a.txt', content }] }),
    );
    cache.putList('mine', many, 400);
    await cache.flush();
    assert.ok(pieces.length >= 3, `${pieces.length} pieces`);
    const longest = Math.max(...pieces);
    assert.ok(longest <= CACHE_PIECE_CHARS + 20_000, `a piece of ${longest} characters`);
    const again = make();
    await again.load();
    assert.deepEqual(
      again.list('mine')?.snippets.map((s) => s.guid),
      many.map((s) => s.guid),
      'the pieces make the whole file',
    );
    assert.equal(again.snippet('s399')?.snippet.files[0].content, content);
  });

  it(`waits ${WRITE_SPACING} times as long as the last write took before the next, however soon the next change comes`, async () => {
    const WRITE_MS = 150;
    const writes: Array<{ start: number; end: number }> = [];
    const slow: CacheFileSystem = {
      ...fsp,
      writeFile: async (f, d, e) => {
        const start = performance.now();
        await new Promise((r) => setTimeout(r, WRITE_MS));
        await fsp.writeFile(f, d, e);
        writes.push({ start, end: performance.now() });
      },
    };
    const cache = make({ fs: slow, writeDelayMs: 5 });
    await cache.load();
    cache.putSnippets([snip('a')]);
    for (const deadline = Date.now() + 10_000; writes.length === 0 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 5));
    }
    cache.putSnippets([snip('b')]);
    for (const deadline = Date.now() + 10_000; writes.length < 2 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.equal(writes.length, 2);
    const gap = writes[1].start - writes[0].end;
    // A timer may fire a millisecond early; the write took at least WRITE_MS.
    assert.ok(gap >= WRITE_SPACING * WRITE_MS - 5, `the second write began ${gap.toFixed(0)} ms after the first ended`);
    const again = make();
    await again.load();
    assert.ok(again.snippet('b'), 'and it was written');
  });

  it('evicts the least recently used snippets to stay under the bound', async () => {
    const big = (guid: string) => snip(guid, { files: [{ guid: 'f', name: 'big.txt', content: 'x'.repeat(10_000) }] });
    let clock = 1000;
    const cache = make({ maxBytes: () => 35_000, now: () => clock++ });
    await cache.load();
    cache.putSnippets([big('old')]);
    cache.putSnippets([big('middle')]);
    cache.putSnippets([big('recent')]);
    assert.ok(cache.snippet('old'), 'used again, so it is now the most recent');
    cache.putSnippets([big('newest')]);
    assert.ok(cache.size <= 35_000);
    assert.equal(cache.snippet('middle'), undefined, 'the least recently used went');
    assert.ok(cache.snippet('old') && cache.snippet('recent') && cache.snippet('newest'));
    await cache.flush();
    assert.ok(fs.statSync(cacheFilePath(dir, KEY)).size <= 35_000);
  });

  it('read back, keeps the order of use of the earlier session, with what this one put meanwhile as newer', async () => {
    const big = (guid: string, name = `name ${guid}`) =>
      snip(guid, { name, files: [{ guid: 'f', name: 'big.txt', content: 'x'.repeat(10_000) }] });
    let clock = 1000;
    let bound = 100_000;
    const earlier = make({ maxBytes: () => bound, now: () => clock++ });
    await earlier.load();
    for (const guid of ['first', 'second', 'third']) earlier.putSnippets([big(guid)]);
    assert.ok(earlier.snippet('first'), 'used again: the most recent of the earlier session');
    await earlier.flush();
    const cache = make({ maxBytes: () => bound, now: () => clock++ });
    const loading = cache.load();
    // The server answers while the file is read: newer than the file's copy, and used now.
    cache.putSnippets([big('third', 'third as the server has it now')]);
    await loading;
    // Room for two: the least recently used go, in the order of use across both sessions.
    bound = 25_000;
    cache.putSnippets([big('newest')]);
    assert.equal(cache.snippet('second'), undefined, 'the least recently used of the file went');
    assert.equal(cache.snippet('first'), undefined, 'then the next');
    assert.equal(
      cache.snippet('third')?.snippet.name,
      'third as the server has it now',
      'what the server sent meanwhile stays, as the newer copy',
    );
    assert.ok(cache.snippet('newest'));
  });

  it('a list loses evicted snippets but keeps its order', async () => {
    let clock = 1000;
    const cache = make({ maxBytes: () => 700, now: () => clock++ });
    await cache.load();
    cache.putList('mine', [snip('a'), snip('b'), snip('c')], undefined);
    cache.putSnippets([snip('d')]);
    const guids = cache.list('mine')?.snippets.map((s) => s.guid) ?? [];
    assert.ok(guids.length < 3, `something was evicted: ${guids.join()}`);
    assert.deepEqual(
      guids,
      ['a', 'b', 'c'].filter((g) => guids.includes(g)),
    );
  });

  describe('search pages, put a page at a time as a search fetches them', () => {
    const guidsOf = (pages: { snippets: Snippet[] } | undefined) => pages?.snippets.map((s) => s.guid);
    const DAY = 24 * 60 * 60 * 1000;

    it('are read back whole and in order, as old as their first page', async () => {
      let clock = 1000;
      const cache = make({ now: () => clock });
      await cache.load();
      const list = [snip('a'), snip('b')];
      cache.putSearchPages('browse', list, 2);
      clock = 2000;
      list.push(snip('c'), snip('d'));
      cache.putSearchPages('browse', list, undefined);
      const kept = await cache.searchPages('browse', DAY);
      assert.deepEqual(guidsOf(kept), ['a', 'b', 'c', 'd']);
      assert.equal(kept?.nextStart, undefined);
      assert.equal(kept?.fetchedAt, 1000);
      await cache.flush();
      const next = make({ now: () => clock });
      await next.load();
      assert.deepEqual(guidsOf(await next.searchPages('browse', DAY)), ['a', 'b', 'c', 'd'], 'and in the next window');
    });

    it('are made into snippets a slice at a time, giving the event loop turns', async () => {
      const cache = make();
      await cache.load();
      const all = Array.from({ length: 50 }, (_, i) => snip(`s${i}`));
      cache.putSearchPages('browse', all, undefined);
      // A slice of 0 ms: a turn after every snippet, as a slow machine would have after a few.
      const { result: kept, turns } = await turnsDuring(() => cache.searchPages('browse', DAY, new Slicer(0)));
      assert.deepEqual(
        guidsOf(kept),
        all.map((s) => s.guid),
      );
      assert.ok(turns >= 50, `${turns} turns of the event loop while 50 snippets were made`);
    });

    it('lose a deleted snippet and stay whole; the next page goes on after it', async () => {
      const cache = make();
      await cache.load();
      const list = [snip('a'), snip('b'), snip('c')];
      cache.putSearchPages('mine', list, 3);
      cache.removeSnippet('b');
      list.splice(1, 1);
      list.push(snip('d'));
      cache.putSearchPages('mine', list, undefined);
      assert.deepEqual(guidsOf(await cache.searchPages('mine', DAY)), ['a', 'c', 'd']);
    });

    it('that another list was given instead of the one kept replace it, not extend it', async () => {
      const cache = make();
      await cache.load();
      cache.putSearchPages('mine', [snip('a'), snip('b')], 2);
      // A search that began the list again (Refresh) from other first snippets.
      cache.putSearchPages('mine', [snip('x'), snip('b'), snip('c')], undefined);
      assert.deepEqual(guidsOf(await cache.searchPages('mine', DAY)), ['x', 'b', 'c']);
    });

    it('take at most half the bound: past it the list keeps its pages and where the next starts, no later page of that search goes in, and the lists the user opened stay', async () => {
      const big = (guid: string) => snip(guid, { files: [{ guid: 'f', name: 'big.txt', content: 'x'.repeat(1000) }] });
      const bound = 40_000;
      let clock = 1000;
      const cache = make({ maxBytes: () => bound, now: () => clock++ });
      await cache.load();
      cache.putList('mine', [big('m1'), big('m2'), big('m3')], undefined);
      const list: Snippet[] = [];
      for (let page = 0; page < 20; page++) {
        const fresh = [big(`p${page}a`), big(`p${page}b`)];
        list.push(...fresh);
        cache.putSearchPages('browse', list, page < 19 ? list.length : undefined, fresh);
      }
      assert.deepEqual(guidsOf(cache.list('mine')), ['m1', 'm2', 'm3'], 'the list the user opened is whole');
      const kept = await cache.searchPages('browse', DAY);
      const n = kept?.snippets.length ?? 0;
      assert.ok(n >= 2 && n < 20 && n % 2 === 0, `whole pages, fewer than all: ${n}`);
      assert.deepEqual(guidsOf(kept), guidsOf({ snippets: list.slice(0, n) }), 'the first pages, in order');
      assert.equal(kept?.nextStart, n, 'the next page starts after them');
      assert.equal(cache.snippet('p19a'), undefined, 'a page past the share is not kept');
      assert.ok(cache.size <= bound, `${cache.size} > ${bound}`);
      // The same list searched again from its first page begins anew.
      cache.putSearchPages('browse', list.slice(0, 2), 2, list.slice(0, 2));
      assert.deepEqual(guidsOf(await cache.searchPages('browse', DAY)), ['p0a', 'p0b']);
    });

    it('with a hole from eviction are not read back, while the other lists keep their order; the next page makes them whole again', async () => {
      let clock = 1000;
      let bound = 32 * 1024 * 1024;
      const cache = make({ maxBytes: () => bound, now: () => clock++ });
      await cache.load();
      const list = [snip('a'), snip('b'), snip('c'), snip('d')];
      cache.putSearchPages('browse', list, 4);
      cache.putList('mine', [snip('m1'), snip('m2')], undefined);
      // The bound falls below what is kept: the least recently used go (the search's first), all at once.
      bound = cache.size - 1;
      cache.putSnippets([snip('e')]);
      assert.ok(cache.size <= bound, `within the bound: ${cache.size} > ${bound}`);
      assert.equal(await cache.searchPages('browse', DAY), undefined, 'a list with a hole is never searched');
      assert.deepEqual(guidsOf(cache.list('mine')), ['m1', 'm2'], "the tree's list keeps what was not evicted");
      bound = 32 * 1024 * 1024;
      list.push(snip('e'));
      cache.putSearchPages('browse', list, undefined);
      assert.deepEqual(guidsOf(await cache.searchPages('browse', DAY)), ['a', 'b', 'c', 'd', 'e']);
      await cache.flush();
      const next = make({ now: () => clock });
      await next.load();
      assert.deepEqual(guidsOf(await next.searchPages('browse', DAY)), ['a', 'b', 'c', 'd', 'e']);
    });
  });

  it('a bound of 0 keeps nothing and deletes what an earlier session kept', async () => {
    const before = make();
    await before.load();
    before.putList('mine', [snip('a')], undefined);
    await before.flush();
    const off = make({ maxBytes: () => 0 });
    await off.load();
    assert.equal(off.enabled, false);
    assert.equal(off.list('mine'), undefined);
    off.putList('mine', [snip('b')], undefined);
    await off.flush();
    assert.equal(fs.existsSync(cacheFilePath(dir, KEY)), false);
  });

  it("a save's answer replaces a cached snippet; a deleted one is forgotten everywhere", async () => {
    const cache = make();
    await cache.load();
    cache.putList('mine', [snip('a'), snip('b')], undefined);
    cache.updateSnippet(snip('a', { name: 'renamed' }));
    cache.updateSnippet(snip('not-cached'));
    cache.removeSnippet('b');
    assert.deepEqual(
      cache.list('mine')?.snippets.map((s) => s.name),
      ['renamed'],
    );
    assert.equal(cache.snippet('not-cached'), undefined, 'an update adds nothing new');
  });

  it('clear() deletes the file and a pending write does not bring it back', async () => {
    const cache = make({ writeDelayMs: 1 });
    await cache.load();
    cache.putList('mine', [snip('a')], undefined);
    await cache.flush();
    cache.putSnippets([snip('b')]);
    await cache.clear();
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(fs.existsSync(cacheFilePath(dir, KEY)), false);
    assert.equal(cache.list('mine'), undefined);
    const next = make();
    await next.load();
    assert.equal(next.snippet('b'), undefined);
  });

  it("a cache made while the same account's file is being deleted (Sign Out, then sign in) never reads the old copy", async () => {
    const before = make();
    await before.load();
    before.putList('mine', [snip('a')], undefined);
    await before.flush();
    let releaseRm: () => void = () => undefined;
    const slowRm: CacheFileSystem = {
      ...fsp,
      rm: async (file, options) => {
        await new Promise<void>((r) => (releaseRm = r));
        await fsp.rm(file, options);
      },
    };
    const signingOut = make({ fs: slowRm });
    await signingOut.load();
    const cleared = signingOut.clear();
    const signedInAgain = make();
    const loading = signedInAgain.load();
    await new Promise((r) => setTimeout(r, 20));
    releaseRm();
    await Promise.all([cleared, loading]);
    assert.equal(signedInAgain.list('mine'), undefined);
  });

  it("Clear Offline Cache removes every account's file", async () => {
    for (const key of [KEY, 'http://other#bob']) {
      const c = make({ key });
      await c.load();
      c.putSnippets([snip('a')]);
      await c.flush();
    }
    assert.equal(fs.readdirSync(dir).length, 2);
    await clearCacheFolder(dir);
    assert.equal(fs.existsSync(dir), false);
  });

  it('a key with characters no file name may have (/ \\ : * ? " < > |, CON, NUL) names a plain file', async () => {
    const key = 'https://bitbucket.example.com:8443/a\\b#CON:NUL*?"<>|';
    const cache = make({ key });
    await cache.load();
    cache.putSnippets([snip('a', { name: 'CON' })]);
    await cache.flush();
    assert.match(path.basename(cacheFilePath(dir, key)), /^[0-9a-f]{32}\.json$/);
    assert.deepEqual(fs.readdirSync(dir), [path.basename(cacheFilePath(dir, key))]);
  });

  it('a 300-character key or snippet name makes a short file name and round-trips', async () => {
    const key = `https://bitbucket.example.com/${'p'.repeat(300)}#${'ü'.repeat(300)}`;
    const cache = make({ key });
    await cache.load();
    const name = `${'n'.repeat(299)}/`;
    cache.putSnippets([snip('a', { name })]);
    await cache.flush();
    assert.equal(path.basename(cacheFilePath(dir, key)).length, 37);
    const again = make({ key });
    await again.load();
    assert.equal(again.snippet('a')?.snippet.name, name);
  });

  describe('a file that cannot be trusted is dropped, never used, and never fails', () => {
    async function written(): Promise<string> {
      const cache = make();
      await cache.load();
      cache.putList('mine', [snip('a'), snip('b')], undefined);
      await cache.flush();
      return fs.readFileSync(cacheFilePath(dir, KEY), 'utf8');
    }

    async function loadsEmpty(text: string | Buffer, why: RegExp) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(cacheFilePath(dir, KEY), text);
      const { lines, log } = logCollector();
      const cache = make({ log });
      await cache.load();
      assert.equal(cache.list('mine'), undefined);
      assert.equal(cache.snippet('a'), undefined);
      assert.match(lines.join('\n'), why);
      assert.equal(fs.existsSync(cacheFilePath(dir, KEY)), false, 'the bad file is removed');
      // And the cache works again from scratch.
      cache.putSnippets([snip('z')]);
      await cache.flush();
      const next = make();
      await next.load();
      assert.ok(next.snippet('z'));
    }

    it('truncated (a torn write)', async () => {
      const text = await written();
      await loadsEmpty(text.slice(0, Math.floor(text.length / 2)), /cut short/);
    });

    it('cut short at the end of a line: its header counts more lines', async () => {
      const data = fileData(await written());
      await loadsEmpty(fileText({ ...data, lists: [] }), /fewer lines than its header counts/);
      await loadsEmpty(
        fileText({ ...data, snippets: data.snippets.slice(0, 1), lists: [] }),
        /fewer lines than its header counts|entry 1/,
      );
    });

    it('a line more than its header counts', async () => {
      const data = fileData(await written());
      await loadsEmpty(
        fileText({ ...data, lists: [...data.lists, data.lists[0]] }),
        /more lines than its header counts/,
      );
    });

    it('from an older version, the one JSON document of version 1 too', async () => {
      const data = fileData(await written());
      await loadsEmpty(
        fileText({ ...data, header: { ...data.header, version: CACHE_VERSION - 1 } }),
        new RegExp(`version ${CACHE_VERSION - 1}`),
      );
      const versionOne = {
        format: CACHE_FORMAT,
        version: 1,
        keyHash: cacheKeyHash(KEY),
        savedAt: 1,
        snippets: data.snippets,
        lists: data.lists,
      };
      await loadsEmpty(JSON.stringify(versionOne), /version 1, this version reads 2/);
    });

    it('hand-edited: a field of the wrong type', async () => {
      const data = fileData(await written());
      data.snippets[1].snippet.files = 'oops';
      await loadsEmpty(fileText(data), /files/);
    });

    it('hand-edited: a list id that is no list', async () => {
      const data = fileData(await written());
      data.lists[0].id = 'everything';
      await loadsEmpty(fileText(data), /list 0/);
    });

    it('hand-edited: a count of lines that is no count', async () => {
      const data = fileData(await written());
      await loadsEmpty(fileText({ ...data, header: { ...data.header, snippets: -1 } }), /no count/);
      await loadsEmpty(fileText({ ...data, header: { ...data.header, lists: '1' } }), /no count/);
    });

    // Written by an older version (whose checks took any finite number) or edited by hand: read
    // back, such a time emptied the whole list offline, as the server's answer had online.
    for (const at of [8.64e15 + 1, -8.64e15 - 1, 1e16, 1e308, 1.5]) {
      it(`a time no Date holds (${at}) in a snippet, a comment or the cache's own times`, async () => {
        const data = fileData(await written());
        const edits: Array<[(d: FileData) => void, RegExp]> = [
          [(d) => (d.snippets[1].snippet.updatedAt = at), /snippets\[1\]\.updatedAt of snippet "name b" \(guid "b"\)/],
          [(d) => (d.snippets[0].snippet.createdAt = at), /snippets\[0\]\.createdAt of snippet "name a"/],
          [
            (d) =>
              (d.snippets[0].snippet.comments = [{ guid: 'c', text: 't', userId: 2, createdAt: at, updatedAt: 1 }]),
            /snippets\[0\]\.comments\[0\]\.createdAt of snippet "name a"/,
          ],
          [(d) => (d.snippets[1].fetchedAt = at), /entry 1 has no valid times/],
          [(d) => (d.lists[0].fetchedAt = at), /list 0 is not valid/],
        ];
        for (const [edit, why] of edits) {
          const copy = structuredClone(data);
          edit(copy);
          await loadsEmpty(fileText(copy), why);
        }
      });
    }

    it('copied from another account', async () => {
      const data = fileData(await written());
      await loadsEmpty(
        fileText({ ...data, header: { ...data.header, keyHash: cacheKeyHash('http://x#mallory') } }),
        /another account/,
      );
    });

    it('not ours at all, or binary noise', async () => {
      await loadsEmpty(JSON.stringify({ format: 'something-else', version: 1 }), /not a cache file/);
      await loadsEmpty(Buffer.from([0, 255, 1, 2, 3]), /cut short/);
      await loadsEmpty(JSON.stringify([{ format: CACHE_FORMAT }]), /not a cache file/);
    });
  });

  it('reads a file a line at a time, giving the event loop a turn between lines', async () => {
    const cache = make();
    await cache.load();
    cache.putList(
      'mine',
      Array.from({ length: 50 }, (_, i) => snip(`s${i}`)),
      undefined,
    );
    await cache.flush();
    const bytes = fs.readFileSync(cacheFilePath(dir, KEY));
    // A slice of 0 ms: a turn after every line, as a slow machine would have after a few.
    const { result: read, turns } = await turnsDuring(() => parseCacheFile(bytes, cacheKeyHash(KEY), new Slicer(0)));
    assert.equal(read.snippets.length, 50);
    assert.deepEqual(
      read.lists.map((l) => l.guids.length),
      [50],
    );
    assert.ok(turns >= 50, `${turns} turns of the event loop while 52 lines were read`);
  });

  it('a torn write leaves the previous file whole: the new content goes to a temp file that is renamed', async () => {
    const first = make();
    await first.load();
    first.putList('mine', [snip('a')], undefined);
    await first.flush();
    const crashing: CacheFileSystem = {
      ...fsp,
      writeFile: async (file, data, enc) => {
        await fsp.writeFile(file, [...data].join('').slice(0, 10), enc);
        throw Object.assign(new Error('killed mid-write'), { code: 'EIO' });
      },
    };
    const second = make({ fs: crashing });
    await second.load();
    second.putList('mine', [snip('b')], undefined);
    await second.flush();
    assert.deepEqual(fs.readdirSync(dir), [`${cacheKeyHash(KEY)}.json`], 'no temp file is left behind');
    const third = make();
    await third.load();
    assert.deepEqual(
      third.list('mine')?.snippets.map((s) => s.guid),
      ['a'],
    );
  });

  it('a full disk is logged once and turns the cache off for the session', async () => {
    let attempts = 0;
    const full: CacheFileSystem = {
      ...fsp,
      writeFile: async () => {
        attempts++;
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
    };
    const { lines, log } = logCollector();
    const cache = make({ fs: full, log });
    await cache.load();
    cache.putSnippets([snip('a')]);
    await cache.flush();
    cache.putSnippets([snip('b')]);
    await cache.flush();
    assert.equal(attempts, 1);
    assert.equal(cache.enabled, false);
    assert.equal(lines.filter((l) => /ENOSPC/.test(l)).length, 1);
    assert.equal(cache.snippet('a'), undefined, 'an off cache answers nothing');
  });

  it('a folder that cannot be made (read-only, or a file in the way) turns the cache off, and loading never throws', async () => {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(dir, 'a file where the folder should be');
    const { lines, log } = logCollector();
    const cache = make({ log });
    await cache.load();
    cache.putSnippets([snip('a')]);
    await cache.flush();
    assert.equal(cache.enabled, false);
    assert.match(lines.join('\n'), /could not be written \((EEXIST|ENOTDIR)/);
  });

  it('a read-only file system (EROFS) is logged once and the cache stays off', async () => {
    const readOnly: CacheFileSystem = {
      ...fsp,
      mkdir: async () => {
        throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
      },
    };
    const { lines, log } = logCollector();
    const cache = make({ fs: readOnly, log });
    await cache.load();
    cache.putList('mine', [snip('a')], undefined);
    await cache.flush();
    cache.putList('mine', [snip('b')], undefined);
    await cache.flush();
    assert.equal(lines.filter((l) => /EROFS/.test(l)).length, 1);
  });
});
