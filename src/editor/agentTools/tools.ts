// The language model tools' work, loaded with the snippets bundle: each call's input is checked
// against the tool's schema first, and whatever goes wrong becomes a result that says what (a
// tool never throws into the chat). Activation registers the tools as stand-ins that hand the
// call here (src/onDemand/agentTools.ts).
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import { notSignedIn } from '../../model/agentTools/accountChoice';
import { ConfirmedProposals } from '../../model/agentTools/confirmations';
import { SAVE_SCHEMA, type SaveInput } from '../../model/agentTools/schemas';
import { validateInput } from '../../model/agentTools/validate';
import { AgentTools, Settings, type AgentToolName } from '../../util/constants';
import { setting } from '../settings/settings';
import { runChecked, runRead } from './operations';
import { prepareSave, saveTool } from './saveTool';

export interface AgentToolsApi {
  prepare(name: AgentToolName, input: unknown): vscode.PreparedToolInvocation | undefined;
  invoke(name: AgentToolName, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

type Tools = Record<
  AgentToolName,
  (host: SnippetsContext, input: unknown, signal: AbortSignal, token: vscode.CancellationToken) => Promise<string>
>;

/** The tools: the reads are the operations the MCP server runs too (operations.ts); the save tool saves only a proposal prepareInvocation put before the user (confirmations.ts). */
function tools(confirmations: ConfirmedProposals): Tools {
  return {
    [AgentTools.search]: (host, input, signal) => runRead(host, 'search', AgentTools.search, input, signal),
    [AgentTools.readFile]: (host, input, signal) => runRead(host, 'readFile', AgentTools.readFile, input, signal),
    [AgentTools.listCategories]: (host, input, signal) =>
      runRead(host, 'listCategories', AgentTools.listCategories, input, signal),
    [AgentTools.listCategory]: (host, input, signal) =>
      runRead(host, 'listCategory', AgentTools.listCategory, input, signal),
    [AgentTools.save]: (host, input, signal, token) =>
      runChecked(
        host,
        AgentTools.save,
        SAVE_SCHEMA,
        (checked: SaveInput) => saveTool(host, checked, token, confirmations),
        input,
        signal,
      ),
  };
}

export function createAgentTools(host: SnippetsContext): AgentToolsApi {
  const confirmations = new ConfirmedProposals();
  const table = tools(confirmations);
  return {
    prepare: (name, input) => {
      if (name !== AgentTools.save) return undefined;
      const checked = validateInput<SaveInput>(input, SAVE_SCHEMA);
      const prepared =
        checked.ok && host.session.account && setting(Settings.agentToolsEnabled)
          ? prepareSave(host, checked.value)
          : undefined;
      // VS Code shows what is returned here before it calls invoke (or skips it only when the user
      // chose to allow this tool without asking): only a proposal shown this way may be saved.
      if (prepared) confirmations.shown(prepared.digest);
      return {
        invocationMessage: vscode.l10n.t('Saving a new Bitbucket snippet'),
        ...(prepared ? { confirmationMessages: prepared.confirmationMessages } : {}),
      };
    },
    invoke: async (name, input, token) =>
      new vscode.LanguageModelToolResult([
        new vscode.LanguageModelTextPart(await run(host, table, name, input, token)),
      ]),
  };
}

async function run(
  host: SnippetsContext,
  table: Tools,
  name: AgentToolName,
  input: unknown,
  token: vscode.CancellationToken,
): Promise<string> {
  const tool = table[name];
  if (!tool) return vscode.l10n.t('Bitbucket Snippets has no tool "{0}".', String(name));
  if (!setting(Settings.agentToolsEnabled)) {
    return vscode.l10n.t(
      'The user turned the Bitbucket Snippets tools off (setting bitbucketSnippets.agentTools.enabled).',
    );
  }
  if (!host.session.account) return notSignedIn();
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  try {
    return await tool(host, input, abort.signal, token);
  } finally {
    cancel.dispose();
  }
}
