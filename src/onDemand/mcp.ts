// Activation's part of the MCP server: where VS Code has the API (1.101 and later), one server
// definition, "Bitbucket Snippets", offered while an account is signed in and the setting
// bitbucketSnippets.mcp.enabled is on (read in the snippets bundle, which holds the settings
// table, and only while signed in), and offered anew when either changes. The server is the
// bundled dist/mcpServer.js on the editor's own Node: nothing is downloaded or installed. Only when
// the editor starts it does the snippets bundle load, to open the private channel and give that
// one process a key (src/editor/agentTools/mcp/mcpHost.ts); no credential goes into its environment. Where the
// API is missing (VS Code 1.100, whose draft of it throws) nothing is registered and nothing else
// changes.
import vscode = require('vscode');
import type { Session } from '../editor/accounts/session';
import type { SnippetsOnDemand } from './snippets';

/** The id package.json's contributes.mcpServerDefinitionProviders declares. */
export const MCP_PROVIDER_ID = 'bitbucketSnippets.mcpServer';

/** What this needs of VS Code 1.101's MCP API; @types/vscode 1.100 has none of it. */
export interface McpStdioServerDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
}
export interface McpServerDefinitionProvider {
  readonly onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<McpStdioServerDefinition[]>;
  resolveMcpServerDefinition?(
    server: McpStdioServerDefinition,
    token: vscode.CancellationToken,
  ): vscode.ProviderResult<McpStdioServerDefinition>;
}
interface McpApi {
  lm: { registerMcpServerDefinitionProvider(id: string, provider: McpServerDefinitionProvider): vscode.Disposable };
  McpStdioServerDefinition: new (
    label: string,
    command: string,
    args?: string[],
    env?: Record<string, string | number | null>,
    version?: string,
  ) => McpStdioServerDefinition;
}

/** The registration, and the provider (for the test API) where VS Code has the API. */
export interface McpOnDemand {
  disposable: vscode.Disposable;
  provider?: McpServerDefinitionProvider;
}

export function registerMcpOnDemand(
  extension: vscode.Extension<unknown>,
  snippets: SnippetsOnDemand,
  session: Session,
): McpOnDemand {
  const api = vscode as unknown as McpApi;
  const changed = new vscode.EventEmitter<void>();
  // Node takes `/` on Windows too; node:path would cost activation's bundle a module of its own.
  const script = `${extension.extensionPath}/dist/mcpServer.js`;
  // Only while signed in is the snippets bundle asked whether the setting lets the server be offered.
  const offered = () => session.account !== undefined && snippets.feature().mcp.offered();
  const provider: McpServerDefinitionProvider = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () =>
      offered() ? [new api.McpStdioServerDefinition('Bitbucket Snippets', process.execPath, [script])] : [],
    // Called before each start: the channel opens and this process gets a key of its own.
    resolveMcpServerDefinition: async (server) => {
      if (!offered()) return undefined;
      const launch = await snippets.feature().mcp.launch(process.execPath, script);
      return Object.assign(server, launch);
    },
  };
  try {
    // Throws where VS Code has no MCP API: 1.100 lacks the function's final form, and its draft
    // refuses a provider declared as 1.101 declares it (it wants modelContextServerCollections).
    const registration = api.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider);
    // Any change of a setting or of the accounts asks VS Code to read the definitions again: cheap, and activation names no setting.
    const fire = () => changed.fire();
    return {
      provider,
      disposable: vscode.Disposable.from(
        changed,
        registration,
        session.onDidChange(fire),
        vscode.workspace.onDidChangeConfiguration(fire),
      ),
    };
  } catch {
    return { disposable: changed };
  }
}
