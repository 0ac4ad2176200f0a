// The entry of dist/mcpServer.js, the process the editor starts for its MCP server: stdio to the
// client, the private channel to the extension host (where the channel is and the one-time key
// come in the environment, protocol.ts). It connects on the first request that needs the host;
// when stdin closes it closes the channel and exits. Plain Node.
import * as l10n from '@vscode/l10n';
import { ChannelClient, ChannelUnavailableError } from './channel';
import { readLines } from './lines';
import { ServerEnv } from './protocol';
import { McpStdioServer, ServerLimits, type McpBackend } from './stdioServer';

const CONNECT_MS = 10_000;

function unavailable(): string {
  return l10n.t(
    'Bitbucket Snippets in VS Code cannot be reached: VS Code was closed, the extension restarted, or every account signed out. Restart the "Bitbucket Snippets" MCP server in VS Code (or sign in again), then try again.',
  );
}

function main(): void {
  const address = process.env[ServerEnv.channel];
  const key = process.env[ServerEnv.key];
  // Nothing else of the environment is needed: the key is forgotten as soon as it is read.
  delete process.env[ServerEnv.key];
  let client: Promise<ChannelClient> | undefined;
  const backend = async (): Promise<McpBackend> => {
    if (!address || !key) throw new ChannelUnavailableError(unavailable());
    client ??= ChannelClient.connect(address, key, CONNECT_MS, unavailable());
    const open = await client;
    return {
      call: (method, params, deadlineMs) =>
        open.call(
          method,
          params,
          deadlineMs,
          l10n.t(
            'Bitbucket Snippets in VS Code did not answer within {0} seconds. Try again; if it keeps happening, restart the MCP server.',
            Math.round(deadlineMs / 1000),
          ),
        ),
    };
  };
  const server = new McpStdioServer(backend, process.stdout, (err) => err instanceof ChannelUnavailableError, '1');
  readLines(process.stdin, ServerLimits.lineBytes, {
    line: (text) => server.line(text),
    tooLong: (bytes) => server.tooLong(bytes),
  });
  process.stdin.on('end', () => {
    void client?.then(
      (c) => c.close(),
      () => undefined,
    );
    process.exitCode = 0;
    // Answers already written are flushed before the process ends.
    process.stdout.end(() => process.exit(0));
  });
  process.stdout.on('error', () => process.exit(0));
}

main();
