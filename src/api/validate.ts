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
  Snippet,
  SnippetFile,
  StarredEntry,
} from './types';

export class ShapeError extends Error {
  constructor(readonly path: string, readonly expected: string) {
    super(`field ${path || '(body)'} should be ${expected}`);
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
export const bool: Check<boolean> = (v, p) => {
  if (typeof v !== 'boolean') throw new ShapeError(p, 'true or false');
  return v;
};

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (v, p) => (v === undefined || v === null ? undefined : check(v, p));
}

export function array<T>(check: Check<T>): Check<T[]> {
  return (v, p) => {
    if (!Array.isArray(v)) throw new ShapeError(p, 'a list');
    return v.map((item, i) => check(item, `${p}[${i}]`));
  };
}

type Fields<T> = { [K in keyof T]-?: Check<T[K]> };

/** Checks the named fields and keeps the object as it came, extra fields included. */
export function object<T>(fields: Fields<T>): Check<T> {
  return (v, p) => {
    if (!isObject(v)) throw new ShapeError(p, 'an object');
    for (const [key, check] of Object.entries(fields) as Array<[string, Check<unknown>]>) {
      // Write back what the check made of it (defaults, normalised lists); fresh JSON is ours to change.
      const checked = check(v[key], p ? `${p}.${key}` : key);
      if (checked === undefined) delete v[key];
      else v[key] = checked;
    }
    return v as T;
  };
}

export const category = object<Category>({ guid: str, name: str });
export const snippetFile = object<SnippetFile>({ guid: str, name: str, content: str });
export const comment = object<Comment>({ guid: str, text: str, userId: int, createdAt: int, updatedAt: int });

export const snippet = object<Snippet>({
  guid: str,
  name: str,
  description: optional(str),
  // The spec says "empty array when none"; a server that leaves the list out means the same.
  categories: (v, p) => (v === undefined || v === null ? [] : array(category)(v, p)),
  isVisible: bool,
  isPublic: bool,
  userId: int,
  createdAt: int,
  updatedAt: int,
  files: array(snippetFile),
  comments: (v, p) => (v === undefined || v === null ? [] : array(comment)(v, p)),
});

export const starredEntry = object<StarredEntry>({ snippet, userId: int, starredAt: int });

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
