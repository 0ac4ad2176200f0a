// What the offline cache keeps of a snippet in memory: its JSON text, the form it is written in,
// not the object. A snippet as objects costs two to three times its JSON in V8's heap (a header
// and fields per object, array and string); the text of one-byte characters costs about its
// length. So the cache's size bound, counted here in what the memory really holds, bounds the
// extension host's heap as well as the file. A search's pages are the exception, for a moment:
// they wait as the objects the search holds anyway, counted by their text's length worked out
// without making it, until the next write makes their texts (making them as the pages arrived
// slowed a complete search by a third). No `vscode` here.
import {
  jsonParts,
  parseJsonSliced,
  PIECE_CHARS,
  stringifyJsonSliced,
  type YieldsTurns,
} from '../../../api/slicedJson';
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
  /**
   * The snippet's JSON, read back on each use, so that only the text stays in memory; or, until
   * the next write makes that text (textOfEntry), the snippet a search put in.
   */
  held: string | Snippet;
  fetchedAt: number;
  usedAt: number;
  /** What it counts for against the bound: estimated while it holds a snippet, exact once a text. */
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
  held: string | Snippet;
  bytes: number;
}

/** A snippet kept as its text, made now. */
export function keptSnippet(snippet: Snippet): KeptSnippet {
  const text = snippetText(snippet);
  return { guid: snippet.guid, held: text, bytes: keptTextBytes(text) };
}

/** snippetOf, with a text of megabytes parsed a slice at a time (api/slicedJson.ts). */
export async function snippetOfSliced(held: string | Snippet, turns: YieldsTurns): Promise<Snippet> {
  return typeof held === 'string' && held.length >= PIECE_CHARS
    ? ((await parseJsonSliced(held, turns)) as Snippet)
    : snippetOf(held);
}

/** keptSnippet for a snippet of megabytes: its text made a slice at a time (api/slicedJson.ts), the same text. */
export async function keptSnippetSliced(snippet: Snippet, turns: YieldsTurns): Promise<KeptSnippet> {
  const text = await stringifyJsonSliced(snippet, turns);
  return { guid: snippet.guid, held: text, bytes: keptTextBytes(text) };
}

/**
 * A snippet of a search's page, kept as it is until a write makes its text; counted for what its
 * text will be, worked out without making it (exact unless a character needs escaping or more
 * than one byte, or the server sent fields a snippet does not have: the write corrects it).
 */
export function waitingSnippet(snippet: Snippet): KeptSnippet {
  return { guid: snippet.guid, held: snippet, bytes: keptBytesOfLength(snippetTextLength(snippet)) };
}

/**
 * The snippet an entry holds. A text was made by `snippetText` from a snippet that passed the
 * checks of a server answer or of the cache file, so it parses back to the same snippet. A
 * snippet not yet made into text is the search's own object, handed out as it is: nothing changes
 * a snippet object once it is checked.
 */
export function snippetOf(held: string | Snippet): Snippet {
  return typeof held === 'string' ? (JSON.parse(held) as Snippet) : held;
}

/**
 * The entry's text, made now if it still holds a snippet (a write asks): the entry keeps the text
 * from then on, and its real size, and `grew` is told how much more the entry counts for now. The
 * text of a snippet of megabytes comes in parts, made as the write reaches them (api/slicedJson.ts):
 * made in one go, it held the thread for 10-16 ms per 5 MB.
 */
export function textOfEntry(entry: SnippetEntry, grew: (bytes: number) => void): string | Iterable<string> {
  const held = entry.held;
  if (typeof held === 'string') return held;
  const keep = (text: string) => {
    // A newer copy put in while the parts were made stays.
    if (entry.held !== held) return;
    const bytes = keptTextBytes(text);
    grew(bytes - entry.bytes);
    entry.held = text;
    entry.bytes = bytes;
  };
  if (entry.bytes < PIECE_CHARS) {
    const text = snippetText(held);
    keep(text);
    return text;
  }
  return (function* parts() {
    const made: string[] = [];
    for (const part of jsonParts(held)) {
      made.push(part);
      yield part;
    }
    keep(made.join(''));
  })();
}

/**
 * What a kept text is counted for against the bound: the larger of its heap size and its bytes
 * in the file (UTF-8), plus the entry around it, so that both the memory and the file stay within.
 */
export function keptTextBytes(text: string): number {
  const fileBytes = Buffer.byteLength(text, 'utf8');
  const perChar = fileBytes === text.length || !TWO_BYTE.test(text) ? 1 : 2;
  return Math.max(heapBytesOf(text.length, perChar), fileBytes) + ENTRY_OVERHEAD_BYTES;
}

/** A string's size in V8's heap: its header, and its characters rounded up to 8 bytes. */
const heapBytesOf = (length: number, perChar: 1 | 2): number =>
  STRING_HEADER_BYTES + Math.ceil((length * perChar) / 8) * 8;

/** What a text of `length` one-byte characters counts for: as keptTextBytes counts an ASCII text. */
const keptBytesOfLength = (length: number): number => heapBytesOf(length, 1) + ENTRY_OVERHEAD_BYTES;

/** The lengths of JSON.stringify's answer for each part of a snippet with empty strings, zeros, `false` and no items. */
const EMPTY = {
  snippet: JSON.stringify({
    guid: '',
    name: '',
    categories: [],
    isVisible: false,
    isPublic: false,
    userId: 0,
    createdAt: 0,
    updatedAt: 0,
    files: [],
    comments: [],
  }).length,
  description: ',"description":""'.length,
  category: JSON.stringify({ guid: '', name: '' }).length,
  file: JSON.stringify({ guid: '', name: '', content: '' }).length,
  comment: JSON.stringify({ guid: '', text: '', userId: 0, createdAt: 0, updatedAt: 0 }).length,
};

/**
 * What a number, or `true`, adds to the empty form's `0` or `false`. Ids and times are whole and
 * not negative: their digits are counted without making the string (String() cost as much as the
 * rest of the estimate); any other number is spelt out.
 */
function numberLength(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) return String(n).length - 1;
  let digits = 1;
  for (let bound = 10; n >= bound && digits < 16; bound *= 10) digits++;
  return digits - 1;
}
const boolLength = (b: boolean): number => (b ? -1 : 0);
/** The commas between `n` items. */
const commas = (n: number): number => Math.max(0, n - 1);

/**
 * The length of `snippetText(snippet)` without making it: the snippet's fields, in JSON's own
 * spelling of numbers, assuming no character needs escaping (a quote, a backslash or a newline
 * adds one; a control character five). Fields a snippet does not have are not counted.
 */
export function snippetTextLength(s: Snippet): number {
  let length = EMPTY.snippet + s.guid.length + s.name.length + boolLength(s.isVisible) + boolLength(s.isPublic);
  length += numberLength(s.userId) + numberLength(s.createdAt) + numberLength(s.updatedAt);
  if (s.description !== undefined) length += EMPTY.description + s.description.length;
  length += commas(s.categories.length) + commas(s.files.length) + commas(s.comments.length);
  for (const c of s.categories) length += EMPTY.category + c.guid.length + c.name.length;
  for (const f of s.files) length += EMPTY.file + f.guid.length + f.name.length + f.content.length;
  for (const c of s.comments) {
    length +=
      EMPTY.comment +
      c.guid.length +
      c.text.length +
      numberLength(c.userId) +
      numberLength(c.createdAt) +
      numberLength(c.updatedAt);
  }
  return length;
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
