// The Bitbucket Data Center API client: every operation of the snippets app, the pages app
// and repository hook settings, with checked responses. It does not import `vscode`.
import { items, type PaginateOptions } from './paging';
import type {
  Comment,
  CommentRequest,
  CreateSnippetRequest,
  HookSettings,
  HookType,
  Page,
  PageRequest,
  PagesNewRefsSetting,
  PagesRefSetting,
  RepositoryHook,
  RepositoryRef,
  RepositoryRefName,
  SecretScanningRule,
  Snippet,
  StarredEntry,
  UpdateSnippetRequest,
} from './types';
import * as check from './validate';
import { ClientCore, seg, type CallOptions } from './clientCore';

export { seg, type CallOptions, type ClientOptions } from './clientCore';
import { stringifyExact } from './exactJson';
import { exactHookSettings } from './checkedAnswers';
import { BitbucketError } from './errors';

export { DEFAULT_PREFIXES, KNOWN_PAGES_PREFIXES, type ApiPrefixes } from './prefixes';
// Which settings apply to a server is decided when a client is made, so it loads with the client.
export { parseClientCertificate, resolveConnectionSettings } from './connectionSettings';
// The OS store is read once per process; the connection check asks through here so that its
// bundle shares the client's reading instead of making its own.
export { loadSystemCertificates } from './trust/systemStore';
// Which transport carries an account's requests is decided as its client is made.
export { chooseWire, describeWireChoice } from './wire/chooseWire';
// The connection check presents the same client certificate as requests do.
export { certificateLabel, loadClientCertificate } from './clientCertificate';

/** The most global secret-scanning rules read: a server's rule set is tens of rules, not thousands. */
export const MAX_SECRET_RULES = 1000;

/** Hook settings as the server holds them; `undefined` means never configured (HTTP 204). */
export type MaybeHookSettings = HookSettings | undefined;

export class BitbucketClient extends ClientCore {
  // ---- Paging helpers -------------------------------------------------------------------

  /** Every entry of a listing, fetched one page at a time as the caller reads. */
  items<T>(list: (page: PageRequest) => Promise<Page<T>>, options?: PaginateOptions<T>): AsyncGenerator<T> {
    return items(list, options);
  }

  // ---- Snippets (13 operations) ---------------------------------------------------------

  getMySnippets(page: PageRequest = {}, o: CallOptions = {}): Promise<Page<Snippet>> {
    return this.list(this.snippetsPath(), page, check.snippet, o);
  }

  getStarredSnippets(page: PageRequest = {}, o: CallOptions = {}): Promise<Page<StarredEntry>> {
    return this.list(this.snippetsPath('starred'), page, check.starredEntry, o);
  }

  browseSnippets(page: PageRequest = {}, o: CallOptions = {}): Promise<Page<Snippet>> {
    return this.list(this.snippetsPath('browse'), page, check.snippet, o);
  }

  browseUserSnippets(username: string, page: PageRequest = {}, o: CallOptions = {}): Promise<Page<Snippet>> {
    return this.list(this.snippetsPath('browse'), page, check.snippet, o, { username });
  }

  /** Entries are starred-entry wrappers, as the API gives them for categories. */
  getCategorySnippets(categoryGuid: string, page: PageRequest = {}, o: CallOptions = {}): Promise<Page<StarredEntry>> {
    return this.list(this.snippetsPath('categories', categoryGuid), page, check.starredEntry, o);
  }

  getSnippet(guid: string, o: CallOptions = {}): Promise<Snippet> {
    return this.call('GET', this.snippetsPath(guid), check.snippet, o);
  }

  getComment(snippetGuid: string, commentGuid: string, o: CallOptions = {}): Promise<Comment> {
    return this.call('GET', this.snippetsPath(snippetGuid, 'comments', commentGuid), check.comment, o);
  }

  /** Never retried: a repeated create would make a duplicate snippet. */
  createSnippet(body: CreateSnippetRequest, o: CallOptions = {}): Promise<Snippet> {
    return this.call('POST', this.snippetsPath(), check.snippet, o, body);
  }

  createComment(snippetGuid: string, body: CommentRequest, o: CallOptions = {}): Promise<Comment> {
    return this.call('POST', this.snippetsPath(snippetGuid, 'comments'), check.comment, o, body);
  }

  /** Replaces name, description, categories and all files: a file left out is a file deleted. */
  updateSnippet(guid: string, body: UpdateSnippetRequest, o: CallOptions = {}): Promise<Snippet> {
    return this.call('PUT', this.snippetsPath(guid), check.snippet, o, body);
  }

  updateComment(snippetGuid: string, commentGuid: string, body: CommentRequest, o: CallOptions = {}): Promise<Comment> {
    return this.call('PUT', this.snippetsPath(snippetGuid, 'comments', commentGuid), check.comment, o, body);
  }

  async deleteSnippet(guid: string, o: CallOptions = {}): Promise<void> {
    await this.send({ method: 'DELETE', path: this.snippetsPath(guid), signal: o.signal });
  }

  async deleteComment(snippetGuid: string, commentGuid: string, o: CallOptions = {}): Promise<void> {
    await this.send({
      method: 'DELETE',
      path: this.snippetsPath(snippetGuid, 'comments', commentGuid),
      signal: o.signal,
    });
  }

  // ---- Pages (7 operations) -------------------------------------------------------------

  getPagesForRef(repo: RepositoryRef, refId: string, o: CallOptions = {}): Promise<PagesRefSetting> {
    return this.pagesRef('GET', repo, refId, o);
  }

  enablePagesForRef(repo: RepositoryRef, refId: string, o: CallOptions = {}): Promise<PagesRefSetting> {
    return this.pagesRef('PUT', repo, refId, o);
  }

  disablePagesForRef(repo: RepositoryRef, refId: string, o: CallOptions = {}): Promise<PagesRefSetting> {
    return this.pagesRef('DELETE', repo, refId, o);
  }

  setPagesForNewBranches(repo: RepositoryRef, enabled: boolean, o: CallOptions = {}): Promise<PagesNewRefsSetting> {
    return this.pagesNewRefs(enabled ? 'PUT' : 'DELETE', repo, 'enabled-for-new-branches', o);
  }

  setPagesForNewTags(repo: RepositoryRef, enabled: boolean, o: CallOptions = {}): Promise<PagesNewRefsSetting> {
    return this.pagesNewRefs(enabled ? 'PUT' : 'DELETE', repo, 'enabled-for-new-tags', o);
  }

  // ---- Repository hooks (4 operations, plus the hook list and one hook for a picker) -----

  /**
   * Undefined when the hook was never configured (Bitbucket answers 204). Every number keeps the
   * text the server wrote (exactJson.ts): a 64-bit id is not rounded, `1.0` stays `1.0`.
   */
  async getHookSettings(repo: RepositoryRef, hookKey: string, o: CallOptions = {}): Promise<MaybeHookSettings> {
    const { body } = await this.send({
      method: 'GET',
      path: this.hookPath(repo, hookKey, 'settings'),
      textAnswer: true,
      signal: o.signal,
    });
    return body === undefined ? undefined : exactHookSettings(body as string, 'GET settings');
  }

  /** Sends the whole settings object, each JsonNumber as its own text; answers what the server stored. */
  async replaceHookSettings(
    repo: RepositoryRef,
    hookKey: string,
    settings: HookSettings,
    o: CallOptions = {},
  ): Promise<MaybeHookSettings> {
    const bodyText = stringifyExact(settings);
    const { body } = await this.send({
      method: 'PUT',
      path: this.hookPath(repo, hookKey, 'settings'),
      bodyText,
      textAnswer: true,
      signal: o.signal,
    });
    return body === undefined ? undefined : exactHookSettings(body as string, 'PUT settings');
  }

  enableHook(repo: RepositoryRef, hookKey: string, o: CallOptions = {}): Promise<RepositoryHook | undefined> {
    return this.hookEnabled('PUT', repo, hookKey, o);
  }

  disableHook(repo: RepositoryRef, hookKey: string, o: CallOptions = {}): Promise<RepositoryHook | undefined> {
    return this.hookEnabled('DELETE', repo, hookKey, o);
  }

  getHook(repo: RepositoryRef, hookKey: string, o: CallOptions = {}): Promise<RepositoryHook> {
    return this.call('GET', this.hookPath(repo, hookKey), check.repositoryHook, o);
  }

  listHooks(
    repo: RepositoryRef,
    type?: HookType,
    page: PageRequest = {},
    o: CallOptions = {},
  ): Promise<Page<RepositoryHook>> {
    return this.list(this.hooksPath(repo), page, check.repositoryHook, o, { type });
  }

  // ---- Branches and tags (core REST, read permission) -------------------------------------

  /** One page of the repository's branches (`kind` branch) or tags whose names contain `filterText`. */
  listRefs(
    repo: RepositoryRef,
    kind: 'branch' | 'tag',
    filterText: string,
    page: PageRequest = {},
    o: CallOptions = {},
  ): Promise<Page<RepositoryRefName>> {
    const path = `${this.prefixes.api}/projects/${seg(repo.projectKey)}/repos/${seg(repo.repositorySlug)}/${kind === 'branch' ? 'branches' : 'tags'}`;
    return this.list(path, page, check.repositoryRefName, o, { filterText });
  }

  /**
   * Whether the repository has this branch or tag (full name, `refs/heads/…` or `refs/tags/…`).
   * Bitbucket filters by a part of the name, so the pages of matches are read until the exact
   * one shows up (at most 10 pages of 100).
   */
  async refExists(repo: RepositoryRef, refId: string, o: CallOptions = {}): Promise<boolean> {
    const kind = refId.startsWith('refs/tags/') ? 'tag' : 'branch';
    const name = refId.replace(/^refs\/(heads|tags)\//, '');
    const matches = items((page) => this.listRefs(repo, kind, name, page, o), {
      limit: 100,
      maxPages: 10,
      key: (ref) => ref.id,
    });
    for await (const ref of matches) if (ref.id === refId) return true;
    return false;
  }

  // ---- Users (core REST, any signed-in user) ---------------------------------------------

  /**
   * Whether Bitbucket has a user of this name: one GET of `/users/{slug}`, which answers 404 for
   * a user who does not exist (the snippets browse answers an empty page for anyone, so it cannot
   * tell). A plain name's slug is the name in lower case; any other name's slug is of Bitbucket's
   * own making, so for it the answer is undefined (cannot tell) and nothing is asked.
   */
  async userExists(username: string, o: CallOptions = {}): Promise<boolean | undefined> {
    if (!/^[A-Za-z0-9._-]+$/.test(username)) return undefined;
    try {
      await this.send({
        method: 'GET',
        path: `${this.prefixes.api}/users/${seg(username.toLowerCase())}`,
        signal: o.signal,
      });
      return true;
    } catch (err) {
      if (err instanceof BitbucketError && err.kind === 'not-found') return false;
      throw err;
    }
  }

  // ---- Secret scanning (Bitbucket Data Center 8.3+) --------------------------------------

  /**
   * One page of the global secret-scanning rules, or (`list`: 'allowlist', 8.5+) of the global
   * allowlist rules, of the same shape; an administrator's, refused (401) to others.
   */
  getSecretScanningRules(
    page: PageRequest = {},
    o: CallOptions = {},
    list: 'rules' | 'allowlist' = 'rules',
  ): Promise<Page<SecretScanningRule>> {
    return this.list(`${this.prefixes.api}/secret-scanning/${list}`, page, check.secretScanningRule, o);
  }

  /**
   * Every global secret-scanning rule (or allowlist rule), at most `MAX_SECRET_RULES` (pages of
   * 100), each once: a listing without end stops there, as every listing does.
   */
  async allSecretScanningRules(
    o: CallOptions = {},
    list: 'rules' | 'allowlist' = 'rules',
  ): Promise<SecretScanningRule[]> {
    const rules: SecretScanningRule[] = [];
    const pages = items((page) => this.getSecretScanningRules(page, o, list), {
      limit: 100,
      maxPages: MAX_SECRET_RULES / 100,
      key: (rule) => String(rule.id),
    });
    for await (const rule of pages) rules.push(rule);
    return rules;
  }
}
