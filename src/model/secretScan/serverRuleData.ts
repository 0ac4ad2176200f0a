// A Bitbucket server's own secret-scanning rules (Data Center 8.3+, `RestSecretScanningRule` in the
// 9.2 OpenAPI document) and its allowlist rules (8.5+, `RestSecretScanningAllowlistRule`), made
// into plain data the scan's worker runs. They are outside data: the shape is checked here, in the
// extension host; the expressions are compiled only in the worker, with the engine the server
// uses (serverRuleEngine.ts), so the host never loads it. A rule that is malformed is skipped here
// with the reason, for the caller to log once.

/** A rule as the server sends it (GET /rest/api/latest/secret-scanning/rules, …/allowlist). */
export interface ServerSecretRule {
  id?: number;
  name?: string;
  /** The expression a line is searched with. */
  lineRegex?: string;
  /** The expression a file's path is searched with: the rule applies to those files only. */
  pathRegex?: string;
  scope?: { resourceId?: number; type?: 'GLOBAL' | 'PROJECT' | 'REPOSITORY' | string };
}

/** A server rule the scan runs: at least one of the two expressions, in Java's syntax as the server keeps them. */
export interface ServerRule {
  /** `bitbucket-server/<id>` (an allowlist rule: `bitbucket-server-allowlist/<id>`): what the settings and the findings name. */
  ruleId: string;
  name: string;
  lineRegex?: string;
  pathRegex?: string;
}

export type SkipReason = 'no-expression' | 'too-long' | 'malformed';

export interface SkippedServerRule {
  ruleId: string;
  name: string;
  reason: SkipReason;
}

export interface CompiledServerRules {
  rules: ServerRule[];
  skipped: SkippedServerRule[];
}

export const SERVER_RULE_PREFIX = 'bitbucket-server/';
export const ALLOWLIST_RULE_PREFIX = 'bitbucket-server-allowlist/';

/** Bitbucket's own rules are a line or two; a longer expression is more likely a mistake or an attack. */
export const LONGEST_EXPRESSION = 2000;
/** A name for the modal and the log, no longer than this. */
const LONGEST_NAME = 200;

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The rules of a well-formed shape, and the others with the reason each was skipped. */
export function compileServerRules(serverRules: readonly unknown[], prefix = SERVER_RULE_PREFIX): CompiledServerRules {
  const rules: ServerRule[] = [];
  const skipped: SkippedServerRule[] = [];
  for (const [index, raw] of serverRules.entries()) {
    const rule = (typeof raw === 'object' && raw !== null ? raw : {}) as ServerSecretRule;
    const ruleId = `${prefix}${Number.isSafeInteger(rule.id) ? rule.id : `#${index}`}`;
    const name =
      typeof rule.name === 'string' && rule.name.trim() !== '' ? rule.name.trim().slice(0, LONGEST_NAME) : ruleId;
    if (
      typeof raw !== 'object' ||
      raw === null ||
      (rule.lineRegex !== undefined && typeof rule.lineRegex !== 'string') ||
      (rule.pathRegex !== undefined && typeof rule.pathRegex !== 'string')
    ) {
      skipped.push({ ruleId, name, reason: 'malformed' });
    } else if (!present(rule.lineRegex) && !present(rule.pathRegex)) {
      skipped.push({ ruleId, name, reason: 'no-expression' });
    } else if (
      (rule.lineRegex?.length ?? 0) > LONGEST_EXPRESSION ||
      (rule.pathRegex?.length ?? 0) > LONGEST_EXPRESSION
    ) {
      skipped.push({ ruleId, name, reason: 'too-long' });
    } else {
      rules.push({
        ruleId,
        name,
        ...(present(rule.lineRegex) ? { lineRegex: rule.lineRegex } : {}),
        ...(present(rule.pathRegex) ? { pathRegex: rule.pathRegex } : {}),
      });
    }
  }
  return { rules, skipped };
}
