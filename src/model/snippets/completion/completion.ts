// Snippet files as completions while typing. The index is built from what the snippet core has
// loaded, once per change of it (never per keystroke, and never with a request), grouped by the
// language of each file's name; a file whose language is unknown is offered in every editor.
// Files are inserted as plain text, exactly (a `$` stays a `$`, a leading tab a tab), except the
// files of snippets in the category that marks VS Code snippet syntax (tab stops, placeholders, choices).
// A patch (`.patch`, `.diff`) is never offered: it is a change to apply, not text to type.
import type { Snippet } from '../../../api/types';
import { isPatchFileName } from '../../patches/patchFiles';
import { iconSafeText, lineText } from '../../../util/outsideText';

export type CompletionList = 'mine' | 'starred' | 'browse';

export interface CompletionSettings {
  enabled: boolean;
  /** The lists whose loaded snippets are offered. */
  lists: CompletionList[];
  /** Only snippets in one of these categories (by name, without case); empty for all. */
  categories: string[];
  /** The category that marks a snippet's files as VS Code snippet syntax. */
  snippetSyntaxCategory: string;
}

export interface CompletionEntry {
  snippetGuid: string;
  snippetName: string;
  fileName: string;
  content: string;
  /** True when the content is VS Code snippet syntax, to be inserted with its tab stops. */
  snippetSyntax: boolean;
  /** The account the snippet was loaded from, named for people; only when several are offered. */
  account?: string;
}

/**
 * What a completion item shows of an entry. Names and file names are other users' text: the
 * suggest widget draws `$(name)` in a label as an icon, and control and bidi characters reorder or
 * hide what the user reads, so each passes through the same helper as a notification. The text
 * inserted is the file's own, untouched.
 */
export interface ShownCompletion {
  label: string;
  /** The file name, beside the label. */
  description: string;
  /** The account, for the item's detail; only when several accounts are offered. */
  account?: string;
  /** What the typed word is matched against: the names as shown, without the icon escape. */
  filterText: string;
  /** The snippet's name as plain text, for the preview's heading. */
  name: string;
}

export function shownCompletion(entry: CompletionEntry): ShownCompletion {
  const name = lineText(entry.snippetName);
  const description = lineText(entry.fileName);
  return {
    label: iconSafeText(entry.snippetName),
    description,
    ...(entry.account === undefined ? {} : { account: lineText(entry.account) }),
    filterText: `${name} ${description}`,
    name,
  };
}

/** One signed-in account's loaded lists; `account` names it when several accounts are offered. */
export interface CompletionSource {
  account?: string;
  lists: Record<CompletionList, Snippet[]>;
}

/** The language id of a file name (from its extension or whole name), or undefined when unknown. */
export type LanguageOf = (fileName: string) => string | undefined;

const ANY_LANGUAGE = '';

export const usesSnippetSyntax = (snippet: Pick<Snippet, 'categories'>, markerCategory: string): boolean =>
  markerCategory.trim() !== '' &&
  snippet.categories.some((c) => c.name.toLowerCase() === markerCategory.trim().toLowerCase());

export class CompletionIndex {
  private byLanguage = new Map<string, CompletionEntry[]>();
  private merged = new Map<string, CompletionEntry[]>();

  constructor(private readonly languageOf: LanguageOf) {}

  /** Rebuilds from the loaded lists of one account; `lists` gives each list's snippets. */
  rebuild(lists: Record<CompletionList, Snippet[]>, settings: CompletionSettings): void {
    this.rebuildFrom([{ lists }], settings);
  }

  /**
   * Rebuilds from the loaded lists of every account, in the order given. A snippet in two lists
   * of one account is offered once; the same guid on two servers is two snippets (a staging
   * server copied from production), so each account's are offered.
   */
  rebuildFrom(sources: readonly CompletionSource[], settings: CompletionSettings): void {
    this.byLanguage = new Map();
    this.merged = new Map();
    if (!settings.enabled) return;
    const wanted = new Set(settings.categories.map((c) => c.trim().toLowerCase()).filter(Boolean));
    for (const { account, lists } of sources) {
      const seen = new Set<string>();
      for (const list of settings.lists) {
        for (const snippet of lists[list] ?? []) {
          if (seen.has(snippet.guid)) continue;
          seen.add(snippet.guid);
          if (wanted.size > 0 && !snippet.categories.some((c) => wanted.has(c.name.toLowerCase()))) continue;
          const snippetSyntax = usesSnippetSyntax(snippet, settings.snippetSyntaxCategory);
          for (const file of snippet.files) {
            if (isPatchFileName(file.name)) continue;
            const language = this.languageOf(file.name) ?? ANY_LANGUAGE;
            const entries = this.byLanguage.get(language) ?? [];
            entries.push({
              snippetGuid: snippet.guid,
              snippetName: snippet.name,
              fileName: file.name,
              content: file.content,
              snippetSyntax,
              ...(account === undefined ? {} : { account }),
            });
            this.byLanguage.set(language, entries);
          }
        }
      }
    }
  }

  /** The entries for an editor of `languageId`: its own files, then those of no known language. */
  entriesFor(languageId: string): CompletionEntry[] {
    let entries = this.merged.get(languageId);
    if (!entries) {
      entries =
        languageId === ANY_LANGUAGE
          ? (this.byLanguage.get(ANY_LANGUAGE) ?? [])
          : [...(this.byLanguage.get(languageId) ?? []), ...(this.byLanguage.get(ANY_LANGUAGE) ?? [])];
      this.merged.set(languageId, entries);
    }
    return entries;
  }

  get size(): number {
    let n = 0;
    for (const entries of this.byLanguage.values()) n += entries.length;
    return n;
  }
}

/**
 * A language lookup from the languages VS Code knows (each with its file extensions and whole
 * file names, as extensions contribute them). Case is ignored; the longest matching extension
 * wins, so `.d.ts` beats `.ts` where a language claims it.
 */
export function languageLookup(
  languages: Array<{ id: string; extensions?: string[]; filenames?: string[] }>,
): LanguageOf {
  const byExtension = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const language of languages) {
    for (const extension of language.extensions ?? []) {
      if (!byExtension.has(extension.toLowerCase())) byExtension.set(extension.toLowerCase(), language.id);
    }
    for (const name of language.filenames ?? []) {
      if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), language.id);
    }
  }
  return (fileName) => {
    const name = fileName.slice(fileName.lastIndexOf('/') + 1).toLowerCase();
    const whole = byName.get(name);
    if (whole) return whole;
    for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
      const language = byExtension.get(name.slice(dot));
      if (language) return language;
    }
    return undefined;
  };
}
