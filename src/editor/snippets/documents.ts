// Snippet documents (the file system provider and the server-version documents of a conflict)
// and the create / edit / use commands. Activation registers the two providers' schemes
// (src/onDemand/snippets.ts); this makes the providers and registers the commands.
import vscode = require('vscode');
import { Commands, Schemes } from '../../util/constants';
import type { Log } from '../../util/log';
import { createEmpty, createFromClipboard, createFromFiles, createFromSelection, type CreateOptions } from './commands/create';
import { addFile, deleteFile, deleteSnippet, deleteSnippets, editDetails, renameFile, type EditOptions } from './commands/edit';
import { copyToMine } from './commands/copy';
import { chooseExportAccount, exportAll } from './commands/export';
import { copyFileContent, copySnippetGuid, insertFile, openFile } from './commands/use';
import { copyLink, copyVsCodeLink, openInBrowser } from './commands/links';
import { openSnippetLink } from './commands/linkHandler';
import type { CommandDeps } from './commands/context';
import type { Account } from '../../model/accounts/accounts';
import type { SnippetAccounts } from './snippetAccounts';
import { ServerVersions, snippetConflict } from './fs/conflicts';
import { compareWithServer, overwriteServerVersion } from '../ui/saveConflict';
import { SnippetFileSystem } from './fs/provider';
import { snippetLocation } from './uris';
import { isSnippetRow, rowsOfCommand, withoutSelection } from '../../model/snippetTree/selection';

export interface SnippetDocuments {
  fileSystem: vscode.FileSystemProvider;
  serverVersions: vscode.TextDocumentContentProvider;
  /** The vscode:// link handler's work (Copy VS Code Link); activation registers the handler itself. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  disposable: vscode.Disposable;
}

export function createSnippetDocuments(
  accounts: SnippetAccounts,
  log: Log,
  reveal: (snippetGuid: string) => Promise<void>,
  /** The workspace's state (context.workspaceState): what open files were loaded from, beyond the window. */
  workspaceState: vscode.Memento,
): SnippetDocuments {
  const { session } = accounts;
  const fs = new SnippetFileSystem(accounts, log.child('fs'), workspaceState);
  const serverVersions = new ServerVersions(accounts);
  const commandLog = log.child('commands');
  // Create commands and the Palette with nothing else to go by act on the default account, whichever it is now.
  const defaults: CommandDeps = {
    session,
    get service() {
      return accounts.services.defaultService;
    },
    log: commandLog,
    reveal,
  };
  const depsFor = (account: Account | undefined): CommandDeps => (account ? { session, account, service: accounts.service(account), log: commandLog, reveal } : defaults);
  /** The commands' dependencies, for the account the command was started from (see SnippetAccounts.ofArgument). */
  const scoped = (arg: unknown, followActiveEditor = true): CommandDeps => depsFor(accounts.ofArgument(arg, followActiveEditor));
  // Commands about a snippet act on the account of the row or document they were started from.
  // With several rows selected VS Code passes them after the clicked row; these commands act on the
  // clicked row, so the selection is dropped before it could be taken for an options argument.
  const command = (id: string, run: (deps: CommandDeps, ...args: unknown[]) => unknown) =>
    vscode.commands.registerCommand(id, (...given: unknown[]) => {
      const args = withoutSelection(given);
      return run(scoped(args[0]), ...args);
    });
  // Commands that make something new act on the default account.
  const create = (id: string, run: (deps: CommandDeps, ...args: unknown[]) => unknown) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) => run(defaults, ...args));
  const disposable = vscode.Disposable.from(
    fs,
    serverVersions,
    command(Commands.openFile, (deps, arg, options) => openFile(deps, arg, options as vscode.TextDocumentShowOptions | undefined)),
    create(Commands.newSnippet, (deps, options) => createEmpty(deps, options as CreateOptions | undefined)),
    create(Commands.createFromSelection, (deps, arg, options) => createFromSelection(deps, arg, options as CreateOptions | undefined)),
    create(Commands.createFromFile, (deps, uri, uris, options) => createFromFiles(deps, uri, uris, options as CreateOptions | undefined)),
    create(Commands.createFromClipboard, (deps, options) => createFromClipboard(deps, options as CreateOptions | undefined)),
    command(Commands.editSnippetDetails, (deps, arg, options) => editDetails(deps, arg, options as EditOptions | undefined)),
    command(Commands.addFile, (deps, arg, options) => addFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.renameFile, (deps, arg, options) => renameFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.deleteFile, (deps, arg, options) => deleteFile(deps, arg, options as EditOptions | undefined)),
    // Delete Snippet acts on every selected snippet row when it was run on one of them.
    vscode.commands.registerCommand(Commands.deleteSnippet, (arg?: unknown, selected?: unknown) => {
      const rows = rowsOfCommand(arg, selected).filter((row) => isSnippetRow(row));
      return rows.length > 1 ? deleteSnippets(rows.map((row) => ({ deps: scoped(row), arg: row }))) : deleteSnippet(scoped(arg), arg);
    }),
    command(Commands.insertFile, (deps, arg) => insertFile(deps, arg)),
    command(Commands.copyFileContent, (deps, arg) => copyFileContent(deps, arg)),
    command(Commands.copySnippetGuid, (_deps, arg) => copySnippetGuid(arg)),
    command(Commands.openInBrowser, (deps, arg) => openInBrowser(deps, arg)),
    command(Commands.copyLink, (deps, arg) => copyLink(deps, arg)),
    command(Commands.copyVsCodeLink, (deps, arg) => copyVsCodeLink(deps, arg)),
    // Export acts on one account: an account root's, else the only one, else the one picked.
    vscode.commands.registerCommand(Commands.exportSnippets, async (...given: unknown[]) => {
      // (folder?, lists?) from the palette, the Explorer or a caller; (account row, folder?, lists?) from the view.
      const [first, ...rest] = withoutSelection(given);
      const row = isAccountRow(first) ? first : undefined;
      const [folder, lists] = row ? rest : [first, ...rest];
      const account = row ? accounts.ofArgument(row, false) : await chooseExportAccount(session);
      if (!account) return session.account ? undefined : exportAll(defaults);
      return exportAll(depsFor(account), folder, lists);
    }),
    command(Commands.copyToMySnippets, (deps, arg, carried) => copyToMine(deps, arg, carried)),
    command(Commands.compareWithServer, async (deps, arg) => {
      const uri = snippetFileArg(arg);
      const loc = uri && snippetLocation(uri);
      if (!uri || !loc?.fileName) return;
      const conflict = snippetConflict(uri, loc.fileName, deps.service.get(loc.snippetGuid)?.name ?? 'snippet');
      await compareWithServer(conflict.serverVersion, conflict.document, conflict.title);
    }),
    command(Commands.overwriteServerVersion, async (_deps, arg) => {
      const uri = snippetFileArg(arg);
      return uri ? overwriteServerVersion(uri, (u) => fs.approveOverwrite(u)) : false;
    }),
  );
  return { fileSystem: fs, serverVersions, openLink: (uri) => openSnippetLink(depsFor(accounts.ofLink(uri)), uri), disposable };
}

/** The snippet file a command is about: its argument, or the active editor's document. */
function snippetFileArg(arg: unknown): vscode.Uri | undefined {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === Schemes.snippet ? uri : undefined;
}

/** An account root of the Snippets view (shown when several accounts are signed in). */
function isAccountRow(arg: unknown): arg is { kind: 'account'; accountId?: string } {
  return typeof arg === 'object' && arg !== null && (arg as { kind?: unknown }).kind === 'account';
}
