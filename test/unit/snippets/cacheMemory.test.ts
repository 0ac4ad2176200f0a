// The offline cache's size bound holds in the heap, not only in the file: what it keeps in memory
// after a forced garbage collection is no more than what it counts against the bound (it keeps
// each snippet as its JSON text, cache/keptText.ts). Measured with V8's own gc, which the test
// hands itself (no --expose-gc needed), over a search's worth of pages pouring in.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type { Snippet } from '../../../src/api/types';
import { SnippetCache } from '../../../src/model/snippets/cache/snippetCache';
import {
  ENTRY_OVERHEAD_BYTES,
  keptTextBytes,
  snippetOf,
  snippetText,
} from '../../../src/model/snippets/cache/keptText';
import { aSnippet } from '../../support/snippets';

const MB = 1024 * 1024;

/** V8 hands gc() to a new context once the flag is set, also in a process started without it. */
function forcedGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Snippet i as Browse lists it: small, as most are; every third has text outside Latin-1 (V8 then stores two bytes a character). */
const snippetAt = (i: number): Snippet =>
  aSnippet({
    guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `small ${i}`,
    userId: 3,
    createdAt: 1.7e12 + i * 1000,
    updatedAt: 1.7e12 + i * 1000,
    files: [
      {
        guid: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `s${i}.sh`,
        content: i % 3 === 0 ? `echo € ${i}\n` : `echo ${i}\n`,
      },
    ],
  });

/** Snippet i with comments and categories: as objects it costs well over its text (more objects, each with a header). */
const talkedAbout = (i: number): Snippet => ({
  ...snippetAt(i),
  categories: [1, 2].map((c) => ({
    guid: `20000000-0000-4000-8000-${String(i * 10 + c).padStart(12, '0')}`,
    name: `category ${c}`,
  })),
  comments: [1, 2, 3].map((c) => ({
    guid: `30000000-0000-4000-8000-${String(i * 10 + c).padStart(12, '0')}`,
    text: `comment ${c} on ${i}`,
    userId: 3,
    createdAt: 1.7e12 + c,
    updatedAt: 1.7e12 + c,
  })),
});

describe('the offline cache holds its size bound in memory', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-cache-memory-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * A cache bounded at `bound` that writes only when told (no write during `fill`), and how much of
   * the heap it holds once `fill` ran: the heap after a forced collection, less the heap once the
   * cache is gone (written, stopped, no longer referenced) and the collector ran again. Measured as
   * what letting go of the cache frees, not as what the heap grew while `fill` ran, so that what
   * else the process allocates meanwhile (a server of another test file in the same mocha process)
   * does not count. `inspect` sees the full cache in between, after the measure of its heap.
   */
  async function heldInHeap(
    bound: number,
    fill: (cache: SnippetCache) => Promise<void> | void,
    inspect: (cache: SnippetCache) => Promise<void> | void,
  ): Promise<{ size: number; held: number }> {
    const gc = forcedGc();
    let cache: SnippetCache | undefined = new SnippetCache({
      dir,
      key: 'http://127.0.0.1:7990#alice',
      maxBytes: () => bound,
      writeDelayMs: 3_600_000,
    });
    await cache.load();
    await fill(cache);
    gc();
    gc();
    const full = process.memoryUsage().heapUsed;
    const size = cache.size;
    await inspect(cache);
    await cache.dispose();
    cache = undefined;
    gc();
    gc();
    return { size, held: full - process.memoryUsage().heapUsed };
  }

  it('after 40,000 snippets of a search pour in, its heap is within what it counts, and what it counts within the bound', async () => {
    const bound = 6 * MB;
    // No write during the test: the heap holds only what the cache keeps.
    const { size, held } = await heldInHeap(
      bound,
      (cache) => {
        for (let page = 0; page < 40; page++) {
          const values = Array.from({ length: 1000 }, (_, j) => snippetAt(page * 1000 + j));
          cache.putSnippets(values);
          if (page === 0) cache.putList('browse', values.slice(0, 25), 25);
          assert.ok(cache.size <= bound, `page ${page}: ${cache.size} bytes counted, over the bound of ${bound}`);
        }
      },
      (cache) => {
        // What it keeps still reads back as the snippets it was given: the newest are kept.
        assert.deepEqual(cache.snippet(snippetAt(39_999).guid)?.snippet, snippetAt(39_999));
        assert.deepEqual(cache.snippet(snippetAt(39_998).guid)?.snippet, snippetAt(39_998));
        assert.equal(cache.snippet(snippetAt(0).guid), undefined, 'the least recently used went');
      },
    );
    // Room for the heap's own noise (a few hundred KB in a test process), not for the cache's.
    assert.ok(
      held <= size * 1.1 + 0.5 * MB,
      `the cache held ${(held / MB).toFixed(1)} MB for ${(size / MB).toFixed(1)} MB counted`,
    );
    assert.ok(size > bound * 0.9, 'the cache is full: the measure is of a full cache');
  });

  it("a search's pages, waiting as the search's snippets until the next write, hold no more than counted once written", async () => {
    const bound = 6 * MB;
    const { size, held } = await heldInHeap(
      bound,
      async (cache) => {
        // Two lists, a page of 1,000 at a time, each until its share (half the bound) is full; the
        // search's own copies are gone after it, as when its pages were dropped from memory.
        for (const list of ['mine', 'browse']) {
          let pages: Snippet[] = [];
          for (let page = 0; page < 40; page++) {
            const values = Array.from({ length: 1000 }, (_, j) =>
              talkedAbout((list === 'mine' ? 0 : 100_000) + page * 1000 + j),
            );
            pages = [...pages, ...values];
            cache.putSearchPages(list, pages, pages.length, values);
            assert.ok(
              cache.size <= bound,
              `${list} page ${page}: ${cache.size} bytes counted, over the bound of ${bound}`,
            );
          }
        }
        await cache.flush();
      },
      async (cache) => {
        // Text outside ASCII weighs more than estimated: the write made room by dropping the least used (My Snippets' first).
        const browse = await cache.searchPages('browse', 60_000);
        assert.deepEqual(
          browse?.snippets.slice(0, 3),
          [0, 1, 2].map((i) => talkedAbout(100_000 + i)),
          'read back from their texts',
        );
      },
    );
    assert.ok(size <= bound, `${size} bytes counted once exact, over the bound of ${bound}`);
    assert.ok(size > bound * 0.8, 'the two lists fill the cache: the measure is of a full cache');
    assert.ok(
      held <= size * 1.1 + 0.5 * MB,
      `the cache held ${(held / MB).toFixed(1)} MB for ${(size / MB).toFixed(1)} MB counted`,
    );
  });

  it('counts a text by the larger of its heap size and its bytes in the file', () => {
    const ascii = snippetText(aSnippet({ name: 'plain' }));
    const latin1 = snippetText(aSnippet({ name: 'grün'.repeat(50) }));
    const twoByte = snippetText(aSnippet({ name: 'cost €' }));
    const cjk = snippetText(aSnippet({ name: '片段'.repeat(200) }));
    const heap = (chars: number, perChar: number) => 16 + Math.ceil((chars * perChar) / 8) * 8;
    assert.equal(keptTextBytes(ascii), heap(ascii.length, 1) + ENTRY_OVERHEAD_BYTES);
    assert.equal(
      keptTextBytes(latin1),
      Buffer.byteLength(latin1) + ENTRY_OVERHEAD_BYTES,
      'one byte a character in memory, more in UTF-8',
    );
    assert.equal(
      keptTextBytes(twoByte),
      heap(twoByte.length, 2) + ENTRY_OVERHEAD_BYTES,
      'two bytes a character in memory',
    );
    assert.equal(
      keptTextBytes(cjk),
      Buffer.byteLength(cjk) + ENTRY_OVERHEAD_BYTES,
      'three bytes a character in the file',
    );
    assert.deepEqual(snippetOf(cjk), aSnippet({ name: '片段'.repeat(200) }));
  });
});
