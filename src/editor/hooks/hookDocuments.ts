// Hook settings as JSON documents in real editors:
// `bitbucket-hook://<user>@<host[:port]>/<PROJ>/<repo>/<hookKey>.json?ctx=<context path>` (hookUri.ts);
// each document reads and saves with the account its URI names.
// Opening fetches the settings (an unconfigured hook opens as `{}`); saving checks the text
// locally, checks that nobody changed the settings on the server since they were opened, and
// then replaces them whole. Every refusal leaves the document dirty, says why, and marks the
// field it is about, until the refused text is gone (reverted, saved, closed: fieldErrors.ts).
// What each document's settings were loaded from is hookSettingsVersions.ts, the bookkeeping
// snippet files use too: kept (as a hash) in the workspace's state as well, so that an editor VS
// Code restores with unsaved text after a reload or a crash is checked against it too
// (hookSaveLogic.ts decides).
import vscode = require('vscode');
import { Disposable } from '../ui/disposable';
import { fileSystemError } from '../ui/fileSystemErrors';
import {
  compareWithServer,
  comparisonTitle,
  offerConflictChoices,
  overwriteServerVersion,
  type SaveConflict,
} from '../ui/saveConflict';
import { isBitbucketError } from '../../api/errors';
import type { HookSettings, RepositoryRef } from '../../api/types';
import type { Account } from '../../model/accounts/accounts';
import type { Session } from '../accounts/session';
import { Commands, Schemes, WorkspaceStateKeys } from '../../util/constants';
import type { BaseStorage } from '../../util/documentBases';
import type { Log } from '../../util/log';
import { serverHost } from '../../util/serverUrl';
import {
  accountOfHookDocument,
  hookDocumentComponents,
  hookDocumentPath,
  parseHookDocument,
  type HookAccount,
  type HookDocument,
} from '../../model/hooks/hookUri';
import { decideHookSave, hookSettingsBaseOf } from '../../model/hooks/hookSaveLogic';
import { hookSettingsVersions, type HookSettingsVersions } from '../../model/hooks/hookSettingsVersions';
import { checkSettingsText, formatSettings } from '../../model/hooks/settingsValidator';
import { HookFieldErrors } from './fieldErrors';
import { AwaitedReads, type ReadOutcome } from '../../util/awaitedReads';
import { showWarning } from '../ui/notify';
import { describeHookFailure, moreProblems, staleSettingsMessage } from './hookMessages';

/** The document of a hook's settings, read and saved with `account`. */
export function hookDocumentUri(
  account: HookAccount,
  repo: RepositoryRef,
  hookKey: string,
  serverCopy = false,
): vscode.Uri {
  return vscode.Uri.from({
    scheme: Schemes.hook,
    ...hookDocumentComponents(account, {
      projectKey: repo.projectKey,
      repositorySlug: repo.repositorySlug,
      hookKey,
      ...(serverCopy ? { serverCopy } : {}),
    }),
  });
}

const hookDocumentPathOf = (target: HookDocument, serverCopy: boolean): string =>
  hookDocumentPath({
    projectKey: target.projectKey,
    repositorySlug: target.repositorySlug,
    hookKey: target.hookKey,
    ...(serverCopy ? { serverCopy } : {}),
  });

/** How long an open waits for VS Code to read a kept document again before it shows it anyway. */
const READ_AGAIN_WAIT_MS = 5_000;

const parse = (uri: vscode.Uri): HookDocument | undefined => parseHookDocument(uri.authority, uri.path, uri.query);

export class HookDocuments extends Disposable implements vscode.FileSystemProvider {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /**
   * Per document: the settings (and text) it was read from or last saved as, their hash beyond the
   * window, what stat reported, a refused save. The modification time stat reports moves only when
   * this provider writes, because VS Code treats a newer time as "changed on disk" and refuses to save.
   */
  private readonly versions: HookSettingsVersions<vscode.Uri>;
  private readonly fieldErrors: HookFieldErrors;
  /** Opens waiting for VS Code to read a kept document again (readAgain). */
  private readonly reads = new AwaitedReads();

  constructor(
    private readonly session: Session,
    private readonly log: Log,
    workspaceState: BaseStorage,
  ) {
    super();
    this.register(this.changed);
    this.versions = hookSettingsVersions(workspaceState, WorkspaceStateKeys.hookSettingsBases);
    this.fieldErrors = new HookFieldErrors((uri) => this.versions.versionOf(uri)?.text);
    this.register(
      this.fieldErrors,
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === Schemes.hook) this.versions.closed(doc.uri, doc.isDirty);
      }),
      // VS Code closes and reopens a document whose language changes (open() makes it JSON), without reading it again.
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (doc.uri.scheme === Schemes.hook) this.versions.reopened(doc.uri);
      }),
    );
  }

  /** Opens a hook's settings in an editor, read and saved with `account`. */
  async open(account: HookAccount, repo: RepositoryRef, hookKey: string): Promise<vscode.TextEditor> {
    const uri = hookDocumentUri(account, repo, hookKey);
    const kept = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (kept && !kept.isDirty && (await this.readAgain(uri)) !== 'read') {
      // What the editor shows may be older than the server's: say so rather than show it as current.
      void showWarning(staleSettingsMessage(this.target(uri)));
    }
    const doc = await vscode.workspace.openTextDocument(uri);
    // Virtual documents keep their language by file name; make sure the JSON service (and with it the schemas) applies.
    const json = doc.languageId === 'json' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'json');
    return vscode.window.showTextDocument(json, { preview: false });
  }

  /**
   * VS Code keeps a document an extension opened for minutes after its editor closed, and opening
   * it again shows that text without reading it: settings another admin changed meanwhile would
   * look unchanged. A newer time and a change event make VS Code read the server's settings again.
   */
  private readAgain(uri: vscode.Uri): Promise<ReadOutcome> {
    const read = this.reads.next(uri.toString(), READ_AGAIN_WAIT_MS);
    this.versions.reportStat(uri, { mtime: Date.now(), size: 0 });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return read;
  }

  /** The "Overwrite" of a save conflict: the next save may replace the settings the refused save met, and saves. */
  overwrite(uri: vscode.Uri): Promise<boolean> {
    return overwriteServerVersion(uri, (u) => this.versions.conflicts.approve(u.toString()));
  }

  /** The "Compare" of a save conflict: the server's version on the left, the editor's on the right. */
  async compare(uri: vscode.Uri): Promise<void> {
    const { serverVersion, title } = this.conflictOf(uri);
    await compareWithServer(serverVersion, uri, title);
  }

  /** A refused save of this document, as the shared Compare / Overwrite offers it. */
  private conflictOf(uri: vscode.Uri): SaveConflict {
    const target = this.target(uri);
    const where = `${target.projectKey}/${target.repositorySlug}`;
    // The server's copy keeps the document's own authority and query: the same account reads it.
    const serverVersion = uri.with({ path: hookDocumentPathOf(target, true) });
    // An earlier comparison may still be open: make VS Code read the server's version again.
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: serverVersion }]);
    return {
      document: uri,
      serverVersion,
      message: vscode.l10n.t('Not saved: the hook settings on {0} changed on the server since you opened them.', where),
      title: comparisonTitle(`${target.hookKey}.json`, where),
      overwriteCommand: Commands.overwriteHookSettings,
    };
  }

  // ---- FileSystemProvider ---------------------------------------------------------------

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const target = parse(uri);
    if (!target) {
      // The folders above documents exist so that VS Code can resolve paths; nothing can be listed there.
      return {
        type: vscode.FileType.Directory,
        ctime: 0,
        mtime: 0,
        size: 0,
        permissions: vscode.FilePermission.Readonly,
      };
    }
    const reported = this.versions.lastReportedStat(uri) ?? { mtime: Date.now(), size: 0 };
    this.versions.reportStat(uri, reported);
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: reported.mtime,
      size: reported.size,
      ...(target.serverCopy ? { permissions: vscode.FilePermission.Readonly } : {}),
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const target = this.target(uri);
    const repo = this.repo(target);
    let settings: HookSettings | undefined;
    try {
      settings = await this.client(target).getHookSettings(repo, target.hookKey);
    } catch (err) {
      this.reads.read(uri.toString(), 'failed');
      this.log.error(`reading ${uri.toString()} failed`, err);
      throw fileSystemError.unavailable(
        this.describe(err, vscode.l10n.t('open the settings of {0}', target.hookKey), target),
      );
    }
    const text = formatSettings(settings);
    if (!target.serverCopy) this.versions.remember(uri, { settings, text });
    this.reads.read(uri.toString());
    return new TextEncoder().encode(text);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const target = this.target(uri);
    if (target.serverCopy) {
      throw fileSystemError.noPermissions(vscode.l10n.t("This is the server's version, shown for comparison only."));
    }
    const repo = this.repo(target);
    const text = new TextDecoder().decode(content);
    const where = `${target.projectKey}/${target.repositorySlug}`;

    const checked = checkSettingsText(text, this.versions.versionOf(uri)?.settings);
    if (!checked.ok) {
      this.fieldErrors.show(uri, text, checked.problems);
      throw fileSystemError.other(
        vscode.l10n.t(
          'The settings were not sent: {0}{1}',
          checked.problems[0].message,
          moreProblems(checked.problems),
        ),
      );
    }
    this.fieldErrors.clear(uri);

    const client = this.client(target);
    let current: HookSettings | undefined;
    try {
      current = await client.getHookSettings(repo, target.hookKey);
    } catch (err) {
      this.log.error(`checking ${uri.toString()} before saving failed`, err);
      throw fileSystemError.other(
        this.describe(err, vscode.l10n.t('save the settings of {0}', target.hookKey), target),
      );
    }
    // The base was read in this window, else kept from an earlier one (an editor restored with unsaved text).
    const { base, overwriteApproved } = this.versions.saveState(uri);
    const decision = decideHookSave({ base, current, edited: checked.settings, overwriteApproved });
    if (decision.kind === 'unchanged') {
      this.log.info(`${uri.toString()}: the server already has these settings; nothing sent`);
      // Nothing was saved: the text last read or saved stays what it was.
      this.versions.remember(uri, { settings: current, text: this.versions.versionOf(uri)?.text });
      return;
    }
    if (decision.kind === 'conflict') {
      this.log.warn(
        `${uri.toString()} changed on the server since it was opened${base ? '' : ' (or its base is unknown)'}; not overwriting`,
      );
      this.versions.conflicts.refused(uri.toString(), hookSettingsBaseOf(current).hash);
      void offerConflictChoices(this.conflictOf(uri));
      throw fileSystemError.other(
        vscode.l10n.t(
          'The settings of {0} on {1} changed on the server since you opened them. Compare, or Overwrite.',
          target.hookKey,
          where,
        ),
      );
    }

    let stored: HookSettings | undefined;
    try {
      stored = await client.replaceHookSettings(repo, target.hookKey, checked.settings);
    } catch (err) {
      this.log.error(`saving ${uri.toString()} failed`, err);
      if (isBitbucketError(err, 'validation')) this.fieldErrors.showServerProblems(uri, text, err);
      throw fileSystemError.other(
        this.describe(err, vscode.l10n.t('save the settings of {0}', target.hookKey), target),
      );
    }
    this.versions.remember(uri, { settings: stored ?? checked.settings, text });
    this.versions.reportStat(uri, { mtime: Date.now(), size: 0 });
    this.log.info(`replaced the settings of ${target.hookKey} on ${where}`);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    throw fileSystemError.noPermissions(vscode.l10n.t('Hook settings documents cannot hold folders.'));
  }

  delete(): void {
    throw fileSystemError.noPermissions(
      vscode.l10n.t('Hook settings cannot be deleted here; empty them ({}) instead.'),
    );
  }

  rename(): void {
    throw fileSystemError.noPermissions(vscode.l10n.t('Hook settings documents cannot be renamed.'));
  }

  // ---- Internals ------------------------------------------------------------------------

  private target(uri: vscode.Uri): HookDocument {
    const target = parse(uri);
    if (!target) throw fileSystemError.fileNotFound(uri);
    return target;
  }

  private repo(target: HookDocument): RepositoryRef {
    return { projectKey: target.projectKey, repositorySlug: target.repositorySlug };
  }

  /** The signed-in account the document names (the earlier form: the default account of its host). */
  private account(target: HookDocument): Account | undefined {
    return accountOfHookDocument(target, this.session.accounts(), this.session.account);
  }

  private client(target: HookDocument) {
    const account = this.account(target);
    if (account) return this.session.clientFor(account);
    if (target.username !== undefined) {
      throw fileSystemError.unavailable(
        vscode.l10n.t(
          'Sign in to {0} as {1} to open these hook settings (Bitbucket Snippets: Sign In).',
          target.authority,
          target.username,
        ),
      );
    }
    const signedIn = this.session.account;
    if (!signedIn) {
      throw fileSystemError.unavailable(
        vscode.l10n.t('Sign in to {0} to open its hook settings (Bitbucket Snippets: Sign In).', target.authority),
      );
    }
    throw fileSystemError.unavailable(
      vscode.l10n.t(
        'These hook settings are on {0}, but you are signed in to {1}. Switch account to reach them.',
        target.authority,
        serverHost(signedIn.serverUrl),
      ),
    );
  }

  private describe(err: unknown, action: string, target: HookDocument): string {
    return describeHookFailure(err, action, target, this.account(target)?.username);
  }
}
