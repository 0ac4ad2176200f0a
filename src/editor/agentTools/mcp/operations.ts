// The MCP server's operations in the extension host, for src/model/agentTools/mcp/hostHandler.ts: the reads
// are the language model tools' own (src/editor/agentTools/operations.ts), resources and prompts
// come from the lists the user lets tools read, and each write is proposed (checked, its digest
// taken, nothing sent) and then, with a valid code, confirmed by the user in a modal
// (confirmWrite.ts) and written through the path the commands take, secret scan included.
import vscode = require('vscode');
import type { SnippetsContext } from '../../snippets/context';
import { BitbucketError } from '../../../api/errors';
import type { Snippet } from '../../../api/types';
import { accountId } from '../../../model/accounts/accounts';
import { notSignedIn } from '../../../model/agentTools/accountChoice';
import { hasCategory } from '../../../model/agentTools/categories';
import { proposalDigest } from '../../../model/agentTools/confirmations';
import { mayRead, notReadable } from '../../../model/agentTools/readable';
import { parseReference } from '../../../model/agentTools/references';
import { proposal } from '../../../model/agentTools/saveProposal';
import { plainName, quoted } from '../../../model/agentTools/outsideData';
import type {
  McpOperations,
  PromptSnippet,
  Proposed,
  SnippetFileEntry,
} from '../../../model/agentTools/mcp/hostHandler';
import { editProposal } from '../../../model/agentTools/mcp/fileEdit';
import { McpTools } from '../../../model/agentTools/mcp/protocol';
import type { ResourceFile } from '../../../model/agentTools/mcp/resourceUris';
import type { EditFileInput, SaveWithCodeInput } from '../../../model/agentTools/mcp/toolDefinitions';
import { Settings } from '../../../util/constants';
import { everySnippet } from '../categoryTools';
import { allowedLists, languageOf, ownerOf, readableLists, toolAccount, type ToolAccount } from '../host';
import { runRead, type ReadOperationName } from '../operations';
import { saveAccount } from '../saveTool';
import { setting } from '../../settings/settings';
import { confirmEdit, confirmSave } from './confirmWrite';

const READS: Record<string, ReadOperationName> = {
  [McpTools.search]: 'search',
  [McpTools.readFile]: 'readFile',
  [McpTools.listCategories]: 'listCategories',
  [McpTools.listCategory]: 'listCategory',
};

export function mcpOperations(host: SnippetsContext): McpOperations {
  return {
    readOnly: () => setting(Settings.mcpReadOnly) === true,
    unavailable: () => {
      if (!setting(Settings.mcpEnabled)) {
        return vscode.l10n.t(
          'The user turned the Bitbucket Snippets MCP server off (setting bitbucketSnippets.mcp.enabled).',
        );
      }
      return host.session.account ? undefined : notSignedIn();
    },
    read: (tool, input, signal) => runRead(host, READS[tool], tool, input, signal),
    snippetFiles: async (signal) =>
      (await readableSnippets(host, signal)).flatMap(({ target, snippet }) =>
        snippet.files.map((f): SnippetFileEntry => ({
          accountId: target.id,
          snippetGuid: snippet.guid,
          fileName: f.name,
          snippetName: snippet.name,
          description: snippet.description,
          language: languageOf(f.name),
        })),
      ),
    readFile: (file) => readFile(host, file),
    promptSnippets: async (signal) => {
      const category = String(setting(Settings.mcpPromptCategory) ?? '').trim();
      if (!category) return [];
      return (await readableSnippets(host, signal))
        .filter(({ snippet }) => hasCategory(snippet, category) && snippet.files.length > 0)
        .sort((a, b) => (a.target.id + a.snippet.guid).localeCompare(b.target.id + b.snippet.guid))
        .map(({ target, snippet }): PromptSnippet => ({
          accountId: target.id,
          snippetGuid: snippet.guid,
          snippetName: snippet.name,
          description: snippet.description ?? '',
          owner: ownerOf(target, snippet.userId),
          account: target.label,
          fileName: snippet.files[0].name,
          text: snippet.files[0].content ?? '',
        }));
    },
    proposeSave: async (input) => proposeSave(host, input),
    proposeEdit: async (input) => proposeEdit(host, input),
  };
}

async function readableSnippets(
  host: SnippetsContext,
  signal: AbortSignal,
): Promise<Array<{ target: ToolAccount; snippet: Snippet }>> {
  const read = readableLists(host, {});
  if (typeof read === 'string' || read.lists.length === 0) return [];
  return (await everySnippet(read.accounts, read.lists, signal)).found.map((r) => ({
    target: r.target,
    snippet: r.snippet,
  }));
}

/** A snippet of a signed-in account by its id, or the words that say why not. */
async function snippetOf(
  host: SnippetsContext,
  id: string,
  guid: string,
): Promise<{ target: ToolAccount; snippet: Snippet } | string> {
  const account = host.session.accounts().find((a) => accountId(a) === id);
  if (!account) return vscode.l10n.t('The account {0} is not signed in.', plainName(id));
  const target = toolAccount(host, account);
  try {
    return { target, snippet: await target.service.snippet(guid) };
  } catch (err) {
    if (err instanceof BitbucketError && err.kind === 'not-found') {
      return vscode.l10n.t('No snippet with id {0} exists for {1} any more.', plainName(guid), plainName(target.label));
    }
    throw err;
  }
}

async function readFile(
  host: SnippetsContext,
  file: ResourceFile,
): Promise<{ text: string; language?: string } | string> {
  const found = await snippetOf(host, file.accountId, file.snippetGuid);
  if (typeof found === 'string') return found;
  const { target, snippet } = found;
  const allowed = allowedLists();
  const starred = async (guid: string) =>
    target.service.store.list('starred').guids.includes(guid) ||
    ((
      await target.service.search.find(snippet.name || guid, { lists: ['starred'] }).catch(() => undefined)
    )?.results.some((r) => r.snippet.guid === guid) ??
      false);
  if (!(await mayRead(snippet, { allowed, ownUserId: target.service.identity.ownUserId }, starred))) {
    return notReadable(allowed);
  }
  const content = snippet.files.find((f) => f.name === file.fileName);
  if (!content) return vscode.l10n.t('Snippet {0} has no file {1}.', quoted(snippet.name), quoted(file.fileName));
  return { text: content.content ?? '', language: languageOf(file.fileName) };
}

function proposeSave(host: SnippetsContext, input: SaveWithCodeInput): Proposed {
  const { confirmationCode: _code, ...save } = input;
  const target = saveAccount(host, save);
  if (typeof target === 'string') return { ok: false, text: target };
  const checked = proposal(save);
  if (!checked.ok) return { ok: false, text: [vscode.l10n.t('Nothing was written:'), ...checked.problems].join('\n') };
  const characters = checked.files.reduce((n, f) => n + f.content.length, 0);
  return {
    ok: true,
    digest: proposalDigest(target.id, checked.details, checked.files),
    summary: vscode.l10n.t(
      'This would save a new snippet with {0} file(s), {1} characters, for {2}.',
      checked.files.length,
      characters,
      plainName(target.label),
    ),
    confirmAndWrite: () => confirmSave(target, checked.files, checked.details),
  };
}

async function proposeEdit(host: SnippetsContext, input: EditFileInput): Promise<Proposed> {
  const parsed = parseReference(input.reference);
  if (!parsed.ok) return { ok: false, text: parsed.problem };
  const found = await snippetOf(host, parsed.reference.accountId, parsed.reference.snippetGuid);
  if (typeof found === 'string') return { ok: false, text: vscode.l10n.t('Nothing was written: {0}', found) };
  const { target, snippet } = found;
  const edit = editProposal(
    target.id,
    snippet,
    target.service.mayWrite(snippet),
    parsed.reference.fileName,
    input.find,
    input.replace,
  );
  if (!edit.ok) return edit;
  return {
    ok: true,
    digest: edit.digest,
    summary: edit.summary,
    confirmAndWrite: () => confirmEdit(target, snippet, edit),
  };
}
