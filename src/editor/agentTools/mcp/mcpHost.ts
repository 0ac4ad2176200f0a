// The extension host's end of the MCP server: the private channel (model/agentTools/mcp/channel.ts), started
// when the editor first starts the server, answering through the host handler with this window's
// operations (operations.ts). Each start of the server gets a key of its own, for one connection.
import vscode = require('vscode');
import type { SnippetsContext } from '../../snippets/context';
import { ChannelHost } from '../../../model/agentTools/mcp/channel';
import { hostDeadline, McpHostHandler } from '../../../model/agentTools/mcp/hostHandler';
import { serverLaunch } from '../../../model/agentTools/mcp/protocol';
import { Settings } from '../../../util/constants';
import { setting } from '../../settings/settings';
import { mcpOperations } from './operations';

export interface McpHostApi extends vscode.Disposable {
  /** Whether the user lets the server be offered (bitbucketSnippets.mcp.enabled, the user's own value). */
  offered(): boolean;
  /** How to start one server process: the channel's address and a fresh one-time key in its environment, nothing else. */
  launch(
    execPath: string,
    serverScript: string,
  ): Promise<{ command: string; args: string[]; env: Record<string, string> }>;
}

export function createMcpHost(host: SnippetsContext): McpHostApi {
  const handler = new McpHostHandler(mcpOperations(host), host.log);
  let channel: Promise<ChannelHost> | undefined;
  const disposable = new vscode.Disposable(
    () =>
      void channel?.then(
        (c) => c.close(),
        () => undefined,
      ),
  );
  return {
    offered: () => setting(Settings.mcpEnabled) === true,
    launch: async (execPath, serverScript) => {
      channel ??= ChannelHost.start((method, params, signal) => handler.handle(method, params, signal), hostDeadline);
      const open = await channel;
      return serverLaunch(execPath, serverScript, open.address, open.issueKey());
    },
    dispose: () => disposable.dispose(),
  };
}
