// The server's own secret-scanning rules, and its allowlist rules, for the scan before sending:
// read once per session and account, when the account may read them. Bitbucket Data Center 8.3+
// keeps global rules (8.5+: allowlist rules too) that only an administrator may list; anyone else
// is refused (401, or 403), and an older server has no such resource (404). Those answers mean
// "the built-in rules alone" (or no allowlist), said once in the log and not asked again this
// session. A failure of any other kind (the server slow, down, or answering garbage) also leaves
// the built-in rules, and the next scan asks again. The rules are read ahead (sign-in, the first
// edit of a snippet file) and never on the path of a send: a scan takes the rules that are in
// (`rulesForScan`, which answers at once), and rules still on their way are late: that scan has
// the built-in rules alone, says so if it shows a dialog, and the next one has them. A rule
// of a malformed shape is skipped and named in the log once; the expressions are compiled in the
// scan's worker, with the engine the server uses. No `vscode` here.
import { BitbucketError } from '../../../api/errors';
import type { SecretScanningRule } from '../../../api/types';
import { ALLOWLIST_RULE_PREFIX, compileServerRules, type ServerRule } from '../serverRuleData';

/** How long a read of the rules may take before it goes on with the built-in ones. */
export const SERVER_RULES_DEADLINE_MS = 5000;

export interface ServerRulesParts {
  /** Every global rule of the account's server (the client's paged listing); `list`: the rules or the allowlist. */
  list: (accountId: string, signal: AbortSignal, list?: 'rules' | 'allowlist') => Promise<SecretScanningRule[]>;
  log: { info(message: string): void; warn(message: string): void };
  deadlineMs?: number;
}

export interface AccountRules {
  rules: ServerRule[];
  allowlist: ServerRule[];
  /** The rules could not be read this time (the server slow, down, or answering garbage): the dialog says so. */
  failed: boolean;
}

export interface RulesForScan extends AccountRules {
  /** The rules were still being read: the scan goes on with the built-in rules alone. */
  late: boolean;
}

const NONE: AccountRules = { rules: [], allowlist: [], failed: false };

export class ServerRules {
  /** Per account: its rules, or the read under way; a refusal is kept as no rules. */
  private readonly known = new Map<string, Promise<AccountRules>>();
  /** Per account, once its read has ended. */
  private readonly ready = new Map<string, AccountRules>();

  constructor(private readonly parts: ServerRulesParts) {}

  /** The account's server rules; none when it may not read them or they could not be read now. */
  rulesFor(accountId: string): Promise<AccountRules> {
    let rules = this.known.get(accountId);
    if (!rules) {
      rules = this.readBoth(accountId);
      this.known.set(accountId, rules);
    }
    return rules;
  }

  /**
   * The rules a scan runs with, at once and never waiting (not a promise): those read already, or
   * none and `late` while they are on their way (a read is started if none is, for the next scan).
   */
  rulesForScan(accountId: string): RulesForScan {
    const known = this.ready.get(accountId);
    if (known) return { ...known, late: false };
    void this.rulesFor(accountId);
    return { ...NONE, late: true };
  }

  /** Forgets an account's rules (signed out, or signed in again: a new session of it). */
  forget(accountId: string): void {
    this.known.delete(accountId);
    this.ready.delete(accountId);
  }

  private async readBoth(accountId: string): Promise<AccountRules> {
    const [rules, allowlist] = await Promise.all([this.read(accountId, 'rules'), this.read(accountId, 'allowlist')]);
    const both = { rules: rules ?? [], allowlist: allowlist ?? [], failed: rules === undefined };
    // A read that failed for now is asked again by the next scan.
    if (rules === undefined || allowlist === undefined) this.known.delete(accountId);
    else if (this.known.has(accountId)) this.ready.set(accountId, both);
    return both;
  }

  /** The rules; [] when the account may not read them; undefined when they could not be read this time. */
  private async read(accountId: string, list: 'rules' | 'allowlist'): Promise<ServerRule[] | undefined> {
    const { log } = this.parts;
    const what = list === 'rules' ? "the server's secret-scanning rules" : "the server's secret-scanning allowlist";
    let listed: SecretScanningRule[];
    try {
      listed = await this.parts.list(
        accountId,
        AbortSignal.timeout(this.parts.deadlineMs ?? SERVER_RULES_DEADLINE_MS),
        list,
      );
    } catch (err) {
      if (err instanceof BitbucketError && (err.status === 401 || err.status === 403 || err.status === 404)) {
        log.info(
          `${what} cannot be read by this account (HTTP ${err.status}): ${list === 'rules' ? 'the built-in rules alone apply' : 'no match is allowed by it'}`,
        );
        return [];
      }
      log.warn(
        `${what} could not be read this time, so ${list === 'rules' ? 'the built-in rules alone apply to this scan' : 'no match is allowed by it in this scan'}: ${err instanceof BitbucketError ? err.toLogString() : err instanceof Error ? err.name : 'unknown error'}`,
      );
      return undefined;
    }
    const { rules, skipped } = compileServerRules(listed, list === 'rules' ? undefined : ALLOWLIST_RULE_PREFIX);
    // A rule's name is the server's text: the log makes it one inert line.
    for (const rule of skipped) log.warn(`${what}: rule ${rule.ruleId} (${rule.name}) is skipped: ${rule.reason}`);
    log.info(`${what} ${list === 'rules' ? 'are' : 'is'} in force: ${rules.length} of ${listed.length}`);
    return rules;
  }
}
