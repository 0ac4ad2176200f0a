// What part of a text the scan reads: none of a binary one (its "lines" are noise that rules would
// match by chance), and the first MAX_SCANNED_CHARS of a long one, so that a huge file cannot hold
// a send up; the caller is told about the rest.
import type { NotScannedReason } from './types';

/** 2 MiB of text (UTF-16 code units): far above any snippet a person reads, far below the time of a request. */
export const MAX_SCANNED_CHARS = 2 * 1024 * 1024;

/** How much of the start is looked at to call a text binary, as git does. */
const SNIFFED_CHARS = 8000;
/** Above this share of control or replacement characters in the start, the text is not text. */
const MOST_NOT_TEXT = 0.1;

export interface ScannedPart {
  /** The text the rules read: empty for a binary text. */
  scanned: string;
  /** Why some of the text is left out, if it is. */
  notScanned?: NotScannedReason;
}

/** A NUL, or many controls (not tab, line breaks, form feed, escape) or U+FFFD (bytes that were not UTF-8). */
export function looksBinary(text: string): boolean {
  const start = text.length > SNIFFED_CHARS ? text.slice(0, SNIFFED_CHARS) : text;
  if (start.includes('\0')) return true;
  let odd = 0;
  for (let i = 0; i < start.length; i++) {
    const c = start.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || c === 0x7f || c === 0xfffd) odd++;
  }
  return start.length > 0 && odd / start.length > MOST_NOT_TEXT;
}

export function scannedPart(text: string): ScannedPart {
  if (looksBinary(text)) return { scanned: '', notScanned: 'binary' };
  if (text.length <= MAX_SCANNED_CHARS) return { scanned: text };
  // Not inside a surrogate pair: the rest would start with half a character.
  let end = MAX_SCANNED_CHARS;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return { scanned: text.slice(0, end), notScanned: 'too-large' };
}

export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
