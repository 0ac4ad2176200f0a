// The text of an answer's body. A page of a few hundred KB is kept as its chunks and decoded once
// at the end (one copy and one decode: a third of the CPU of decoding chunk by chunk and joining
// the pieces). A large body is decoded chunk by chunk as the chunks arrive, from STREAM_FROM_BYTES
// on: joining the chunks and then decoding them made two new blocks of the body's size once the
// last chunk had come, 7 to 14 ms of the extension host's thread for a 5.6 MB answer (a snippet with
// a 5 MB file), before it was parsed. Decoded as they come, each chunk costs a fraction of a
// millisecond between network reads, and the end makes one block, the joined text (5 to 8 ms for
// that answer).

import { StringDecoder } from 'node:string_decoder';

/** From this many bytes on, a body is decoded chunk by chunk as it arrives. */
export const STREAM_FROM_BYTES = 1024 * 1024;

export class BodyText {
  private chunks: Buffer[] = [];
  private bytes = 0;
  // A character cut between two chunks waits in the decoder for its last bytes; bytes that are
  // not UTF-8 become U+FFFD, as Buffer#toString makes them.
  private decoder: StringDecoder | undefined;
  private readonly parts: string[] = [];

  constructor(private readonly streamFrom = STREAM_FROM_BYTES) {}

  add(chunk: Buffer): void {
    if (this.decoder) {
      this.parts.push(this.decoder.write(chunk));
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes < this.streamFrom) return;
    this.decoder = new StringDecoder('utf8');
    for (const c of this.chunks) this.parts.push(this.decoder.write(c));
    this.chunks = [];
  }

  /** The whole text; call once, after the last chunk. */
  text(): string {
    if (!this.decoder) {
      return (this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.bytes)).toString('utf8');
    }
    this.parts.push(this.decoder.end());
    return this.parts.length === 2 ? this.parts[0] + this.parts[1] : this.parts.join('');
  }
}
