// Checks every response against the specification's field types before it reaches a caller,
// so a malformed answer becomes one clear error naming the field instead of a crash in the UI.
// Unknown extra fields are tolerated: servers add fields over time.
import type {
  Category,
  Comment,
  HookDetails,
  RepositoryRefName,
  HookSettings,
  Page,
  PagesNewRefsSetting,
  PagesRefSetting,
  RepositoryHook,
  SecretScanningRule,
  Snippet,
  SnippetFile,
  StarredEntry,
} from './types';
import { isTimestamp } from './timestamps';

export class ShapeError extends Error {
  /** `subject`: what the field belongs to in the user's words (`snippet "deploy.sh" (guid …)`), when known. */
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly subject?: string,
  ) {
    super(`field ${path || '(body)'}${subject ? ` of ${subject}` : ''} should be ${expected}`);
  }
}

export type Check<T> = (value: unknown, path: string) => T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str: Check<string> = (v, p) => {
  if (typeof v !== 'string') throw new ShapeError(p, 'a string');
  return v;
};
export const int: Check<number> = (v, p) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ShapeError(p, 'a number');
  return v;
};
/** A time (ms since 1970) only within what a `Date` holds: beyond it every date format throws. */
export const timestamp: Check<number> = (v, p) => {
  if (!isTimestamp(v)) throw new ShapeError(p, 'a time in whole milliseconds that a date can hold (at most ±8.64e15)');
  return v;
};
export const bool: Check<boolean> = (v, p) => {
  if (typeof v !== 'boolean') throw new ShapeError(p, 'true or false');
  return v;
};

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (v, p) => (v === undefined || v === null ? undefined : check(v, p));
}

/**
 * A failure of a check that was given the path '' (object() and array() give their items that),
 * placed at `path`: the path of each field is made only when it fails, not for every field of
 * every answer (that was a fifth of the time checking a page of snippets took).
 */
function within(err: unknown, path: string): unknown {
  if (!(err instanceof ShapeError)) return err;
  const inner = err.path;
  const full = inner === '' ? path : path === '' || inner.startsWith('[') ? `${path}${inner}` : `${path}.${inner}`;
  return new ShapeError(full, err.expected, err.subject);
}

export function array<T>(check: Check<T>): Check<T[]> {
  return (v, p) => {
    if (!Array.isArray(v)) throw new ShapeError(p, 'a list');
    // In place, as object() does: fresh JSON is ours to change, and a new array per list is garbage.
    for (let i = 0; i < v.length; i++) {
      let checked: T;
      try {
        checked = check(v[i], '');
      } catch (err) {
        throw within(err, `${p}[${i}]`);
      }
      if (checked !== v[i]) v[i] = checked;
    }
    return v as T[];
  };
}

type Fields<T> = { [K in keyof T]-?: Check<T[K]> };

/** Checks the named fields and keeps the object as it came, extra fields included. */
export function object<T>(fields: Fields<T>): Check<T> {
  const entries = Object.entries(fields) as Array<[string, Check<unknown>]>;
  return (v, p) => {
    if (!isObject(v)) throw new ShapeError(p, 'an object');
    for (const [key, check] of entries) {
      const value = v[key];
      let checked: unknown;
      try {
        checked = check(value, '');
      } catch (err) {
        throw within(err, p ? `${p}.${key}` : key);
      }
      // Write back what the check made of it (defaults, normalised lists); fresh JSON is ours to change.
      if (checked === value) continue;
      if (checked === undefined) delete v[key];
      else v[key] = checked;
    }
    return v as T;
  };
}

const MAX_SUBJECT_LENGTH = 80;
const shortened = (text: string): string =>
  text.length > MAX_SUBJECT_LENGTH ? `${text.slice(0, MAX_SUBJECT_LENGTH - 1)}…` : text;

/** A snippet as the user knows it, by name and guid; undefined when it has neither. */
function snippetSubject(v: unknown): string | undefined {
  if (!isObject(v) || typeof v.guid !== 'string') return undefined;
  const guid = `guid ${JSON.stringify(shortened(v.guid))}`;
  return typeof v.name === 'string' ? `snippet ${JSON.stringify(shortened(v.name))} (${guid})` : `snippet with ${guid}`;
}

/**
 * Names what a refused field belongs to: `values[3].updatedAt` alone does not tell the user which
 * snippet of a page it was. The innermost subject wins.
 */
function naming<T>(check: Check<T>, subjectOf: (v: unknown) => string | undefined): Check<T> {
  return (v, p) => {
    try {
      return check(v, p);
    } catch (err) {
      const subject = err instanceof ShapeError && err.subject === undefined ? subjectOf(v) : undefined;
      if (!(err instanceof ShapeError) || subject === undefined) throw err;
      throw new ShapeError(err.path, err.expected, subject);
    }
  };
}

export const category = object<Category>({ guid: str, name: str });
export const snippetFile = object<SnippetFile>({ guid: str, name: str, content: str });
export const comment = object<Comment>({
  guid: str,
  text: str,
  userId: int,
  createdAt: timestamp,
  updatedAt: timestamp,
});

// Made once: a check made per snippet was two closures of garbage for each snippet of a page.
const categoryList = array(category);
const commentList = array(comment);

export const snippet = naming(
  object<Snippet>({
    guid: str,
    name: str,
    description: optional(str),
    // The spec says "empty array when none"; a server that leaves the list out means the same.
    categories: (v, p) => (v === undefined || v === null ? [] : categoryList(v, p)),
    isVisible: bool,
    isPublic: bool,
    userId: int,
    createdAt: timestamp,
    updatedAt: timestamp,
    files: array(snippetFile),
    comments: (v, p) => (v === undefined || v === null ? [] : commentList(v, p)),
  }),
  snippetSubject,
);

export const starredEntry = naming(object<StarredEntry>({ snippet, userId: int, starredAt: timestamp }), (v) =>
  isObject(v) ? snippetSubject(v.snippet) : undefined,
);

export const pagesRefSetting = object<PagesRefSetting>({ repositoryId: int, refId: str, isEnabled: bool });
export const pagesNewRefsSetting = object<PagesNewRefsSetting>({
  repositoryId: int,
  isEnabledForBranches: bool,
  isEnabledForTags: bool,
});

export const hookSettings: Check<HookSettings> = (v, p) => {
  if (!isObject(v)) throw new ShapeError(p, 'an object');
  return v as HookSettings;
};

const hookDetails = object<HookDetails>({
  key: str,
  name: str,
  type: str,
  description: optional(str),
  version: optional(str),
  configFormKey: optional(str),
  supportedScopes: optional(array(str)),
});

export const repositoryHook: Check<RepositoryHook> = (v, p) => {
  // Older servers say `scopeTypes` where newer ones say `supportedScopes`.
  if (isObject(v) && isObject(v.details) && v.details.supportedScopes === undefined) {
    v.details.supportedScopes = v.details.scopeTypes;
  }
  return object<RepositoryHook>({
    details: hookDetails,
    enabled: bool,
    configured: bool,
    scope: optional(object<{ type: string; resourceId: number }>({ type: str, resourceId: int })),
  })(v, p);
};

export const repositoryRefName = object<RepositoryRefName>({ id: str, displayId: str });
// Bitbucket answers a rule with its `scope` too, which says nothing the global listing needs.
export const secretScanningRule = object<SecretScanningRule>({
  id: int,
  name: str,
  lineRegex: optional(str),
  pathRegex: optional(str),
});

export function page<T>(item: Check<T>): Check<Page<T>> {
  return (v, p) => {
    if (!isObject(v)) throw new ShapeError(p, 'a page object');
    const values = array(item)(v.values, 'values');
    const result: Page<T> = {
      values,
      size: v.size === undefined ? values.length : int(v.size, 'size'),
      limit: int(v.limit, 'limit'),
      isLastPage: bool(v.isLastPage, 'isLastPage'),
      start: v.start === undefined ? 0 : int(v.start, 'start'),
    };
    const next = optional(int)(v.nextPageStart, 'nextPageStart');
    if (next !== undefined) result.nextPageStart = next;
    return result;
  };
}
