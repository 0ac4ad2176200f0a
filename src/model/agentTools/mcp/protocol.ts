// The names the MCP server and the extension host share: the MCP methods the host answers, the
// tools' names, and the environment the server process gets (only where the channel is and its
// one-time key: never a credential). Plain Node.

/** MCP requests the server hands to the host, by their protocol names. */
export const McpMethods = {
  listTools: 'tools/list',
  callTool: 'tools/call',
  listResources: 'resources/list',
  readResource: 'resources/read',
  listResourceTemplates: 'resources/templates/list',
  listPrompts: 'prompts/list',
  getPrompt: 'prompts/get',
} as const;

export const McpTools = {
  search: 'search_snippets',
  readFile: 'read_snippet_file',
  listCategories: 'list_snippet_categories',
  listCategory: 'list_category_snippets',
  save: 'save_snippet',
  editFile: 'edit_snippet_file',
} as const;

export const WRITE_TOOLS: readonly string[] = [McpTools.save, McpTools.editFile];

/** The environment variables the server process reads. */
export const ServerEnv = {
  channel: 'BITBUCKET_SNIPPETS_MCP_CHANNEL',
  key: 'BITBUCKET_SNIPPETS_MCP_KEY',
} as const;

/**
 * What the editor starts: the editor's own Node (`execPath`; an Electron one runs as Node with
 * ELECTRON_RUN_AS_NODE) on the bundled server, with the channel's address and a key for one
 * process. Nothing else: no token, password or account goes to the process.
 */
export function serverLaunch(
  execPath: string,
  serverScript: string,
  channel: string,
  key: string,
): { command: string; args: string[]; env: Record<string, string> } {
  return {
    command: execPath,
    args: [serverScript],
    env: { ELECTRON_RUN_AS_NODE: '1', [ServerEnv.channel]: channel, [ServerEnv.key]: key },
  };
}
