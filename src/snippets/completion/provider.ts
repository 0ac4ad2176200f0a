// Snippet files as completion items while typing (the index is the snippet core's, core/completion.ts).
// Items are made once per language after each change of the loaded snippets or the settings, so
// a keystroke costs a map lookup; a preview is made only for the item being looked at; typing
// never sends a request.
import vscode = require('vscode');
import { SETTINGS_SECTION, Settings } from '../../constants';
import { CompletionIndex, languageLookup, type CompletionEntry, type CompletionList, type CompletionSettings } from '../core/completion';
import type { SnippetService } from '../core/service';

const PREVIEW_LINES = 20;

function readSettings(): CompletionSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return {
    enabled: config.get<boolean>(Settings.completionEnabled, true),
    lists: config.get<CompletionList[]>(Settings.completionLists, ['mine', 'starred']),
    categories: config.get<string[]>(Settings.completionCategories, []),
    snippetSyntaxCategory: config.get<string>(Settings.snippetSyntaxCategory, 'vscode-snippet'),
  };
}

/** The languages of every installed extension, with their file extensions and names. */
function knownLanguages(): Array<{ id: string; extensions?: string[]; filenames?: string[] }> {
  return vscode.extensions.all.flatMap((e) => (e.packageJSON as { contributes?: { languages?: Array<{ id: string; extensions?: string[]; filenames?: string[] }> } }).contributes?.languages ?? []);
}

/** An item and what its preview is made from; the preview is made only for the item the user looks at. */
class SnippetCompletionItem extends vscode.CompletionItem {
  constructor(
    readonly entry: CompletionEntry,
    readonly languageId: string,
  ) {
    super({ label: entry.snippetName, description: entry.fileName, detail: ` ${vscode.l10n.t('Bitbucket snippet')}` }, vscode.CompletionItemKind.Snippet);
    this.filterText = `${entry.snippetName} ${entry.fileName}`;
    this.insertText = entry.snippetSyntax ? new vscode.SnippetString(entry.content) : entry.content;
  }
}

/** The first lines of the file, as its documentation: splitting every file of thousands up front would be wasted. */
function preview(item: SnippetCompletionItem): vscode.MarkdownString {
  const { entry } = item;
  const lines = entry.content.split('\n', PREVIEW_LINES + 1);
  const shown = lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '');
  return new vscode.MarkdownString().appendText(`${entry.snippetSyntax ? vscode.l10n.t('{0} in "{1}" (with tab stops)', entry.fileName, entry.snippetName) : vscode.l10n.t('{0} in "{1}"', entry.fileName, entry.snippetName)}\n`).appendCodeblock(shown, item.languageId);
}

export class SnippetCompletionProvider implements vscode.CompletionItemProvider, vscode.Disposable {
  private index: CompletionIndex | undefined;
  private stale = true;
  private items = new Map<string, vscode.CompletionItem[]>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly service: SnippetService) {
    const subscription = service.onDidChange(() => (this.stale = true));
    this.disposables.push(
      { dispose: () => subscription.dispose() },
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
    if (this.stale) this.rebuild();
    let items = this.items.get(document.languageId);
    if (!items) {
      items = this.index!.entriesFor(document.languageId).map((entry) => new SnippetCompletionItem(entry, document.languageId));
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
    const lists = { mine: this.service.snippetsOf('mine'), starred: this.service.snippetsOf('starred'), browse: this.service.snippetsOf('browse') };
    this.index.rebuild(lists, readSettings());
    this.items = new Map();
    this.stale = false;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
