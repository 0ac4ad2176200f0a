// Search Snippets…: a quick pick whose text is searched in every list the user can see, filling
// as results arrive (the runner in core/search/everyAccount.ts searches each account with its
// SnippetSearch, which keeps fetched pages, and records the session's last search).
// Typing searches again after a short pause; closing the pick cancels. Choosing a result opens
// its file at the matched line, with the match selected.
import vscode = require('vscode');
import { isPatchSnippet } from '../../../model/patches/patchFiles';
import { createSafeQuickPick } from '../../ui/quickInputText';
import type { Snippet } from '../../../api/types';
import { withProgress } from '../../ui/progress';
import { formatCount, formatDateTime } from '../../../util/localeFormat';
import { describeError, messageContext } from '../../../util/describeError';
import type { SearchMatch } from '../../../model/snippets/search/match';
import {
  searchAccounts,
  type AccountToSearch,
  type EveryAccountSummary,
} from '../../../model/snippets/search/everyAccount';
import { EmptyQueryError, type SearchList, type SearchResult } from '../../../model/snippets/search/types';
import { requireSignedIn, type AccountContext } from '../../ui/accountContext';
import { openFile } from '../use';
import { accountId } from '../../../model/accounts/accounts';
import { accountLabel } from '../../../util/accountLabels';
import type { SnippetsContext } from '../context';

/** One account to search, with what opening its results needs. */
export interface SearchTarget extends AccountToSearch {
  /** The commands' dependencies for this account (its service, its URIs). */
  deps: AccountContext;
  /** How the account is named, when several are signed in (`alice @ host`); undefined with one. */
  label?: string;
}

/**
 * The accounts to search, each with its lists (My Snippets, Starred, Browse and its browsed
 * users): every signed-in account, or only the one whose id is given. The default account comes
 * first: its results come first when both answer at once.
 */
export function searchTargets(
  { session, services, scope, browsedUsers }: SnippetsContext,
  onlyAccountId?: string,
): SearchTarget[] {
  const all = session.accounts();
  const first = session.account;
  const ordered = first ? [first, ...all.filter((a) => accountId(a) !== accountId(first))] : all;
  return ordered
    .filter((account) => onlyAccountId === undefined || accountId(account) === onlyAccountId)
    .map((account): SearchTarget => {
      const id = accountId(account);
      const service = services.forAccount(id);
      return {
        accountId: id,
        search: service.search,
        lists: ['mine', 'starred', 'browse', ...browsedUsers.list(id).map((u) => `user:${u}` as const)] as SearchList[],
        deps: { ...scope.depsFor(account), service },
        label: all.length > 1 ? accountLabel(account, all) : undefined,
      };
    });
}

interface ResultItem extends vscode.QuickPickItem {
  result?: SearchResult;
  match?: SearchMatch;
  /** The item that drops kept pages and searches the server again. */
  readAgain?: boolean;
}

/** Typing pauses this long before the text is searched. */
const TYPING_PAUSE_MS = 250;
/** Items the pick shows at most; the "Search results" root of the view has them all. */
const MAX_ITEMS = 2000;

/**
 * Opens the search pick, with `query` searched at once when given. Resolves when the pick closes,
 * to the editor a chosen result opened.
 */
export function searchSnippets(
  context: SnippetsContext,
  query?: string,
  onlyAccountId?: string,
): Promise<vscode.TextEditor | undefined> {
  if (!requireSignedIn(context.scope.defaults)) return Promise.resolve(undefined);
  const log = context.log.child('search');
  const targets = searchTargets(context, onlyAccountId);
  const targetOf = (accountId: string) => targets.find((t) => t.accountId === accountId) ?? targets[0];
  const pick = createSafeQuickPick<ResultItem>();
  const only = onlyAccountId !== undefined ? targets[0]?.label : undefined;
  pick.title = only ? vscode.l10n.t('Search Snippets of {0}', only) : vscode.l10n.t('Search Snippets');
  pick.placeholder = vscode.l10n.t('Text to find in names, descriptions, file names, categories and file content');
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  // Results arrive while the user looks at the first ones: keep their place.
  pick.keepScrollPosition = true;
  let running: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  let searched: string | undefined;
  let items: ResultItem[] = [];

  return new Promise((resolve) => {
    let settled = false;
    const finish = (editor: vscode.TextEditor | undefined) => {
      if (settled) return;
      settled = true;
      running?.abort();
      clearTimeout(timer);
      pick.dispose();
      resolve(editor);
    };

    const show = (extra: ResultItem[] = []) => {
      pick.items = [...items.slice(0, MAX_ITEMS), ...extra];
    };

    const run = async (text: string): Promise<EveryAccountSummary | undefined> => {
      running?.abort();
      const abort = (running = new AbortController());
      searched = text;
      items = [];
      if (!text.trim()) {
        show([
          note(vscode.l10n.t('Type something to search for: a name, a file name, a category or text inside a file.')),
        ]);
        return undefined;
      }
      show();
      pick.busy = true;
      try {
        const summary = await withProgress('view', undefined, () =>
          searchAccounts(text, targets, context.lastSearch, {
            signal: abort.signal,
            onResults: (results) => {
              if (abort.signal.aborted) return;
              items.push(...results.flatMap((r) => resultItems(r, targetOf(r.accountId).label)));
              show();
            },
          }),
        );
        if (abort.signal.aborted) return summary;
        const extra: ResultItem[] = [];
        if (summary.results.length === 0) extra.push(note(vscode.l10n.t('No snippet matches "{0}".', summary.query)));
        if (summary.keptSince !== undefined) {
          // Pages an earlier window fetched: say how old they are, and offer the server's list of now.
          extra.push({
            iconPath: new vscode.ThemeIcon('history'),
            label: vscode.l10n.t('Search the server again'),
            description: vscode.l10n.t(
              'these results include lists read {0}',
              formatDateTime(summary.keptSince, vscode.env.language),
            ),
            alwaysShow: true,
            readAgain: true,
          });
        }
        if (items.length > MAX_ITEMS) {
          extra.push(
            note(
              vscode.l10n.t(
                '{0} more results: see "Search results" in the Snippets view.',
                formatCount(items.length - MAX_ITEMS, vscode.env.language),
              ),
            ),
          );
        }
        for (const failure of summary.failures) {
          const target = targetOf(failure.accountId);
          const where = target.label ? `${listLabel(failure.list)} (${target.label})` : listLabel(failure.list);
          const why = describeError(
            failure.error,
            messageContext(vscode.l10n.t('search {0}', where), target.deps.account ?? context.session.account),
          );
          extra.push(note(vscode.l10n.t('Not all of {0} was searched: {1}', where, why), 'warning'));
          log.error(`search of ${failure.list} of ${failure.accountId} failed`, failure.error);
        }
        show(extra);
        return summary;
      } catch (err) {
        if (err instanceof EmptyQueryError) show([note(err.message)]);
        else {
          log.error('search failed', err);
          show([
            note(
              describeError(err, messageContext(vscode.l10n.t('search snippets'), context.session.account)),
              'error',
            ),
          ]);
        }
        return undefined;
      } finally {
        if (running === abort) pick.busy = false;
      }
    };

    pick.onDidChangeValue((value) => {
      clearTimeout(timer);
      // The text searched already (VS Code 1.139 reports the query set below as a change too): a
      // second search of it would only cancel the first.
      if (value === searched) return;
      timer = setTimeout(() => void run(value), TYPING_PAUSE_MS);
    });
    pick.onDidAccept(async () => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      if (pick.value !== searched) {
        // Enter before the pause ran out: search now.
        clearTimeout(timer);
        void run(pick.value);
        return;
      }
      if (chosen?.readAgain) {
        for (const target of targets) target.deps.service.search.readAgain();
        void run(pick.value);
        return;
      }
      if (!chosen?.result) return;
      finish(await openResult(targetOf(chosen.result.accountId).deps, chosen.result, chosen.match));
    });
    pick.onDidHide(() => finish(undefined));

    pick.value = query ?? '';
    pick.show();
    if (query !== undefined) void run(query);
  });
}

/** Opens the file of a result at the matched line, the match selected. */
export function openResult(
  deps: AccountContext,
  result: SearchResult,
  match: SearchMatch | undefined,
): Promise<vscode.TextEditor | undefined> {
  const fileName = match?.fileName ?? result.snippet.files[0]?.name;
  if (!fileName) return Promise.resolve(undefined);
  const selection =
    match?.field === 'content' && match.line !== undefined
      ? new vscode.Range(match.line - 1, match.column, match.line - 1, match.column + match.length)
      : undefined;
  return openFile(
    deps,
    { snippetGuid: result.snippet.guid, fileName },
    { preview: true, ...(selection ? { selection } : {}) },
  );
}

/** One item per match, so each matched line can be chosen; with several accounts, each names its account. */
function resultItems(result: SearchResult, accountLabel: string | undefined): ResultItem[] {
  // A patch snippet shows as one, as in the tree.
  const iconPath = new vscode.ThemeIcon(
    isPatchSnippet(result.snippet) ? 'diff' : result.snippet.files.length > 1 ? 'files' : 'file-code',
  );
  const label = result.snippet.name;
  // alwaysShow: the pick must not filter results again by its own rules (a content match has no
  // typed text in its label).
  return result.matches.map((match) => {
    const place = matchPlace(match, result.snippet);
    return {
      iconPath,
      label,
      description: accountLabel ? `${place} · ${accountLabel}` : place,
      detail: match.text,
      alwaysShow: true,
      result,
      match,
    };
  });
}

/** Where a match is, in words: "deploy.sh:12", "file name deploy.sh", "description". */
export function matchPlace(match: SearchMatch, snippet: Snippet): string {
  switch (match.field) {
    case 'content':
      return `${match.fileName}:${match.line}`;
    case 'fileName':
      return vscode.l10n.t('file name {0}', match.fileName ?? '');
    case 'name':
      return vscode.l10n.t('name');
    case 'description':
      return vscode.l10n.t('description');
    case 'category':
      return vscode.l10n.t('category {0}', match.text || snippet.categories[0]?.name || '');
  }
}

function note(text: string, icon?: string): ResultItem {
  return { ...(icon ? { iconPath: new vscode.ThemeIcon(icon) } : {}), label: text, alwaysShow: true };
}

function listLabel(list: SearchList): string {
  if (list === 'mine') return vscode.l10n.t('My Snippets');
  if (list === 'starred') return vscode.l10n.t('Starred');
  if (list === 'browse') return vscode.l10n.t('Browse');
  return vscode.l10n.t("{0}'s snippets", list.slice('user:'.length));
}
