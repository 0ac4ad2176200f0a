// Compare with… (a snippet file beside a text the user has: the active editor, its selection, the
// clipboard, a file) and Compare with Snippet… (a local file beside a snippet file the user picks).
// Both open VS Code's diff editor: the snippet file on the left, read-only, as the snippet core
// knows it (the server-version documents of Compare with Server, fs/conflicts.ts), and the local
// side on the right, editable when it is a document. A snippet the core has loaded or cached is
// compared without a request; any other is read with one GET.
import * as path from 'node:path';
import vscode = require('vscode');
import type { Snippet } from '../../../api/types';
import { accountId } from '../../../model/accounts/accounts';
import { comparisonTitle } from '../../../model/snippets/compare/compare';
import { knownSnippetFiles, type FileChoice } from '../../../model/snippets/knownSnippets';
import { accountLabel } from '../../../util/accountLabels';
import { Schemes } from '../../../util/constants';
import { showInfo, showWarning } from '../../ui/notify';
import { pick } from '../../ui/prompts';
import { snippetLocation } from '../../ui/snippetUris';
import { fileUri, reportFailure, requireSignedIn, resolveTarget, type AccountContext } from '../../ui/accountContext';
import { preview } from '../../../model/snippets/filePreview';
import type { SnippetsContext } from '../context';

/** The snippet file's side of a comparison. */
interface SnippetSide {
  uri: vscode.Uri;
  snippet: Snippet;
  fileName: string;
}

/** The local side: a document, or a read-only text (the clipboard, a selection). */
interface LocalSide {
  uri: vscode.Uri;
  /** How the diff's title names it. */
  name: string;
}

interface LocalChoice extends vscode.QuickPickItem {
  side: () => Promise<LocalSide | undefined>;
}

/** Compare with…: the snippet file of a row, a snippet file's editor or the active snippet file. */
export async function compareWith(compare: SnippetsContext, deps: AccountContext, arg: unknown): Promise<boolean> {
  if (!requireSignedIn(deps)) return false;
  const target = resolveTarget(arg);
  if (!target?.fileName) return false;
  const { snippetGuid, fileName } = target;
  let snippet: Snippet;
  try {
    snippet = (await deps.service.knownSnippet(snippetGuid)) ?? (await deps.service.snippet(snippetGuid));
  } catch (err) {
    return reportFailure(deps, vscode.l10n.t('compare {0}', fileName), err) ?? false;
  }
  const side = snippetSide(deps, snippet, fileName);
  if (!side) return false;
  const isThisFile = (uri: vscode.Uri) => {
    const loc = uri.scheme === Schemes.snippet ? snippetLocation(uri) : undefined;
    return loc?.snippetGuid === snippetGuid && loc.fileName === fileName;
  };
  const local = await pickLocalSide(compare, side, isThisFile);
  return local ? openComparison(deps, side, local) : false;
}

/** Compare with Snippet…: a file of the Explorer, an editor's document or the active editor's, beside a snippet file. */
export async function compareWithSnippet(
  compare: SnippetsContext,
  deps: AccountContext,
  arg: unknown,
): Promise<boolean> {
  if (!requireSignedIn(deps)) return false;
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    void showInfo(vscode.l10n.t('Open a file, or choose one in the Explorer, to compare it with a snippet file.'));
    return false;
  }
  const name = documentName(uri);
  const choice = await pickSnippetFile(compare, deps, name);
  if (!choice) return false;
  const account = compare.accounts.session.accountById(choice.accountId);
  const owner = compare.scope.depsFor(account);
  const side = account && snippetSide(owner, choice.snippet, choice.file.name);
  return side ? openComparison(owner, side, { uri, name }) : false;
}

/**
 * The snippet side of a snippet the command has in hand: put in the store when only the last
 * search had it, since the read-only document shows what the store knows.
 */
function snippetSide(deps: AccountContext, snippet: Snippet, fileName: string): SnippetSide | undefined {
  if (!snippet.files.some((f) => f.name === fileName)) {
    void showWarning(vscode.l10n.t('Snippet "{0}" has no file named "{1}".', snippet.name, fileName));
    return undefined;
  }
  if (!deps.service.store.get(snippet.guid)) deps.service.store.put(snippet);
  // The server-version twin of the file's URI, which fs/conflicts.ts (ServerVersions) serves.
  return { uri: fileUri(deps, snippet, fileName).with({ scheme: Schemes.snippetOnServer }), snippet, fileName };
}

async function openComparison(deps: AccountContext, side: SnippetSide, local: LocalSide): Promise<boolean> {
  try {
    await vscode.commands.executeCommand(
      'vscode.diff',
      side.uri,
      local.uri,
      comparisonTitle(side.fileName, side.snippet.name, local.name),
    );
    return true;
  } catch (err) {
    return reportFailure(deps, vscode.l10n.t('compare {0}', side.fileName), err) ?? false;
  }
}

/** What to compare the snippet file with: the last active editor (not the snippet file itself), its selection, the clipboard, a file. */
async function pickLocalSide(
  compare: SnippetsContext,
  side: SnippetSide,
  isThisFile: (uri: vscode.Uri) => boolean,
): Promise<LocalSide | undefined> {
  const items: LocalChoice[] = [];
  const latest = compare.recentEditors.latest(isThisFile);
  if (latest) {
    const name = documentName(latest.uri);
    items.push({
      label: vscode.l10n.t('Active Editor'),
      description: name,
      iconPath: new vscode.ThemeIcon('file'),
      side: () => Promise.resolve({ uri: latest.uri, name }),
    });
    const selected = latest.editor ? selectedText(latest.editor) : '';
    if (selected) {
      items.push({
        label: vscode.l10n.t('Selection'),
        description: vscode.l10n.t('in {0}', name),
        detail: preview(selected),
        iconPath: new vscode.ThemeIcon('selection'),
        side: () =>
          Promise.resolve({
            uri: compare.comparedTexts.add(selected, 'selection', side.fileName),
            name: vscode.l10n.t('selection in {0}', name),
          }),
      });
    }
  }
  const clipboard = await vscode.env.clipboard.readText();
  if (clipboard) {
    items.push({
      label: vscode.l10n.t('Clipboard'),
      detail: preview(clipboard),
      iconPath: new vscode.ThemeIcon('clippy'),
      side: () =>
        Promise.resolve({
          uri: compare.comparedTexts.add(clipboard, 'clipboard', side.fileName),
          name: vscode.l10n.t('clipboard'),
        }),
    });
  }
  if (vscode.workspace.workspaceFolders?.length) {
    items.push({
      label: vscode.l10n.t('File in the Workspace…'),
      iconPath: new vscode.ThemeIcon('files'),
      side: () => pickWorkspaceFile(side.fileName),
    });
  }
  items.push({
    label: vscode.l10n.t('File…'),
    description: vscode.l10n.t('any file, in an open dialog'),
    iconPath: new vscode.ThemeIcon('folder-opened'),
    side: () => chooseFile(),
  });
  const chosen = await pick(items, {
    title: vscode.l10n.t('Compare "{0}" with…', side.fileName),
    placeHolder: vscode.l10n.t('What to compare the snippet file with'),
  });
  return chosen?.side();
}

/** The text of every non-empty selection, in the document's order. */
function selectedText(editor: vscode.TextEditor): string {
  const eol = editor.document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  return [...editor.selections]
    .filter((s) => !s.isEmpty)
    .sort((a, b) => a.start.compareTo(b.start))
    .map((s) => editor.document.getText(s))
    .join(eol);
}

/** A quick pick of the workspace's files (as Quick Open lists them, files.exclude applied). */
async function pickWorkspaceFile(fileName: string): Promise<LocalSide | undefined> {
  const found = await vscode.workspace.findFiles('**/*', undefined, 5000);
  if (found.length === 0) {
    void showInfo(vscode.l10n.t('The workspace has no files to compare with.'));
    return undefined;
  }
  const items = found
    .map((uri) => ({ uri, relative: vscode.workspace.asRelativePath(uri) }))
    .sort((a, b) => a.relative.localeCompare(b.relative))
    .map(({ uri, relative }) => ({
      label: path.posix.basename(uri.path),
      description: path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative),
      iconPath: vscode.ThemeIcon.File,
      resourceUri: uri,
      uri,
    }));
  const chosen = await pick(items, {
    title: vscode.l10n.t('Compare "{0}" with a File in the Workspace', fileName),
    placeHolder: vscode.l10n.t('Type to find a file by name or folder'),
    matchOnDescription: true,
  });
  return chosen && { uri: chosen.uri, name: chosen.label };
}

/** The open dialog: any file VS Code can open, in a remote or browser window too. */
async function chooseFile(): Promise<LocalSide | undefined> {
  const [uri] =
    (await vscode.window.showOpenDialog({
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: false,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      openLabel: vscode.l10n.t('Compare'),
      title: vscode.l10n.t('Compare the snippet file with this file'),
    })) ?? [];
  return uri && { uri, name: documentName(uri) };
}

/** The snippet files Compare with Snippet… offers: every signed-in account's loaded lists and the last search's results. */
async function pickSnippetFile(
  compare: SnippetsContext,
  deps: AccountContext,
  localName: string,
): Promise<FileChoice | undefined> {
  let failure: unknown;
  // Own snippets, when no list has loaded them yet: one request at most (none from the cache).
  await deps.service.ensureLoaded('mine').catch((err: unknown) => (failure = err));
  const { session } = compare.accounts;
  const signedIn = session.accounts();
  const choices = knownSnippetFiles({
    accountIds: signedIn.map(accountId),
    services: compare.accounts.services,
    lastSearch: compare.lastSearch,
  });
  if (choices.length === 0) {
    if (failure !== undefined) return reportFailure(deps, vscode.l10n.t('list your snippets'), failure);
    void showInfo(vscode.l10n.t('No snippets are loaded yet: open the Snippets view, or create one first.'));
    return undefined;
  }
  const severalAccounts = signedIn.length > 1;
  const items = choices.map((choice) => {
    const account = severalAccounts ? session.accountById(choice.accountId) : undefined;
    const owner = account ? ` · ${accountLabel(account, signedIn)}` : '';
    return {
      ...choice,
      label: choice.file.name,
      description: `${choice.snippet.name}${owner}`,
      detail: preview(choice.file.content),
      iconPath: new vscode.ThemeIcon('file'),
    };
  });
  return pick(items, {
    title: vscode.l10n.t('Compare "{0}" with a Snippet File', localName),
    placeHolder: vscode.l10n.t('Type to find a file by name or snippet (most recently updated first)'),
    matchOnDescription: true,
  });
}

/** A document's name as a title shows it: a snippet file's own name, else the last part of its path. */
function documentName(uri: vscode.Uri): string {
  const loc = uri.scheme === Schemes.snippet ? snippetLocation(uri) : undefined;
  return loc?.fileName ?? (path.posix.basename(uri.path) || uri.toString(true));
}
