// Creating snippets: empty, from the editor's selection, from the active file, from files
// selected in the Explorer, or from the clipboard. Everything is read before the first prompt
// and nothing local is changed, so a failure or a cancel loses nothing.
import * as path from 'node:path';
import vscode = require('vscode');
import { showInfo, showWarning } from '../ui/notify';
import { showSafeInputBox } from '../ui/quickInputText';
import type { Snippet } from '../../api/types';
import { withProgress } from '../ui/progress';
import { describeError, messageContext } from '../../util/describeError';
import {
  defaultSnippetName,
  fileNameProblem,
  parseCategories,
  uniqueFileNames,
  type SnippetDetails,
} from '../../model/snippets/edits';
import type { NewFile } from '../../model/snippets/snippetWrites';
import { fileText } from '../../model/snippets/fileText';
import { accountOf, fileUri, reportFailure, requireSignedIn, type AccountContext } from '../ui/accountContext';

/**
 * Arguments for automation (tests, keybindings, other extensions). With `name` given, nothing
 * is asked: `description` and `categories` default to none.
 */
export interface CreateOptions {
  name?: string;
  description?: string;
  /** Names, or one comma-separated string. */
  categories?: string | string[];
  /** For a new empty snippet or one from the clipboard: the first file's name. */
  fileName?: string;
}

const TITLE = vscode.l10n.t('Bitbucket Snippets: New Snippet');

export async function createEmpty(deps: AccountContext, options?: CreateOptions): Promise<Snippet | undefined> {
  // Signed out, say so before a file name is asked for that could not be saved.
  if (!requireSignedIn(deps)) return undefined;
  const fileName = options?.fileName ?? (await askFileName('snippet.txt'));
  if (fileName === undefined) return undefined;
  // The server takes empty content; a first line would only be something to delete.
  return create(deps, [{ name: fileName, content: '' }], '', options);
}

export async function createFromSelection(
  deps: AccountContext,
  arg?: unknown,
  options?: CreateOptions,
): Promise<Snippet | undefined> {
  options ??= asOptions(arg);
  const editor = vscode.window.activeTextEditor;
  const selections = editor?.selections.filter((s) => !s.isEmpty) ?? [];
  if (!editor || selections.length === 0) {
    void showInfo(vscode.l10n.t('Select some text in an editor first, then run "Save Selection as Snippet".'));
    return undefined;
  }
  const sorted = [...selections].sort((a, b) => a.start.compareTo(b.start));
  const content = sorted.map((s) => editor.document.getText(s)).join('\n');
  const name = documentFileName(editor.document);
  const first = sorted[0].start.line + 1;
  const lastSel = sorted[sorted.length - 1];
  const last =
    lastSel.end.character === 0 && lastSel.end.line > lastSel.start.line ? lastSel.end.line : lastSel.end.line + 1;
  // The secret scan's Open to Edit shows a finding in the document, from the first selection's line.
  return create(
    deps,
    [{ name, content, source: { uri: editor.document.uri.toString(), line: sorted[0].start.line } }],
    defaultSnippetName([name], { first, last }),
    options,
  );
}

/** From the Explorer (`uri`, `uris` of the selection), an editor tab, or the active editor. */
export async function createFromFiles(
  deps: AccountContext,
  uri?: unknown,
  uris?: unknown,
  options?: CreateOptions,
): Promise<Snippet | undefined> {
  options ??= asOptions(uri) ?? asOptions(uris);
  const targets =
    Array.isArray(uris) && uris.every((u) => u instanceof vscode.Uri) && uris.length > 0
      ? (uris as vscode.Uri[])
      : uri instanceof vscode.Uri
        ? [uri]
        : [];
  let files: NewFile[];
  if (targets.length === 0) {
    const document = vscode.window.activeTextEditor?.document;
    if (!document) {
      void showInfo(vscode.l10n.t('Open a file, or select files in the Explorer, to save them as a snippet.'));
      return undefined;
    }
    files = [
      {
        name: documentFileName(document),
        content: document.getText(),
        source: { uri: document.uri.toString(), line: 0 },
      },
    ];
  } else {
    const read = await readFiles(deps, targets);
    if (!read) return undefined;
    files = read;
  }
  const names = uniqueFileNames(files.map((f) => f.name));
  files = files.map((f, i) => ({ ...f, name: names[i] }));
  return create(deps, files, defaultSnippetName(names), options);
}

export async function createFromClipboard(deps: AccountContext, options?: CreateOptions): Promise<Snippet | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const content = await vscode.env.clipboard.readText();
  if (!content) {
    void showInfo(vscode.l10n.t('The clipboard has no text to save as a snippet.'));
    return undefined;
  }
  const fileName = options?.fileName ?? (await askFileName('clipboard.txt'));
  if (fileName === undefined) return undefined;
  return create(deps, [{ name: fileName, content }], '', options);
}

// ---- The shared part -----------------------------------------------------------------------

async function create(
  deps: AccountContext,
  files: NewFile[],
  defaultName: string,
  options: CreateOptions | undefined,
): Promise<Snippet | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const details = options?.name !== undefined ? fromOptions(options) : await askDetails(defaultName);
  if (!details) return undefined;
  return createAndOpen(deps, files, details, vscode.l10n.t('Creating snippet "{0}"…', details.name));
}

/**
 * Every create path ends here: one POST (and one PUT for a description or categories), the new
 * snippet revealed in My Snippets, and a file of it opened (`open`, else its first).
 */
export async function createAndOpen(
  deps: AccountContext,
  files: NewFile[],
  details: SnippetDetails,
  title: string,
  open?: string,
): Promise<Snippet | undefined> {
  let result;
  try {
    result = await withProgress('notification', title, () => deps.service.writes.create(files, details));
  } catch (err) {
    return reportFailure(deps, vscode.l10n.t('create snippet "{0}"', details.name), err);
  }
  const { snippet, detailsFailed } = result;
  deps.log.info(`created snippet ${snippet.guid} with ${files.length} file(s)`);
  if (detailsFailed) {
    deps.log.error(`created snippet ${snippet.guid}, but could not set its description and categories`, detailsFailed);
    const reason = describeError(
      detailsFailed,
      messageContext(vscode.l10n.t('set its description and categories'), accountOf(deps)),
    );
    void showWarning(
      vscode.l10n.t(
        'Snippet "{0}" was created, without its description and categories. {1} Use "Edit Details…" to add them.',
        snippet.name,
        reason,
      ),
    );
  }
  try {
    await deps.reveal(snippet.guid);
  } catch (err) {
    deps.log.warn(`could not reveal snippet ${snippet.guid} in the tree: ${String(err)}`);
  }
  const opened =
    open !== undefined && snippet.files.some((f) => f.name === open) ? open : (snippet.files[0]?.name ?? files[0].name);
  await vscode.window.showTextDocument(fileUri(deps, snippet, opened), { preview: true });
  return snippet;
}

function asOptions(arg: unknown): CreateOptions | undefined {
  return typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) && !Array.isArray(arg)
    ? (arg as CreateOptions)
    : undefined;
}

function fromOptions(o: CreateOptions) {
  const categories =
    typeof o.categories === 'string' ? parseCategories(o.categories) : parseCategories((o.categories ?? []).join(','));
  return { name: (o.name ?? '').trim(), description: o.description ?? '', categories };
}

async function askDetails(defaultName: string) {
  const name = await showSafeInputBox({
    title: `${TITLE} (1/3)`,
    prompt: vscode.l10n.t('Name of the snippet'),
    value: defaultName,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A snippet needs a name.')),
  });
  if (name === undefined) return undefined;
  const description = await showSafeInputBox({
    title: `${TITLE} (2/3)`,
    prompt: vscode.l10n.t('Description (optional; press Enter to skip)'),
    ignoreFocusOut: true,
  });
  if (description === undefined) return undefined;
  const categoriesText = await showSafeInputBox({
    title: `${TITLE} (3/3)`,
    prompt: vscode.l10n.t('Categories, separated by commas (optional; press Enter to skip)'),
    placeHolder: vscode.l10n.t('e.g. shell scripts, ops'),
    ignoreFocusOut: true,
  });
  if (categoriesText === undefined) return undefined;
  return { name: name.trim(), description: description.trim(), categories: parseCategories(categoriesText) };
}

export async function askFileName(
  value: string,
  existing: readonly string[] = [],
  title = TITLE,
): Promise<string | undefined> {
  const dot = value.lastIndexOf('.');
  return showSafeInputBox({
    title,
    prompt: vscode.l10n.t('File name (its extension picks the language, e.g. script.sh, query.sql, Dockerfile)'),
    value,
    valueSelection: [0, dot > 0 ? dot : value.length],
    ignoreFocusOut: true,
    validateInput: (v) => fileNameProblem(v, existing),
  });
}

function documentFileName(document: vscode.TextDocument): string {
  if (document.isUntitled) {
    const ext = LANGUAGE_EXTENSIONS[document.languageId] ?? 'txt';
    return `snippet.${ext}`;
  }
  return path.posix.basename(document.uri.path) || 'snippet.txt';
}

/** Extensions for untitled documents, so the snippet opens in the same language later. */
const LANGUAGE_EXTENSIONS: Record<string, string> = {
  typescript: 'ts',
  javascript: 'js',
  python: 'py',
  shellscript: 'sh',
  json: 'json',
  markdown: 'md',
  sql: 'sql',
  yaml: 'yaml',
  java: 'java',
  go: 'go',
  csharp: 'cs',
  xml: 'xml',
  html: 'html',
  css: 'css',
  powershell: 'ps1',
};

async function readFiles(deps: AccountContext, uris: vscode.Uri[]): Promise<NewFile[] | undefined> {
  const files: NewFile[] = [];
  for (const uri of uris) {
    const name = path.posix.basename(uri.path);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory) {
        void showWarning(vscode.l10n.t('"{0}" is a folder: select files to save them as a snippet.', name));
        return undefined;
      }
      // An open editor may hold newer text than the disk: that text is what the user sees. Either
      // passes the one text rule, as a drop on the Snippets view does (model/snippets/fileText.ts).
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const read = fileText(open ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri));
      if ('notText' in read) {
        void showWarning(
          read.notText === 'binary'
            ? vscode.l10n.t('"{0}" looks like a binary file; snippets hold text only.', name)
            : vscode.l10n.t(
                '"{0}" is not UTF-8 text, which snippets hold: save it as UTF-8 (Save with Encoding) and try again.',
                name,
              ),
        );
        return undefined;
      }
      files.push({ name, content: read.text, source: { uri: uri.toString(), line: 0 } });
    } catch (err) {
      return reportFailure(deps, `read ${name}`, err);
    }
  }
  return files;
}
