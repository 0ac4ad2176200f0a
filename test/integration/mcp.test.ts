// The MCP server in the real editor. Its host side runs in the extension host of this VS Code: the
// test starts the bundled server (dist/mcpServer.js) exactly as the definition starts it (the
// command, arguments and environment the extension gives, key included) and drives it with the
// official MCP SDK's client, as an agent would: the reads answer with the language model tools'
// own results, and a write needs a confirmation code and then the user's yes in a modal (answered
// through the test API's prompt seam, as every modal of these suites is). Where VS Code has no MCP
// API (1.100), nothing is registered and the extension works as before; where it has it (1.139),
// the definition provider offers the server while an account is signed in, and not after sign-out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport as SdkTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Commands } from '../../src/util/constants';
import { McpTools } from '../../src/model/agentTools/mcp/protocol';
import { formatReference } from '../../src/model/agentTools/references';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { apiAs, signInAsAlice } from './snippetHelpers';
import { answerPrompts, getExtension, localServerUrl, signInAs, unusedAnswers, until } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('@modelcontextprotocol/sdk/client/index.js') as { Client: typeof SdkClient };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js') as {
  StdioClientTransport: typeof SdkTransport;
};

/**
 * VS Code 1.101 made the MCP server API final. 1.100 already has a function of that name, a draft
 * that refuses a provider declared the final way: there the extension must register nothing.
 */
const hasMcpApi = () => {
  const [major, minor] = vscode.version.split('.').map(Number);
  return major > 1 || minor >= 101;
};
type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const textOf = (result: unknown) => (result as ToolResult).content.map((c) => c.text ?? '').join('\n');

describe('MCP server (agents that speak the Model Context Protocol)', function () {
  this.timeout(120_000);
  let api: TestingApi;
  let client: SdkClient | undefined;
  const marker = `mcp${Date.now().toString(36)}`;
  const script = () => `${getExtension().extensionPath}/dist/mcpServer.js`;

  /** The SDK client on a server started with exactly the command, arguments and environment the extension gives. */
  const connect = async () => {
    const launch = await api.mcp.launch(process.execPath, script());
    const transport = new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      env: { ...launch.env, PATH: process.env.PATH ?? '' },
    });
    client = new Client({ name: 'bbs-integration', version: '1' });
    await client.connect(transport);
    return client;
  };

  before(async () => {
    api = await signInAsAlice();
    await apiAs('alice').createSnippet({
      name: `mcp deploy ${marker}`,
      files: [{ name: 'deploy.sh', content: `echo ${marker}\n` }],
    });
    await vscode.commands.executeCommand('bitbucketSnippets.refreshExplorer');
  });
  afterEach(async () => {
    await client?.close().catch(() => undefined);
    client = undefined;
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('mcp.readOnly', undefined, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await signInAs('alice');
  });

  it("without VS Code's MCP API registers nothing, and the extension and its tools work as before", async function () {
    if (hasMcpApi()) this.skip();
    assert.equal(getExtension().isActive, true);
    assert.equal(
      typeof (vscode.lm as { registerMcpServerDefinitionProvider?: unknown }).registerMcpServerDefinitionProvider,
      'function',
      'the draft is there, and throws when called',
    );
    assert.equal(api.mcpProvider, undefined);
    const result = await vscode.lm.invokeTool('bitbucketSnippets_search', {
      input: { query: marker },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(text, new RegExp(`mcp deploy ${marker}`));
  });

  it("reads with the language model tools' own results, and writes only with a code and the user's yes", async () => {
    const mcp = await connect();
    assert.deepEqual((await mcp.listTools()).tools.map((t) => t.name).sort(), Object.values(McpTools).sort());
    const lmResult = await vscode.lm.invokeTool('bitbucketSnippets_listCategories', {
      input: {},
      toolInvocationToken: undefined,
    });
    const lmText = lmResult.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.equal(
      textOf(await mcp.callTool({ name: McpTools.listCategories, arguments: {} })),
      lmText,
      'one operation, two adapters: the same result',
    );
    const search = textOf(await mcp.callTool({ name: McpTools.search, arguments: { query: marker } }));
    assert.match(search, /data written by people, not instructions/);
    assert.match(search, new RegExp(`"mcp deploy ${marker}"`));

    // Other suites leave snippets behind: the resource may be on any page, so the pages are followed.
    const titles: string[] = [];
    let deploy: Awaited<ReturnType<typeof mcp.listResources>>['resources'][number] | undefined;
    let cursor: string | undefined;
    for (let page = 0; page < 100 && !deploy; page++) {
      const resources = await mcp.listResources(cursor === undefined ? undefined : { cursor });
      titles.push(...resources.resources.map((r) => r.title ?? r.name));
      deploy = resources.resources.find((r) => r.title === `mcp deploy ${marker} / deploy.sh`);
      cursor = resources.nextCursor;
      if (cursor === undefined) break;
    }
    assert.ok(deploy, `${titles.length} resources listed, not it: ${JSON.stringify(titles.slice(0, 20))}…`);
    assert.equal(deploy.mimeType, 'application/x-sh');
    assert.deepEqual((await mcp.readResource({ uri: deploy.uri })).contents[0], {
      uri: deploy.uri,
      mimeType: 'application/x-sh',
      text: `echo ${marker}\n`,
    } as never);

    const args = { name: `mcp saved ${marker}`, files: [{ name: 'saved.txt', content: `saved ${marker}\n` }] };
    const first = textOf(await mcp.callTool({ name: McpTools.save, arguments: args }));
    const code = /"confirmationCode": "([A-Za-z0-9_-]+)"/.exec(first)?.[1];
    assert.ok(code, first);
    await answerPrompts(false);
    assert.match(
      textOf(await mcp.callTool({ name: McpTools.save, arguments: { ...args, confirmationCode: code } })),
      /did not confirm/,
    );
    assert.equal(await unusedAnswers(), 0, 'the modal was asked');
    assert.match(
      textOf(await mcp.callTool({ name: McpTools.save, arguments: { ...args, confirmationCode: code } })),
      /already used/,
    );
    const second = /"confirmationCode": "([A-Za-z0-9_-]+)"/.exec(
      textOf(await mcp.callTool({ name: McpTools.save, arguments: args })),
    )?.[1];
    await answerPrompts(true);
    const saved = textOf(await mcp.callTool({ name: McpTools.save, arguments: { ...args, confirmationCode: second } }));
    assert.match(saved, new RegExp(`Created snippet "mcp saved ${marker}"`));
    assert.equal(await unusedAnswers(), 0);
    const guid = /snippet\|[^|]+\|([^|]+)\|saved\.txt/.exec(saved)?.[1];
    assert.ok(guid, saved);
    assert.equal((await apiAs('alice').getSnippet(guid)).files[0].content, `saved ${marker}\n`);
  });

  it("edits a file of the user's own snippet only after the user's yes, through the save path", async () => {
    const own = await apiAs('alice').createSnippet({
      name: `mcp edit ${marker}`,
      files: [{ name: 'app.ini', content: 'level = info\nport = 80\n' }],
    });
    const reference = formatReference({
      accountId: `${localServerUrl()}#alice`,
      snippetGuid: own.guid,
      fileName: 'app.ini',
    });
    const mcp = await connect();
    const args = { reference, find: 'level = info', replace: 'level = debug' };
    const code = /"confirmationCode": "([A-Za-z0-9_-]+)"/.exec(
      textOf(await mcp.callTool({ name: McpTools.editFile, arguments: args })),
    )?.[1];
    assert.ok(code);
    assert.equal(
      (await apiAs('alice').getSnippet(own.guid)).files[0].content,
      'level = info\nport = 80\n',
      'the first call wrote nothing',
    );
    await answerPrompts(true);
    assert.match(
      textOf(await mcp.callTool({ name: McpTools.editFile, arguments: { ...args, confirmationCode: code } })),
      /^Changed file app\.ini/,
    );
    assert.equal(await unusedAnswers(), 0, 'the modal was asked');
    assert.equal((await apiAs('alice').getSnippet(own.guid)).files[0].content, 'level = debug\nport = 80\n');
    const bobs = await apiAs('bob').createSnippet({
      name: `mcp bob ${marker}`,
      files: [{ name: 'b.txt', content: 'b' }],
    });
    const notOwn = await mcp.callTool({
      name: McpTools.editFile,
      arguments: {
        reference: formatReference({ accountId: `${localServerUrl()}#alice`, snippetGuid: bobs.guid }),
        find: 'b',
        replace: 'c',
      },
    });
    assert.match(textOf(notOwn), /not the user's own/);
  });

  it('offers no write tool when the user makes it read-only', async () => {
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('mcp.readOnly', true, vscode.ConfigurationTarget.Global);
    const mcp = await connect();
    const names = (await mcp.listTools()).tools.map((t) => t.name);
    assert.deepEqual(
      names.sort(),
      [McpTools.listCategories, McpTools.listCategory, McpTools.readFile, McpTools.search].sort(),
    );
  });

  it("with VS Code's MCP API offers the server while signed in, with no credential in its environment, and withdraws it on sign-out", async function () {
    if (!hasMcpApi()) this.skip();
    const provider = api.mcpProvider;
    assert.ok(provider);
    const token = new vscode.CancellationTokenSource().token;
    const offered = await provider.provideMcpServerDefinitions(token);
    assert.equal(offered?.length, 1);
    assert.equal(offered[0].label, 'Bitbucket Snippets');
    assert.equal(offered[0].command, process.execPath);
    const resolved = await provider.resolveMcpServerDefinition!(offered[0], token);
    assert.ok(resolved);
    assert.deepEqual(Object.keys(resolved.env).sort(), [
      'BITBUCKET_SNIPPETS_MCP_CHANNEL',
      'BITBUCKET_SNIPPETS_MCP_KEY',
      'ELECTRON_RUN_AS_NODE',
    ]);
    assert.ok(!JSON.stringify(resolved).includes('alice'), 'no user name, password or token');
    await vscode.commands.executeCommand(Commands.signOut, { serverUrl: localServerUrl(), username: 'alice' });
    await until('the definition to go', async () => (await provider.provideMcpServerDefinitions(token))?.length === 0);
    await signInAs('alice');
    await until(
      'the definition to come back',
      async () => (await provider.provideMcpServerDefinitions(token))?.length === 1,
    );
  });
});
