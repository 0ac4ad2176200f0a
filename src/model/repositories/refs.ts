// Refs as the Pages app names them (full names: refs/heads/…, refs/tags/…): checking a name a
// user typed, the order the panel lists them in, and the refs a local clone has. Shared by the
// git layer (which reads them) and the settings panel (which lists them). Pure logic, no `vscode`.

import * as l10n from '@vscode/l10n';

export type RefKind = 'branch' | 'tag';

export interface RefEntry {
  /** Full name, e.g. `refs/heads/main`. */
  refId: string;
  kind: RefKind;
  /** Name without the refs/heads/ or refs/tags/ prefix. */
  name: string;
}

/** The branches and tags of a local clone, as the git layer reads them. */
export interface LocalRefs {
  refs: RefEntry[];
  /** The branch to list first (HEAD's upstream branch, main or master). */
  defaultBranch: string | undefined;
}

const PREFIXES: Record<RefKind, string> = { branch: 'refs/heads/', tag: 'refs/tags/' };

/** Why a full ref name is not one the Pages app can publish, or undefined when it is fine (git check-ref-format rules). */
export function refNameProblem(refId: string): string | undefined {
  const kind = refKind(refId);
  if (!kind) return l10n.t('Give the full name: refs/heads/<branch> or refs/tags/<tag>.');
  const name = refId.slice(PREFIXES[kind].length);
  if (name === '') {
    return kind === 'branch'
      ? l10n.t('The branch name after {0} is missing.', PREFIXES[kind])
      : l10n.t('The tag name after {0} is missing.', PREFIXES[kind]);
  }
  if (refId.length > 1024) return l10n.t('The name is too long.');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) {
    return l10n.t('A ref name cannot contain spaces, control characters or any of ~ ^ : ? * [ \\.');
  }
  if (name.includes('..')) return l10n.t('A ref name cannot contain "..".');
  if (name.includes('@{') || name === '@') return l10n.t('A ref name cannot contain "@{" or be "@".');
  if (name.includes('//') || name.endsWith('/')) return l10n.t('A ref name cannot contain "//" or end with "/".');
  if (name.endsWith('.') || name.split('/').some((c) => c.startsWith('.') || c.endsWith('.lock'))) {
    return l10n.t('No part of a ref name may start with "." or end with ".lock", and the name cannot end with ".".');
  }
  return undefined;
}

export function refKind(refId: string): RefKind | undefined {
  if (refId.startsWith(PREFIXES.branch)) return 'branch';
  if (refId.startsWith(PREFIXES.tag)) return 'tag';
  return undefined;
}

export function refEntry(refId: string): RefEntry | undefined {
  const kind = refKind(refId);
  return kind ? { refId, kind, name: refId.slice(PREFIXES[kind].length) } : undefined;
}

export const branchRef = (name: string): string => PREFIXES.branch + name;
export const tagRef = (name: string): string => PREFIXES.tag + name;

/** The branch to list first: HEAD's upstream branch when there is one, else main, else master. */
export function defaultBranch(branchNames: readonly string[], upstreamName?: string): string | undefined {
  if (upstreamName && branchNames.includes(upstreamName)) return upstreamName;
  return ['main', 'master'].find((b) => branchNames.includes(b));
}

/**
 * The panel's order: the default branch first, then other branches, then tags (newest-looking
 * versions first is guesswork, so plain name order), each ref once.
 */
export function orderRefs(refs: readonly RefEntry[], defaultBranchName?: string): RefEntry[] {
  const unique = new Map<string, RefEntry>();
  for (const r of refs) if (!unique.has(r.refId)) unique.set(r.refId, r);
  const rank = (r: RefEntry): number =>
    r.kind === 'branch' && r.name === defaultBranchName ? 0 : r.kind === 'branch' ? 1 : 2;
  return [...unique.values()].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
