// Changing own snippets: details, adding, renaming and deleting files, deleting the snippet.
// The prompts are here; each change itself is one call of the snippet core, which queues it
// behind other writes of the snippet and sends one GET and one PUT (or one DELETE).
import vscode = require('vscode');
import { showInfo, showWarning } from '../ui/notify';
import { showSafeInputBox } from '../ui/quickInputText';
import type { Snippet } from '../../api/types';
import { confirm } from '../ui/prompts';
import { withProgress } from '../ui/progress';
import { NotOwnerError } from '../../model/snippets/errors';
import {
  formatCategories,
  parseCategories,
  withFileDeleted,
  withFileRenamed,
  withFileAdded,
} from '../../model/snippets/edits';
import { askFileName } from './create';
import { fileUri, reportFailure, requireSignedIn, resolveTarget, type AccountContext } from '../ui/accountContext';
import { formatCount } from '../../util/localeFormat';

/**
 * Values for keybindings and automation; any value given is used instead of asking for it.
 * Nothing here skips a confirmation: deleting always asks.
 */
export interface EditOptions {
  name?: string;
  description?: string;
  categories?: string | string[];
  fileName?: string;
  newName?: string;
  content?: string;
}

export async function editDetails(
  deps: AccountContext,
  arg: unknown,
  options: EditOptions = {},
): Promise<Snippet | undefined> {
  return edit(
    deps,
    arg,
    (name) => vscode.l10n.t('edit the details of {0}', name),
    async (snippet) => {
      const name =
        options.name ??
        (await showSafeInputBox({
          title: vscode.l10n.t('Edit "{0}" (1/3)', snippet.name),
          prompt: vscode.l10n.t('Name'),
          value: snippet.name,
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A snippet needs a name.')),
        }));
      if (name === undefined) return undefined;
      const description =
        options.description ??
        (await showSafeInputBox({
          title: vscode.l10n.t('Edit "{0}" (2/3)', snippet.name),
          prompt: vscode.l10n.t('Description (may be empty)'),
          value: snippet.description ?? '',
          ignoreFocusOut: true,
        }));
      if (description === undefined) return undefined;
      const categoriesText =
        options.categories !== undefined
          ? [options.categories].flat().join(',')
          : await showSafeInputBox({
              title: vscode.l10n.t('Edit "{0}" (3/3)', snippet.name),
              prompt: vscode.l10n.t('Categories, separated by commas (may be empty)'),
              value: formatCategories(snippet.categories.map((c) => c.name)),
              ignoreFocusOut: true,
            });
      if (categoriesText === undefined) return undefined;
      const details = { name, description: description.trim(), categories: parseCategories(categoriesText) };
      return () => deps.service.writes.editDetails(snippet.guid, details);
    },
  );
}

export async function addFile(
  deps: AccountContext,
  arg: unknown,
  options: EditOptions = {},
): Promise<Snippet | undefined> {
  let added: string | undefined;
  const updated = await edit(
    deps,
    arg,
    (name) => vscode.l10n.t('add a file to {0}', name),
    async (snippet) => {
      const existing = snippet.files.map((f) => f.name);
      added =
        options.fileName ??
        (await askFileName('new.txt', existing, vscode.l10n.t('Add a file to "{0}"', snippet.name)));
      const fileName = added;
      if (fileName === undefined) return undefined;
      withFileAdded(snippet, fileName, ''); // refuses a name in use before anything is sent
      return () => deps.service.writes.addFile(snippet.guid, fileName, options.content ?? '');
    },
  );
  if (updated && added !== undefined) {
    await vscode.window.showTextDocument(fileUri(deps, updated, added), { preview: true });
  }
  return updated;
}

export async function renameFile(
  deps: AccountContext,
  arg: unknown,
  options: EditOptions = {},
): Promise<Snippet | undefined> {
  const target = resolveTarget(arg);
  const oldName = options.fileName ?? target?.fileName;
  if (!oldName) return notAFile();
  return edit(
    deps,
    target,
    (name) => vscode.l10n.t('rename {0} in {1}', oldName, name),
    async (snippet) => {
      const others = snippet.files.map((f) => f.name).filter((n) => n !== oldName);
      const newName = options.newName ?? (await askFileName(oldName, others, `Rename "${oldName}"`));
      if (newName === undefined || newName === oldName) return undefined;
      withFileRenamed(snippet, oldName, newName);
      return () => deps.service.writes.renameFile(snippet.guid, oldName, newName);
    },
  );
}

export async function deleteFile(
  deps: AccountContext,
  arg: unknown,
  options: EditOptions = {},
): Promise<Snippet | undefined> {
  const target = resolveTarget(arg);
  const fileName = options.fileName ?? target?.fileName;
  if (!fileName) return notAFile();
  return edit(
    deps,
    target,
    (name) => vscode.l10n.t('delete {0} from {1}', fileName, name),
    async (snippet) => {
      // Checked before asking: the last file cannot go, and the user should hear why at once.
      withFileDeleted(snippet, fileName);
      if (
        !(await confirm(
          vscode.l10n.t('Delete "{0}" from snippet "{1}"?', fileName, snippet.name),
          vscode.l10n.t('The file is removed on the server. This cannot be undone.'),
          vscode.l10n.t('Delete File'),
        ))
      ) {
        return undefined;
      }
      return () => deps.service.writes.deleteFile(snippet.guid, fileName);
    },
  );
}

export async function deleteSnippet(deps: AccountContext, arg: unknown): Promise<boolean> {
  const target = resolveTarget(arg);
  if (!target) return notASnippet() ?? false;
  if (!requireSignedIn(deps)) return false;
  try {
    const snippet = await deps.service.snippet(target.snippetGuid);
    if (!deps.service.mayWrite(snippet)) {
      throw new NotOwnerError(
        snippet,
        vscode.l10n.t('"{0}" belongs to another user: only its owner can delete it.', snippet.name),
      );
    }
    const detail =
      snippet.files.length === 1
        ? vscode.l10n.t('Its file and comments are deleted on the server for everyone. This cannot be undone.')
        : vscode.l10n.t(
            'Its {0} files and comments are deleted on the server for everyone. This cannot be undone.',
            formatCount(snippet.files.length, vscode.env.language),
          );
    if (
      !(await confirm(vscode.l10n.t('Delete snippet "{0}"?', snippet.name), detail, vscode.l10n.t('Delete Snippet')))
    ) {
      return false;
    }
    await withProgress('notification', vscode.l10n.t('Deleting snippet "{0}"…', snippet.name), () =>
      deps.service.writes.deleteSnippet(snippet.guid),
    );
    deps.log.info(`deleted snippet ${snippet.guid}`);
    return true;
  } catch (err) {
    reportFailure(deps, vscode.l10n.t('delete the snippet'), err);
    return false;
  }
}

/**
 * Delete Snippet with several snippet rows selected: one confirmation naming how many, then one
 * DELETE each. Rows may be of different accounts (each row brings its own deps); others'
 * snippets are left alone and the confirmation says how many.
 */
export async function deleteSnippets(rows: ReadonlyArray<{ deps: AccountContext; arg: unknown }>): Promise<number> {
  const first = rows[0]?.deps;
  if (!first || !requireSignedIn(first)) return 0;
  const targets = rows.flatMap(({ deps, arg }) => {
    const target = resolveTarget(arg);
    return target ? [{ deps, guid: target.snippetGuid }] : [];
  });
  let snippets: Array<{ deps: AccountContext; snippet: Snippet }>;
  try {
    snippets = await Promise.all(
      targets.map(async ({ deps, guid }) => ({ deps, snippet: await deps.service.snippet(guid) })),
    );
  } catch (err) {
    reportFailure(first, vscode.l10n.t('delete the snippets'), err);
    return 0;
  }
  // The same snippet selected twice (under My Snippets and a category) is deleted once.
  const own = snippets.filter(
    ({ deps, snippet }, i) =>
      deps.service.mayWrite(snippet) &&
      snippets.findIndex((o) => o.deps.service === deps.service && o.snippet.guid === snippet.guid) === i,
  );
  const others = new Set(
    snippets.filter(({ deps, snippet }) => !deps.service.mayWrite(snippet)).map(({ snippet }) => snippet.guid),
  ).size;
  if (own.length === 0) {
    void showWarning(vscode.l10n.t('The selected snippets belong to other users: only their owners can delete them.'));
    return 0;
  }
  const count = formatCount(own.length, vscode.env.language);
  const names =
    own
      .slice(0, 5)
      .map(({ snippet }) => `"${snippet.name}"`)
      .join(', ') + (own.length > 5 ? ', …' : '');
  const detail = [
    vscode.l10n.t(
      '{0}: their files and comments are deleted on the server for everyone. This cannot be undone.',
      names,
    ),
    others === 0
      ? ''
      : others === 1
        ? vscode.l10n.t('1 selected snippet of another user is not deleted.')
        : vscode.l10n.t(
            '{0} selected snippets of other users are not deleted.',
            formatCount(others, vscode.env.language),
          ),
  ]
    .filter(Boolean)
    .join('\n\n');
  if (
    own.length === 1
      ? !(await confirm(
          vscode.l10n.t('Delete snippet "{0}"?', own[0].snippet.name),
          detail,
          vscode.l10n.t('Delete Snippet'),
        ))
      : !(await confirm(vscode.l10n.t('Delete {0} snippets?', count), detail, vscode.l10n.t('Delete Snippets')))
  ) {
    return 0;
  }
  const results = await withProgress('notification', vscode.l10n.t('Deleting {0} snippets…', count), () =>
    Promise.allSettled(
      own.map(async ({ deps, snippet }) => {
        await deps.service.writes.deleteSnippet(snippet.guid);
        deps.log.info(`deleted snippet ${snippet.guid}`);
      }),
    ),
  );
  const failed = results.flatMap((r, i) =>
    r.status === 'rejected' ? [{ ...own[i], reason: r.reason as unknown }] : [],
  );
  if (failed.length > 0) {
    // One message: the first failure, naming how many could not be deleted.
    const action =
      failed.length === 1
        ? vscode.l10n.t('delete snippet "{0}"', failed[0].snippet.name)
        : vscode.l10n.t('delete {0} of the snippets', formatCount(failed.length, vscode.env.language));
    reportFailure(failed[0].deps, action, failed[0].reason);
  }
  return own.length - failed.length;
}

/** What an edit asks of the user, turned into the core call that makes it; undefined when cancelled. */
type Change = (known: Snippet) => Promise<(() => Promise<Snippet | undefined>) | undefined>;

/**
 * Asks with the snippet as loaded (prompts are prefilled from it), then has the core make the
 * change from the snippet as the server has it now, so files changed meanwhile are kept.
 */
async function edit(
  deps: AccountContext,
  arg: unknown,
  what: (name: string) => string,
  change: Change,
): Promise<Snippet | undefined> {
  const target = resolveTarget(arg);
  if (!target) return notASnippet();
  if (!requireSignedIn(deps)) return undefined;
  let name = vscode.l10n.t('the snippet');
  try {
    const known = await deps.service.snippet(target.snippetGuid);
    name = `"${known.name}"`;
    if (!deps.service.mayWrite(known)) throw new NotOwnerError(known);
    const make = await change(known);
    if (!make) return undefined;
    return await withProgress('notification', vscode.l10n.t('Updating snippet {0}…', name), make);
  } catch (err) {
    return reportFailure(deps, what(name), err);
  }
}

function notASnippet(): undefined {
  void showInfo(vscode.l10n.t('Choose a snippet in the Snippets view, or open one of its files, first.'));
  return undefined;
}

function notAFile(): undefined {
  void showInfo(vscode.l10n.t('Choose a snippet file in the Snippets view, or open it in an editor, first.'));
  return undefined;
}
