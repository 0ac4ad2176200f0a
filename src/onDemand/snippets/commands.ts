// Every snippet command, registered here and only here (test/unit/snippets/commandRegistration.test.ts
// holds that against SNIPPET_COMMANDS): which handler runs for which id, with which arguments and
// on which account. The handlers stay with their idea (commands/, the explorer, the comments,
// snippet documents); like register.ts, this is wiring and may use every snippet view.
// Activation registers a stand-in for each id (src/onDemand/snippets.ts); these take over once
// the snippets bundle is loaded.
import vscode = require('vscode');
import { accountId } from '../../model/accounts/accounts';
import type { AccountNode, CategoriesNode, LoadMoreNode, MessageNode, RootNode } from '../../model/snippets/tree/nodes';
import { isSnippetRow, rowsOfCommand, withoutSelection } from '../../model/snippets/tree/selection';
import { Commands } from '../../util/constants';
import type { CommentActions, CommentArg, SnippetArg } from './comments/commands';
import type { SnippetCommentThreads } from './comments/threads';
import { compareSnippetWithServer, overwriteSnippetServerVersion } from './documents';
import type { SnippetFileSystem } from './files/provider';
import type { SnippetAccounts } from './snippetAccounts';
import type { SnippetExplorer } from './tree/explorer';
import type { CommandDeps, CommandScope } from './context';
import { compareWith, compareWithSnippet, type CompareDeps } from './compare/compare';
import { copyToMine } from './copy';
import { createEmpty, createFromClipboard, createFromFiles, createFromSelection, type CreateOptions } from './create';
import { addFile, deleteFile, deleteSnippet, deleteSnippets, editDetails, renameFile, type EditOptions } from './edit';
import { exportFromCommand } from './export/export';
import { copyLink, copyVsCodeLink, openInBrowser } from './links/links';
import { searchSnippets, type SearchDeps } from './search/search';
import { pasteInTerminal, runInTerminal } from '../terminal/terminal';
import { copyFileContent, copySnippetGuid, insertFile, openFile } from './use';
import { PatchCommands } from '../patches/patchCommands';

export interface SnippetCommandHandlers {
  accounts: SnippetAccounts;
  /** The account each command acts on. */
  scope: CommandScope;
  explorer: SnippetExplorer;
  comments: CommentActions;
  threads: SnippetCommentThreads;
  search: SearchDeps;
  fileSystem: SnippetFileSystem;
  /** Clear Offline Cache: every account's, on disk too. */
  clearOfflineCache: () => Promise<void>;
  /** Compare with… and Compare with Snippet…. */
  compare: CompareDeps;
}

type ListArg = RootNode | MessageNode | LoadMoreNode | CategoriesNode | undefined;

export function registerSnippetCommands({ accounts, scope, explorer, comments, threads, search, fileSystem, clearOfflineCache, compare }: SnippetCommandHandlers): vscode.Disposable {
  // Commands about a snippet act on the account of the row or document they were started from.
  // With several rows selected VS Code passes them after the clicked row; these commands act on the
  // clicked row, so the selection is dropped before it could be taken for an options argument.
  const command = (id: string, run: (deps: CommandDeps, ...args: unknown[]) => unknown) =>
    vscode.commands.registerCommand(id, (...given: unknown[]) => {
      const args = withoutSelection(given);
      return run(scope.of(args[0]), ...args);
    });
  // Commands that make something new act on the default account.
  const create = (id: string, run: (deps: CommandDeps, ...args: unknown[]) => unknown) => vscode.commands.registerCommand(id, (...args: unknown[]) => run(scope.defaults, ...args));
  const patches = new PatchCommands({ accounts, scope, lastSearch: compare.lastSearch }, scope.defaults.log);
  return vscode.Disposable.from(
    patches,
    // The view's toolbar and roots.
    vscode.commands.registerCommand(Commands.refreshExplorer, () => explorer.refreshAll()),
    vscode.commands.registerCommand(Commands.refreshList, (node: ListArg) => explorer.refreshList(node)),
    vscode.commands.registerCommand(Commands.loadMore, (node: LoadMoreNode | RootNode | undefined) => explorer.loadMore(node)),
    vscode.commands.registerCommand(Commands.sortByName, () => explorer.setSort('name')),
    vscode.commands.registerCommand(Commands.sortByUpdated, () => explorer.setSort('updated')),
    vscode.commands.registerCommand(Commands.filterSnippets, (text?: string) => explorer.askFilter(text)),
    vscode.commands.registerCommand(Commands.clearFilter, () => explorer.setFilter('')),
    vscode.commands.registerCommand(Commands.clearSearchResults, () => explorer.lastSearch.clear()),
    vscode.commands.registerCommand(Commands.browseUser, (arg?: string | AccountNode) => explorer.userBrowsing.browse(arg)),
    vscode.commands.registerCommand(Commands.removeBrowsedUser, (node?: RootNode) => explorer.userBrowsing.remove(node)),
    vscode.commands.registerCommand(Commands.revealActiveSnippet, (uri?: unknown) => explorer.revealFile(uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri, true)),
    // Search Snippets… over every account; from an account root (or with its id) only that account's lists.
    vscode.commands.registerCommand(Commands.searchSnippets, (query?: unknown) => searchSnippets(search, typeof query === 'string' ? query : undefined)),
    vscode.commands.registerCommand(Commands.searchAccount, (row?: unknown, query?: unknown) => {
      const account = accounts.ofArgument(row, false);
      return searchSnippets(search, typeof query === 'string' ? query : undefined, account && accountId(account));
    }),
    // Comments: editing and deleting only the user's own.
    vscode.commands.registerCommand(Commands.addComment, (node?: SnippetArg, text?: unknown) => (node ? comments.add(node, typeof text === 'string' ? text : undefined) : undefined)),
    vscode.commands.registerCommand(Commands.editComment, (node?: CommentArg) => {
      const own = comments.mine(node);
      return own ? comments.edit(own) : undefined;
    }),
    vscode.commands.registerCommand(Commands.deleteComment, (node?: CommentArg) => {
      const own = comments.mine(node);
      return own ? comments.delete(own) : undefined;
    }),
    vscode.commands.registerCommand(Commands.replyToSnippet, (reply: vscode.CommentReply) => threads.reply(reply)),
    // Snippets and their files.
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
      return rows.length > 1 ? deleteSnippets(rows.map((row) => ({ deps: scope.of(row), arg: row }))) : deleteSnippet(scope.of(arg), arg);
    }),
    command(Commands.insertFile, (deps, arg) => insertFile(deps, arg)),
    command(Commands.copyFileContent, (deps, arg) => copyFileContent(deps, arg)),
    command(Commands.copySnippetGuid, (_deps, arg) => copySnippetGuid(arg)),
    command(Commands.pasteInTerminal, (deps, arg) => pasteInTerminal(deps, arg)),
    command(Commands.runInTerminal, (deps, arg) => runInTerminal(deps, arg)),
    command(Commands.openInBrowser, (deps, arg) => openInBrowser(deps, arg)),
    command(Commands.copyLink, (deps, arg) => copyLink(deps, arg)),
    command(Commands.copyVsCodeLink, (deps, arg) => copyVsCodeLink(deps, arg)),
    vscode.commands.registerCommand(Commands.exportSnippets, (...given: unknown[]) => exportFromCommand(accounts, scope, given)),
    command(Commands.copyToMySnippets, (deps, arg, carried) => copyToMine(deps, arg, carried)),
    // A snippet file beside a local text, from either end.
    command(Commands.compareWith, (deps, arg) => compareWith(compare, deps, arg)),
    command(Commands.compareWithSnippet, (deps, arg) => compareWithSnippet(compare, deps, arg)),
    // Patch snippets: a repository's changes saved as one, and one previewed, applied or reverted.
    create(Commands.savePatchAsSnippet, (deps, ...args) => patches.save(deps, args)),
    command(Commands.previewPatch, (deps, arg) => patches.preview(deps, arg)),
    command(Commands.applyPatch, (deps, arg) => patches.apply(deps, arg)),
    command(Commands.revertPatch, (deps, arg) => patches.revert(deps, arg)),
    // A save refused because the server's copy changed.
    command(Commands.compareWithServer, (deps, arg) => compareSnippetWithServer(deps, arg)),
    command(Commands.overwriteServerVersion, (_deps, arg) => overwriteSnippetServerVersion(fileSystem, arg)),
    vscode.commands.registerCommand(Commands.clearOfflineCache, () => clearOfflineCache()),
  );
}
