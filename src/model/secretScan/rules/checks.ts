// The checks that make a token rule precise beyond its pattern: the checksums some formats carry
// (GitHub's and npm's CRC32 in base62), and the structure inside others (a JWT's header, a PyPI
// macaroon's location, a Discord token's user id, Docker's `user:password`). A value that fails
// its check is not that kind of token, whatever it looks like.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = (crc >>> 8) ^ CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff];
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` in base 62 (digits, upper, lower), left-padded with 0 to `width`. */
export function base62(n: number, width: number): string {
  let out = '';
  for (let x = n; x > 0; x = Math.floor(x / 62)) out = BASE62[x % 62] + out;
  return out.padStart(width, '0');
}

/**
 * GitHub's tokens (ghp_, gho_, ghu_, ghs_, ghr_) and npm's (npm_): a 4-character prefix, 30
 * random base62 characters, and their CRC32 as 6 base62 characters.
 */
export function hasBase62Crc(token: string): boolean {
  const body = token.slice(4, -6);
  return body.length === 30 && base62(crc32(body), 6) === token.slice(-6);
}

/** Bytes of base64 or base64url text (padding optional); undefined when it is not base64. */
export function base64Bytes(text: string): Buffer | undefined {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(plain) || plain.length % 4 === 1) return undefined;
  return Buffer.from(plain, 'base64');
}

const asText = (bytes: Buffer | undefined): string | undefined => {
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  return text.includes('\ufffd') ? undefined : text;
};

/** A JWT's header is JSON that names its algorithm. */
export function isJwt(token: string): boolean {
  const header = asText(base64Bytes(token.split('.')[0]));
  if (header === undefined) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return typeof parsed === 'object' && parsed !== null && 'alg' in parsed;
  } catch {
    return false;
  }
}

/**
 * A PyPI token is `pypi-` and a macaroon (version 2) in base64url, whose first field is its
 * location: pypi.org or test.pypi.org; then comes its identifier field.
 */
export function isPypiMacaroon(token: string): boolean {
  const bytes = base64Bytes(token.slice('pypi-'.length));
  if (bytes === undefined || bytes.length < 40 || bytes[0] !== 2 || bytes[1] !== 1) return false;
  const length = bytes[2];
  const location = bytes.subarray(3, 3 + length).toString('latin1');
  return (location === 'pypi.org' || location === 'test.pypi.org') && bytes[3 + length] === 2;
}

/** A Discord bot token's first part is the bot's user id (a snowflake of 17 to 20 digits) in base64. */
export function hasDiscordUserId(token: string): boolean {
  const id = asText(base64Bytes(token.split('.')[0]));
  return id !== undefined && /^\d{17,20}$/.test(id);
}

/** Docker's `auth` and HTTP Basic credentials: base64 of `user:password`, with a password. */
export function isBase64UserPassword(value: string): boolean {
  const decoded = asText(base64Bytes(value));
  if (decoded === undefined) return false;
  const colon = decoded.indexOf(':');
  return colon >= 0 && decoded.length - colon - 1 >= 1 && ![...decoded].some((c) => c.charCodeAt(0) < 0x20);
}

/** Random text of this length mixes cases and digits; a word, a hex id or a row of one letter does not. */
export const mixesClasses = (value: string): boolean =>
  /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value);
