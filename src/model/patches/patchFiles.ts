// What makes a snippet a patch snippet, and how one is named and described. A snippet file is a
// patch by its name alone (`.patch`, `.diff`): the tree, the search results and completion tell
// it by that, without reading its text. The name, the file name and the description of a new
// patch snippet are built here from what git says about the repository.
import * as l10n from '@vscode/l10n';

const PATCH_NAME = /\.(?:patch|diff)$/i;

/** True when a snippet file's name says it holds a patch. */
export function isPatchFileName(fileName: string): boolean {
  return PATCH_NAME.test(fileName);
}

/** True when a snippet has files and every one of them is a patch. */
export function isPatchSnippet(snippet: { files: ReadonlyArray<{ name: string }> }): boolean {
  return snippet.files.length > 0 && snippet.files.every((f) => isPatchFileName(f.name));
}

/** Where a patch was made, as its description names it. */
export interface PatchOrigin {
  /** The repository's folder name. */
  repository: string;
  /** The branch; undefined on a detached HEAD. */
  branch: string | undefined;
  /** The commit the patch is made against; undefined before the first commit (the empty tree). */
  head: string | undefined;
}

/** The default name of a new patch snippet: `shop: main changes`. */
export function defaultPatchSnippetName(origin: PatchOrigin): string {
  return origin.branch === undefined
    ? l10n.t('{0}: changes', origin.repository)
    : l10n.t('{0}: {1} changes', origin.repository, origin.branch);
}

/** The commit as people write it: the first 7 characters of its id. */
export const shortCommit = (id: string): string => id.slice(0, 7);

/** The description of a new patch snippet: the repository, the branch and the base commit (short). */
export function patchDescription(origin: PatchOrigin): string {
  if (origin.head === undefined) {
    return origin.branch === undefined
      ? l10n.t('Patch of {0}, made before its first commit.', origin.repository)
      : l10n.t('Patch of {0} on branch {1}, made before its first commit.', origin.repository, origin.branch);
  }
  return origin.branch === undefined
    ? l10n.t('Patch of {0} at commit {1} (detached HEAD).', origin.repository, shortCommit(origin.head))
    : l10n.t(
        'Patch of {0} on branch {1}, against commit {2}.',
        origin.repository,
        origin.branch,
        shortCommit(origin.head),
      );
}

/**
 * The file name of a patch snippet named `name`: the name with every character a file name may not
 * hold (separators, controls, and what Windows refuses) made a dash, then `.patch`. A name that
 * already ends in `.patch` or `.diff` keeps its ending.
 */
export function patchFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  const base = cleaned === '' ? 'changes' : cleaned;
  return isPatchFileName(base) ? base : `${base}.patch`;
}
