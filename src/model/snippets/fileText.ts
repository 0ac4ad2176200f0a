// Is this file text? One rule for every way a local file becomes a snippet's file (Create from
// File, drag and drop on the Snippets view) and for what the secret scan calls binary, so that a
// file one path takes the other takes too, and whatever either takes the scan reads as text.
// A file is text when it has no NUL byte, is valid UTF-8 (no byte is silently replaced: what is
// shared is what is on disk), and its start is not mostly control characters. The start only, as
// git does, so that a huge text is not read twice to be judged. Plain Node, no l10n: the secret
// scan's worker bundles it.

/** How much of the start is looked at to call a text binary, as git does. */
export const SNIFFED_CHARS = 8000;
/** Above this share of control or replacement characters in the start, the text is not text. */
const MOST_NOT_TEXT = 0.1;

/** Why a file is not text: a NUL byte or mostly control characters (`binary`), or bytes that are not UTF-8. */
export type NotText = 'binary' | 'not-utf8';

export type FileText = { text: string } | { notText: NotText };

/**
 * A NUL in the start, or many controls (not tab, line breaks, form feed, escape) or U+FFFD (what a
 * decoder puts for bytes that were not UTF-8) in it.
 */
export function looksBinary(text: string): boolean {
  const start = text.length > SNIFFED_CHARS ? text.slice(0, SNIFFED_CHARS) : text;
  if (start.includes('\0')) return true;
  let odd = 0;
  for (let i = 0; i < start.length; i++) {
    const c = start.charCodeAt(i);
    if (
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) ||
      c === 0x7f ||
      c === 0xfffd
    ) {
      odd++;
    }
  }
  return start.length > 0 && odd / start.length > MOST_NOT_TEXT;
}

/** The text of a file's bytes (a UTF-8 byte order mark dropped), or why it is not text. */
export function fileText(bytes: Uint8Array): FileText {
  if (bytes.includes(0)) return { notText: 'binary' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { notText: 'not-utf8' };
  }
  return looksBinary(text) ? { notText: 'binary' } : { text };
}

/** The text of a file's bytes, or undefined when it is not text. */
export function textOf(bytes: Uint8Array): string | undefined {
  const read = fileText(bytes);
  return 'text' in read ? read.text : undefined;
}
