// Secrets of the right form for the scan's tests, made up and put together at run time, so that no
// scanner reading this repository takes them for real ones.
import { crc32 } from 'node:zlib';

/** Deterministic base64-looking text of `n` characters, mixed case and digits. */
export function base64Like(n: number, seed = 7): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += alphabet[(x >> 8) % 64];
  }
  // Every class at least once, whatever the seed.
  return `aZ9${out}`.slice(0, n);
}

/** A PEM block of `kind` with a body of five full lines of base64. */
export function pem(kind: string, { headers = '', eol = '\n' }: { headers?: string; eol?: string } = {}): string {
  // DER's SEQUENCE, as every PKCS key starts: the library's rule looks for it.
  const lines = Array.from({ length: 5 }, (_, i) =>
    i === 0 ? `MIIEpAIBAAKCAQEA${base64Like(48, 1)}` : base64Like(64, i + 1),
  );
  return [`-----BEGIN ${kind}-----`, ...(headers ? [headers, ''] : []), ...lines, `-----END ${kind}-----`].join(eol);
}

export const AWS_ACCESS_KEY = ['AKIA', 'QWERTYUIOPASDFGH'].join('');
/** A GitHub token of `prefix` around `body` (30 base62 characters), with its checksum: CRC32 of the body in 6 base62 characters. */
export function githubToken(body: string, prefix = 'ghp_'): string {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let checksum = '';
  for (let x = crc32(body); x > 0; x = Math.floor(x / 62)) checksum = digits[x % 62] + checksum;
  return `${prefix}${body}${checksum.padStart(6, '0')}`;
}

export const GITHUB_TOKEN = githubToken('a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5');
/** Another valid one (a token changed by hand fails its checksum: it is no GitHub token). */
export const OTHER_GITHUB_TOKEN = githubToken('z9Y8x7W6v5U4t3S2r1Q0p9O8n7M6l5');
export const SLACK_TOKEN = ['xoxb', '123456789012', '1234567890123', 'abcdefghijklmnopqrstuvwx'].join('-');
export const BBDC_TOKEN = `${'BBDC'}-${base64Like(44, 3)}`;
export const OLD_BITBUCKET_TOKEN = base64Like(44, 5);
