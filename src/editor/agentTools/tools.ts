// The language model tools' work, loaded with the snippets bundle: each call's input is checked
// against the tool's schema first, and whatever goes wrong becomes a result that says what (a
// tool never throws into the chat). Activation registers the tools as stand-ins that hand the
// call here (src/onDemand/agentTools.ts).
import vscode = require('vscode');
import { notSignedIn } from '../../model/agentTools/accountChoice';
import { ConfirmedProposals } from '../../model/agentTools/confirmations';
import { LIST_CATEGORIES_SCHEMA, LIST_CATEGORY_SCHEMA, READ_FILE_SCHEMA, SAVE_SCHEMA, SEARCH_SCHEMA, type SaveInput, type Schema } from '../../model/agentTools/schemas';
import { validateInput } from '../../model/agentTools/validate';
import { AgentTools, Settings, type AgentToolName } from '../../util/constants';
import { setting } from '../settings/settings';
import { describeError, messageContext } from '../../util/describeError';
import { listCategoriesTool, listCategoryTool } from './categoryTools';
import type { AgentToolsHost } from './host';
import { readFileTool } from './readFileTool';
import { prepareSave, saveTool } from './saveTool';
import { searchTool } from './searchTool';

export type { AgentToolsHost } from './host';

export interface AgentToolsApi {
  prepare(name: AgentToolName, input: unknown): vscode.PreparedToolInvocation | undefined;
  invoke(name: AgentToolName, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

type Run = (host: AgentToolsHost, input: never, signal: AbortSignal, token: vscode.CancellationToken) => Promise<string>;

type Tools = Record<AgentToolName, { schema: Schema; run: Run }>;

/** The tools; the save tool saves only a proposal prepareInvocation put before the user (confirmations.ts). */
function tools(confirmations: ConfirmedProposals): Tools {
  return {
    [AgentTools.search]: { schema: SEARCH_SCHEMA, run: searchTool },
    [AgentTools.readFile]: { schema: READ_FILE_SCHEMA, run: readFileTool },
    [AgentTools.listCategories]: { schema: LIST_CATEGORIES_SCHEMA, run: listCategoriesTool },
    [AgentTools.listCategory]: { schema: LIST_CATEGORY_SCHEMA, run: listCategoryTool },
    [AgentTools.save]: { schema: SAVE_SCHEMA, run: (host, input: SaveInput, _signal, token) => saveTool(host, input, token, confirmations) },
  };
}

export function createAgentTools(host: AgentToolsHost): AgentToolsApi {
  const confirmations = new ConfirmedProposals();
  const table = tools(confirmations);
  return {
    prepare: (name, input) => {
      if (name !== AgentTools.save) return undefined;
      const checked = validateInput<SaveInput>(input, SAVE_SCHEMA);
      const prepared = checked.ok && host.session.account && setting(Settings.agentToolsEnabled) ? prepareSave(host, checked.value) : undefined;
      // VS Code shows what is returned here before it calls invoke (or skips it only when the user
      // chose to allow this tool without asking): only a proposal shown this way may be saved.
      if (prepared) confirmations.shown(prepared.digest);
      return { invocationMessage: vscode.l10n.t('Saving a new Bitbucket snippet'), ...(prepared ? { confirmationMessages: prepared.confirmationMessages } : {}) };
    },
    invoke: async (name, input, token) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await run(host, table, name, input, token))]),
  };
}

async function run(host: AgentToolsHost, table: Tools, name: AgentToolName, input: unknown, token: vscode.CancellationToken): Promise<string> {
  const tool = table[name];
  if (!tool) return vscode.l10n.t('Bitbucket Snippets has no tool "{0}".', String(name));
  if (!setting(Settings.agentToolsEnabled)) return vscode.l10n.t('The user turned the Bitbucket Snippets tools off (setting bitbucketSnippets.agentTools.enabled).');
  if (!host.session.account) return notSignedIn();
  const checked = validateInput<never>(input, tool.schema);
  if (!checked.ok) return [vscode.l10n.t('The input does not match this tool\'s schema, so nothing was done:'), ...checked.problems.map((p) => `- ${p}`)].join('\n');
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  try {
    const text = await tool.run(host, checked.value, abort.signal, token);
    return abort.signal.aborted ? vscode.l10n.t('Cancelled.') : text;
  } catch (err) {
    host.log.error(`tool ${name} failed`, err);
    return describeError(err, messageContext(vscode.l10n.t('run {0}', name), host.session.account));
  } finally {
    cancel.dispose();
  }
}
