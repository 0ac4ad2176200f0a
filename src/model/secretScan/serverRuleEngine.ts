// The server's rules, run as the server runs them. Bitbucket compiles a rule's expressions with
// RE2/J and searches each line of a file with the line expression, each file path with the path
// expression. re2js is a port of RE2/J: the same syntax (`\x{41}` is "A", `(?i)` a flag, `a++`
// refused) and the same engine, which never backtracks, so a rule's time grows with the text and
// not with the ways its expression could match. Only the scan's worker imports this module (and
// re2js with it), never the extension host. The time a rule may take is still bounded, per rule:
// a rule past its budget stops, and the caller says which text it was on.
import { RE2JS } from 're2js';
import type { SecretMatch } from './secretMatch';
import type { ServerRule } from './serverRuleData';
import { literalSearch, requiredLiteral, type LiteralSearch } from './requiredLiteral';
import { errorMessage } from '../../util/errorMessage';

/** A server rule with its expressions compiled. */
export interface RunnableServerRule {
  ruleId: string;
  line?: RE2JS;
  path?: RE2JS;
  /** Where the next place is that may hold a match of `line`: a literal every match holds. */
  holds?: LiteralSearch;
}

export type CompiledInWorker =
  | { ok: true; rule: RunnableServerRule }
  /** `path`: the rule's path expression when that one compiled, to tell which texts the refused rule was meant for. */
  | { ok: false; field: 'lineRegex' | 'pathRegex'; detail: string; path?: RE2JS };

function compileOne(java: string): RE2JS | string {
  try {
    return RE2JS.compile(java);
  } catch (err) {
    return errorMessage(err);
  }
}

export function compileInWorker(rule: ServerRule): CompiledInWorker {
  const path = rule.pathRegex === undefined ? undefined : compileOne(rule.pathRegex);
  if (typeof path === 'string') return { ok: false, field: 'pathRegex', detail: path };
  const line = rule.lineRegex === undefined ? undefined : compileOne(rule.lineRegex);
  if (typeof line === 'string') return { ok: false, field: 'lineRegex', detail: line, ...(path ? { path } : {}) };
  const literal = line && requiredLiteral(rule.lineRegex ?? '');
  const holds = literal ? { holds: literalSearch(literal) } : {};
  return { ok: true, rule: { ruleId: rule.ruleId, ...(line ? { line } : {}), ...(path ? { path } : {}), ...holds } };
}

const found = (expression: RE2JS, text: string): boolean => expression.matcher(text).find();

/** Whether a rule is meant for a text: a rule with a path expression only for a file whose path it finds. */
export function appliesTo(path: RE2JS | undefined, filePath: string | undefined): boolean {
  if (!path) return true;
  return filePath !== undefined && found(path, filePath);
}

export interface RuleRun {
  matches: SecretMatch[];
  /** False when the rule's budget ran out before its last line. */
  complete: boolean;
}

/**
 * The rule's matches in a text: the first in each line, as Bitbucket reports one per line; a rule
 * with a path alone says the file is a secret as a whole. The clock is read after each line
 * searched, and the rule stops once `deadline` (a `performance.now()` time) is reached. A rule
 * whose every match holds a literal searches only the lines that hold it (requiredLiteral.ts).
 */
export function runServerRule(rule: RunnableServerRule, text: string, deadline: number): RuleRun {
  const { line, holds } = rule;
  if (!line) return { matches: [{ ruleId: rule.ruleId, start: 0, end: text.length }], complete: true };
  const matches: SecretMatch[] = [];
  /** Searches the line that starts at `start`; the next line's start, or -1 after the last. */
  const searchLine = (start: number): number => {
    const newline = text.indexOf('\n', start);
    let end = newline < 0 ? text.length : newline;
    if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
    const m = line.matcher(text.slice(start, end));
    // An empty match (`x*`) names nothing.
    if (m.find() && m.end() > m.start()) {
      matches.push({ ruleId: rule.ruleId, start: start + m.start(), end: start + m.end() });
    }
    return newline < 0 ? -1 : newline + 1;
  };
  /** The start of the next line to search at or after `from`, or -1 when no line left can match. */
  const nextLine = (from: number): number => {
    if (!holds) return from;
    const at = holds(text, from);
    return at < 0 ? -1 : at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
  };
  for (let start = nextLine(0); start >= 0;) {
    const next = searchLine(start);
    start = next < 0 ? -1 : nextLine(next);
    if (start >= 0 && performance.now() >= deadline) return { matches, complete: false };
  }
  return { matches, complete: true };
}

/** The server's allowlist: a match on a line (and in a file) an allowlist rule finds is not a secret. */
export class Allowlist {
  private readonly rules: RunnableServerRule[];

  constructor(rules: readonly ServerRule[], onRefused: (rule: ServerRule, detail: string) => void) {
    this.rules = [];
    for (const rule of rules) {
      const compiled = compileInWorker(rule);
      if (compiled.ok) this.rules.push(compiled.rule);
      else onRefused(rule, compiled.detail);
    }
  }

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** Whether the match at `start` of `text` (a file at `filePath`, or no file) is allowlisted. */
  allows(text: string, start: number, filePath: string | undefined): boolean {
    const from = text.lastIndexOf('\n', start - 1) + 1;
    const newline = text.indexOf('\n', start);
    let to = newline < 0 ? text.length : newline;
    if (to > from && text.charCodeAt(to - 1) === 0x0d) to--;
    const line = text.slice(from, to);
    return this.rules.some((rule) => appliesTo(rule.path, filePath) && (!rule.line || found(rule.line, line)));
  }
}
