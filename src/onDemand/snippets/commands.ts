// Every snippet command, registered here and only here (test/unit/snippets/commandRegistration.test.ts
// holds that against SNIPPET_COMMANDS): which handler runs for which id, with which arguments and
// on which account. The handlers stay with their feature (editor/snippets/, editor/terminal/,
// editor/patches/, the explorer, the comments, snippet documents); this is wiring.
// Activation registers a stand-in for each id (src/onDemand/snippets.ts); these take over once
// the snippets bundle is loaded.
import vscode = require('vscode');
import { accountId } from '../../model/accounts/accounts';
import type { AccountNode, CategoriesNode, LoadMoreNode, MessageNode, RootNode } from '../../model/snippets/tree/nodes';
import { isSnippetRow, rowsOfCommand } from '../../model/snippets/tree/selection';
import { Commands } from '../../util/constants';
import type { CommentActions, CommentArg, SnippetArg } from '../../editor/snippets/comments/commands';
import type { SnippetCommentThreads } from '../../editor/snippets/comments/threads';
import { compareWith, compareWithSnippet } from '../../editor/snippets/compare/compare';
import type { SnippetsContext } from '../../editor/snippets/context';
import { copyToMine } from '../../editor/snippets/copy';
import {
  createEmpty,
  createFromClipboard,
  createFromFiles,
  createFromSelection,
  type CreateOptions,
} from '../../editor/snippets/create';
import {
  addFile,
  deleteFile,
  deleteSnippet,
  deleteSnippets,
  editDetails,
  renameFile,
  type EditOptions,
} from '../../editor/snippets/edit';
import { exportFromCommand } from '../../editor/snippets/export/export';
import type { SnippetFileSystem } from '../../editor/snippets/files/provider';
import {
  compareSnippetWithServer,
  overwriteSnippetServerVersion,
} from '../../editor/snippets/files/serverVersionCommands';
import { copyLink, copyVsCodeLink, openInBrowser } from '../../editor/snippets/links/links';
import { searchSnippets } from '../../editor/snippets/search/search';
import type { SnippetExplorer } from '../../editor/snippets/tree/explorer';
import { copyFileContent, copySnippetGuid, insertFile, openFile } from '../../editor/snippets/use';
import { pasteInTerminal, runInTerminal } from '../../editor/terminal/terminal';
import { commandKinds } from './commandKinds';
import { registerPatchCommands } from './patches';

/** The parts of the bundle the commands drive, besides the context. */
export interface CommandTargets {
  explorer: SnippetExplorer;
  comments: CommentActions;
  threads: SnippetCommentThreads;
  fileSystem: SnippetFileSystem;
  /** Clear Offline Cache: every account's, on disk too. */
  clearOfflineCache: () => Promise<void>;
}

type ListArg = RootNode | MessageNode | LoadMoreNode | CategoriesNode | undefined;
export function registerSnippetCommands(context: SnippetsContext, targets: CommandTargets): vscode.Disposable {
  const kinds = commandKinds(context);
  return vscode.Disposable.from(
    registerViewCommands(context, targets.explorer),
    registerCommentCommands(targets.comments, targets.threads),
    registerSnippetFileCommands(context, kinds),
    registerPatchCommands(context, kinds),
    // A save refused because the server's copy changed.
    kinds.command(Commands.compareWithServer, (deps, arg) => compareSnippetWithServer(deps, arg)),
    kinds.command(Commands.overwriteServerVersion, (_deps, arg) =>
      overwriteSnippetServerVersion(targets.fileSystem, arg),
    ),
    vscode.commands.registerCommand(Commands.clearOfflineCache, () => targets.clearOfflineCache()),
  );
}

/** The view's toolbar and roots, and Search Snippets…. */
function registerViewCommands(context: SnippetsContext, explorer: SnippetExplorer): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.refreshExplorer, () => explorer.refreshAll()),
    vscode.commands.registerCommand(Commands.refreshList, (node: ListArg) => explorer.refreshList(node)),
    vscode.commands.registerCommand(Commands.loadMore, (node: LoadMoreNode | RootNode | undefined) =>
      explorer.loadMore(node),
    ),
    vscode.commands.registerCommand(Commands.sortByName, () => explorer.setSort('name')),
    vscode.commands.registerCommand(Commands.sortByUpdated, () => explorer.setSort('updated')),
    vscode.commands.registerCommand(Commands.filterSnippets, (text?: string) => explorer.askFilter(text)),
    vscode.commands.registerCommand(Commands.clearFilter, () => explorer.setFilter('')),
    vscode.commands.registerCommand(Commands.clearSearchResults, () => explorer.lastSearch.clear()),
    vscode.commands.registerCommand(Commands.browseUser, (arg?: string | AccountNode) =>
      explorer.userBrowsing.browse(arg),
    ),
    vscode.commands.registerCommand(Commands.removeBrowsedUser, (node?: RootNode) =>
      explorer.userBrowsing.remove(node),
    ),
    vscode.commands.registerCommand(Commands.revealActiveSnippet, (uri?: unknown) =>
      explorer.revealFile(uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri, true),
    ),
    // Search Snippets… over every account; from an account root (or with its id) only that account's lists.
    vscode.commands.registerCommand(Commands.searchSnippets, (query?: unknown) =>
      searchSnippets(context, typeof query === 'string' ? query : undefined),
    ),
    vscode.commands.registerCommand(Commands.searchAccount, (row?: unknown, query?: unknown) => {
      const account = context.accounts.ofArgument(row, false);
      return searchSnippets(context, typeof query === 'string' ? query : undefined, account && accountId(account));
    }),
  );
}

/** Comments: editing and deleting only the user's own. */
function registerCommentCommands(comments: CommentActions, threads: SnippetCommentThreads): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.addComment, (node?: SnippetArg, text?: unknown) =>
      node ? comments.add(node, typeof text === 'string' ? text : undefined) : undefined,
    ),
    vscode.commands.registerCommand(Commands.editComment, (node?: CommentArg) => {
      const own = comments.mine(node);
      return own ? comments.edit(own) : undefined;
    }),
    vscode.commands.registerCommand(Commands.deleteComment, (node?: CommentArg) => {
      const own = comments.mine(node);
      return own ? comments.delete(own) : undefined;
    }),
    vscode.commands.registerCommand(Commands.replyToSnippet, (reply: vscode.CommentReply) => threads.reply(reply)),
  );
}

/** Snippets and their files. */
function registerSnippetFileCommands(
  context: SnippetsContext,
  { command, create }: ReturnType<typeof commandKinds>,
): vscode.Disposable {
  return vscode.Disposable.from(
    command(Commands.openFile, (deps, arg, options) =>
      openFile(deps, arg, options as vscode.TextDocumentShowOptions | undefined),
    ),
    create(Commands.newSnippet, (deps, options) => createEmpty(deps, options as CreateOptions | undefined)),
    create(Commands.createFromSelection, (deps, arg, options) =>
      createFromSelection(deps, arg, options as CreateOptions | undefined),
    ),
    create(Commands.createFromFile, (deps, uri, uris, options) =>
      createFromFiles(deps, uri, uris, options as CreateOptions | undefined),
    ),
    create(Commands.createFromClipboard, (deps, options) =>
      createFromClipboard(deps, options as CreateOptions | undefined),
    ),
    command(Commands.editSnippetDetails, (deps, arg, options) =>
      editDetails(deps, arg, options as EditOptions | undefined),
    ),
    command(Commands.addFile, (deps, arg, options) => addFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.renameFile, (deps, arg, options) => renameFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.deleteFile, (deps, arg, options) => deleteFile(deps, arg, options as EditOptions | undefined)),
    // Delete Snippet acts on every selected snippet row when it was run on one of them.
    vscode.commands.registerCommand(Commands.deleteSnippet, (arg?: unknown, selected?: unknown) => {
      const rows = rowsOfCommand(arg, selected).filter((row) => isSnippetRow(row));
      return rows.length > 1
        ? deleteSnippets(rows.map((row) => ({ deps: context.scope.of(row), arg: row })))
        : deleteSnippet(context.scope.of(arg), arg);
    }),
    command(Commands.insertFile, (deps, arg) => insertFile(deps, arg)),
    command(Commands.copyFileContent, (deps, arg) => copyFileContent(deps, arg)),
    command(Commands.copySnippetGuid, (_deps, arg) => copySnippetGuid(arg)),
    command(Commands.pasteInTerminal, (deps, arg) => pasteInTerminal(deps, arg)),
    command(Commands.runInTerminal, (deps, arg) => runInTerminal(deps, arg)),
    command(Commands.openInBrowser, (deps, arg) => openInBrowser(deps, arg)),
    command(Commands.copyLink, (deps, arg) => copyLink(deps, arg)),
    command(Commands.copyVsCodeLink, (deps, arg) => copyVsCodeLink(deps, arg)),
    vscode.commands.registerCommand(Commands.exportSnippets, (...given: unknown[]) =>
      exportFromCommand(context.accounts, context.scope, given),
    ),
    command(Commands.copyToMySnippets, (deps, arg, carried) => copyToMine(deps, arg, carried)),
    // A snippet file beside a local text, from either end.
    command(Commands.compareWith, (deps, arg) => compareWith(context, deps, arg)),
    command(Commands.compareWithSnippet, (deps, arg) => compareWithSnippet(context, deps, arg)),
  );
}
