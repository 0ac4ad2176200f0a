// Snippet documents (the file system provider and the server-version documents of a conflict)
// and the create / edit / use commands. Activation registers the two providers' schemes
// (src/onDemand/snippets.ts); this makes the providers and registers the commands.
import vscode = require('vscode');
import type { Session } from '../auth/session';
import { Commands, Schemes } from '../constants';
import type { Log } from '../util/log';
import { createEmpty, createFromClipboard, createFromFiles, createFromSelection, type CreateOptions } from './commands/create';
import { addFile, deleteFile, deleteSnippet, editDetails, renameFile, type EditOptions } from './commands/edit';
import { copyToMine } from './commands/copy';
import { exportAll } from './commands/export';
import { copyFileContent, copySnippetGuid, insertFile, openFile } from './commands/use';
import { copyLink, copyVsCodeLink, openInBrowser } from './commands/links';
import { openSnippetLink } from './commands/linkHandler';
import type { CommandDeps } from './commands/context';
import type { SnippetService } from './core/service';
import { compareWithServer, ServerVersions } from './fs/conflicts';
import { SnippetFileSystem } from './fs/provider';
import { snippetLocation } from './uris';

export interface SnippetDocuments {
  fileSystem: vscode.FileSystemProvider;
  serverVersions: vscode.TextDocumentContentProvider;
  /** The vscode:// link handler's work (Copy VS Code Link); activation registers the handler itself. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  disposable: vscode.Disposable;
}

export function createSnippetDocuments(
  session: Session,
  service: SnippetService,
  log: Log,
  reveal: (snippetGuid: string) => Promise<void>,
): SnippetDocuments {
  const fs = new SnippetFileSystem(session, service, log.child('fs'));
  const serverVersions = new ServerVersions(service);
  const deps: CommandDeps = { session, service, log: log.child('commands'), reveal };
  const command = (id: string, run: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(id, run);
  const disposable = vscode.Disposable.from(
    fs,
    serverVersions,
    command(Commands.openFile, (arg, options) => openFile(deps, arg, options as vscode.TextDocumentShowOptions | undefined)),
    command(Commands.newSnippet, (options) => createEmpty(deps, options as CreateOptions | undefined)),
    command(Commands.createFromSelection, (arg, options) => createFromSelection(deps, arg, options as CreateOptions | undefined)),
    command(Commands.createFromFile, (uri, uris, options) => createFromFiles(deps, uri, uris, options as CreateOptions | undefined)),
    command(Commands.createFromClipboard, (options) => createFromClipboard(deps, options as CreateOptions | undefined)),
    command(Commands.editSnippetDetails, (arg, options) => editDetails(deps, arg, options as EditOptions | undefined)),
    command(Commands.addFile, (arg, options) => addFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.renameFile, (arg, options) => renameFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.deleteFile, (arg, options) => deleteFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.deleteSnippet, (arg) => deleteSnippet(deps, arg)),
    command(Commands.insertFile, (arg) => insertFile(deps, arg)),
    command(Commands.copyFileContent, (arg) => copyFileContent(deps, arg)),
    command(Commands.copySnippetGuid, (arg) => copySnippetGuid(arg)),
    command(Commands.openInBrowser, (arg) => openInBrowser(deps, arg)),
    command(Commands.copyLink, (arg) => copyLink(deps, arg)),
    command(Commands.copyVsCodeLink, (arg) => copyVsCodeLink(deps, arg)),
    command(Commands.exportSnippets, (folder, lists) => exportAll(deps, folder, lists)),
    command(Commands.copyToMySnippets, (arg, carried) => copyToMine(deps, arg, carried)),
    command(Commands.compareWithServer, async (arg) => {
      const uri = snippetFileArg(arg);
      const loc = uri && snippetLocation(uri);
      if (!uri || !loc?.fileName) return;
      await compareWithServer(uri, loc.fileName, service.get(loc.snippetGuid)?.name ?? 'snippet');
    }),
    command(Commands.overwriteServerVersion, async (arg) => {
      const uri = snippetFileArg(arg);
      if (!uri) return false;
      if (!fs.approveOverwrite(uri)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to overwrite: no save of this file was refused because of a change on the server.'));
        return false;
      }
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      return document ? document.save() : false;
    }),
  );
  return { fileSystem: fs, serverVersions, openLink: (uri) => openSnippetLink(deps, uri), disposable };
}

/** The snippet file a command is about: its argument, or the active editor's document. */
function snippetFileArg(arg: unknown): vscode.Uri | undefined {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === Schemes.snippet ? uri : undefined;
}
