// The connection check as a Markdown document a user can paste into a support ticket. It holds
// no secret: the steps never put one in their text, and as a second guard every secret the check
// knew about (and its Basic encoding) is blotted out of the final text.
import type { Credentials } from '../api/http';
import type { ConnectionCheckResult } from './runCheck';
import type { StepStatus } from './steps';
import * as l10n from '@vscode/l10n';

export const REPORT_TITLE = l10n.t('Bitbucket Snippets: connection check');

const MARK: Record<StepStatus, string> = { pass: '✅ pass', fail: '❌ fail', skipped: '⏭️ skipped' };

export interface ReportContext {
  /** e.g. `0.1.0`, and the editor's and Node's versions, for the support ticket. */
  versions?: Record<string, string>;
  /** The credentials the check used: their secrets must not appear, whatever a server echoed. */
  credentials?: Credentials;
}

export function formatReport(result: ConnectionCheckResult, context: ReportContext = {}): string {
  const lines: string[] = [`# ${REPORT_TITLE}`, ''];
  lines.push(`- ${l10n.t('Server: {0}', result.target)}`, `- ${l10n.t('Checked: {0}', result.checkedAt.toISOString())}`);
  for (const [name, version] of Object.entries(context.versions ?? {})) lines.push(`- ${name}: ${version}`);
  const failed = result.steps.filter((s) => s.status === 'fail');
  lines.push('', failed.length === 0
      ? l10n.t('Every step that ran passed.')
      : failed.length === 1
        ? l10n.t('1 step failed: {0}. Start with it: later failures often follow from it.', failed[0].title)
        : l10n.t('{0} steps failed: {1}. Start with the first: later failures often follow from it.', failed.length, failed.map((s) => s.title).join(', ')), '');
  lines.push(`| ${l10n.t('Step')} | ${l10n.t('Result')} | ${l10n.t('Summary')} |`, '|---|---|---|');
  for (const s of result.steps) lines.push(`| ${s.title} | ${MARK[s.status]} | ${cell(s.summary)} |`);
  for (const s of result.steps) {
    lines.push('', `## ${s.title}: ${MARK[s.status]}`, '', s.summary);
    if (s.details.length > 0) lines.push('', ...s.details.map((d) => `- ${d}`));
    if (s.next) lines.push('', `**${l10n.t('Next:')}** ${s.next}`);
  }
  lines.push('', '---', l10n.t('This report holds no password, token or proxy credentials: it can be pasted into a support ticket.'), '');
  return redact(lines.join('\n'), secretsOf(context.credentials));
}

/** The strings that must never appear: the password or token, and the Basic header made of them. */
export function secretsOf(credentials: Credentials | undefined): string[] {
  if (!credentials) return [];
  if (credentials.type === 'token') return [credentials.token];
  return [credentials.password, Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64')];
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is blotted out whole.
  for (const secret of [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)) out = out.split(secret).join('[hidden]');
  return out;
}

/** A table cell on one line, its pipes escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
