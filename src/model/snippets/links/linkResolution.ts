// What a `vscode://` snippet link leads to, decided without `vscode` so each outcome is
// unit-tested: open a file (or the snippet), ask the user to sign in, or say why nothing opens.
// The link never decides on an account: being signed in elsewhere or not at all ends in a
// message with a Sign In choice for the user, never a silent sign-in or switch.
import { isSameServer, linkServerHost, parseSnippetLink, type SnippetLinkTarget } from './links';
import * as l10n from '@vscode/l10n';

interface LinkedSnippet {
  name: string;
  files: readonly { name: string }[];
}

export interface LinkResolutionDeps {
  /** The base URL of the signed-in account; undefined when signed out. */
  signedInServerUrl: string | undefined;
  /** The snippet from the signed-in server; rejects when it cannot be read. */
  getSnippet(snippetGuid: string): Promise<LinkedSnippet>;
  /** True for the failure of a snippet that is not there (deleted, or never visible to this user). */
  isNotFound(err: unknown): boolean;
}

export type LinkOutcome =
  /** Open `fileName` (at `line`), or the snippet alone when the link names no file. */
  | { kind: 'open'; snippetGuid: string; fileName: string | undefined; line: number | undefined; snippetName: string }
  /** Say so, and offer Sign In. */
  | { kind: 'sign-in'; message: string }
  /** Say so; nothing opens. */
  | { kind: 'refused'; message: string }
  /** Reading the snippet failed for another reason: reported as any other request failure. */
  | { kind: 'failed'; error: unknown };

export async function resolveSnippetLink(path: string, query: string, deps: LinkResolutionDeps): Promise<LinkOutcome> {
  const parsed = parseSnippetLink(path, query);
  if (!parsed.ok) return { kind: 'refused', message: parsed.problem };
  const target = parsed.target;
  const host = linkServerHost(target.serverUrl);
  if (deps.signedInServerUrl === undefined) {
    return {
      kind: 'sign-in',
      message: l10n.t(
        'This snippet link is for {0}, and you are not signed in. Sign in to {1} to open it.',
        host,
        target.serverUrl,
      ),
    };
  }
  if (!isSameServer(target.serverUrl, deps.signedInServerUrl)) {
    return {
      kind: 'sign-in',
      message: l10n.t(
        'This snippet link is for {0}, but you are signed in to {1}. Sign in to {2} to open it.',
        target.serverUrl,
        deps.signedInServerUrl,
        host,
      ),
    };
  }
  let snippet: LinkedSnippet;
  try {
    snippet = await deps.getSnippet(target.snippetGuid);
  } catch (err) {
    if (deps.isNotFound(err)) {
      return {
        kind: 'refused',
        message: l10n.t('The snippet of this link is not on {0}: it was deleted, or you may not see it.', host),
      };
    }
    return { kind: 'failed', error: err };
  }
  return fileOutcome(snippet, target);
}

function fileOutcome(snippet: LinkedSnippet, target: SnippetLinkTarget): LinkOutcome {
  const open = { kind: 'open' as const, snippetGuid: target.snippetGuid, line: target.line, snippetName: snippet.name };
  if (target.fileName === undefined) return { ...open, fileName: undefined };
  if (!snippet.files.some((f) => f.name === target.fileName)) {
    return {
      kind: 'refused',
      message: l10n.t(
        '"{0}" has no file "{1}" any more: it may have been renamed or deleted.',
        snippet.name,
        target.fileName,
      ),
    };
  }
  return { ...open, fileName: target.fileName };
}
