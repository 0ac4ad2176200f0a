// The extension host's answer to each MCP request the server hands over the channel: tools (the
// reads run the same operations as the language model tools; a write's first call gets a
// confirmation code, its second goes to the user), snippet files as resources, and prompt
// snippets as prompts. What it reads and writes comes from `McpOperations`, which the editor
// adapter implements with the snippets feature (src/editor/agentTools/mcp/). Plain Node.
import * as l10n from '@vscode/l10n';
import { validateInput } from '../validate';
import { CODE_LIFETIME_MS, ConfirmationCodes, type CodeCheck } from './confirmationCodes';
import { RpcError, RpcErrors } from './jsonRpc';
import {
  promptArguments,
  promptBody,
  promptDescription,
  promptMessageText,
  promptName,
  type PromptSource,
} from './prompts';
import { McpMethods, McpTools } from './protocol';
import { mimeTypeOf, parseResourceUri, resourceUri, type ResourceFile } from './resourceUris';
import { listedTools, TOOL_DEFINITIONS, type EditFileInput, type SaveWithCodeInput } from './toolDefinitions';

/** What a write would do: the digest its code is bound to, and how to ask the user and write. */
export type Proposed =
  | { ok: true; digest: string; summary: string; confirmAndWrite: (signal: AbortSignal) => Promise<string> }
  | { ok: false; text: string };

export interface SnippetFileEntry extends ResourceFile {
  snippetName: string;
  description?: string;
  language?: string;
}

export interface PromptSnippet extends PromptSource {
  accountId: string;
  snippetGuid: string;
  text: string;
}

export interface McpOperations {
  /** The setting that makes the server read-only: no write is listed or run. */
  readOnly(): boolean;
  /** Whether the server is on and an account is signed in; otherwise the words that say why not. */
  unavailable(): string | undefined;
  /** One of the four reads, its input checked against its schema: the language model tools' own operation. */
  read(tool: string, input: unknown, signal: AbortSignal): Promise<string>;
  /** The files of the snippets in the lists tools may read. */
  snippetFiles(signal: AbortSignal): Promise<SnippetFileEntry[]>;
  /** A file's text, when it is in a list tools may read; else the words that say why not. */
  readFile(file: ResourceFile, signal: AbortSignal): Promise<{ text: string; language?: string } | string>;
  /** The snippets of the prompt category in the lists tools may read, in a stable order. */
  promptSnippets(signal: AbortSignal): Promise<PromptSnippet[]>;
  proposeSave(input: SaveWithCodeInput, signal: AbortSignal): Promise<Proposed>;
  proposeEdit(input: EditFileInput, signal: AbortSignal): Promise<Proposed>;
}

/** Files a resources/list page holds. */
export const RESOURCES_PAGE = 100;
/** Prompts listed at most: a category of thousands would flood a client's prompt picker. */
const MAX_PROMPTS = 200;
/** Characters of a resource the host returns. */
const RESOURCE_CHARACTERS = 1_000_000;

/** How long the host lets each request run: a confirmed write waits for the user. */
export function hostDeadline(method: string): number {
  return method === McpMethods.callTool ? 5.5 * 60_000 : 80_000;
}

export class McpHostHandler {
  private readonly codes: ConfirmationCodes;

  constructor(
    private readonly ops: McpOperations,
    private readonly log: { info(message: string): void } = { info: () => undefined },
    now: () => number = Date.now,
  ) {
    this.codes = new ConfirmationCodes(now);
  }

  /** The channel's handler: one MCP request's result, or an error whose message the agent reads. */
  async handle(method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    const why = this.ops.unavailable();
    if (why !== undefined) {
      if (method === McpMethods.callTool) return textResult(why, true);
      throw new RpcError(RpcErrors.unavailable, why);
    }
    switch (method) {
      case McpMethods.listTools:
        return { tools: listedTools(this.ops.readOnly()) };
      case McpMethods.callTool:
        return this.callTool(p, signal);
      case McpMethods.listResources:
        return this.listResources(p, signal);
      case McpMethods.readResource:
        return this.readResource(p, signal);
      case McpMethods.listResourceTemplates:
        return { resourceTemplates: [] };
      case McpMethods.listPrompts:
        return {
          prompts: (await this.prompts(signal)).map(({ name, snippet, args }) => ({
            name,
            title: snippet.snippetName,
            description: promptDescription(snippet),
            arguments: args.map(({ name: n, description, required }) => ({ name: n, description, required })),
          })),
        };
      case McpMethods.getPrompt:
        return this.getPrompt(p, signal);
    }
    throw new RpcError(RpcErrors.methodNotFound, `No method "${method.slice(0, 100)}".`);
  }

  private async callTool(p: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const tool = TOOL_DEFINITIONS.find((t) => t.name === p.name);
    if (!tool || (tool.write && this.ops.readOnly())) {
      throw new RpcError(
        RpcErrors.invalidParams,
        tool
          ? l10n.t(
              'The user made the Bitbucket Snippets MCP server read-only (setting bitbucketSnippets.mcp.readOnly): "{0}" is not offered.',
              tool.name,
            )
          : l10n.t('This server has no tool "{0}".', String(p.name).slice(0, 100)),
      );
    }
    const input = p.arguments ?? {};
    if (!tool.write) return textResult(await this.ops.read(tool.name, input, signal));
    const checked = validateInput<SaveWithCodeInput & EditFileInput>(input, tool.schema);
    if (!checked.ok) {
      return textResult(
        [
          l10n.t("The input does not match this tool's schema, so nothing was done:"),
          ...checked.problems.map((x) => `- ${x}`),
        ].join('\n'),
        true,
      );
    }
    const proposed =
      tool.name === McpTools.save
        ? await this.ops.proposeSave(checked.value, signal)
        : await this.ops.proposeEdit(checked.value, signal);
    if (!proposed.ok) return textResult(proposed.text, true);
    const code = checked.value.confirmationCode;
    if (code === undefined) {
      const issued = this.codes.issue(proposed.digest);
      return textResult(
        [
          l10n.t('Nothing was written yet. {0}', proposed.summary),
          l10n.t(
            'To go on, call {0} again within {1} minutes with exactly the same arguments and "confirmationCode": "{2}". The user is then shown everything that would be written, in VS Code, and decides; tell them to look there.',
            tool.name,
            CODE_LIFETIME_MS / 60_000,
            issued,
          ),
        ].join('\n\n'),
      );
    }
    const check = this.codes.take(code, proposed.digest);
    this.log.info(`${tool.name}: confirmation code ${check}`);
    if (check !== 'valid') return textResult(refusedCode(check, tool.name), true);
    return textResult(await proposed.confirmAndWrite(signal));
  }

  private async listResources(p: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const offset = parseCursor(p.cursor);
    const files = (await this.ops.snippetFiles(signal))
      .map((f) => ({ ...f, uri: resourceUri(f) }))
      .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    const page = files.slice(offset, offset + RESOURCES_PAGE);
    const next =
      offset + RESOURCES_PAGE < files.length
        ? Buffer.from(String(offset + RESOURCES_PAGE)).toString('base64url')
        : undefined;
    return {
      resources: page.map((f) => ({
        uri: f.uri,
        name: f.fileName,
        title: `${f.snippetName} / ${f.fileName}`,
        ...(f.description ? { description: f.description } : {}),
        mimeType: mimeTypeOf(f.language),
      })),
      ...(next ? { nextCursor: next } : {}),
    };
  }

  private async readResource(p: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const file = typeof p.uri === 'string' ? parseResourceUri(p.uri) : undefined;
    if (!file) {
      throw new RpcError(
        RpcErrors.invalidParams,
        l10n.t("Not a Bitbucket snippet file's URI: list the resources to get one."),
      );
    }
    const read = await this.ops.readFile(file, signal);
    if (typeof read === 'string') throw new RpcError(RpcErrors.invalidParams, read);
    return {
      contents: [{ uri: p.uri, mimeType: mimeTypeOf(read.language), text: read.text.slice(0, RESOURCE_CHARACTERS) }],
    };
  }

  /** Every prompt snippet with its name and arguments; names are given in the operations' stable order. */
  private async prompts(signal: AbortSignal) {
    const taken = new Set<string>();
    return (await this.ops.promptSnippets(signal)).slice(0, MAX_PROMPTS).map((snippet) => ({
      name: promptName(snippet.snippetName, taken),
      snippet,
      args: promptArguments(snippet.text),
    }));
  }

  private async getPrompt(p: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const prompt = (await this.prompts(signal)).find((x) => x.name === p.name);
    if (!prompt) {
      throw new RpcError(
        RpcErrors.invalidParams,
        l10n.t('No prompt is named "{0}": list the prompts to see their names.', String(p.name).slice(0, 100)),
      );
    }
    const values =
      typeof p.arguments === 'object' && p.arguments !== null ? (p.arguments as Record<string, unknown>) : {};
    return {
      description: promptDescription(prompt.snippet),
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: promptMessageText(prompt.snippet, promptBody(prompt.snippet.text, prompt.args, values)),
          },
        },
      ],
    };
  }
}

function textResult(text: string, isError = false): unknown {
  return { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) };
}

function parseCursor(cursor: unknown): number {
  if (cursor === undefined) return 0;
  const offset =
    typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,16}$/.test(cursor)
      ? Number(Buffer.from(cursor, 'base64url').toString())
      : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new RpcError(
      RpcErrors.invalidParams,
      l10n.t('The cursor is not one this server gave: list the resources from the start.'),
    );
  }
  return offset;
}

/** Why a code was refused, in words the agent can act on; nothing was written. */
function refusedCode(check: Exclude<CodeCheck, 'valid'>, tool: string): string {
  switch (check) {
    case 'expired':
      return l10n.t(
        'Nothing was written: the confirmation code expired (codes are valid for {0} minutes). Call {1} again without a code to get a new one.',
        CODE_LIFETIME_MS / 60_000,
        tool,
      );
    case 'used':
      return l10n.t(
        'Nothing was written: this confirmation code was already used (a code is good for one call). Call {0} again without a code to get a new one.',
        tool,
      );
    case 'other-content':
      return l10n.t(
        'Nothing was written: this confirmation code was issued for other content (the arguments changed, or the snippet changed on the server since). The code is now used up. Call {0} again without a code, with exactly what should be written.',
        tool,
      );
    case 'unknown':
      return l10n.t(
        'Nothing was written: this confirmation code was not issued by this server. Call {0} without a code first; it returns one.',
        tool,
      );
  }
}
