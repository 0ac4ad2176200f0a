// A seeded generator for the labelled corpus: every secret is made at run time from a seed, so no
// real-looking secret is written in the repository (push protection and scanners would take one
// for real), and every run makes the same corpus. Checksums are computed here independently of
// the rules (node:zlib's CRC32, BigInt base62), so a wrong checksum in a rule cannot agree with
// the same mistake in its test.
import { crc32 } from 'node:zlib';

export const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const B64 = `${B62}+/`;
export const B64URL = `${B62}-_`;
export const HEX = '0123456789abcdef';
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const BASE32_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const BECH32_UPPER = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
const PASSWORD_SYMBOLS = '!#%+-_.~^*';

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `n` characters of `alphabet`; with `mixed`, at least one upper, one lower and one digit where the alphabet has them. */
  chars(alphabet: string, n: number, mixed = true): string {
    for (;;) {
      let out = '';
      for (let i = 0; i < n; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
      if (!mixed || n < 12) return out;
      const wants = [/[A-Z]/, /[a-z]/, /[0-9]/].filter((c) => c.test(alphabet));
      // No six of one character in a row: that is how a placeholder looks.
      if (wants.every((c) => c.test(out)) && !/(.)\1{5}/.test(out)) return out;
    }
  }

  /** A password as people and generators make them: letters, digits and a few symbols. */
  password(): string {
    const body = this.chars(B62, this.int(10, 20));
    const at = this.int(1, body.length - 1);
    return `${body.slice(0, at)}${this.pick([...PASSWORD_SYMBOLS])}${body.slice(at)}`;
  }

  uuid(): string {
    const h = this.chars(HEX, 32, false);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  }
}

function base62(n: bigint, width: number): string {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let x = n; x > 0n; x /= 62n) out = digits[Number(x % 62n)] + out;
  return out.padStart(width, '0');
}

/** GitHub's and npm's format: prefix, 30 random base62, CRC32 of those 30 in 6 base62. */
export function withCrc(prefix: string, random: Random): string {
  const body = random.chars(B62, 30);
  return `${prefix}${body}${base62(BigInt(crc32(body)), 6)}`;
}

export const base64 = (text: string | Buffer): string => Buffer.from(text).toString('base64');
export const base64url = (text: string | Buffer): string => Buffer.from(text).toString('base64url');
