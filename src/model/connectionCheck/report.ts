// The connection check as a Markdown document a user can paste into a support ticket. It holds
// no secret: the steps never put one in their text, and as a second guard every secret the check
// knew about (the password or token, the proxy's credentials, a certificate's passphrase, and
// their encoded forms) is hidden in the final text: a strong one wherever it appears, a weak one
// where it stands as a value (reportSecrets.ts says which is which, and why).
import type { ConnectionCheckResult } from './runCheck';
import { hiddenFormsOf, type KnownSecrets } from './reportSecrets';
import type { StepResult, StepStatus } from './steps';
import * as l10n from '@vscode/l10n';

export { credentialWordsOf, secretsOf } from './reportSecrets';

export const REPORT_TITLE = l10n.t('Bitbucket Snippets: connection check');

const MARK: Record<StepStatus, string> = { pass: '✅ pass', fail: '❌ fail', skipped: '⏭️ skipped', limit: 'ℹ️ limit' };

/** The secrets the check knew (their values must not appear, whatever a server echoed), and what else the report names. */
export interface ReportContext extends KnownSecrets {
  /** e.g. `0.1.0`, and the editor's and Node's versions, for the support ticket. */
  versions?: Record<string, string>;
}

export function formatReport(result: ConnectionCheckResult, context: ReportContext = {}): string {
  const lines: string[] = [`# ${REPORT_TITLE}`, ''];
  lines.push(
    `- ${l10n.t('Server: {0}', result.target)}`,
    `- ${l10n.t('Checked: {0}', result.checkedAt.toISOString())}`,
  );
  for (const [name, version] of Object.entries(context.versions ?? {})) lines.push(`- ${name}: ${version}`);
  lines.push('', reportSummary(result.steps), '');
  lines.push(`| ${l10n.t('Step')} | ${l10n.t('Result')} | ${l10n.t('Summary')} |`, '|---|---|---|');
  for (const s of result.steps) lines.push(`| ${s.title} | ${MARK[s.status]} | ${cell(s.summary)} |`);
  for (const s of result.steps) {
    lines.push('', `## ${s.title}: ${MARK[s.status]}`, '', s.summary);
    if (s.details.length > 0) lines.push('', ...s.details.map((d) => `- ${d}`));
    if (s.next) lines.push('', `**${l10n.t('Next:')}** ${s.next}`);
  }
  lines.push(
    '',
    '---',
    l10n.t('This report holds no password, token or proxy credentials: it can be pasted into a support ticket.'),
    '',
  );
  const hidden = hiddenFormsOf(context);
  return redact(lines.join('\n'), hidden.values, hidden.words, hidden);
}

/**
 * The report's first verdict: the failed steps to start with, then the account's limits, which
 * are named as such and never counted as failures (a non-admin on a healthy server has nothing
 * wrong).
 */
export function reportSummary(steps: readonly StepResult[]): string {
  const failed = steps.filter((s) => s.status === 'fail');
  const limits = steps.filter((s) => s.status === 'limit');
  const limitTitles = limits.map((s) => s.title).join(', ');
  if (failed.length === 0) {
    if (limits.length === 0) return l10n.t('Every step that ran passed.');
    return limits.length === 1
      ? l10n.t(
          'Every step that ran passed. 1 limit of your account, nothing wrong: {0} (see it below for what it affects).',
          limitTitles,
        )
      : l10n.t(
          'Every step that ran passed. {0} limits of your account, nothing wrong: {1} (see each below for what it affects).',
          limits.length,
          limitTitles,
        );
  }
  const failures =
    failed.length === 1
      ? l10n.t('1 step failed: {0}. Start with it: later failures often follow from it.', failed[0].title)
      : l10n.t(
          '{0} steps failed: {1}. Start with the first: later failures often follow from it.',
          failed.length,
          failed.map((s) => s.title).join(', '),
        );
  if (limits.length === 0) return failures;
  const also =
    limits.length === 1
      ? l10n.t('Also 1 limit of your account: {0}.', limitTitles)
      : l10n.t('Also {0} limits of your account: {1}.', limits.length, limitTitles);
  return `${failures} ${also}`;
}

const HIDDEN = '[hidden]';

/**
 * Hides every secret where it appears as a value, by its exact value: a header's value (`Name:
 * value` on a line of its own, and always the value of `Authorization` and `Proxy-Authorization`),
 * a URL's user info (its password always), a quoted value, a `key=value` field, and a credential
 * written as one word (`user:password`, the Basic encoding, a token). Never as a piece of other
 * text: a password of "pass" leaves "password" and "✅ pass" alone, where hiding every
 * occurrence would make "[hidden]word" and so give the password away. Then, over the whole text,
 * the strong secrets of `free.anywhere` wherever they appear, and the long ones of
 * `free.standalone` where no letter or digit touches them. Whatever is hidden becomes one
 * `[hidden]`, however long it was.
 */
export function redact(
  text: string,
  secrets: readonly string[],
  words: readonly string[] = [],
  free: FreelyHidden = {},
): string {
  const values = new Set([...secrets, ...words].filter((s) => s.length > 0));
  // Longest first, so a word that contains another is hidden whole.
  const whole = words.filter((w) => w.length > 0).sort((a, b) => b.length - a.length);
  const asValues =
    values.size === 0
      ? text
      : text
          .split('\n')
          .map((line) => redactLine(line, values, whole))
          .join('\n');
  return hideFreely(asValues, free.anywhere ?? [], free.standalone ?? []);
}

/** Secrets hidden beyond where they stand as a value (see reportSecrets.ts for which). */
export interface FreelyHidden {
  /** Wherever they appear, inside longer text too. */
  anywhere?: readonly string[];
  /** Where no letter or digit touches them. */
  standalone?: readonly string[];
}

/**
 * Hides each occurrence of the secrets (overlapping and touching ones together, under one mark).
 * A mark and the text beside it may spell a secret again (a secret "den]x1y2" in "[hid" + "den]x1y2"
 * + "x1y2"), so this goes on until no secret is left. Each round hides at least one character of
 * the text as it was, since the marks alone spell no secret that is looked for, so it ends.
 */
function hideFreely(text: string, anywhere: readonly string[], standalone: readonly string[]): string {
  // A secret that marks alone could spell ("[hidden]" itself) would be found again in every round;
  // where it stands as a value it is hidden all the same.
  const findable = (secret: string) =>
    secret.length > 0 && !HIDDEN.repeat(Math.ceil(secret.length / HIDDEN.length) + 1).includes(secret);
  const inside = anywhere.filter(findable);
  const alone = standalone.filter(findable);
  if (inside.length + alone.length === 0) return text;
  let out = text;
  for (;;) {
    const found = [...occurrences(out, inside, false), ...occurrences(out, alone, true)];
    if (found.length === 0) return out;
    out = hideRanges(out, found);
  }
}

const LETTER_OR_DIGIT_BEFORE = /[\p{L}\p{N}]$/u;
const LETTER_OR_DIGIT_AFTER = /^[\p{L}\p{N}]/u;

/** Where each secret occurs in `text` as [start, end) ranges; `standalone`: only where no letter or digit touches it. */
function occurrences(text: string, secrets: readonly string[], standalone: boolean): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const secret of secrets) {
    for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
      const end = at + secret.length;
      if (
        standalone &&
        (LETTER_OR_DIGIT_BEFORE.test(text.slice(Math.max(0, at - 2), at)) ||
          LETTER_OR_DIGIT_AFTER.test(text.slice(end, end + 2)))
      ) {
        continue;
      }
      found.push([at, end]);
    }
  }
  return found;
}

/** `text` with each range, overlapping and touching ones merged, replaced by one mark. */
function hideRanges(text: string, ranges: Array<[number, number]>): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = '';
  let shownUpTo = 0;
  let i = 0;
  while (i < sorted.length) {
    const start = sorted[i][0];
    let end = sorted[i][1];
    for (i++; i < sorted.length && sorted[i][0] <= end; i++) end = Math.max(end, sorted[i][1]);
    out += `${text.slice(shownUpTo, start)}${HIDDEN}`;
    shownUpTo = end;
  }
  return out + text.slice(shownUpTo);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function redactLine(line: string, values: ReadonlySet<string>, words: readonly string[]): string {
  const hide = (value: string) => (values.has(value) ? HIDDEN : value);
  let out = line;
  // Credentials headers: whatever follows is a credential, whether or not it is one the check knew.
  out = out.replace(
    /\b((?:proxy-)?authorization\s*:\s*)([^|\n]*?)(\s*(?:\\?\||$))/gi,
    (_m, name: string, value: string, end: string) => (value ? `${name}${HIDDEN}${end}` : _m),
  );
  // A URL's user info: its password always, its user name when that is a secret.
  out = out.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@|"'<>]*)@/gi, (_m, scheme: string, info: string) => {
    const colon = info.indexOf(':');
    const user = colon < 0 ? info : info.slice(0, colon);
    return `${scheme}${hide(user)}${colon < 0 ? '' : `:${HIDDEN}`}@`;
  });
  // A credential written as one word: `user:password`, the Basic encoding, a token.
  for (const value of words) {
    out = out.replace(new RegExp(`(?<![\\w+/=.~:-])${escapeRegExp(value)}(?![\\w+/=~:-]|\\.[\\w])`, 'g'), HIDDEN);
  }
  for (const value of values) {
    const v = escapeRegExp(value);
    // A quoted value (whichever quotes), and the value of a `key=value` field (queries, forms, cookies).
    out = out.replace(new RegExp(`(["'\`“‘])${v}(["'\`”’])`, 'g'), `$1${HIDDEN}$2`);
    out = out.replace(new RegExp(`(\\w=)${v}(?=$|[\\s&;,|"')\\]}])`, 'g'), `$1${HIDDEN}`);
  }
  // A header or field on a line of its own: `Name: value`, `- Name: value`.
  const field = /^(\s*(?:[-*] )?[A-Za-z][\w .()/-]{0,60}:\s+)(.+?)(\.?)$/.exec(out);
  if (field && values.has(field[2])) out = `${field[1]}${HIDDEN}${field[3]}`;
  return out;
}

/** A table cell on one line, its pipes escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
