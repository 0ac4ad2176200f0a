// Changing own snippets: details, adding, renaming and deleting files, deleting the snippet.
// Each change sends one update (after one GET, since an update replaces every file and must start
// from the snippet as the server has it now) or one delete; bodies come from the pure save logic.
import * as vscode from 'vscode';
import type { Snippet, UpdateSnippetRequest } from '../../api/types';
import { formatCategories, parseCategories, SnippetEditError, withDetails, withFileAdded, withFileDeleted, withFileRenamed } from '../fs/saveLogic';
import { fileUriFor } from '../fs/provider';
import { askFileName } from './create';
import { freshOwnSnippet, knownSnippet, reportFailure, requireClient, resolveTarget, withProgress, type CommandDeps } from './context';

/** Automation arguments; any value given is used instead of asking. */
export interface EditOptions {
  name?: string;
  description?: string;
  categories?: string | string[];
  fileName?: string;
  newName?: string;
  content?: string;
  /** Skips the modal confirmation of a delete. */
  confirm?: boolean;
}

export async function editDetails(deps: CommandDeps, arg: unknown, options: EditOptions = {}): Promise<Snippet | undefined> {
  return edit(deps, arg, 'edit the details of', async (snippet) => {
    const name =
      options.name ??
      (await vscode.window.showInputBox({
        title: `Edit "${snippet.name}" (1/3)`,
        prompt: 'Name',
        value: snippet.name,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'A snippet needs a name.'),
      }));
    if (name === undefined) return undefined;
    const description =
      options.description ??
      (await vscode.window.showInputBox({ title: `Edit "${snippet.name}" (2/3)`, prompt: 'Description (may be empty)', value: snippet.description ?? '', ignoreFocusOut: true }));
    if (description === undefined) return undefined;
    const categoriesText =
      options.categories !== undefined
        ? [options.categories].flat().join(',')
        : await vscode.window.showInputBox({
            title: `Edit "${snippet.name}" (3/3)`,
            prompt: 'Categories, separated by commas (may be empty)',
            value: formatCategories(snippet.categories.map((c) => c.name)),
            ignoreFocusOut: true,
          });
    if (categoriesText === undefined) return undefined;
    const details = { name, description: description.trim(), categories: parseCategories(categoriesText) };
    return (fresh) => withDetails(fresh, details);
  });
}

export async function addFile(deps: CommandDeps, arg: unknown, options: EditOptions = {}): Promise<Snippet | undefined> {
  let added: string | undefined;
  const updated = await edit(deps, arg, 'add a file to', async (snippet) => {
    const existing = snippet.files.map((f) => f.name);
    added = options.fileName ?? (await askFileName('new.txt', existing, `Add a file to "${snippet.name}"`));
    const fileName = added;
    if (fileName === undefined) return undefined;
    withFileAdded(snippet, fileName, ''); // refuses a name in use before anything is sent
    return (fresh) => withFileAdded(fresh, fileName, options.content ?? '');
  });
  if (updated && added !== undefined) await vscode.window.showTextDocument(fileUriFor(deps.session, updated.guid, added), { preview: true });
  return updated;
}

export async function renameFile(deps: CommandDeps, arg: unknown, options: EditOptions = {}): Promise<Snippet | undefined> {
  const target = resolveTarget(arg);
  const oldName = options.fileName ?? target?.fileName;
  if (!oldName) return notAFile();
  return edit(deps, target, `rename ${oldName} in`, async (snippet) => {
    const others = snippet.files.map((f) => f.name).filter((n) => n !== oldName);
    const newName = options.newName ?? (await askFileName(oldName, others, `Rename "${oldName}"`));
    if (newName === undefined || newName === oldName) return undefined;
    withFileRenamed(snippet, oldName, newName);
    return (fresh) => withFileRenamed(fresh, oldName, newName);
  });
}

export async function deleteFile(deps: CommandDeps, arg: unknown, options: EditOptions = {}): Promise<Snippet | undefined> {
  const target = resolveTarget(arg);
  const fileName = options.fileName ?? target?.fileName;
  if (!fileName) return notAFile();
  return edit(deps, target, `delete ${fileName} from`, async (snippet) => {
    // Checked before asking: the last file cannot go, and the user should hear why at once.
    withFileDeleted(snippet, fileName);
    if (!options.confirm) {
      const choice = await vscode.window.showWarningMessage(
        `Delete "${fileName}" from snippet "${snippet.name}"?`,
        { modal: true, detail: 'The file is removed on the server. This cannot be undone.' },
        'Delete File',
      );
      if (choice !== 'Delete File') return undefined;
    }
    return (fresh) => withFileDeleted(fresh, fileName);
  });
}

export async function deleteSnippet(deps: CommandDeps, arg: unknown, options: EditOptions = {}): Promise<boolean> {
  const target = resolveTarget(arg);
  if (!target) return notASnippet() ?? false;
  const client = requireClient(deps);
  if (!client) return false;
  try {
    const snippet = await knownSnippet(deps, target.snippetGuid);
    if (!deps.fs.isOwn(snippet)) throw new SnippetEditError(`"${snippet.name}" belongs to another user: only its owner can delete it.`);
    if (!options.confirm) {
      const files = snippet.files.length === 1 ? '1 file' : `${snippet.files.length} files`;
      const choice = await vscode.window.showWarningMessage(
        `Delete snippet "${snippet.name}"?`,
        { modal: true, detail: `Its ${files} and comments are deleted on the server for everyone. This cannot be undone.` },
        'Delete Snippet',
      );
      if (choice !== 'Delete Snippet') return false;
    }
    await withProgress(`Deleting snippet "${snippet.name}"…`, () => client.deleteSnippet(snippet.guid));
    deps.log.info(`deleted snippet ${snippet.guid}`);
    deps.store.remove(snippet.guid);
    return true;
  } catch (err) {
    reportFailure(deps, 'delete the snippet', err);
    return false;
  }
}

/** What an edit asks of the user, turned into a body for the fresh snippet; undefined when cancelled. */
type Change = (known: Snippet) => Promise<((fresh: Snippet) => UpdateSnippetRequest) | undefined>;

/**
 * Asks with the snippet as loaded (prompts are prefilled from it), then fetches it fresh and
 * builds the body from that: the update replaces every file, so files changed meanwhile on
 * the server are kept. One GET and one PUT.
 */
async function edit(deps: CommandDeps, arg: unknown, what: string, change: Change): Promise<Snippet | undefined> {
  const target = resolveTarget(arg);
  if (!target) return notASnippet();
  const client = requireClient(deps);
  if (!client) return undefined;
  let name = 'the snippet';
  try {
    const known = await knownSnippet(deps, target.snippetGuid);
    name = `"${known.name}"`;
    if (!deps.fs.isOwn(known)) throw new SnippetEditError(`${name} belongs to another user: only its owner can change it.`);
    const build = await change(known);
    if (!build) return undefined;
    // Queued behind any save of the same snippet, so neither update drops the other's change.
    return await deps.store.exclusive(known.guid, async () => {
      const fresh = await freshOwnSnippet(deps, known.guid);
      const body = build(fresh);
      const updated = await withProgress(`Updating snippet ${name}…`, () => client.updateSnippet(fresh.guid, body));
      deps.store.put(updated);
      return updated;
    });
  } catch (err) {
    return reportFailure(deps, `${what} ${name}`, err);
  }
}

function notASnippet(): undefined {
  void vscode.window.showInformationMessage('Choose a snippet in the Snippets view, or open one of its files, first.');
  return undefined;
}

function notAFile(): undefined {
  void vscode.window.showInformationMessage('Choose a snippet file in the Snippets view, or open it in an editor, first.');
  return undefined;
}
