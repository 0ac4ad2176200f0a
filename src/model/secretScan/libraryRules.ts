// secretlint's recommended rules (AWS, GitHub, Slack, npm, OpenAI, private keys, basic auth in
// URLs, …), run on one text. Only the scan's worker imports this module: the library, with the
// node-forge copy its private-key rule brings, is most of the worker's bundle and never loads in
// the extension host.
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { SUCCESSORS } from './ruleIds';
import type { SecretMatch } from './secretMatch';
import { mayHold } from './rules/tokenRule';

// The library profiles every run: each rule's start and end become marks on the thread's
// performance timeline, and its profiler keeps each mark in a list it searches at every new one.
// In a scan thread kept for the next scan, both grew with every scan (36 marks a text) and each
// scan got slower (0.8 ms for a text at first, 3 ms after 1,000). The scan wants no profile: it
// marks nothing. package.json pins the profiler to the version @secretlint/core uses, so that
// this is the instance the library marks through (test/unit/secretScan/libraryRules.test.ts).
secretLintProfiler.mark = () => undefined;

export const LIBRARY_PRESET_ID = '@secretlint/secretlint-rule-preset-recommend';

/**
 * The preset's rules that the scan's own rules replace: they know the same kinds more precisely
 * (GitHub's and npm's checksums, placeholders such as `AKIAXXXX…` or `xoxb-0000…` let be) and name
 * the value itself rather than its line (AWS's secret key with its variable's name). They do not run.
 */
export const SUPERSEDED_LIBRARY_RULE_IDS: readonly string[] = Object.keys(SUCCESSORS);

const LIBRARY_RULES_RUN = recommended.rules.filter((rule) => !SUPERSEDED_LIBRARY_RULE_IDS.includes(rule.meta.id));

/** The preset's rules that find secrets (its comment filter finds none). */
export const LIBRARY_RULE_IDS: readonly string[] = recommended.rules
  .map((rule) => rule.meta.id)
  .filter((id) => id !== '@secretlint/secretlint-rule-filter-comments');

/**
 * A file name the rules may go by (the npm rule reads `.npmrc` and `package.json` differently, the
 * GCP rule service-account JSON): the label's last segment, never a path on this machine. A
 * `.p12` name is left out, as the GCP rule reads such a file from the disk.
 */
function sourcePathFor(label: string): { filePath: string; ext: string } {
  const base = label.split(/[\\/]/).pop() ?? '';
  const ext = /(\.[A-Za-z0-9]+)$/.exec(base)?.[1]?.toLowerCase() ?? '';
  return ext === '.p12' ? { filePath: '/outgoing.txt', ext: '.txt' } : { filePath: `/${base || 'outgoing.txt'}`, ext };
}

/**
 * Whether any of the rules that run may report on a text (read off the preset's 11.3.1, which
 * `libraryGate.test.ts` holds): linear's tokens start `lin_api_`, 1Password's `ops_ey`, the
 * connection strings name `mongodb`, `mysql` or `postgres` (in any case), and the GCP rule reads
 * `.json` files only (a `.p12` one is never given it); the comment filter only drops reports.
 * Most texts hold none of these: the library's run, which indexes every line of the text first,
 * took over 2 ms for 1 MB of code.
 */
function mayReport(text: string, ext: string): boolean {
  return ext === '.json' || mayHold(text, ['lin_api_', 'ops_ey'], ['mongodb', 'mysql', 'postgres']);
}

export async function libraryMatches(
  text: string,
  label: string,
  ignoreRuleIds: ReadonlySet<string>,
): Promise<SecretMatch[]> {
  const path = sourcePathFor(label);
  if (!mayReport(text, path.ext)) return [];
  const result = await lintSource({
    source: { content: text, contentType: 'text', ...path },
    options: {
      config: {
        // The preset's rules one by one, so that the superseded ones are not run (a preset runs all it has).
        rules: LIBRARY_RULES_RUN.map((rule) => ({ id: rule.meta.id, rule })),
      },
      // The values stay in this thread; the scan masks them itself.
      maskSecrets: true,
      noPhysicFilePath: true,
    },
  });
  return result.messages
    .filter((m) => m.type === 'message' && !ignoreRuleIds.has(m.ruleId))
    .map((m) => ({ ruleId: m.ruleId, start: m.range[0], end: m.range[1] }));
}
