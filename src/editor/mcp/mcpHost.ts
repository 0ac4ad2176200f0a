// The extension host's end of the MCP server: the private channel (model/mcp/channel.ts), started
// when the editor first starts the server, answering through the host handler with this window's
// operations (operations.ts). Each start of the server gets a key of its own, for one connection.
import { ChannelHost } from '../../model/mcp/channel';
import { hostDeadline, McpHostHandler } from '../../model/mcp/hostHandler';
import type { AgentToolsHost } from '../agentTools/host';
import { mcpOperations } from './operations';

export interface McpHostApi {
  /** The channel's address and a fresh one-time key, for one server process. */
  launch(): Promise<{ channel: string; key: string }>;
  dispose(): void;
}

export function createMcpHost(host: AgentToolsHost): McpHostApi {
  const handler = new McpHostHandler(mcpOperations(host), host.log);
  let channel: Promise<ChannelHost> | undefined;
  return {
    launch: async () => {
      channel ??= ChannelHost.start((method, params, signal) => handler.handle(method, params, signal), hostDeadline);
      const open = await channel;
      return { channel: open.address, key: open.issueKey() };
    },
    dispose: () => void channel?.then((c) => c.close(), () => undefined),
  };
}
