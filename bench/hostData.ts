// The local server's data file for the memory run in the extension host: 10,000 small snippets
// of alice (My Snippets) among 100,000 visible ones (Browse). Written as the server's data file
// (test/server/state.ts) in one go, so the server starts with them in a second instead of
// receiving 100,000 POSTs.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Snippet } from '../src/api/types';
import { trackTempDir } from '../test/harness/cleanup';

export const MINE = 10_000;
export const BROWSE = 100_000;
const ALICE = 2;
const BOB = 3;

function small(i: number, at: number): Snippet {
  return {
    guid: randomUUID(),
    name: `small ${i}`,
    description: '',
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: i < MINE ? ALICE : BOB,
    createdAt: at,
    updatedAt: at,
    files: [{ guid: randomUUID(), name: `s${i}.sh`, content: `echo ${i}\n` }],
    comments: [],
  };
}

/** Writes the data file in a new temporary folder (removed when the bench ends); returns its path. */
export function writeMemoryData(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-data-'));
  trackTempDir(dir);
  const file = path.join(dir, 'data.json');
  const base = Date.now() - BROWSE * 1000;
  const snippets = Array.from({ length: BROWSE }, (_, i) => JSON.stringify(small(i, base + i * 1000)));
  fs.writeFileSync(
    file,
    `{"version":1,"snippets":[${snippets.join(',')}],"stars":[],"categories":[],"pages":{},"hooks":{},"secretScanningRules":[]}`,
  );
  return file;
}
