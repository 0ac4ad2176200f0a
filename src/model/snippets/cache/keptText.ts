// What the offline cache keeps of a snippet in memory: its JSON text, the form it is written in,
// not the object. A snippet as objects costs two to three times its JSON in V8's heap (a header
// and fields per object, array and string); the text of one-byte characters costs about its
// length. So the cache's size bound, counted here in what the memory really holds, bounds the
// extension host's heap as well as the file. No `vscode` here.
import type { Snippet } from '../../../api/types';

/**
 * What an entry costs beside its text: the entry object with its two times (heap numbers), the
 * map's slot and the guid that keys it. Measured with V8 (test/unit/snippets/cacheMemory.test.ts).
 */
export const ENTRY_OVERHEAD_BYTES = 256;

/** What a list costs per snippet it names: a slot in its array (the guid string is the entry's). */
export const LIST_SLOT_BYTES = 8;

/** A V8 string's header; its characters follow, rounded up to 8 bytes. */
const STRING_HEADER_BYTES = 16;

/** A character past U+00FF: V8 then stores the whole string in two bytes per character, else in one. */
const TWO_BYTE = /[\u0100-\uffff]/;

/** A snippet as the cache keeps it. */
export interface SnippetEntry {
  /** The string that keys the entry, which lists share. */
  guid: string;
  /** The snippet's JSON: read back on each use, so that only the text stays in memory. */
  text: string;
  fetchedAt: number;
  usedAt: number;
  bytes: number;
}

/** The JSON text of a snippet as the cache keeps it. */
export function snippetText(snippet: Snippet): string {
  return JSON.stringify(snippet);
}

/**
 * A snippet about to be kept: its guid, its text, and what the text counts for against the bound.
 * Not the object: a full file read back holds every line's KeptSnippet until it is kept, and the
 * objects would cost two to three times the texts.
 */
export interface KeptSnippet {
  guid: string;
  text: string;
  bytes: number;
}

export function keptSnippet(snippet: Snippet): KeptSnippet {
  const text = snippetText(snippet);
  return { guid: snippet.guid, text, bytes: keptTextBytes(text) };
}

/**
 * The snippet of a kept text. The text was made by `snippetText` from a snippet that passed the
 * checks of a server answer or of the cache file, so it parses back to the same snippet.
 */
export function snippetOfText(text: string): Snippet {
  return JSON.parse(text) as Snippet;
}

/**
 * What a kept text is counted for against the bound: the larger of its heap size and its bytes
 * in the file (UTF-8), plus the entry around it, so that both the memory and the file stay within.
 */
export function keptTextBytes(text: string): number {
  const fileBytes = Buffer.byteLength(text, 'utf8');
  const perChar = fileBytes === text.length || !TWO_BYTE.test(text) ? 1 : 2;
  const heapBytes = STRING_HEADER_BYTES + Math.ceil((text.length * perChar) / 8) * 8;
  return Math.max(heapBytes, fileBytes) + ENTRY_OVERHEAD_BYTES;
}

/**
 * Puts the entries (keyed by guid, the least recently used first) in the order of their use, when
 * they are not already: a file is written in it, but what a session used before or while the file
 * was read goes among its entries by its time.
 */
export function putInOrderOfUse(entries: Map<string, SnippetEntry>): void {
  let last = -Infinity;
  let ordered = true;
  for (const e of entries.values()) {
    if (e.usedAt < last) {
      ordered = false;
      break;
    }
    last = e.usedAt;
  }
  if (ordered) return;
  const byUse = [...entries.values()].sort((a, b) => a.usedAt - b.usedAt);
  entries.clear();
  for (const entry of byUse) entries.set(entry.guid, entry);
}
