// Wires snippet documents and the create / edit / use commands: one call from activate(), no network.
import * as vscode from 'vscode';
import type { Session } from '../../auth/session';
import { Commands, Schemes } from '../../constants';
import type { Log } from '../../util/log';
import { SnippetFileSystem } from '../fs/provider';
import type { SnippetStore } from '../store';
import { createEmpty, createFromClipboard, createFromFiles, createFromSelection, type CreateOptions } from './create';
import { addFile, deleteFile, deleteSnippet, editDetails, renameFile, type EditOptions } from './edit';
import { copyFileContent, copySnippetGuid, insertFile, openFile } from './use';
import type { CommandDeps } from './context';

export function registerSnippetDocuments(
  session: Session,
  store: SnippetStore,
  log: Log,
  reveal: (snippetGuid: string) => Promise<void>,
): vscode.Disposable {
  const fs = new SnippetFileSystem(session, store, log.child('fs'));
  const deps: CommandDeps = { session, store, fs, log: log.child('commands'), reveal };
  const command = (id: string, run: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(id, run);
  return vscode.Disposable.from(
    fs,
    vscode.workspace.registerFileSystemProvider(Schemes.snippet, fs, { isCaseSensitive: true }),
    command(Commands.openFile, (arg, options) => openFile(deps, arg, options as vscode.TextDocumentShowOptions | undefined)),
    command(Commands.newSnippet, (options) => createEmpty(deps, options as CreateOptions | undefined)),
    command(Commands.createFromSelection, (arg, options) => createFromSelection(deps, arg, options as CreateOptions | undefined)),
    command(Commands.createFromFile, (uri, uris, options) => createFromFiles(deps, uri, uris, options as CreateOptions | undefined)),
    command(Commands.createFromClipboard, (options) => createFromClipboard(deps, options as CreateOptions | undefined)),
    command(Commands.editSnippetDetails, (arg, options) => editDetails(deps, arg, options as EditOptions | undefined)),
    command(Commands.addFile, (arg, options) => addFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.renameFile, (arg, options) => renameFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.deleteFile, (arg, options) => deleteFile(deps, arg, options as EditOptions | undefined)),
    command(Commands.deleteSnippet, (arg, options) => deleteSnippet(deps, arg, options as EditOptions | undefined)),
    command(Commands.insertFile, (arg) => insertFile(deps, arg)),
    command(Commands.copyFileContent, (arg) => copyFileContent(deps, arg)),
    command(Commands.copySnippetGuid, (arg) => copySnippetGuid(arg)),
  );
}
