// A password in a URL's user info: `https://user:password@host`, `postgres://app:pw@db/x`. Not
// `user@host` (no password), not a placeholder that a tool fills in later (`${DB_PASSWORD}`,
// `$PASS`, `%PASS%`, `{{ password }}`, `***`, the word "password" itself).
import { matchesOf, type BuiltinRule } from './secretMatch';
import { URL_PASSWORD_RULE } from './ruleIds';

// scheme://user:password@ then a host (a name, an IPv4 or IPv6 address). The user has no `:`, so
// the first `:` after `//` starts the password, and a port (`host:8080/…`) never reaches an `@`.
const URL_WITH_PASSWORD = /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/?#@'"`<>]*:([^\s/?#@'"`<>]+)@(?=[a-z0-9[])/dgi;

const PLACEHOLDERS = [
  String.raw`\$\{\{[^}]*\}\}`, // ${{ secrets.X }}
  String.raw`\$\{[^}]*\}`, // ${VAR}
  String.raw`\$\(?[A-Za-z_][A-Za-z0-9_]*\)?`, // $VAR, $(VAR)
  String.raw`%[A-Za-z_][A-Za-z0-9_]*%`, // %VAR%
  String.raw`\{\{[^}]*\}\}`, // {{var}}
  String.raw`\*+|x+|\.{3}|…`,
  'password|passwd|pass|pwd|secret|token',
];
const PLACEHOLDER = new RegExp(`^(?:${PLACEHOLDERS.join('|')})$`, 'i');

export const urlPasswords: BuiltinRule = {
  id: URL_PASSWORD_RULE,
  confidence: 'known',
  find: (text) => matchesOf(URL_PASSWORD_RULE, URL_WITH_PASSWORD, text, 1, (password) => !PLACEHOLDER.test(password)),
};
