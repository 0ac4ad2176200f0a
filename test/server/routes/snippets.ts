// The snippets app: `/rest/snippets/1.0/snippets...`, 13 operations.
//
// Who may do what (the spec leaves it open; these are this server's rules, which clients may rely on):
// - an owner always sees their snippets; others see a snippet only while `isVisible` is true,
//   and an invisible snippet of someone else is simply "not found";
// - only the owner updates or deletes a snippet; anyone who can see it comments on it;
// - only a comment's author updates or deletes it (401 "not permitted" otherwise).
// Listings are newest first by `updatedAt`; starred entries by `starredAt`.

import { randomUUID } from 'node:crypto';
import type { Comment, Snippet, SnippetFile, StarredEntry } from '../../../src/api/types';
import { userByName, type User } from '../directory';
import {
  isPlainObject,
  noContent,
  type FieldError,
  notFound,
  notPermitted,
  ok,
  pageParams,
  paginate,
  validationFailed,
  type Reply,
} from '../http';
import type { Route, RouteRequest } from '../router';

const BASE = '/snippets/1.0/snippets';

export const snippetRoutes: readonly Route[] = [
  // Literal paths first, so `starred` and `browse` are not taken for guids.
  { method: 'GET', path: BASE, handle: listOwn },
  { method: 'POST', path: BASE, handle: createSnippet },
  { method: 'GET', path: `${BASE}/starred`, handle: listStarred },
  { method: 'GET', path: `${BASE}/browse`, handle: browse },
  { method: 'GET', path: `${BASE}/categories/{guid}`, handle: listCategory },
  { method: 'GET', path: `${BASE}/{guid}`, handle: (r) => ok(visibleSnippet(r, r.params.guid)) },
  { method: 'PUT', path: `${BASE}/{guid}`, handle: updateSnippet },
  { method: 'DELETE', path: `${BASE}/{guid}`, handle: deleteSnippet },
  { method: 'POST', path: `${BASE}/{guid}/comments`, handle: createComment },
  { method: 'GET', path: `${BASE}/{guid}/comments/{commentGuid}`, handle: (r) => ok(findComment(r).comment) },
  { method: 'PUT', path: `${BASE}/{guid}/comments/{commentGuid}`, handle: updateComment },
  { method: 'DELETE', path: `${BASE}/{guid}/comments/{commentGuid}`, handle: deleteComment },
];

function canSee(user: User, snippet: Snippet): boolean {
  return snippet.userId === user.id || snippet.isVisible;
}

function newestFirst(a: Snippet, b: Snippet): number {
  return b.updatedAt - a.updatedAt || b.createdAt - a.createdAt;
}

function visibleSnippets({ state, user }: RouteRequest): Snippet[] {
  return state.data.snippets.filter((s) => canSee(user, s)).sort(newestFirst);
}

function listOwn(request: RouteRequest): Reply {
  const own = request.state.data.snippets.filter((s) => s.userId === request.user.id).sort(newestFirst);
  return ok(paginate(own, pageParams(request.query)));
}

function listStarred(request: RouteRequest): Reply {
  const { state, user } = request;
  const entries: StarredEntry[] = state.data.stars
    .filter((star) => star.userId === user.id)
    .sort((a, b) => b.starredAt - a.starredAt)
    .flatMap((star) => {
      const snippet = state.snippet(star.snippetGuid);
      return snippet && canSee(user, snippet) ? [{ snippet, userId: star.userId, starredAt: star.starredAt }] : [];
    });
  return ok(paginate(entries, pageParams(request.query)));
}

/** All visible snippets, or one user's; an unknown user name gives an empty page. */
function browse(request: RouteRequest): Reply {
  const username = request.query.get('username');
  let snippets = visibleSnippets(request);
  if (username !== null) {
    const owner = userByName(username);
    snippets = owner ? snippets.filter((s) => s.userId === owner.id) : [];
  }
  return ok(paginate(snippets, pageParams(request.query)));
}

/** Entries carry the owner as `userId` and the snippet's `updatedAt` as `starredAt`. */
function listCategory(request: RouteRequest): Reply {
  const entries: StarredEntry[] = visibleSnippets(request)
    .filter((s) => s.categories.some((c) => c.guid === request.params.guid))
    .map((snippet) => ({ snippet, userId: snippet.userId, starredAt: snippet.updatedAt }));
  return ok(paginate(entries, pageParams(request.query)));
}

function visibleSnippet({ state, user }: RouteRequest, guid: string): Snippet {
  const snippet = state.snippet(guid);
  if (!snippet || !canSee(user, snippet)) throw notFound(`Snippet ${guid} does not exist.`);
  return snippet;
}

function ownSnippet(request: RouteRequest): Snippet {
  const snippet = visibleSnippet(request, request.params.guid);
  if (snippet.userId !== request.user.id) throw notPermitted();
  return snippet;
}

function createSnippet(request: RouteRequest): Reply {
  const fields = checkSnippetBody(request.json());
  const { state, user } = request;
  const now = state.now();
  const snippet: Snippet = {
    guid: randomUUID(),
    name: fields.name,
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    categories: fields.categories.map((n) => state.category(n)),
    isVisible: true,
    isPublic: false,
    userId: user.id,
    createdAt: now,
    updatedAt: now,
    files: fields.files,
    comments: [],
  };
  state.data.snippets.push(snippet);
  state.changed();
  return ok(snippet);
}

/**
 * Replaces name, description, categories and files (each file gets a new guid); a missing
 * description removes it. `isVisible` and `isPublic` may be sent as booleans to change them;
 * left out, they stay as they are.
 */
function updateSnippet(request: RouteRequest): Reply {
  const snippet = ownSnippet(request);
  const fields = checkSnippetBody(request.json());
  const { state } = request;
  snippet.name = fields.name;
  if (fields.description !== undefined) snippet.description = fields.description;
  else delete snippet.description;
  snippet.categories = fields.categories.map((n) => state.category(n));
  snippet.files = fields.files;
  snippet.isVisible = fields.isVisible ?? snippet.isVisible;
  snippet.isPublic = fields.isPublic ?? snippet.isPublic;
  snippet.updatedAt = state.now(snippet.updatedAt);
  state.changed();
  return ok(snippet);
}

/** Answers 204 without a body; the snippet's stars go with it. */
function deleteSnippet(request: RouteRequest): Reply {
  const snippet = ownSnippet(request);
  const { data } = request.state;
  data.snippets = data.snippets.filter((s) => s !== snippet);
  data.stars = data.stars.filter((star) => star.snippetGuid !== snippet.guid);
  request.state.changed();
  return noContent();
}

function findComment(request: RouteRequest): { snippet: Snippet; comment: Comment } {
  const snippet = visibleSnippet(request, request.params.guid);
  const comment = snippet.comments.find((c) => c.guid === request.params.commentGuid);
  if (!comment) throw notFound(`Comment ${request.params.commentGuid} does not exist.`);
  return { snippet, comment };
}

function ownComment(request: RouteRequest): { snippet: Snippet; comment: Comment } {
  const found = findComment(request);
  if (found.comment.userId !== request.user.id) throw notPermitted();
  return found;
}

function createComment(request: RouteRequest): Reply {
  const snippet = visibleSnippet(request, request.params.guid);
  const text = checkText(request.json());
  const now = request.state.now();
  const comment: Comment = { guid: randomUUID(), text, userId: request.user.id, createdAt: now, updatedAt: now };
  snippet.comments.push(comment);
  request.state.changed();
  return ok(comment);
}

function updateComment(request: RouteRequest): Reply {
  const { comment } = ownComment(request);
  comment.text = checkText(request.json());
  comment.updatedAt = request.state.now(comment.updatedAt);
  request.state.changed();
  return ok(comment);
}

function deleteComment(request: RouteRequest): Reply {
  const { snippet, comment } = ownComment(request);
  snippet.comments = snippet.comments.filter((c) => c !== comment);
  request.state.changed();
  return noContent();
}

// Validation. Every field is checked before anything changes, and one 400 names every bad field.

interface SnippetFields {
  name: string;
  description?: string;
  categories: string[];
  files: SnippetFile[];
  isVisible?: boolean;
  isPublic?: boolean;
}

/**
 * The body of create and update. Create needs only `name` and `files`; `description` and
 * `categories` are optional on both (create takes them too, for clients that send them).
 * Errors about the file list as a whole name `files`; errors of one entry name `files[i]`,
 * `files[i].name` or `files[i].content`.
 */
function checkSnippetBody(body: unknown): SnippetFields {
  const fields = requireObject(body);
  const errors: FieldError[] = [];

  if (isBlank(fields.name)) errors.push({ context: 'name', message: 'A snippet needs a name.' });
  if (fields.description !== undefined && typeof fields.description !== 'string') {
    errors.push({ context: 'description', message: 'The description must be a string.' });
  }
  if (fields.categories !== undefined && (!Array.isArray(fields.categories) || fields.categories.some(isBlank))) {
    errors.push({ context: 'categories', message: 'Categories must be a list of non-empty names.' });
  }
  for (const flag of ['isVisible', 'isPublic'] as const) {
    if (fields[flag] !== undefined && typeof fields[flag] !== 'boolean') {
      errors.push({ context: flag, message: `${flag} must be true or false.` });
    }
  }
  errors.push(...fileErrors(fields.files));
  if (errors.length > 0) throw validationFailed(errors);

  return {
    name: fields.name as string,
    description: fields.description as string | undefined,
    // Trimmed and without repeats: the same name is the same category.
    categories: [...new Set(((fields.categories ?? []) as string[]).map((c) => c.trim()))],
    files: (fields.files as Array<{ name: string; content: string }>).map((f) => ({
      guid: randomUUID(),
      name: f.name,
      content: f.content,
    })),
    isVisible: fields.isVisible as boolean | undefined,
    isPublic: fields.isPublic as boolean | undefined,
  };
}

function fileErrors(files: unknown): FieldError[] {
  if (!Array.isArray(files) || files.length === 0) {
    return [{ context: 'files', message: 'A snippet needs at least one file.' }];
  }
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  files.forEach((file: unknown, i) => {
    if (!isPlainObject(file)) {
      errors.push({ context: `files[${i}]`, message: 'A file must be an object with a name and a content.' });
      return;
    }
    if (isBlank(file.name)) {
      errors.push({ context: `files[${i}].name`, message: 'A file needs a name.' });
    } else if (seen.has(file.name as string)) {
      errors.push({ context: `files[${i}].name`, message: `Two files are named "${file.name as string}".` });
    } else {
      seen.add(file.name as string);
    }
    if (typeof file.content !== 'string') {
      errors.push({ context: `files[${i}].content`, message: 'A file content must be a string.' });
    }
  });
  return errors;
}

function requireObject(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) {
    throw validationFailed([{ context: null, message: 'The request body must be a JSON object.' }]);
  }
  return body;
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

function checkText(body: unknown): string {
  const text = requireObject(body).text;
  if (isBlank(text)) throw validationFailed([{ context: 'text', message: 'A comment needs some text.' }]);
  return text as string;
}
