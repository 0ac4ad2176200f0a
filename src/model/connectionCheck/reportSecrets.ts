// Every secret the connection check could know, and the forms a server or a proxy could echo it
// in, sorted by where the report may hide it without giving it away (report.ts `redact` hides
// them). A server's error text can quote a password anywhere ("Login for alice with password
// s3cr3t-Pa55 failed"); but hiding a weak one ("pass") everywhere would turn "password" into
// "[hidden]word" and so show it. The rule:
//
// - a strong secret is hidden anywhere, inside longer text too: at least 8 characters of at least
//   two kinds among letters, digits and everything else (punctuation, symbols, spaces). Such a
//   string is no word of the report's own text, so hiding it changes nothing but the echo;
// - a long secret of one kind only (12 characters or more: a passphrase of letters, a number) is
//   hidden as a whole word, never inside a longer run of letters and digits, where a long word
//   of the report might contain it;
// - any other secret is hidden only where it stands as a value (quoted, `key=value`, a URL's user
//   info, a header line), and its `user:password` pair and Basic encoding as whole words: that
//   much a short or dictionary-like password allows without turning ordinary words into
//   "[hidden]word".
//
// Forms derived from a secret (percent-encoded as in a URL or a form, escaped as in JSON or in a
// table cell, the Basic encoding of `user:secret`) follow the secret's own strength: `alice:pass` is
// the start of `alice:password`, and its Basic encoding nearly so. A user name is no secret, except
// one given without a password (a proxy URL that carries a token as its user).
import type { Credentials } from '../../api/http';
import type { ProxyConfiguration } from './proxy';

/** What the check knew that must not reach its report. */
export interface KnownSecrets {
  /** The credentials the check used: their secrets must not appear, whatever a server echoed. */
  credentials?: Credentials;
  /** The server URL as given: a password in its user info. */
  serverUrl?: string;
  /** The proxy settings the check looked at: the user info of `http.proxy` and of HTTPS_PROXY / HTTP_PROXY / ALL_PROXY. */
  proxy?: ProxyConfiguration;
  /** VS Code's `http.proxyAuthorization`: a `Proxy-Authorization` value the API client sends. */
  proxyAuthorization?: string;
  /** The client certificate's passphrases given during the check (a wrong one too). */
  passphrases?: readonly string[];
}

export interface HiddenForms {
  /** Hidden wherever they appear, inside longer text too. */
  anywhere: string[];
  /** Hidden where no letter or digit touches them. */
  standalone: string[];
  /** Hidden where they stand as a value. */
  values: string[];
  /** Credentials as the wire carries them, hidden where they stand as a word of their own (`user:password`, its Basic encoding). */
  words: string[];
}

const MIN_STRONG_LENGTH = 8;
const MIN_WHOLE_WORD_LENGTH = 12;

export type SecretStrength = 'strong' | 'long' | 'weak';

/** How freely a secret may be hidden: see the top of this file. */
export function strengthOf(secret: string): SecretStrength {
  const letters = /\p{L}/u.test(secret);
  const digits = /\p{N}/u.test(secret);
  const others = /[^\p{L}\p{N}]/u.test(secret);
  const kinds = Number(letters) + Number(digits) + Number(others);
  if (secret.length >= MIN_STRONG_LENGTH && kinds >= 2) return 'strong';
  if (secret.length >= MIN_WHOLE_WORD_LENGTH) return 'long';
  return 'weak';
}

/** The strings that must never appear as a value: the password or token, and the Basic header made of them. */
export function secretsOf(credentials: Credentials | undefined): string[] {
  if (!credentials) return [];
  if (credentials.type === 'token') return [credentials.token];
  return [credentials.password, basicOf(credentials.username, credentials.password)];
}

/**
 * Credentials as the wire carries them, hidden wherever they stand as a word of their own (never
 * inside a longer one): `user:password` and its Basic encoding, or the token.
 */
export function credentialWordsOf(credentials: Credentials | undefined): string[] {
  if (!credentials) return [];
  if (credentials.type === 'token') return [credentials.token];
  const pair = `${credentials.username}:${credentials.password}`;
  return [pair, basicOf(credentials.username, credentials.password)];
}

/** Every form of every secret the check knew, sorted by where it may be hidden. */
export function hiddenFormsOf(known: KnownSecrets): HiddenForms {
  const forms: HiddenForms = {
    anywhere: [],
    standalone: [],
    values: [...secretsOf(known.credentials)],
    words: [...credentialWordsOf(known.credentials)],
  };
  const add = (secret: string, user?: string) => addSecret(forms, secret, user);
  const { credentials } = known;
  if (credentials?.type === 'token') add(credentials.token);
  if (credentials?.type === 'basic') add(credentials.password, credentials.username);
  const urls: Array<[string | undefined, boolean]> = [
    [known.serverUrl, true],
    [known.proxy?.setting, false],
    ...proxyVariables(known.proxy).map((v): [string, boolean] => [v, false]),
  ];
  for (const [url, hasPath] of urls) {
    for (const info of url ? userInfosOf(url, hasPath) : []) {
      // A user name alone is the credential (a token given as the user); beside a password it is not a secret.
      if (info.password) add(info.password, info.user);
      else add(info.user);
    }
  }
  if (known.proxyAuthorization) addAuthorization(forms, known.proxyAuthorization);
  for (const passphrase of known.passphrases ?? []) add(passphrase);
  return {
    anywhere: unique(forms.anywhere),
    standalone: unique(forms.standalone),
    values: unique(forms.values),
    words: unique(forms.words),
  };
}

/** A secret and its derived forms, with `user:secret` and its Basic encoding when a user goes with it. */
function addSecret(forms: HiddenForms, secret: string, user?: string): void {
  if (secret.length === 0) return;
  const strength = strengthOf(secret);
  const encoded = encodedForms(secret);
  const pairs =
    user === undefined ? [] : [`${user}:${secret}`, basicOf(user, secret), ...encodedForms(`${user}:${secret}`)];
  if (strength === 'strong') {
    forms.anywhere.push(secret, ...encoded, ...pairs);
    return;
  }
  if (strength === 'long') forms.standalone.push(secret, ...encoded);
  forms.values.push(secret, ...encoded);
  forms.words.push(...pairs);
}

/** A `Proxy-Authorization` value: the whole value, its credential after the scheme, and what a Basic one holds. */
function addAuthorization(forms: HiddenForms, value: string): void {
  addSecret(forms, value);
  addSecret(forms, value.trim());
  const match = /^\s*(\S+)\s([\s\S]*)$/.exec(value);
  if (!match) return;
  // After the one space that ends the scheme, and without any more: either may be the credential.
  const credential = match[2].trimStart();
  addSecret(forms, match[2]);
  addSecret(forms, credential);
  if (match[1].toLowerCase() !== 'basic') return;
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon > 0 && Buffer.from(decoded, 'utf8').toString('base64') === credential.trim()) {
    addSecret(forms, decoded.slice(colon + 1), decoded.slice(0, colon));
  }
}

/** How a secret reads in a URL's user info, a query or form, a JSON string and a Markdown table cell. */
function encodedForms(secret: string): string[] {
  const userInfo = new URL('http://host');
  userInfo.password = secret;
  const percent = [userInfo.password, new URLSearchParams([['x', secret]]).toString().slice(2)];
  // encodeURIComponent throws on half a surrogate pair, which no URL then holds.
  try {
    percent.push(encodeURIComponent(secret));
  } catch {
    // the other forms stand
  }
  return [
    ...percent,
    ...percent.map((s) => s.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())),
    JSON.stringify(secret).slice(1, -1),
    secret.replace(/\|/g, '\\|'),
  ].filter((form) => form !== secret);
}

/** The proxy variables of the environment, as the proxy step and the API client read them. */
function proxyVariables(proxy: ProxyConfiguration | undefined): string[] {
  if (!proxy) return [];
  return ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY']
    .flatMap((name) => [proxy.env[name], proxy.env[name.toLowerCase()]])
    .filter((v): v is string => Boolean(v));
}

/**
 * The user info of a URL, as a URL parser reads it and as a person wrote it: up to the last `@`
 * after the scheme (a `/`, `?`, `#` or `@` left unencoded in a password ends the parser's user info
 * early, or makes the value no URL at all), each as written and percent-decoded. A proxy's URL has
 * no path; a server URL may, and an `@` in it is not user info when the parser finds none.
 */
function userInfosOf(raw: string, hasPath: boolean): Array<{ user: string; password: string }> {
  const written: string[] = [];
  let parsedWithoutUserInfo = false;
  try {
    const url = new URL(raw.includes('://') ? raw : `http://${raw}`);
    if (url.username || url.password) written.push(url.password ? `${url.username}:${url.password}` : url.username);
    else parsedWithoutUserInfo = true;
  } catch {
    // not a URL: as written below
  }
  const afterScheme = raw.trim().replace(/^[a-z][\w+.-]*:\/\//i, '');
  const at = afterScheme.lastIndexOf('@');
  if (at > 0 && !(hasPath && parsedWithoutUserInfo)) written.push(afterScheme.slice(0, at));
  return written.flatMap((info) => {
    const colon = info.indexOf(':');
    const [user, password] = colon < 0 ? [info, ''] : [info.slice(0, colon), info.slice(colon + 1)];
    return [
      { user, password },
      { user: decoded(user), password: decoded(password) },
    ];
  });
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function basicOf(user: string, secret: string): string {
  return Buffer.from(`${user}:${secret}`, 'utf8').toString('base64');
}

const unique = (values: string[]) => [...new Set(values.filter((v) => v.length > 0))];
