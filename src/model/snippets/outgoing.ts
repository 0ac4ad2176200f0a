// What leaves the machine as snippet content, described once for the check that runs before it
// is sent (the secret scan, in the editor layer): every create, every update of a snippet
// (saves, added and renamed files, edited details and categories, drops on a category) and every
// comment pass through here. Names are texts like contents: the snippet's, each file's and each
// category's.
// An update sends the whole snippet, but only what differs from the server's copy is the user's
// new doing, so only that is described, with the text it replaces. No `vscode` here.
import * as l10n from '@vscode/l10n';
import type { Snippet, UpdateSnippetRequest } from '../../api/types';

/** Where the user can edit a text: a document (as a URI string) and the line its text starts at. */
export interface TextSource {
  uri: string;
  /** 0-based line of the document where the text's first line is. */
  line: number;
}

export interface OutgoingText {
  /** What the text is, as a finding names it: a file name, or "snippet name", "description", "comment". */
  label: string;
  /** The file name a server rule's path expression is matched against; absent for names and comments. */
  path?: string;
  text: string;
  /** The server's text this replaces: what is already there was sent before. */
  previous?: string;
  source?: TextSource;
}

export interface Outgoing {
  /** The snippet it goes to or comes with: for an update or a comment, the server's; for a create, the name given. */
  snippet: { guid?: string; name: string };
  texts: OutgoingText[];
}

/**
 * Decides whether outgoing text may be sent: resolves to send it, throws `SendDeclinedError` when
 * the user chose not to (or any error to stop the send).
 */
export type OutgoingCheck = ((outgoing: Outgoing) => Promise<void>) & {
  /** Gets the check ready ahead of a send (the secret scan starts its worker), while the user is still asked. */
  prepare?: () => void;
  /**
   * Starts the check of what a send is expected to be (a save's body made from the store's copy)
   * while the send still waits for the server; the send's own check uses its result only when it
   * checks exactly the same. Returns what ends it: called once the send's check is done, or the
   * send ended without one.
   */
  ahead?: (outgoing: Outgoing) => () => void;
};

/** The user chose not to send (Cancel, or Open to Edit): nothing was sent, and nothing more is to be said. */
export class SendDeclinedError extends Error {
  constructor(readonly openedToEdit: boolean) {
    super(
      openedToEdit
        ? l10n.t('Not sent: opened to edit what the secret scan found.')
        : l10n.t('Not sent: cancelled after the secret scan.'),
    );
    this.name = 'SendDeclinedError';
  }
}

export const SNIPPET_NAME_LABEL = (): string => l10n.t('snippet name');
export const DESCRIPTION_LABEL = (): string => l10n.t('description');
export const COMMENT_LABEL = (): string => l10n.t('comment');
export const FILE_NAME_LABEL = (fileName: string): string => l10n.t('name of file {0}', fileName);
export const CATEGORY_LABEL = (category: string): string => l10n.t('category {0}', category);

/** A new file of a create, with where its text came from when the user can open it there. */
export interface OutgoingFile {
  name: string;
  content: string;
  source?: TextSource;
}

/** Everything a create sends: the snippet's name, description and categories, and each file's name and text. */
export function outgoingOfCreate(
  files: readonly OutgoingFile[],
  details: { name: string; description?: string; categories?: readonly string[] },
): Outgoing {
  const texts: OutgoingText[] = [{ label: SNIPPET_NAME_LABEL(), text: details.name }];
  if (details.description) texts.push({ label: DESCRIPTION_LABEL(), text: details.description });
  for (const category of details.categories ?? []) texts.push({ label: CATEGORY_LABEL(category), text: category });
  for (const file of files) {
    texts.push({ label: FILE_NAME_LABEL(file.name), text: file.name });
    texts.push({
      label: file.name,
      path: file.name,
      text: file.content,
      ...(file.source ? { source: file.source } : {}),
    });
  }
  return { snippet: { name: details.name }, texts };
}

/**
 * What an update sends that the server does not have yet: a changed name or description, a
 * category the snippet does not have, a new file name, and each file text that is not already one of the snippet's (a renamed file's text
 * is), with the text of the file of the same name it replaces.
 */
export function outgoingOfUpdate(fresh: Snippet, body: UpdateSnippetRequest): Outgoing {
  const texts: OutgoingText[] = [];
  if (body.name !== fresh.name) texts.push({ label: SNIPPET_NAME_LABEL(), text: body.name, previous: fresh.name });
  if (body.description !== (fresh.description ?? '') && body.description) {
    texts.push({ label: DESCRIPTION_LABEL(), text: body.description, previous: fresh.description ?? '' });
  }
  const freshCategories = new Set(fresh.categories.map((c) => c.name));
  for (const category of body.categories) {
    if (!freshCategories.has(category)) texts.push({ label: CATEGORY_LABEL(category), text: category });
  }
  const freshContents = new Set(fresh.files.map((f) => f.content));
  for (const file of body.files) {
    const before = fresh.files.find((f) => f.name === file.name);
    if (!before) texts.push({ label: FILE_NAME_LABEL(file.name), text: file.name });
    if (freshContents.has(file.content)) continue;
    texts.push({
      label: file.name,
      path: file.name,
      text: file.content,
      ...(before ? { previous: before.content } : {}),
    });
  }
  return { snippet: { guid: fresh.guid, name: fresh.name }, texts };
}

/** A comment's text; an edit replaces `previous`. */
export function outgoingOfComment(snippet: { guid: string; name: string }, text: string, previous?: string): Outgoing {
  return { snippet, texts: [{ label: COMMENT_LABEL(), text, ...(previous !== undefined ? { previous } : {}) }] };
}
