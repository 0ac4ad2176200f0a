// The extension's test API: what its own tests (test/integration/, the benchmark) need and no
// user-facing command offers. It is a bundle of its own (dist/testing.js, esbuild.js), required
// only in Test and Development mode, when a test first reads it (src/extension.ts): an installed
// extension runs in Production mode, never loads it and exports nothing.
import vscode = require('vscode');
import type { Session } from '../editor/accounts/session';
import type { BitbucketAuthProvider } from '../editor/accounts/authProvider';
import type { SignInArgs } from '../editor/accounts/signIn';
import type { SnippetExplorerApi } from '../editor/snippets/tree/explorer';
import type { AgentToolsApi } from '../editor/agentTools/tools';
import type { McpHostApi } from '../editor/agentTools/mcp/mcpHost';
import type { McpServerDefinitionProvider } from './mcp';
import type { ScriptedAnswer } from '../editor/ui/prompts';
import type { Account } from '../model/accounts/accounts';
import type { SnippetService } from '../model/snippets/service';
import type { Log } from '../util/log';
import type { SignInOnDemand } from './signIn';
import type { SnippetsOnDemand } from './snippets';

type SnippetsModule = typeof import('./snippets/bundle');

/** What the extension's own tests need and no user-facing command offers. */
export interface TestingApi {
  /** The default account's snippet service, as the Snippets view's rows of that account read it. Reading it loads the snippets bundle, as any first use does. */
  readonly service: SnippetService;
  readonly explorer: SnippetExplorerApi;
  /**
   * The language model tools' work, as the registered tools hand calls to it: the save tool's
   * confirmation and its run after the user confirmed (outside a chat, VS Code would show a modal
   * dialog a test cannot answer).
   */
  readonly agentTools: AgentToolsApi;
  /** The MCP server's end in the extension host (loads the snippets bundle). */
  readonly mcp: McpHostApi;
  /** The MCP server definition provider, as VS Code calls it; undefined where VS Code has no MCP API (1.100). */
  readonly mcpProvider: McpServerDefinitionProvider | undefined;
  /** The authentication provider as VS Code calls it (Sign Out in the Accounts menu is a modal a test cannot answer). */
  readonly authProvider: BitbucketAuthProvider;
  /** What a row of the Snippets view dropped into an editor inserts (registered at activation as a stand-in). */
  readonly dropIntoEditor: vscode.DocumentDropEditProvider;
  /** A copy of what the extension keeps in global state (accounts, browsed users; never secrets). */
  globalStateSnapshot(): Record<string, unknown>;
  /** The extension's global state, written through its one queue (src/util/orderedState.ts). */
  readonly globalState: vscode.Memento;
  /** Signs in without the prompts; rejects with the message a user would see when it fails. */
  signIn(args: SignInArgs): Promise<Account | undefined>;
  /** Signs every account out, so a suite starts with none (the Sign Out command asks which when there are several). */
  signOutAll(): Promise<void>;
  /** The account status bar item's text (a test cannot read the workbench's status bar). */
  statusBarText(): string;
  /** Queues answers for the next confirmations (true / false) and input boxes (text, or undefined for Escape). */
  answerPrompts(...answers: ScriptedAnswer[]): void;
  /** Keeps a passphrase of a server's certificate file, as if the user had typed it once and it was accepted. */
  keepCertificatePassphrase(serverUrl: string, file: string, passphrase: string): Promise<void>;
  /** True when a passphrase of that server's file is kept in secret storage. */
  hasCertificatePassphrase(serverUrl: string, file: string): Promise<boolean>;
  /** Drops answers no prompt used; returns how many there were (0 when every queued answer was asked for). */
  unusedAnswers(): number;
  /**
   * Hands a vscode:// snippet link to the work of the registered URI handler, as VS Code does when
   * the link is opened; resolves to the editor it opened. (A test host may not route a link it
   * opens itself back to the extension.)
   */
  openLink(link: string): Promise<vscode.TextEditor | undefined>;
}

/** What activate() made, which the test API reaches into. */
export interface TestedExtension {
  globalState: vscode.Memento;
  session: Session;
  log: Log;
  snippets: SnippetsOnDemand;
  signIn: SignInOnDemand;
  statusBar: vscode.StatusBarItem;
  authProvider: BitbucketAuthProvider;
  /** The MCP server's definition provider, where VS Code has the API (src/onDemand/mcp.ts). */
  mcpProvider?: McpServerDefinitionProvider;
}

export function createTestingApi({
  globalState,
  session,
  log,
  snippets,
  signIn,
  statusBar,
  authProvider,
  mcpProvider,
}: TestedExtension): TestingApi {
  const answers = snippetPromptAnswers(snippets);
  return {
    authProvider,
    get service() {
      return snippets.feature().explorer.provider.serviceOf(undefined);
    },
    get explorer() {
      return snippets.feature().explorer;
    },
    get agentTools() {
      return snippets.feature().agentTools;
    },
    get mcp() {
      return snippets.feature().mcp;
    },
    mcpProvider,
    get dropIntoEditor() {
      return snippets.feature().dropIntoEditor;
    },
    globalState,
    globalStateSnapshot: () => Object.fromEntries(globalState.keys().map((k) => [k, globalState.get(k)])),
    signIn: (args) => signIn.module().signIn(session, log.child('sign-in'), args),
    statusBarText: () => statusBar.text,
    signOutAll: async () => {
      for (const account of session.accounts()) await session.signOut(account);
    },
    answerPrompts: (...more) => {
      answers().push(...more);
    },
    unusedAnswers: () => answers().splice(0).length,
    keepCertificatePassphrase: async (serverUrl, file, passphrase) => {
      await session.passphrases?.forServer(serverUrl).accepted?.(file, passphrase);
    },
    hasCertificatePassphrase: async (serverUrl, file) => (await session.passphrases?.has(serverUrl, file)) ?? false,
    openLink: (link) => snippets.feature().openLink(vscode.Uri.parse(link)),
  };
}

/**
 * The queue of answers for the prompts, which are in the snippets bundle: the first use loads the
 * feature (as any first use does) and makes the queue the source of that bundle's prompts.
 */
function snippetPromptAnswers(snippets: SnippetsOnDemand): () => ScriptedAnswer[] {
  let queue: ScriptedAnswer[] | undefined;
  return () => {
    snippets.feature();
    if (!queue) {
      const answers: ScriptedAnswer[] = [];
      // esbuild.js turns this require into one of dist/snippets.js, the module the feature was loaded from.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./snippets/bundle') as SnippetsModule).answerPromptsFrom(() =>
        answers.length > 0 ? { answer: answers.shift() } : undefined,
      );
      queue = answers;
    }
    return queue;
  };
}
