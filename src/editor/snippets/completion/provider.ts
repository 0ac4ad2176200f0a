// Snippet files as completion items while typing (the index is the snippet core's, core/completion.ts).
// Every signed-in account's loaded lists are offered, the default account's first; with several
// accounts each item names its account. Items are made once per language after each change of
// the loaded snippets (of any account), of the accounts, or of the settings, so
// a keystroke costs a map lookup; a preview is made only for the item being looked at; typing
// never sends a request.
import vscode = require('vscode');
import { Disposable } from '../../ui/disposable';
import { accountId } from '../../../model/accounts/accounts';
import { SETTINGS_SECTION, Settings } from '../../../util/constants';
import { setting } from '../../settings/settings';
import { accountLabel } from '../../../util/accountLabels';
import type { SnippetAccounts } from '../snippetAccounts';
import {
  CompletionIndex,
  languageLookup,
  shownCompletion,
  type CompletionEntry,
  type CompletionSettings,
  type CompletionSource,
  type ShownCompletion,
} from '../../../model/snippets/completion/completion';
import type { SnippetService } from '../../../model/snippets/service';

const PREVIEW_LINES = 20;

function readSettings(): CompletionSettings {
  return {
    enabled: setting(Settings.completionEnabled),
    lists: setting(Settings.completionLists),
    categories: setting(Settings.completionCategories),
    snippetSyntaxCategory: setting(Settings.snippetSyntaxCategory),
  };
}

/** The languages of every installed extension, with their file extensions and names. */
function knownLanguages(): Array<{ id: string; extensions?: string[]; filenames?: string[] }> {
  return vscode.extensions.all.flatMap(
    (e) =>
      (
        e.packageJSON as {
          contributes?: { languages?: Array<{ id: string; extensions?: string[]; filenames?: string[] }> };
        }
      ).contributes?.languages ?? [],
  );
}

/** An item and what its preview is made from; the preview is made only for the item the user looks at. */
class SnippetCompletionItem extends vscode.CompletionItem {
  readonly shown: ShownCompletion;

  constructor(
    readonly entry: CompletionEntry,
    readonly languageId: string,
  ) {
    const shown = shownCompletion(entry);
    const detail =
      shown.account === undefined
        ? vscode.l10n.t('Bitbucket snippet')
        : vscode.l10n.t('Bitbucket snippet, {0}', shown.account);
    super(
      { label: shown.label, description: shown.description, detail: ` ${detail}` },
      vscode.CompletionItemKind.Snippet,
    );
    this.shown = shown;
    this.filterText = shown.filterText;
    // The file's own text, exactly: only what is shown is made safe.
    this.insertText = entry.snippetSyntax ? new vscode.SnippetString(entry.content) : entry.content;
    // A plain file goes in as it is, as Insert Snippet File… and a drop put it: by default VS Code
    // re-indents the lines after the first and turns their tabs into the editor's spaces, which
    // breaks a `<<-` heredoc or a Makefile rule. Snippet syntax keeps VS Code's indentation rules.
    this.keepWhitespace = !entry.snippetSyntax;
  }
}

/** The first lines of the file, as its documentation: splitting every file of thousands up front would be wasted. */
function preview(item: SnippetCompletionItem): vscode.MarkdownString {
  const { entry } = item;
  const { description: fileName, name } = item.shown;
  const lines = entry.content.split('\n', PREVIEW_LINES + 1);
  const shown = lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '');
  return new vscode.MarkdownString()
    .appendText(
      `${entry.snippetSyntax ? vscode.l10n.t('{0} in "{1}" (with tab stops)', fileName, name) : vscode.l10n.t('{0} in "{1}"', fileName, name)}\n`,
    )
    .appendCodeblock(shown, item.languageId);
}

export class SnippetCompletionProvider extends Disposable implements vscode.CompletionItemProvider {
  private index: CompletionIndex | undefined;
  private stale = true;
  private items = new Map<string, vscode.CompletionItem[]>();
  /** The services whose changes make the items stale, with their subscriptions. */
  private readonly followed = new Map<SnippetService, { dispose(): void }>();

  constructor(private readonly accounts: SnippetAccounts) {
    super();
    this.register(
      accounts.session.onDidChange(() => (this.stale = true)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SETTINGS_SECTION)) this.stale = true;
      }),
      // A newly installed language extension can claim more file extensions.
      vscode.extensions.onDidChange(() => {
        this.index = undefined;
        this.stale = true;
      }),
    );
  }

  provideCompletionItems(document: vscode.TextDocument): vscode.CompletionItem[] | undefined {
    // An account's service is made when its rows or files are first used: follow it from then on.
    if (this.stale || this.servicesOf().some(({ service }) => !this.followed.has(service))) this.rebuild();
    let items = this.items.get(document.languageId);
    if (!items) {
      items = this.index!.entriesFor(document.languageId).map(
        (entry) => new SnippetCompletionItem(entry, document.languageId),
      );
      this.items.set(document.languageId, items);
    }
    return items.length > 0 ? items : undefined;
  }

  resolveCompletionItem(item: vscode.CompletionItem): vscode.CompletionItem {
    if (item instanceof SnippetCompletionItem && item.documentation === undefined) item.documentation = preview(item);
    return item;
  }

  private rebuild(): void {
    this.index ??= new CompletionIndex(languageLookup(knownLanguages()));
    const services = this.servicesOf();
    const current = new Set(services.map((s) => s.service));
    for (const [service, subscription] of this.followed) {
      if (current.has(service)) continue;
      subscription.dispose();
      this.followed.delete(service);
    }
    for (const { service } of services) {
      if (!this.followed.has(service)) {
        this.followed.set(
          service,
          service.onDidChange(() => (this.stale = true)),
        );
      }
    }
    const sources: CompletionSource[] = services.map(({ label, service }) => ({
      ...(label === undefined ? {} : { account: label }),
      lists: {
        mine: service.store.snippetsOf('mine'),
        starred: service.store.snippetsOf('starred'),
        browse: service.store.snippetsOf('browse'),
      },
    }));
    this.index.rebuildFrom(sources, readSettings());
    this.items = new Map();
    this.stale = false;
  }

  /** The services of the signed-in accounts that have one, the default account's first; labelled when there are several. */
  private servicesOf(): Array<{ label: string | undefined; service: SnippetService }> {
    const { session, services } = this.accounts;
    const all = session.accounts();
    const fallback = session.account;
    const ordered = fallback ? [fallback, ...all.filter((a) => accountId(a) !== accountId(fallback))] : all;
    return ordered.flatMap((account) => {
      const service = services.existing(accountId(account));
      return service ? [{ label: all.length > 1 ? accountLabel(account, all) : undefined, service }] : [];
    });
  }

  override dispose(): void {
    super.dispose();
    for (const subscription of this.followed.values()) subscription.dispose();
    this.followed.clear();
  }
}
