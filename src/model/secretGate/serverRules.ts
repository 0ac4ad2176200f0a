// The server's own secret-scanning rules for the scan before sending: read once per session and
// account, when the account may read them. Bitbucket Data Center 8.3+ keeps global rules that only
// an administrator may list; anyone else is refused (401, or 403), and an older server has no such
// resource (404). Those answers mean "the built-in rules alone", said once in the log and not asked
// again this session. A failure of any other kind (the server slow, down, or answering garbage)
// also leaves the built-in rules, without holding the send up past the request's deadline, and the
// next scan asks again. The rules are compiled as they arrive; one JavaScript cannot run (Java's
// own syntax, or an expression that does not compile) is skipped and named in the log once.
// No `vscode` here.
import { BitbucketError } from '../../api/errors';
import type { SecretScanningRule } from '../../api/types';
import { compileServerRules, type CompiledServerRule } from '../secretScan/serverRules';

/** How long a scan waits for the rules before it goes on with the built-in ones. */
export const SERVER_RULES_DEADLINE_MS = 5000;

export interface ServerRulesParts {
  /** Every global rule of the account's server (the client's paged listing). */
  list: (accountId: string, signal: AbortSignal) => Promise<SecretScanningRule[]>;
  log: { info(message: string): void; warn(message: string): void };
  deadlineMs?: number;
}

export class ServerRules {
  /** Per account: its rules, or the read under way; a refusal is kept as no rules. */
  private readonly known = new Map<string, Promise<CompiledServerRule[]>>();

  constructor(private readonly parts: ServerRulesParts) {}

  /** The account's server rules; [] when it may not read them or they could not be read now. */
  rulesFor(accountId: string): Promise<CompiledServerRule[]> {
    let rules = this.known.get(accountId);
    if (!rules) {
      rules = this.read(accountId);
      this.known.set(accountId, rules);
    }
    return rules;
  }

  /** Forgets an account's rules (signed out, or signed in again: a new session of it). */
  forget(accountId: string): void {
    this.known.delete(accountId);
  }

  private async read(accountId: string): Promise<CompiledServerRule[]> {
    const { list, log } = this.parts;
    let listed: SecretScanningRule[];
    try {
      listed = await list(accountId, AbortSignal.timeout(this.parts.deadlineMs ?? SERVER_RULES_DEADLINE_MS));
    } catch (err) {
      if (err instanceof BitbucketError && (err.status === 401 || err.status === 403 || err.status === 404)) {
        log.info(`the server's secret-scanning rules cannot be read by this account (HTTP ${err.status}): the built-in rules alone apply`);
        return [];
      }
      this.known.delete(accountId);
      log.warn(`the server's secret-scanning rules could not be read this time, so the built-in rules alone apply to this scan: ${err instanceof BitbucketError ? err.toLogString() : err instanceof Error ? err.name : 'unknown error'}`);
      return [];
    }
    const { rules, skipped } = compileServerRules(listed);
    // A rule's name is the server's text: the log makes it one inert line.
    for (const rule of skipped) log.warn(`the server's secret-scanning rule ${rule.ruleId} (${rule.name}) is skipped: ${rule.reason}${rule.field ? ` in ${rule.field}` : ''}`);
    log.info(`the server's secret-scanning rules are in force: ${rules.length} of ${listed.length}`);
    return rules;
  }
}
