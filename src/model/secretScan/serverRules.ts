// A Bitbucket server's own secret-scanning rules (Data Center 8.3+, `RestSecretScanningRule` in the
// 9.2 OpenAPI document), made into rules the scan can run. They are outside data: a rule whose
// expression JavaScript cannot read as its author meant is skipped, with the reason, for the
// caller to log once; the rest travel to the scan's worker as plain data (expression sources, not
// RegExp objects) and are compiled again there.
import { javaRegexToJs, type JavaRegexRefusal } from './javaRegex';

/** A rule as the server sends it (GET /rest/api/latest/secret-scanning/rules and the project and repository ones). */
export interface ServerSecretRule {
  id?: number;
  name?: string;
  /** The expression a line is searched with. */
  lineRegex?: string;
  /** The expression a file's path is searched with: the rule applies to those files only. */
  pathRegex?: string;
  scope?: { resourceId?: number; type?: 'GLOBAL' | 'PROJECT' | 'REPOSITORY' | string };
}

export interface CompiledExpression {
  source: string;
  flags: string;
}

/** A server rule the scan runs: at least one of the two expressions. */
export interface CompiledServerRule {
  /** `bitbucket-server/<id>`: what the allow-list and the findings name. */
  ruleId: string;
  name: string;
  line?: CompiledExpression;
  path?: CompiledExpression;
}

export type SkipReason = JavaRegexRefusal | 'does-not-compile' | 'no-expression' | 'too-long' | 'malformed';

export interface SkippedServerRule {
  ruleId: string;
  name: string;
  /** Which expression was refused. */
  field?: 'lineRegex' | 'pathRegex';
  reason: SkipReason;
  /** The construct refused, or the JavaScript engine's message. */
  detail?: string;
}

export interface CompiledServerRules {
  rules: CompiledServerRule[];
  skipped: SkippedServerRule[];
}

export const SERVER_RULE_PREFIX = 'bitbucket-server/';

/** Bitbucket's own rules are a line or two; a longer expression is more likely a mistake or an attack. */
export const LONGEST_EXPRESSION = 2000;
/** A name for the modal and the log, no longer than this. */
const LONGEST_NAME = 200;

type Compiled = { ok: true; expression: CompiledExpression } | { ok: false; reason: SkipReason; detail?: string };

function compile(java: string): Compiled {
  if (java.length > LONGEST_EXPRESSION) return { ok: false, reason: 'too-long', detail: String(java.length) };
  const translated = javaRegexToJs(java);
  if (!translated.ok) return { ok: false, reason: translated.refusal, detail: translated.construct };
  try {
    new RegExp(translated.source, translated.flags);
  } catch (err) {
    return { ok: false, reason: 'does-not-compile', detail: err instanceof Error ? err.message : String(err) };
  }
  return { ok: true, expression: { source: translated.source, flags: translated.flags } };
}

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The rules JavaScript can run, and the others with the reason each was skipped. */
export function compileServerRules(serverRules: readonly unknown[]): CompiledServerRules {
  const rules: CompiledServerRule[] = [];
  const skipped: SkippedServerRule[] = [];
  for (const [index, raw] of serverRules.entries()) {
    const rule = (typeof raw === 'object' && raw !== null ? raw : {}) as ServerSecretRule;
    const ruleId = `${SERVER_RULE_PREFIX}${Number.isSafeInteger(rule.id) ? rule.id : `#${index}`}`;
    const name = typeof rule.name === 'string' && rule.name.trim() !== '' ? rule.name.trim().slice(0, LONGEST_NAME) : ruleId;
    if (typeof raw !== 'object' || raw === null || (rule.lineRegex !== undefined && typeof rule.lineRegex !== 'string') || (rule.pathRegex !== undefined && typeof rule.pathRegex !== 'string')) {
      skipped.push({ ruleId, name, reason: 'malformed' });
      continue;
    }
    if (!present(rule.lineRegex) && !present(rule.pathRegex)) {
      skipped.push({ ruleId, name, reason: 'no-expression' });
      continue;
    }
    const compiled: CompiledServerRule = { ruleId, name };
    let refused: SkippedServerRule | undefined;
    for (const field of ['lineRegex', 'pathRegex'] as const) {
      const java = rule[field];
      if (!present(java)) continue;
      const result = compile(java);
      if (!result.ok) {
        refused = { ruleId, name, field, reason: result.reason, detail: result.detail };
        break;
      }
      compiled[field === 'lineRegex' ? 'line' : 'path'] = result.expression;
    }
    if (refused) skipped.push(refused);
    else rules.push(compiled);
  }
  return { rules, skipped };
}
