// A search's pages go into the offline cache as the search's own snippet objects, counted by what
// their texts will be, and the next write makes the texts (cache/keptText.ts): the search does
// not wait for JSON.stringify on its way to its results. These tests hold the count to the text
// it stands for, and the write to making the texts, counting them exactly and keeping the bound.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import { cacheFilePath, type CacheFileSystem } from '../../../src/model/snippets/cache/cacheFile';
import {
  LIST_SLOT_BYTES,
  keptSnippet,
  keptTextBytes,
  snippetText,
  snippetTextLength,
  waitingSnippet,
} from '../../../src/model/snippets/cache/keptText';
import { SnippetCache, type SnippetCacheOptions } from '../../../src/model/snippets/cache/snippetCache';
import { aSnippet } from '../../support/snippets';

const KEY = 'http://127.0.0.1:7990#alice';
const DAY = 24 * 60 * 60 * 1000;

const guidsOf = (pages: { snippets: Snippet[] } | undefined) => pages?.snippets.map((s) => s.guid);

/** What the cache counts for `snippets` kept as texts in one search list. */
const exactBytes = (snippets: readonly Snippet[]): number =>
  snippets.reduce((sum, s) => sum + keptTextBytes(snippetText(s)) + LIST_SLOT_BYTES, 0);

const snippetOf = (text: fc.Arbitrary<string>): fc.Arbitrary<Snippet> => {
  const time = fc.integer({ min: -8.64e15, max: 8.64e15 });
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  return fc.record(
    {
      guid: text,
      name: text,
      description: text,
      categories: fc.array(fc.record({ guid: text, name: text }), { maxLength: 3 }),
      isVisible: fc.boolean(),
      isPublic: fc.boolean(),
      userId: number,
      createdAt: time,
      updatedAt: time,
      files: fc.array(fc.record({ guid: text, name: text, content: text }), { maxLength: 3 }),
      comments: fc.array(fc.record({ guid: text, text, userId: number, createdAt: time, updatedAt: time }), {
        maxLength: 3,
      }),
    },
    {
      requiredKeys: [
        'guid',
        'name',
        'categories',
        'isVisible',
        'isPublic',
        'userId',
        'createdAt',
        'updatedAt',
        'files',
        'comments',
      ],
    },
  );
};

/** Printable ASCII that JSON writes as it is: no quote, no backslash. */
const plain = fc.stringMatching(/^[ !#-[\]-~]{0,40}$/);

describe("a search's pages in the offline cache, waiting for their texts", () => {
  describe('the length of a text worked out without making it', () => {
    it("is the length of the snippet's JSON when no character needs escaping or more than one byte", () => {
      fc.assert(
        fc.property(snippetOf(plain), (s) => {
          assert.equal(snippetTextLength(s), snippetText(s).length);
          assert.equal(waitingSnippet(s).bytes, keptSnippet(s).bytes, 'counted as its text will be');
        }),
      );
    });

    it('is never more than the text turns out to be, whatever the characters', () => {
      fc.assert(
        fc.property(snippetOf(fc.string({ unit: 'binary', maxLength: 30 })), (s) => {
          assert.ok(snippetTextLength(s) <= snippetText(s).length);
          assert.ok(waitingSnippet(s).bytes <= keptSnippet(s).bytes);
        }),
      );
    });
  });

  describe('in the cache', () => {
    let dir: string;
    const make = (extra: Partial<SnippetCacheOptions> = {}) =>
      new SnippetCache({ dir, key: KEY, maxBytes: () => 32 * 1024 * 1024, writeDelayMs: 3_600_000, ...extra });
    /** Snippet i, its file `content`. */
    const snip = (i: number, content = `echo ${i}`) =>
      aSnippet({ guid: `s${i}`, name: `snippet ${i}`, files: [{ guid: `f${i}`, name: 'a.sh', content }] });

    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-cache-waiting-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("are the search's own snippets until a write, counted as their texts; after it, texts read back as equal snippets", async () => {
      const cache = make();
      await cache.load();
      const list = Array.from({ length: 20 }, (_, i) => snip(i));
      cache.putSearchPages('browse', list, undefined, list);
      const kept = await cache.searchPages('browse', DAY);
      assert.ok(
        kept?.snippets.every((s, i) => s === list[i]),
        'the same objects: no text was made for them',
      );
      assert.equal(cache.size, exactBytes(list), 'counted exactly: plain ASCII');
      await cache.flush();
      const after = await cache.searchPages('browse', DAY);
      assert.deepEqual(after?.snippets, list);
      assert.ok(
        after?.snippets.every((s, i) => s !== list[i]),
        'made from their texts now',
      );
      assert.equal(cache.size, exactBytes(list));
      const next = make();
      await next.load();
      assert.deepEqual((await next.searchPages('browse', DAY))?.snippets, list, 'and the file has them');
    });

    it('are counted as their texts really are once the write made them', async () => {
      const cache = make();
      await cache.load();
      // Three bytes a character in the file, where the estimate counts one.
      const list = Array.from({ length: 10 }, (_, i) => snip(i, `片段 "${i}"\n`.repeat(50)));
      cache.putSearchPages('mine', list, undefined, list);
      assert.ok(cache.size < exactBytes(list), 'estimated below what the texts will be');
      await cache.flush();
      assert.equal(cache.size, exactBytes(list));
    });

    it('that turn out past the bound once written are dropped, the least used first, and the next write keeps to the bound', async () => {
      const bound = 60_000;
      let clock = 1000;
      const cache = make({ maxBytes: () => bound, now: () => clock++ });
      await cache.load();
      const mine = Array.from({ length: 3 }, (_, i) => snip(100 + i));
      cache.putList('mine', mine, undefined);
      // About 9 KB as counted, 27 KB as written; two lists of them fit the bound only as counted.
      const big = (i: number) => snip(i, '片'.repeat(9_000));
      const starred = [big(1), big(2)];
      const browse = [big(3), big(4)];
      cache.putSearchPages('starred', starred, undefined, starred);
      cache.putSearchPages('browse', browse, undefined, browse);
      assert.ok(cache.size <= bound, 'within the bound as counted');
      assert.ok(await cache.searchPages('browse', DAY), 'browse is kept');
      await cache.flush();
      assert.ok(cache.size <= bound, `within the bound once counted exactly: ${cache.size} > ${bound}`);
      assert.equal(await cache.searchPages('starred', DAY), undefined, 'the least used search list went whole');
      assert.deepEqual(guidsOf(await cache.searchPages('browse', DAY)), ['s3', 's4'], 'the most recent stayed');
      await cache.flush();
      assert.ok(fs.statSync(cacheFilePath(dir, KEY)).size <= bound, 'the file written next is within the bound');
      const next = make({ maxBytes: () => bound, now: () => clock });
      await next.load();
      assert.equal(await next.searchPages('starred', DAY), undefined);
      assert.deepEqual((await next.searchPages('browse', DAY))?.snippets, browse, 'and read back whole');
    });

    it("count their real size against the list's share after the write: a page past it is refused", async () => {
      const bound = 100_000;
      const cache = make({ maxBytes: () => bound });
      await cache.load();
      // Counted at about 20 KB, written as about 60 KB: past the share (half the bound) only once written.
      const list = [snip(1, '片'.repeat(20_000))];
      cache.putSearchPages('browse', list, 1, list);
      await cache.flush();
      list.push(snip(2));
      cache.putSearchPages('browse', list, undefined, [list[1]]);
      assert.equal(cache.snippet('s2'), undefined, 'the second page is past the share');
      assert.equal((await cache.searchPages('browse', DAY))?.snippets.length, 1, 'the list keeps its first page');
    });

    it('replaced or deleted while a write makes their texts leave the count as it is', async () => {
      let opened!: () => void;
      let started!: () => void;
      const gate = new Promise<void>((resolve) => (opened = resolve));
      const writeStarted = new Promise<void>((resolve) => (started = resolve));
      const gated: CacheFileSystem = {
        readFile: (f) => fsp.readFile(f),
        // The contents were taken when the write begins; its pieces are made once the gate opens.
        writeFile: async (f, data, encoding) => {
          started();
          await gate;
          await fsp.writeFile(f, data, encoding);
        },
        rename: (a, b) => fsp.rename(a, b),
        mkdir: (d, o) => fsp.mkdir(d, o),
        rm: (f, o) => fsp.rm(f, o),
      };
      const cache = make({ fs: gated });
      await cache.load();
      const list = [snip(1, '片'.repeat(500)), snip(2, '片'.repeat(500)), snip(3, '片'.repeat(500))];
      cache.putSearchPages('browse', list, undefined, list);
      const writing = cache.flush();
      await writeStarted;
      const newer = snip(1, 'plain now');
      cache.updateSnippet(newer);
      cache.removeSnippet('s2');
      opened();
      await writing;
      assert.equal(cache.size, exactBytes([newer, list[2]]), 'the replaced and the deleted copies count for nothing');
    });
  });
});
