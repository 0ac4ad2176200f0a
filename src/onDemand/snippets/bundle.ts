// Everything about snippets: the one context of services (./context.ts), and the features that
// take what they need from it: the explorer, snippet documents, comment threads, completion, the
// commands (./commands.ts), the chat tools and the MCP server's host end. The context follows the
// signed-in accounts and learns from every answer who the user is; the views only listen to it.
// This module is the entry of the snippets bundle (dist/snippets.js, esbuild.js), which loads on
// first use; activation registers its view, schemes and commands (src/onDemand/snippets.ts).
import vscode = require('vscode');
import { createAgentTools, type AgentToolsApi } from '../../editor/agentTools/tools';
import { createMcpHost, type McpHostApi } from '../../editor/agentTools/mcp/mcpHost';
import { SnippetCommentThreads } from '../../editor/snippets/comments/threads';
import { CommentActions } from '../../editor/snippets/comments/commands';
import { SnippetCompletionProvider } from '../../editor/snippets/completion/provider';
import { SnippetDropProvider } from '../../editor/snippets/dropIntoEditor';
import { SnippetExplorer, type SnippetExplorerApi } from '../../editor/snippets/tree/explorer';
import type { TreeNode } from '../../model/snippets/tree/nodes';
import { registerSnippetCommands } from './commands';
import { buildContext, type SnippetsHost } from './context';
import { createSnippetDocuments } from './documents';
import { registerOfflineCache } from './offlineCache';

export type { SnippetsHost } from './context';

// The test API's way to this bundle's prompts (src/onDemand/testingApi.ts): it requires this module
// as the stand-ins do, since a copy of the prompts inlined in its own bundle would be another module.
export { answerPromptsFrom } from '../../editor/ui/prompts';

export interface SnippetsFeature extends vscode.Disposable {
  explorer: SnippetExplorerApi;
  fileSystem: vscode.FileSystemProvider;
  serverVersions: vscode.TextDocumentContentProvider;
  /** The clipboard's or a selection's text beside a snippet file (Compare with…); activation registers its scheme. */
  comparedTexts: vscode.TextDocumentContentProvider;
  completion: vscode.CompletionItemProvider;
  /** Inserts a file dragged from the Snippets view into an editor; activation registers a stand-in. */
  dropIntoEditor: vscode.DocumentDropEditProvider;
  /** Opens what a vscode:// snippet link points at; activation's stand-in URI handler forwards here. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  /** Deletes the offline cache of an account that signed out (activation's stand-in calls it). */
  forgetAccount(accountId: string): Promise<void>;
  /** The language model tools' work; activation registers their stand-ins (src/onDemand/agentTools.ts). */
  agentTools: AgentToolsApi;
  /** The MCP server's end in the extension host; activation registers the server's definition (src/onDemand/mcp.ts). */
  mcp: McpHostApi;
}

/** `createView` makes the Snippets view (activation made it already) for the explorer's provider. */
export function createSnippets(
  host: SnippetsHost & { createView(provider: vscode.TreeDataProvider<TreeNode>): vscode.TreeView<TreeNode> },
): SnippetsFeature {
  const built = buildContext(host);
  const { context } = built;
  const explorer = new SnippetExplorer(context, host.createView);
  built.bindReveal((guid) => explorer.reveal(guid));
  const comments = new CommentActions(context.accounts, context.log.child('comments'));
  const threads = new SnippetCommentThreads(context.accounts, comments);
  const documents = createSnippetDocuments(context);
  const completion = new SnippetCompletionProvider(context.accounts);
  const cache = registerOfflineCache(context, built.caches);
  const mcp = createMcpHost({ ...context, log: context.log.child('mcp') });
  const disposable = vscode.Disposable.from(
    cache.disposable,
    explorer,
    threads,
    documents.disposable,
    completion,
    registerSnippetCommands(context, {
      explorer,
      comments,
      threads,
      fileSystem: documents.fileSystem,
      clearOfflineCache: cache.clear,
    }),
    mcp,
    built.disposable,
  );
  return {
    explorer,
    fileSystem: documents.fileSystem,
    serverVersions: documents.serverVersions,
    comparedTexts: context.comparedTexts,
    completion,
    dropIntoEditor: new SnippetDropProvider(context),
    openLink: documents.openLink,
    forgetAccount: cache.forgetAccount,
    agentTools: createAgentTools({ ...context, log: context.log.child('agentTools') }),
    dispose: () => disposable.dispose(),
    mcp,
  };
}
