// Passwords in the places databases and tools read them from: a JDBC URL's properties
// (`;password=`, `?password=`, Oracle's `user/password@`), a connection string's `Password=`
// (ADO.NET, ODBC, libpq), a .netrc's `password`. URLs with `user:password@` are urlPasswords.ts's.
import type { BuiltinRule, SecretMatch } from '../secretMatch';
import { RULE } from '../ruleIds';
import { mayHold } from './tokenRule';
import { isPlaceholder } from './placeholders';

const JDBC_URL = /jdbc:[a-z0-9]{1,20}:[^\s"'<>`]{1,2000}/gi;
const JDBC_PASSWORD = /[?;&:](?:password|pwd)=([^&;\s"'<>`]{1,500})/dgi;
const ORACLE_USER_PASSWORD = /^jdbc:oracle:[a-z]{1,10}:[^/@\s:]{1,100}\/([^@\s]{1,500})@/di;

function jdbcPasswords(text: string): SecretMatch[] {
  if (!mayHold(text, undefined, ['jdbc:'])) return [];
  const found: SecretMatch[] = [];
  for (const url of text.matchAll(JDBC_URL)) {
    const offset = url.index;
    const values = [...url[0].matchAll(JDBC_PASSWORD)].map((m) => m.indices?.[1]);
    values.push(ORACLE_USER_PASSWORD.exec(url[0])?.indices?.[1]);
    for (const place of values) {
      if (place === undefined || isPlaceholder(url[0].slice(place[0], place[1]))) continue;
      found.push({ ruleId: RULE.jdbcPassword, start: offset + place[0], end: offset + place[1] });
    }
  }
  return found;
}

export const jdbcPassword: BuiltinRule = { id: RULE.jdbcPassword, confidence: 'known', find: jdbcPasswords };

const CONNECTION_PASSWORD =
  /(?<![A-Za-z0-9_])(?:password|pwd)[ \t]*=[ \t]*(\{[^}\n]{1,500}\}|'[^'\n]{1,500}'|[^;\s"'{}]{1,500})/dgi;
/** Another key of a connection string before the password, on its line. */
const CONNECTION_KEY =
  /(?:^|[;\s"'])(?:server|data source|host|hostname|address|addr|uid|user id|user|username|dbname|database|initial catalog)[ \t]*=/i;

function connectionStringPasswords(text: string): SecretMatch[] {
  if (!mayHold(text, undefined, ['password', 'pwd'])) return [];
  const found: SecretMatch[] = [];
  for (const m of text.matchAll(CONNECTION_PASSWORD)) {
    const place = m.indices?.[1];
    if (place === undefined) continue;
    // The line before the password, at most 400 characters of it (never a search back over a long line).
    const window = text.slice(Math.max(0, m.index - 400), m.index);
    const before = window.slice(window.lastIndexOf('\n') + 1);
    if (!CONNECTION_KEY.test(before) || !/[;]|\s\w+=/.test(before)) continue;
    let [start, end] = place;
    if (/^[{']/.test(m[1])) [start, end] = [start + 1, end - 1];
    if (isPlaceholder(m[1]) || isPlaceholder(text.slice(start, end))) continue;
    found.push({ ruleId: RULE.connectionStringPassword, start, end });
  }
  return found;
}

export const connectionStringPassword: BuiltinRule = {
  id: RULE.connectionStringPassword,
  confidence: 'known',
  find: connectionStringPasswords,
};

const NETRC = /\b(?:machine[ \t]+\S{1,300}|default)\s{1,100}login[ \t]+\S{1,300}\s{1,100}password[ \t]+(\S{1,500})/dg;

export const netrcPassword: BuiltinRule = {
  id: RULE.netrcPassword,
  confidence: 'known',
  find(text) {
    if (!mayHold(text, ['login'], undefined)) return [];
    return [...text.matchAll(NETRC)].flatMap((m) => {
      const place = m.indices?.[1];
      return place && !isPlaceholder(m[1]) ? [{ ruleId: RULE.netrcPassword, start: place[0], end: place[1] }] : [];
    });
  },
};
