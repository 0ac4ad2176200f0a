// The check before any snippet text leaves the machine (SnippetWrites and SnippetComments call it
// with what they are about to send, src/model/snippets/outgoing.ts): the secret scan with the
// built-in rules and the server's own, then, on a finding or on anything the scan could not read
// in full, a modal that names each by rule, place and masked value, with Open to Edit (for a
// finding), Send Anyway and Cancel. The scan runs in a worker thread (src/model/secretScan/),
// never started at activation: at the first edit of a snippet file, when a create begins (the
// commands, a drop of files, an agent's proposal: SnippetWrites.prepareCheck), or the first scan. The
// server's rules are read ahead, at sign-in and at that first edit, and a save never waits for
// them: rules still on their way are late, and that scan goes on with the built-in rules and says
// so in the modal, if there is one.
import vscode = require('vscode');
import type { Account } from '../../model/accounts/accounts';
import { accountId } from '../../model/accounts/accounts';
import { SendDeclinedError, type Outgoing, type OutgoingCheck } from '../../model/snippets/outgoing';
import { confirmedLogLine, promptFor } from '../../model/secretScan/gate/findingsReport';
import { ServerRules } from '../../model/secretScan/gate/accountServerRules';
import type { RefusedRule, SecretFinding } from '../../model/secretScan/types';
import type { Log } from '../../util/log';
import { serverHost } from '../../util/serverUrl';
import { setting, updateUserSetting, userSettingValue } from '../settings/settings';
import { FORMER_SECRET_SCAN_SETTINGS, moveFormerSecretScanSettings } from '../../model/settings/formerSettings';
import { SETTINGS_SECTION, Schemes, Settings } from '../../util/constants';
import { choose } from '../ui/prompts';
import type { SecretScanRunner } from '../../model/secretScan/gate/scanRunner';
import { ScansAhead, type ScanInputs } from '../../model/secretScan/gate/scansAhead';
import type { RulesForScan } from '../../model/secretScan/gate/accountServerRules';

export interface SecretGateParts {
  log: Log;
  /** The account's client's listing of the server's rules. */
  listRules: ConstructorParameters<typeof ServerRules>[0]['list'];
  /** The scan, in its worker; loaded on first use. */
  runner: () => SecretScanRunner;
  /** The document of a file of a snippet of the account, for Open to Edit on a save. */
  snippetFileUri: (account: Account, snippet: { guid: string; name: string }, fileName: string) => vscode.Uri;
  /** The account of a snippet document, to read its server's rules ahead of its save. */
  documentAccount: (uri: vscode.Uri) => Account | undefined;
}

/** Edits of snippet files start the worker again at most this often (it waits IDLE_WORKER_MS for a scan). */
const PREPARE_EVERY_MS = 30_000;

export class SecretGate implements vscode.Disposable {
  private readonly serverRules: ServerRules;
  /** The former names of the scan's settings moved to the new ones (at the start, and when the user sets a former one). */
  private settingsMoved: Promise<void>;
  private readonly watchSettings: vscode.Disposable;
  private readonly watchEdits: vscode.Disposable;
  private readonly refusedLogged = new Set<string>();
  private preparedAt = 0;
  /** Saves' scans started with their GET (SnippetWrites.update), for their checks to take. */
  private readonly scansAhead = new ScansAhead((inputs, signal) =>
    this.parts.runner().scan(inputs.texts, { ...inputs, ...(signal ? { signal } : {}) }),
  );

  constructor(private readonly parts: SecretGateParts) {
    this.serverRules = new ServerRules({ list: parts.listRules, log: parts.log });
    const moveSettings = () =>
      (this.settingsMoved = moveFormerSecretScanSettings({
        read: userSettingValue,
        write: updateUserSetting,
        log: parts.log,
      }));
    this.settingsMoved = moveSettings();
    this.watchSettings = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS_SECTION}.${FORMER_SECRET_SCAN_SETTINGS[Settings.secretScanMode]}`)) {
        void moveSettings();
      }
    });
    // The first edit of a snippet file starts the scan's worker and reads its server's rules, while the user types.
    this.watchEdits = vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
      if (document.uri.scheme !== Schemes.snippet || contentChanges.length === 0) return;
      this.prepareFor(this.parts.documentAccount(document.uri));
    });
  }

  /** Reads the account's server rules ahead of its first scan (at sign-in); cheap when read already. */
  prepareRules(account: Account): void {
    if (setting(Settings.secretScanMode) !== 'off') void this.serverRules.rulesFor(accountId(account));
  }

  /**
   * Starts the worker and reads the account's server rules ahead of a scan (an edit of a snippet
   * file): at most every PREPARE_EVERY_MS, not at every keystroke; a worker waits a minute for a scan.
   */
  private prepareFor(account: Account | undefined): void {
    const now = Date.now();
    if (now - this.preparedAt < PREPARE_EVERY_MS) return;
    this.preparedAt = now;
    if (setting(Settings.secretScanMode) === 'off') return;
    this.parts.runner().prepare();
    if (account) this.prepareRules(account);
  }

  /** The check for one account's sends. */
  checkFor(account: () => Account | undefined): OutgoingCheck {
    return Object.assign((outgoing: Outgoing) => this.check(account(), outgoing), {
      prepare: () => this.prepareScan(),
      ahead: (outgoing: Outgoing) => this.scanAhead(account(), outgoing),
    });
  }

  /** A create begins (a command, a drop, an agent's proposal): the worker starts while the user is asked, not when the scan is due. */
  prepareScan(): void {
    if (setting(Settings.secretScanMode) !== 'off') this.parts.runner().prepare();
  }

  /** Ends the scan's waiting worker (the feature is disposed). */
  dispose(): void {
    this.watchEdits.dispose();
    this.watchSettings.dispose();
    this.parts.runner().dispose();
  }

  /** A new session of an account (signed in again, or out): its server's rules are read again. */
  forget(id: string): void {
    this.serverRules.forget(id);
  }

  /**
   * A save's scan, started on the body the store's copy makes while its fresh copy is read: no
   * dialog, no log; the save's check takes its result if it checks exactly the same.
   */
  private scanAhead(account: Account | undefined, outgoing: Outgoing): () => void {
    if (setting(Settings.secretScanMode) === 'off') return () => undefined;
    return this.scansAhead.start(this.scanInputs(account, outgoing).inputs);
  }

  /** What a scan of `outgoing` reads now: its texts, the rules read already, the ignored rules. */
  private scanInputs(account: Account | undefined, outgoing: Outgoing): { inputs: ScanInputs; rules: RulesForScan } {
    // The rules read already, at once: a read still on its way is for the next scan, never waited for.
    const rules = account
      ? this.serverRules.rulesForScan(accountId(account))
      : { rules: [], allowlist: [], failed: false, late: false };
    const ignoredRuleIds = setting(Settings.secretScanIgnoredRules);
    return {
      inputs: { texts: outgoing.texts, serverRules: rules.rules, allowlist: rules.allowlist, ignoredRuleIds },
      rules,
    };
  }

  private async check(account: Account | undefined, outgoing: Outgoing): Promise<void> {
    await this.settingsMoved;
    if (setting(Settings.secretScanMode) === 'off') return;
    const { inputs, rules } = this.scanInputs(account, outgoing);
    // A scan ahead of exactly these inputs (a save whose snippet did not change) is taken, else they are scanned
    // (not after starting a worker: the scan takes the waiting one, else starts its own).
    const result = await this.scansAhead.scan(inputs);
    this.logRefused(result.refusedRules ?? []);
    const where = account ? serverHost(account.serverUrl) : vscode.l10n.t('the server');
    const prompt = promptFor(result, where, { serverRulesMissing: rules.late || rules.failed });
    if (!prompt) return;
    const openToEdit = vscode.l10n.t('Open to Edit');
    const sendAnyway = vscode.l10n.t('Send Anyway');
    const chosen = await choose(
      prompt.message,
      prompt.detail,
      prompt.openToEdit ? [openToEdit, sendAnyway] : [sendAnyway],
    );
    if (chosen === sendAnyway) {
      this.parts.log.info(confirmedLogLine(result.findings, result.notScanned));
      return;
    }
    if (chosen === openToEdit) await this.openAt(result.findings[0], outgoing, account);
    throw new SendDeclinedError(chosen === openToEdit);
  }

  /** Names each server rule the engine refused in the log, once a session (its name is the server's text: one inert line). */
  private logRefused(refused: readonly RefusedRule[]): void {
    for (const rule of refused) {
      if (this.refusedLogged.has(rule.ruleId)) continue;
      this.refusedLogged.add(rule.ruleId);
      this.parts.log.warn(
        `the server's secret-scanning rule ${rule.ruleId} (${rule.ruleName}) is skipped: its ${rule.field} is not one RE2/J's engine takes (${rule.detail})`,
      );
    }
  }

  /**
   * Opens the text of a finding at its line: the document it came from (a selection's editor, a
   * file, the snippet file being saved, whose unsaved text is what was scanned), else a new
   * untitled document with the text. Nothing is sent, and the user's editor and selection stay.
   */
  private async openAt(finding: SecretFinding, outgoing: Outgoing, account: Account | undefined): Promise<void> {
    const text = outgoing.texts[finding.textIndex];
    if (!text) return;
    const { guid, name } = outgoing.snippet;
    const uri = text.source
      ? vscode.Uri.parse(text.source.uri)
      : text.path && guid && account
        ? this.parts.snippetFileUri(account, { guid, name }, text.path)
        : undefined;
    const position = new vscode.Position(finding.line - 1 + (text.source?.line ?? 0), Math.max(0, finding.column - 1));
    const document = uri
      ? await vscode.workspace.openTextDocument(uri)
      : await vscode.workspace.openTextDocument({ content: text.text });
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), preview: false });
  }
}
