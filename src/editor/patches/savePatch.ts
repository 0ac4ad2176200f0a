// Save Changes as Patch Snippet…: a repository's changes as a snippet with one `<name>.patch` file,
// made by the patch core with git itself (staged and unstaged changes, binary files, the new files
// the user chose). Started from the Source Control view (its title: the repository; a group or
// selected files: those files) or the Command Palette. The patch is made before any name is asked,
// so an empty or too large change is said at once; it is created through the create commands' path
// (one POST, and one PUT for its description and categories), where the secret scan runs too.
import * as path from 'node:path';
import vscode = require('vscode');
import type { Snippet } from '../../api/types';
import { makePatch, type MadePatch, type PatchScope } from '../../model/patches';
import {
  defaultPatchSnippetName,
  patchDescription,
  patchFileName,
  type PatchOrigin,
} from '../../model/patches/patchFiles';
import { parseCategories } from '../../model/snippets/edits';
import type { GitRepositories } from '../repositories/gitApi';
import { withProgress } from '../ui/progress';
import { input, pick, pickMany } from '../ui/prompts';
import { requireSignedIn, type AccountContext } from '../ui/accountContext';
import { reportPatchFailure } from './patchFailure';
import { chooseTree, treeName, type ChosenTree } from './workingTrees';

const TITLE = vscode.l10n.t('Bitbucket Snippets: Save Changes as Patch Snippet');

/** What the Source Control view passed: a repository, a group's files, or selected files. */
interface StartedFrom {
  /** A file or folder of the repository. */
  hint?: vscode.Uri;
  /** Files chosen in the view; undefined from the view's title or the Palette. */
  selected?: vscode.Uri[];
}

const isUri = (value: unknown): value is vscode.Uri => value instanceof vscode.Uri;

/** Reads the arguments of scm/title (a SourceControl), scm/resourceGroup/context (groups) and scm/resourceState/context (resource states). */
function startedFrom(args: readonly unknown[]): StartedFrom {
  const selected: vscode.Uri[] = [];
  let hint: vscode.Uri | undefined;
  let fromFiles = false;
  for (const arg of args.flat()) {
    if (typeof arg !== 'object' || arg === null) continue;
    const { rootUri, resourceUri, resourceStates } = arg as {
      rootUri?: unknown;
      resourceUri?: unknown;
      resourceStates?: unknown;
    };
    if (isUri(resourceUri)) {
      selected.push(resourceUri);
      fromFiles = true;
    } else if (Array.isArray(resourceStates)) {
      fromFiles = true;
      for (const state of resourceStates as Array<{ resourceUri?: unknown }>) {
        if (isUri(state?.resourceUri)) selected.push(state.resourceUri);
      }
    } else if (isUri(rootUri)) {
      hint = rootUri;
    }
  }
  return { hint: hint ?? selected[0], selected: fromFiles ? selected : undefined };
}

const relativeTo = (chosen: ChosenTree, uri: vscode.Uri): string =>
  path.relative(chosen.tree.root.fsPath, uri.fsPath).split(path.sep).join('/');

interface ScopeItem extends vscode.QuickPickItem {
  scope: 'all' | 'staged' | 'selected';
}

async function askScope(chosen: ChosenTree, selected: string[] | undefined): Promise<ScopeItem['scope'] | undefined> {
  const { tree } = chosen;
  const items: ScopeItem[] = [];
  if (selected) {
    items.push({ label: vscode.l10n.t('The selected files'), description: selected.join(', '), scope: 'selected' });
  }
  items.push(
    {
      label: vscode.l10n.t('All changes'),
      description: vscode.l10n.t('staged and unstaged, against the last commit'),
      scope: 'all',
    },
    {
      label: vscode.l10n.t('Staged changes only'),
      description: vscode.l10n.t('{0} staged file(s)', tree.staged.length),
      scope: 'staged',
    },
  );
  const chosenItem = await pick(items, {
    title: `${TITLE} (1/4)`,
    placeHolder: vscode.l10n.t('Which changes of {0} go into the patch?', treeName(tree)),
  });
  return chosenItem?.scope;
}

/** The new files to include: none unless chosen (those selected in the view come chosen). */
async function askUntracked(
  chosen: ChosenTree,
  candidates: string[],
  selected: ReadonlySet<string>,
): Promise<string[] | undefined> {
  if (candidates.length === 0) return [];
  const items = candidates.map((name) => ({
    label: name,
    picked: selected.has(name),
    iconPath: new vscode.ThemeIcon('new-file'),
  }));
  const chosenItems = await pickMany(items, {
    title: `${TITLE} (2/4)`,
    placeHolder: vscode.l10n.t(
      'New files of {0} that git does not track yet: check those to include (none by default)',
      treeName(chosen.tree),
    ),
  });
  return chosenItems?.map((item) => item.label);
}

async function askNameAndCategories(
  made: MadePatch,
  origin: PatchOrigin,
): Promise<{ name: string; categories: string[] } | undefined> {
  const name = await input({
    title: `${TITLE} (3/4)`,
    prompt: vscode.l10n.t('Name of the patch snippet (its file is the name with .patch)'),
    value: defaultPatchSnippetName(origin),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A snippet needs a name.')),
  });
  if (name === undefined) return undefined;
  const categories = await input({
    title: `${TITLE} (4/4)`,
    prompt: vscode.l10n.t(
      'Categories, separated by commas (optional; none by default). Categories are shared with the whole team: every user sees them. The patch is {0} KB.',
      Math.ceil(made.bytes / 1024),
    ),
    ignoreFocusOut: true,
  });
  if (categories === undefined) return undefined;
  return { name: name.trim(), categories: parseCategories(categories) };
}

export async function savePatchAsSnippet(
  git: GitRepositories,
  deps: AccountContext,
  args: readonly unknown[],
): Promise<Snippet | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const from = startedFrom(args);
  const chosen = await chooseTree(git, TITLE, from.hint);
  if (!chosen) return undefined;
  const untrackedNow = chosen.tree.untracked.map((uri) => relativeTo(chosen, uri));
  const selected = from.selected?.map((uri) => relativeTo(chosen, uri)).filter((p) => p !== '' && !p.startsWith('..'));
  const scopeKind = await askScope(chosen, selected);
  if (!scopeKind) return undefined;
  const selectedNew = new Set(scopeKind === 'selected' ? (selected ?? []).filter((p) => untrackedNow.includes(p)) : []);
  const untracked = await askUntracked(chosen, untrackedNow, selectedNew);
  if (!untracked) return undefined;
  const scope: PatchScope =
    scopeKind === 'selected' ? { paths: (selected ?? []).filter((p) => !untrackedNow.includes(p)) } : scopeKind;
  const action = vscode.l10n.t('save the changes of {0} as a patch', treeName(chosen.tree));
  let made: MadePatch;
  try {
    made = await withProgress('notification', vscode.l10n.t('Making the patch of {0}…', treeName(chosen.tree)), () =>
      makePatch(chosen.git, { folder: chosen.tree.root.fsPath, scope, untracked }),
    );
  } catch (err) {
    reportPatchFailure(deps, deps.log, action, err);
    return undefined;
  }
  const origin: PatchOrigin = {
    repository: path.basename(made.state.root) || treeName(chosen.tree),
    branch: made.state.branch,
    head: made.state.head,
  };
  const details = await askNameAndCategories(made, origin);
  if (!details) return undefined;
  const file = patchFileName(details.name);
  deps.log.info(`saving a patch of ${made.bytes} bytes from ${made.state.root} as ${file}`);
  return deps.createAndOpen(
    [{ name: file, content: made.text }],
    { name: details.name, description: patchDescription(origin), categories: details.categories },
    vscode.l10n.t('Creating patch snippet "{0}"…', details.name),
  );
}
