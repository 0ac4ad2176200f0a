// What every call of the API client rests on: the transport, the servers' path prefixes, the paths
// of snippets, pages and hooks, and a call whose answer is checked against its shape. The
// operations themselves are client.ts. It does not import `vscode`.
import * as l10n from '@vscode/l10n';
import { BitbucketError } from './errors';
import { HttpTransport, withDefaults, type HttpRequest, type Method, type TransportOptions } from './http';
import { DEFAULT_PREFIXES, type ApiPrefixes } from './prefixes';
import type { Page, PageRequest, PagesNewRefsSetting, PagesRefSetting, RepositoryHook, RepositoryRef } from './types';
import * as check from './validate';
import { checked } from './checkedAnswers';

export interface ClientOptions extends TransportOptions {
  prefixes?: Partial<ApiPrefixes>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** Encodes one path segment: `/`, `#`, `%`, `?` and spaces can never change the path's shape. */
export const seg = (value: string | number): string => encodeURIComponent(String(value));

const prefixPath = (prefix: string): string => '/' + prefix.split('/').filter(Boolean).map(seg).join('/');

export abstract class ClientCore {
  protected readonly http: HttpTransport;
  protected readonly prefixes: { snippets: string; pages: string; api: string };

  constructor(options: ClientOptions) {
    this.http = new HttpTransport(options);
    const p = withDefaults(DEFAULT_PREFIXES, options.prefixes);
    this.prefixes = { snippets: prefixPath(p.snippets), pages: prefixPath(p.pages), api: prefixPath(p.api) };
  }

  /** The server's base URL, normalised (no trailing slash, no credentials). */
  get baseUrl(): string {
    return this.http.baseUrl.toString().replace(/\/$/, '');
  }

  dispose(): Promise<void> {
    return this.http.dispose();
  }

  protected snippetsPath(...segments: string[]): string {
    return [this.prefixes.snippets, 'snippets', ...segments.map(seg)].join('/');
  }

  protected repoPath(prefix: string, repo: RepositoryRef): string {
    return `${prefix}/${seg(repo.projectKey)}/${seg(repo.repositorySlug)}`;
  }

  protected hooksPath(repo: RepositoryRef): string {
    return `${this.prefixes.api}/projects/${seg(repo.projectKey)}/repos/${seg(repo.repositorySlug)}/settings/hooks`;
  }

  protected hookPath(repo: RepositoryRef, hookKey: string, ...rest: string[]): string {
    return [this.hooksPath(repo), seg(hookKey), ...rest].join('/');
  }

  protected pagesRef(method: Method, repo: RepositoryRef, refId: string, o: CallOptions): Promise<PagesRefSetting> {
    return this.call(
      method,
      `${this.repoPath(this.prefixes.pages, repo)}/enabled`,
      check.pagesRefSetting,
      o,
      undefined,
      { refId },
    );
  }

  protected pagesNewRefs(
    method: Method,
    repo: RepositoryRef,
    which: string,
    o: CallOptions,
  ): Promise<PagesNewRefsSetting> {
    return this.call(method, `${this.repoPath(this.prefixes.pages, repo)}/${which}`, check.pagesNewRefsSetting, o);
  }

  protected async hookEnabled(
    method: Method,
    repo: RepositoryRef,
    hookKey: string,
    o: CallOptions,
  ): Promise<RepositoryHook | undefined> {
    const { body } = await this.send({ method, path: this.hookPath(repo, hookKey, 'enabled'), signal: o.signal });
    return body === undefined ? undefined : checked(check.repositoryHook, body, `${method} enabled`);
  }

  protected list<T>(
    path: string,
    page: PageRequest,
    item: check.Check<T>,
    o: CallOptions,
    query: Record<string, string | undefined> = {},
  ): Promise<Page<T>> {
    return this.call('GET', path, check.page(item), o, undefined, { ...query, start: page.start, limit: page.limit });
  }

  protected async call<T>(
    method: Method,
    path: string,
    shape: check.Check<T>,
    o: CallOptions,
    body?: unknown,
    query?: HttpRequest['query'],
  ): Promise<T> {
    const response = await this.send({ method, path, body, query, signal: o.signal });
    if (response.body === undefined) {
      throw new BitbucketError(
        'unexpected-response',
        l10n.t('The server answered with an empty body where data was expected.'),
        {
          status: response.status,
          request: `${method} ${path}`,
        },
      );
    }
    return checked(shape, response.body, `${method} ${path}`);
  }

  protected send(request: HttpRequest) {
    return this.http.send(request);
  }
}
