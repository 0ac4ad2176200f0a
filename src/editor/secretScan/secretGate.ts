// The check before any snippet text leaves the machine (SnippetWrites and SnippetComments call it
// with what they are about to send, src/model/snippets/outgoing.ts): the secret scan with the
// built-in rules and the server's own, then, on a finding, a modal that names each finding by rule,
// place and masked value, with Open to Edit, Send Anyway and Cancel. The scan runs in a worker
// thread (src/model/secretScan/), loaded with the first scan, never at activation.
import vscode = require('vscode');
import type { Account } from '../../model/accounts/accounts';
import { accountId } from '../../model/accounts/accounts';
import { SendDeclinedError, type Outgoing, type OutgoingCheck } from '../../model/snippets/outgoing';
import { confirmedLogLine, findingsReport } from '../../model/secretGate/findingsReport';
import { ServerRules } from '../../model/secretGate/serverRules';
import type { SecretFinding } from '../../model/secretScan/types';
import type { Log } from '../../util/log';
import { serverHost } from '../../util/serverUrl';
import { setting } from '../settings/settings';
import { Settings } from '../../util/constants';
import { choose } from '../ui/prompts';
import type { SecretScanRunner } from '../../model/secretGate/scanRunner';

export interface SecretGateParts {
  log: Log;
  /** The account's client's listing of the server's rules. */
  listRules: ConstructorParameters<typeof ServerRules>[0]['list'];
  /** The scan, in its worker; loaded on first use. */
  runner: () => SecretScanRunner;
  /** The document of a file of a snippet of the account, for Open to Edit on a save. */
  snippetFileUri: (account: Account, snippet: { guid: string; name: string }, fileName: string) => vscode.Uri;
}

export class SecretGate {
  private readonly serverRules: ServerRules;

  constructor(private readonly parts: SecretGateParts) {
    this.serverRules = new ServerRules({ list: parts.listRules, log: parts.log });
  }

  /** The check for one account's sends. */
  checkFor(account: () => Account | undefined): OutgoingCheck {
    return (outgoing) => this.check(account(), outgoing);
  }

  /** Ends the scan's waiting worker (the feature is disposed). */
  dispose(): void {
    this.parts.runner().dispose();
  }

  /** A new session of an account (signed in again, or out): its server's rules are read again. */
  forget(id: string): void {
    this.serverRules.forget(id);
  }

  private async check(account: Account | undefined, outgoing: Outgoing): Promise<void> {
    if (setting(Settings.secretScanning) === 'off') return;
    const runner = this.parts.runner();
    runner.prepare();
    const rules = account ? await this.serverRules.rulesFor(accountId(account)) : [];
    const ignored = setting(Settings.secretScanningIgnoredRules);
    const { findings, notScanned } = await runner.scan(outgoing.texts, { serverRules: rules, ignoredRuleIds: ignored });
    if (findings.length === 0) return;
    const where = account ? serverHost(account.serverUrl) : vscode.l10n.t('the server');
    const { message, detail } = findingsReport(findings, notScanned, where);
    const openToEdit = vscode.l10n.t('Open to Edit');
    const sendAnyway = vscode.l10n.t('Send Anyway');
    const chosen = await choose(message, detail, [openToEdit, sendAnyway]);
    if (chosen === sendAnyway) {
      this.parts.log.info(confirmedLogLine(findings));
      return;
    }
    if (chosen === openToEdit) await this.openAt(findings[0], outgoing, account);
    throw new SendDeclinedError(chosen === openToEdit);
  }

  /**
   * Opens the text of a finding at its line: the document it came from (a selection's editor, a
   * file, the snippet file being saved, whose unsaved text is what was scanned), else a new
   * untitled document with the text. Nothing is sent, and the user's editor and selection stay.
   */
  private async openAt(finding: SecretFinding, outgoing: Outgoing, account: Account | undefined): Promise<void> {
    const text = outgoing.texts.find((t) => (t.path ?? t.label) === finding.label);
    if (!text) return;
    const { guid, name } = outgoing.snippet;
    const uri = text.source ? vscode.Uri.parse(text.source.uri) : text.path && guid && account ? this.parts.snippetFileUri(account, { guid, name }, text.path) : undefined;
    const position = new vscode.Position(finding.line - 1 + (text.source?.line ?? 0), Math.max(0, finding.column - 1));
    const document = uri ? await vscode.workspace.openTextDocument(uri) : await vscode.workspace.openTextDocument({ content: text.text });
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), preview: false });
  }
}
