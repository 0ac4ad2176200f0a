// The read tool: one file of a snippet, by the reference a result gave or by the snippet's name,
// with its text bounded, its language and its owner. A reference is read only from the account it
// names, and only when the lists the user allows hold the snippet.
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import { BitbucketError } from '../../api/errors';
import type { Snippet } from '../../api/types';
import { accountId } from '../../model/accounts/accounts';
import { chooseAccounts, notSignedIn } from '../../model/agentTools/accountChoice';
import { Bounds } from '../../model/agentTools/bounds';
import { fileResultText } from '../../model/agentTools/fileResult';
import { plainName, quoted } from '../../model/agentTools/outsideData';
import { mayRead, notReadable } from '../../model/agentTools/readable';
import { formatReference, parseReference } from '../../model/agentTools/references';
import type { ReadFileInput } from '../../model/agentTools/schemas';
import { isUnreachable } from '../../model/snippets/connectivity';
import { describeError, messageContext } from '../../util/describeError';
import { allowedLists, languageOf, ownerOf, sourceOf, toolAccount, type ToolAccount } from './host';
import { findInLists } from './listsRead';

export async function readFileTool(host: SnippetsContext, input: ReadFileInput, signal: AbortSignal): Promise<string> {
  if (input.reference === undefined && !input.snippetName?.trim()) {
    return vscode.l10n.t('Give either "reference" (as a search or list result gave it) or "snippetName".');
  }
  const accounts = host.session.accounts();
  if (accounts.length === 0) return notSignedIn();
  if (input.reference !== undefined) {
    const parsed = parseReference(input.reference);
    if (!parsed.ok) return parsed.problem;
    const account = accounts.find((a) => accountId(a) === parsed.reference.accountId);
    if (!account) {
      return vscode.l10n.t(
        'The account of this reference ({0}) is not signed in. Signed-in accounts: {1}. Search again to get a reference of a signed-in account.',
        plainName(parsed.reference.accountId),
        accounts.map((a) => plainName(toolAccount(host, a).label)).join(', '),
      );
    }
    const target = toolAccount(host, account);
    const snippet = await snippetOf(target, parsed.reference.snippetGuid);
    if (typeof snippet === 'string') return snippet;
    return readFrom(target, snippet, parsed.reference.fileName ?? input.fileName, input);
  }
  const chosen = chooseAccounts(input.account, accounts);
  if (!chosen.ok) return chosen.problem;
  const name = input.snippetName!.trim();
  const lists = allowedLists();
  if (lists.length === 0) return notReadable(lists);
  const read = await findInLists(
    name,
    chosen.accounts.map((a) => ({ target: toolAccount(host, a), lists })),
    signal,
  );
  const named = read.found.filter((r) => r.snippet.name.trim().toLowerCase() === name.toLowerCase());
  if (named.length === 0) {
    return [
      vscode.l10n.t(
        'No snippet is named "{0}" in the lists tools may read ({1}). Search for it with the search tool to find its exact name.',
        plainName(name),
        lists.join(', '),
      ),
      ...read.notes,
    ].join('\n\n');
  }
  if (named.length > 1) {
    const choices = named
      .slice(0, Bounds.results)
      .map(
        (r) =>
          `- ${quoted(r.snippet.name)} (${plainName(r.target.label)}): ${quoted(formatReference({ accountId: r.target.id, snippetGuid: r.snippet.guid }))}`,
      );
    return [
      vscode.l10n.t('{0} snippets are named "{1}". Read one by its reference:', named.length, plainName(name)),
      choices.join('\n'),
    ].join('\n\n');
  }
  return readFrom(named[0].target, named[0].snippet, input.fileName, input, read.notes);
}

/** The snippet, or what to tell the model when it cannot be read. */
async function snippetOf(target: ToolAccount, guid: string): Promise<Snippet | string> {
  try {
    return await target.service.snippet(guid);
  } catch (err) {
    if (err instanceof BitbucketError && err.kind === 'not-found') {
      return vscode.l10n.t(
        'No snippet with id {0} exists for {1} any more: it was deleted, or {1} may no longer see it. Search again for a current reference.',
        plainName(guid),
        plainName(target.label),
      );
    }
    if (isUnreachable(err)) {
      return vscode.l10n.t(
        'The server of {0} cannot be reached, and this snippet is not in the offline cache.',
        plainName(target.label),
      );
    }
    return describeError(err, messageContext(vscode.l10n.t('read snippet {0}', guid), target.account));
  }
}

async function readFrom(
  target: ToolAccount,
  snippet: Snippet,
  fileName: string | undefined,
  input: ReadFileInput,
  notes: readonly string[] = [],
): Promise<string> {
  const allowed = allowedLists();
  const rule = { allowed, ownUserId: target.service.identity.ownUserId };
  const starred = async (guid: string) => {
    const found = await target.service.search.find(snippet.name || guid, { lists: ['starred'] }).catch(() => undefined);
    return (
      (found?.results.some((r) => r.snippet.guid === guid) ?? false) ||
      target.service.store.list('starred').guids.includes(guid)
    );
  };
  if (!(await mayRead(snippet, rule, starred))) return notReadable(allowed);
  const file = fileName !== undefined ? snippet.files.find((f) => f.name === fileName) : snippet.files[0];
  if (!file) {
    return fileName !== undefined
      ? vscode.l10n.t(
          'Snippet {0} has no file {1}. Its files: {2}.',
          quoted(snippet.name),
          quoted(fileName),
          snippet.files.map((f) => quoted(f.name)).join(', '),
        )
      : vscode.l10n.t('Snippet {0} has no files.', quoted(snippet.name));
  }
  const offline = target.service.connectivity.current.offline
    ? [
        vscode.l10n.t(
          'Offline: the server of {0} cannot be reached; this is the copy kept in the offline cache, which may be out of date.',
          target.label,
        ),
      ]
    : [];
  return fileResultText({
    source: sourceOf(target),
    accountId: target.id,
    snippet,
    fileName: file.name,
    owner: ownerOf(target, snippet.userId),
    language: languageOf(file.name),
    maxCharacters: input.maxCharacters ?? Bounds.fileCharacters,
    notes: [...notes, ...offline],
  });
}
