// Resource shapes of the Bitbucket Data Center snippets app, pages app and repository hooks,
// exactly as the API specification's tables give them. Nothing here imports `vscode`.
import type { ExactJson } from './exactJson';

export interface Category {
  guid: string;
  name: string;
}

export interface SnippetFile {
  guid: string;
  name: string;
  content: string;
}

export interface Comment {
  guid: string;
  text: string;
  userId: number;
  createdAt: number;
  updatedAt: number;
}

export interface Snippet {
  guid: string;
  name: string;
  /** Absent when the snippet has none (the create response leaves it out). */
  description?: string;
  categories: Category[];
  isVisible: boolean;
  isPublic: boolean;
  userId: number;
  createdAt: number;
  updatedAt: number;
  files: SnippetFile[];
  comments: Comment[];
}

/** Entry of the starred and by-category listings: a wrapper, not a bare snippet. */
export interface StarredEntry {
  snippet: Snippet;
  userId: number;
  starredAt: number;
}

/** Envelope of every list response. `nextPageStart` is Bitbucket's, given when not last. */
export interface Page<T> {
  size: number;
  limit: number;
  isLastPage: boolean;
  values: T[];
  start: number;
  nextPageStart?: number;
}

export interface PageRequest {
  start?: number;
  limit?: number;
}

export interface PagesRefSetting {
  repositoryId: number;
  refId: string;
  isEnabled: boolean;
}

export interface PagesNewRefsSetting {
  repositoryId: number;
  isEnabledForBranches: boolean;
  isEnabledForTags: boolean;
}

/**
 * Hook settings: a JSON object. Bitbucket stores flat values (text, numbers, true/false), yet a
 * server may answer anything. Numbers read from the server or the editor are JsonNumbers, which
 * keep the text they were written with (a 64-bit id does not fit a JavaScript number).
 */
export type HookSettings = Record<string, ExactJson>;

export type HookType = 'PRE_RECEIVE' | 'PRE_PULL_REQUEST_MERGE' | 'POST_RECEIVE';

export interface HookDetails {
  key: string;
  name: string;
  type: HookType | string;
  description?: string;
  version?: string;
  configFormKey?: string;
  supportedScopes?: string[];
}

/** A repository hook as core Bitbucket REST returns it (GET of a hook, PUT/DELETE of /enabled). */
export interface RepositoryHook {
  details: HookDetails;
  enabled: boolean;
  configured: boolean;
  scope?: { type: string; resourceId: number };
}

/** A branch or tag as core Bitbucket REST lists it (`/branches`, `/tags`); only the fields the extension reads. */
/**
 * A secret-scanning rule of the server (Bitbucket Data Center 8.3+): a name and Java regular
 * expressions for the line, the file path or both. Outside data: compiled only by the scan.
 */
export interface SecretScanningRule {
  id: number;
  name: string;
  lineRegex?: string;
  pathRegex?: string;
}

export interface RepositoryRefName {
  /** Full name, e.g. `refs/heads/main`. */
  id: string;
  displayId: string;
}

/** Body of Create snippet: a name and files only. */
export interface CreateSnippetRequest {
  name: string;
  files: Array<{ name: string; content: string }>;
}

/** Body of Update snippet: everything is replaced, files as a whole. */
export interface UpdateSnippetRequest {
  name: string;
  description: string;
  /** Category names; the server turns them into category objects. */
  categories: string[];
  files: Array<{ name: string; content: string }>;
}

export interface CommentRequest {
  text: string;
}

/** Identifies a repository on the server. */
export interface RepositoryRef {
  projectKey: string;
  repositorySlug: string;
}
