// Activation's part of the snippets: the Snippets view with a forwarding data provider, the
// `bitbucket-snippet` file system, the server-version documents of a conflict, the compared texts
// of Compare with…, and stand-ins for the snippet commands. The first use of any of them loads
// dist/snippets.js (esbuild.js): the snippet core, the tree, snippet documents, comments and the
// commands.
import * as fs from 'node:fs';
import * as path from 'node:path';
import vscode = require('vscode');
import { accountId } from '../model/accounts/accounts';
import type { Session } from '../editor/accounts/session';
import {
  EXPLORER_DRAG_MIMES,
  EXPLORER_DROP_MIMES,
  Mimes,
  OFFLINE_CACHE_FOLDER,
  SNIPPET_COMMANDS,
  Schemes,
  Views,
} from '../util/constants';
import { forgetCachesOnSignOut } from '../model/snippets/cache/signOut';
import type { SnippetsFeature } from './snippets/bundle';
import type { TreeNode } from '../model/snippets/tree/nodes';
import type { Log } from '../util/log';
import { completeOpenViewStepWhenShown } from '../editor/walkthrough/viewStep';
import { ForwardingContentProvider } from './forwardingContentProvider';
import { ForwardingFileSystemProvider } from './forwardingFileSystem';
import { ForwardingTreeDataProvider } from './forwardingTreeDataProvider';
import { onDemandFeature, type OnDemandFeature } from './onDemandFeature';

type SnippetsModule = typeof import('./snippets/bundle');

export interface SnippetsOnDemand {
  /** The snippets feature, loaded on the first call. */
  feature(): SnippetsFeature;
  disposable: vscode.Disposable;
}

/** `globalState` is the extension's one queue of global state writes (src/util/orderedState.ts), not context.globalState. */
export function registerSnippetsOnDemand(
  context: vscode.ExtensionContext,
  globalState: vscode.Memento,
  session: Session,
  log: Log,
): SnippetsOnDemand {
  const provider = new ForwardingTreeDataProvider<TreeNode>(() => feature.get());
  // Several rows can be selected, to drag them together or delete several snippets at once; other
  // row commands act on the row clicked (src/model/snippets/tree/selection.ts).
  // Rows can be dragged only once they are shown, that is once the snippets bundle is loaded.
  const dragAndDropController: vscode.TreeDragAndDropController<TreeNode> = {
    dragMimeTypes: EXPLORER_DRAG_MIMES,
    dropMimeTypes: EXPLORER_DROP_MIMES,
    handleDrag: (source, dataTransfer) => feature.get().explorer.dragAndDrop.handleDrag(source, dataTransfer),
    handleDrop: (target, dataTransfer) => feature.get().explorer.dragAndDrop.handleDrop(target, dataTransfer),
  };
  const view = vscode.window.createTreeView(Views.explorer, {
    treeDataProvider: provider,
    showCollapseAll: true,
    canSelectMany: true,
    dragAndDropController,
  });
  const feature: OnDemandFeature<SnippetsModule, SnippetsFeature> = onDemandFeature(
    'snippets',
    SNIPPET_COMMANDS,
    // esbuild.js turns this require into one of dist/snippets.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    () => require('./snippets/bundle') as SnippetsModule,
    ({ createSnippets }) =>
      createSnippets({
        session,
        globalState,
        workspaceState: context.workspaceState,
        storagePath: context.globalStorageUri.fsPath,
        log,
        createView: (real) => {
          provider.connect(real);
          return view;
        },
      }),
    log,
  );
  const fileSystem = new ForwardingFileSystemProvider(() => feature.get().fileSystem);
  const serverVersions = new ForwardingContentProvider(() => feature.get().serverVersions);
  const comparedTexts = new ForwardingContentProvider(() => feature.get().comparedTexts);
  const forgetOnSignOut = forgetCachesOfSignedOut(context, session, log, feature);
  return {
    feature: () => feature.get(),
    disposable: vscode.Disposable.from(
      forgetOnSignOut,
      feature,
      provider,
      view,
      // The walkthrough's "Open My Snippets" step, also when the view was showing as the window started.
      completeOpenViewStepWhenShown(view, log.child('walkthrough')),
      fileSystem,
      vscode.workspace.registerFileSystemProvider(Schemes.snippet, fileSystem, { isCaseSensitive: true }),
      serverVersions,
      vscode.workspace.registerTextDocumentContentProvider(Schemes.snippetOnServer, serverVersions),
      comparedTexts,
      vscode.workspace.registerTextDocumentContentProvider(Schemes.comparedText, comparedTexts),
      registerEditorProviders(feature),
    ),
  };
}

/** Completion, drops of rows into an editor, and vscode:// snippet links, forwarded to the loaded bundle. */
function registerEditorProviders(feature: OnDemandFeature<SnippetsModule, SnippetsFeature>): vscode.Disposable {
  // Completion offers what is loaded; until the snippets bundle is, no list is either, so typing
  // never loads it.
  const completion: vscode.CompletionItemProvider = {
    provideCompletionItems: (document, position, token, context) =>
      feature.isLoaded
        ? feature.get().completion.provideCompletionItems(document, position, token, context)
        : undefined,
    resolveCompletionItem: (item, token) =>
      feature.isLoaded ? (feature.get().completion.resolveCompletionItem?.(item, token) ?? item) : item,
  };
  // A drop of one of our rows into an editor: the rows came from the loaded view, so the bundle
  // is loaded; other drops never load it.
  const dropIntoEditor: vscode.DocumentDropEditProvider = {
    provideDocumentDropEdits: (document, position, dataTransfer, token) =>
      feature.isLoaded
        ? feature.get().dropIntoEditor.provideDocumentDropEdits(document, position, dataTransfer, token)
        : undefined,
  };
  // VS Code wants the URI handler of vscode:// snippet links (Copy VS Code Link) registered at
  // activation; the first link loads the snippets bundle, whose handler does the work.
  const uriHandler: vscode.UriHandler = {
    handleUri: async (uri) => {
      await feature.get().openLink(uri);
    },
  };
  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider('*', completion),
    vscode.languages.registerDocumentDropEditProvider('*', dropIntoEditor, { dropMimeTypes: [Mimes.explorerRows] }),
    vscode.window.registerUriHandler(uriHandler),
  );
}

/** Sign Out deletes the account's offline cache (src/model/snippets/cache/signOut.ts), loading the bundle only when a cache may exist. */
function forgetCachesOfSignedOut(
  context: vscode.ExtensionContext,
  session: Session,
  log: Log,
  feature: OnDemandFeature<SnippetsModule, SnippetsFeature>,
): vscode.Disposable {
  return forgetCachesOnSignOut({
    signedIn: () => session.accounts().map(accountId),
    onDidChange: session.onDidChange,
    mayHaveCache: () =>
      feature.isLoaded || fs.existsSync(path.join(context.globalStorageUri.fsPath, OFFLINE_CACHE_FOLDER)),
    forget: (id) => feature.get().forgetAccount(id),
    warn: (message) => log.warn(message),
  });
}
