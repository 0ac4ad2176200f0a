// A cache file's long lines (a snippet with a file of megabytes) are decoded, parsed and made into
// their texts a slice at a time, with what reading them in one piece gives: the same snippets and
// the same texts, whatever the pieces (a UTF-8 character cut between two), and the same refusals.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import { cacheFilePieces, cacheKeyHash, parseCacheFile } from '../../../src/model/snippets/cache/cacheFile';
import { snippetText } from '../../../src/model/snippets/cache/keptText';
import { SnippetCache } from '../../../src/model/snippets/cache/snippetCache';
import { Slicer } from '../../../src/util/slicer';
import { aSnippet } from '../../support/snippets';

const KEY = 'http://127.0.0.1:7990#alice';
const text = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '"', '\\', '\n', '\u0001', ' '), maxLength: 60 });
const snippet = fc
  .tuple(fc.uuid(), text, text, fc.array(fc.tuple(text, text), { maxLength: 3 }))
  .map(([guid, name, description, files]) =>
    aSnippet({
      guid,
      name,
      description,
      files: files.map(([fileName, content], i) => ({ guid: `${guid}-${i}`, name: fileName, content })),
    }),
  );

function fileOf(snippets: readonly Snippet[]): Buffer {
  const pieces = cacheFilePieces(KEY, 1000, {
    snippets: snippets.map((s) => ({ text: snippetText(s), fetchedAt: 1, usedAt: 2 })),
    lists: [],
  });
  return Buffer.from([...pieces].join(''), 'utf8');
}

const inOnePiece = { lineBytes: Infinity, pieceBytes: 1 };

async function read(bytes: Buffer, sliced: { lineBytes: number; pieceBytes: number }): Promise<unknown> {
  try {
    return await parseCacheFile(bytes, cacheKeyHash(KEY), new Slicer(0), sliced);
  } catch (err) {
    return { refused: (err as Error).message };
  }
}

describe('the offline cache file: long lines read a slice at a time', () => {
  it('gives the same snippets and texts as reading every line in one piece', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(snippet, { selector: (s) => s.guid, maxLength: 4 }),
        fc.integer({ min: 1, max: 9 }),
        async (snippets, pieceBytes) => {
          const bytes = fileOf(snippets);
          const sliced = await read(bytes, { lineBytes: 0, pieceBytes });
          assert.deepStrictEqual(sliced, await read(bytes, inOnePiece));
          assert.deepStrictEqual(
            (sliced as { snippets: Array<{ kept: { held: string } }> }).snippets.map((s) => s.kept.held),
            snippets.map(snippetText),
          );
        },
      ),
    );
  });

  it('refuses what reading in one piece refuses: a file cut short or edited anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(snippet, { selector: (s) => s.guid, minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.constantFrom('cut', '"', '{', '\\', '\u00ff'),
        fc.integer({ min: 1, max: 9 }),
        async (snippets, at, edit, pieceBytes) => {
          const bytes = fileOf(snippets);
          const i = at % bytes.length;
          const broken =
            edit === 'cut'
              ? bytes.subarray(0, i)
              : Buffer.concat([bytes.subarray(0, i), Buffer.from(edit, 'latin1'), bytes.subarray(i)]);
          const sliced = (await read(broken, { lineBytes: 0, pieceBytes })) as { refused?: string };
          const whole = (await read(broken, inOnePiece)) as { refused?: string };
          assert.equal(
            sliced.refused !== undefined,
            whole.refused !== undefined,
            `sliced: ${sliced.refused}, in one piece: ${whole.refused}`,
          );
          if (whole.refused === undefined) assert.deepStrictEqual(sliced, whole);
        },
      ),
    );
  });

  it('a snippet of megabytes comes back the same, from the file and to a search', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-cache-long-'));
    try {
      const big = aSnippet({
        guid: 'big',
        name: 'big',
        files: [{ guid: 'f', name: 'big.js', content: 'const s = "😀 é \\" x";\n'.repeat(150_000) }],
      });
      const make = () => new SnippetCache({ dir, key: KEY, maxBytes: () => 32 * 1024 * 1024, writeDelayMs: 0 });
      const first = make();
      await first.load();
      first.putSearchPages('browse', [big, aSnippet({ guid: 'small' })], undefined);
      await first.flush();
      // Written in parts as the write reached it: the same text as in one piece.
      const written = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), 'utf8').split('\n');
      assert.ok(written.some((line) => line.startsWith(`{"snippet":${JSON.stringify(big)},"fetchedAt":`)));
      const next = make();
      await next.load();
      const kept = await next.searchPages('browse', 24 * 60 * 60 * 1000, new Slicer(0));
      assert.deepStrictEqual(kept?.snippets[0], big);
      assert.deepStrictEqual(next.snippet('big')?.snippet, big);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
