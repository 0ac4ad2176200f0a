// Using snippets: opening a file, inserting a file at the cursor, copying a file or a guid.
import vscode = require('vscode');
import { preview } from '../../model/snippets/filePreview';
import { showInfo } from '../ui/notify';
import { showSafeQuickPick } from '../ui/quickInputText';
import { setStatusBarMessage } from '../ui/statusText';
import type { Snippet, SnippetFile } from '../../api/types';
import { Settings } from '../../util/constants';
import { setting } from '../settings/settings';
import { usesSnippetSyntax } from '../../model/snippets/completion/completion';
import { fileUriOf, reportFailure, requireSignedIn, resolveTarget, type AccountContext } from '../ui/accountContext';

export async function openFile(
  deps: AccountContext,
  arg: unknown,
  options?: vscode.TextDocumentShowOptions,
): Promise<vscode.TextEditor | undefined> {
  const target = resolveTarget(arg);
  if (!target?.fileName) return undefined;
  try {
    return await vscode.window.showTextDocument(await fileUriOf(deps, target.snippetGuid, target.fileName), {
      preview: true,
      ...options,
    });
  } catch (err) {
    return reportFailure(deps, `open ${target.fileName}`, err);
  }
}

export interface FilePick extends vscode.QuickPickItem {
  snippet: Snippet;
  file: SnippetFile;
}

/** Automation: `{ snippetGuid, fileName }` inserts that file without the picker. */
export async function insertFile(deps: AccountContext, arg?: unknown): Promise<boolean> {
  if (!requireSignedIn(deps)) return false;
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void showInfo(vscode.l10n.t('Open an editor and place the cursor where the snippet file should go.'));
    return false;
  }
  try {
    const target =
      typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) ? resolveTarget(arg) : undefined;
    let picked: { snippet: Snippet; file: SnippetFile | undefined } | undefined;
    if (target?.fileName) {
      const snippet = await deps.service.snippet(target.snippetGuid);
      picked = { snippet, file: snippet.files.find((f) => f.name === target.fileName) };
    } else {
      picked = await pickFile(deps, target?.snippetGuid);
    }
    const file = picked?.file;
    if (!picked || !file) return false;
    // Files of snippets marked for it are VS Code snippets: inserted with their tab stops.
    const marker = setting(Settings.snippetSyntaxCategory);
    if (usesSnippetSyntax(picked.snippet, marker)) {
      return await editor.insertSnippet(new vscode.SnippetString(file.content), editor.selections);
    }
    return await editor.edit((b) => editor.selections.forEach((s) => b.replace(s, file.content)));
  } catch (err) {
    return reportFailure(deps, vscode.l10n.t('insert the snippet file'), err) ?? false;
  }
}

export async function copyFileContent(deps: AccountContext, arg: unknown): Promise<void> {
  const target = resolveTarget(arg);
  if (!target) return;
  try {
    const snippet = await deps.service.snippet(target.snippetGuid);
    const file = target.fileName
      ? snippet.files.find((f) => f.name === target.fileName)
      : snippet.files.length === 1
        ? snippet.files[0]
        : (await pickFile(deps, snippet.guid))?.file;
    if (!file) return;
    await vscode.env.clipboard.writeText(file.content);
    setStatusBarMessage(vscode.l10n.t('Copied "{0}" to the clipboard', file.name), 3000);
  } catch (err) {
    reportFailure(deps, vscode.l10n.t('copy the file'), err);
  }
}

export async function copySnippetGuid(arg: unknown): Promise<void> {
  const target = resolveTarget(arg);
  if (!target) return;
  await vscode.env.clipboard.writeText(target.snippetGuid);
  setStatusBarMessage(vscode.l10n.t('Copied snippet GUID {0}', target.snippetGuid), 3000);
}

/** A QuickPick of the files of loaded snippets (or of one snippet), with their first lines as a preview. */
export async function pickFile(
  deps: AccountContext,
  snippetGuid?: string,
  title = vscode.l10n.t('Insert Snippet File'),
): Promise<FilePick | undefined> {
  let snippets: Snippet[];
  if (snippetGuid) {
    snippets = [await deps.service.snippet(snippetGuid)];
  } else {
    await deps.service.ensureLoaded('mine');
    const seen = new Set<string>();
    snippets = (['mine', 'starred', 'browse'] as const)
      .flatMap((list) => deps.service.store.snippetsOf(list))
      .filter((s) => !seen.has(s.guid) && seen.add(s.guid));
  }
  const items: FilePick[] = snippets.flatMap((snippet) =>
    snippet.files.map((file) => ({
      iconPath: new vscode.ThemeIcon('file'),
      label: file.name,
      description: snippet.name,
      detail: preview(file.content),
      snippet,
      file,
    })),
  );
  if (items.length === 0) {
    void showInfo(vscode.l10n.t('No snippets are loaded yet: open the Snippets view, or create one first.'));
    return undefined;
  }
  return showSafeQuickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Type to find a file by name or snippet'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
}
