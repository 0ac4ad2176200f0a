// What part of a text the scan reads: none of a binary one (its "lines" are noise that rules would
// match by chance), and the first MAX_SCANNED_CHARS of a long one, so that a huge file cannot hold
// a send up; the caller is told about the rest. Binary is what the one text rule says
// (model/snippets/fileText.ts, which a local file passes to become a snippet's file), so whatever
// Create from File or a drop takes, the scan reads as text.
import { looksBinary } from '../snippets/fileText';
import type { NotScannedReason } from './types';

/** 2 MiB of text (UTF-16 code units): far above any snippet a person reads, far below the time of a request. */
export const MAX_SCANNED_CHARS = 2 * 1024 * 1024;

export interface ScannedPart {
  /** The text the rules read: empty for a binary text. */
  scanned: string;
  /** Why some of the text is left out, if it is. */
  notScanned?: NotScannedReason;
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
