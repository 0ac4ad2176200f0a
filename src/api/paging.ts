// Walks a Bitbucket paged listing one request at a time, and only as far as the caller reads.
// Every listing of the extension (the tree's Load more, Search, Export, the hook list) pages
// through here, so one misbehaving server cannot make any of them ask for ever: progress is
// judged against the start that was asked for (a page's own `start` may be missing or wrong),
// a page that brings nothing new ends the listing, and so does a cap on pages.
import type { Page, PageRequest } from './types';

export type PageFetcher<T> = (request: PageRequest) => Promise<Page<T>>;

/** Pages one listing may take at most: 1,000 pages of Bitbucket's largest (1,000) is a million entries. */
export const DEFAULT_MAX_PAGES = 1000;

export interface PageWalkOptions<T> {
  /** Where the walk starts (0 for a listing from its beginning). */
  start?: number;
  /** A hard stop for servers that never say "last page"; default DEFAULT_MAX_PAGES. */
  maxPages?: number;
  /** Pages of this listing already read before this walk (a Load more, a search continued). */
  pagesRead?: number;
  /** An entry's identity (a snippet's guid): a page none of whose entries is new ends the listing. */
  key?: (entry: T) => string;
  /** Identities of the entries read before this walk, for a walk that goes on from `start`. */
  known?: Iterable<string>;
  /** Told, in English for the log, why a listing ended before the server said "last page". */
  warn?: (message: string) => void;
  /** Names the listing in that warning, e.g. `GET My Snippets`. */
  label?: string;
}

export interface PaginateOptions<T = unknown> extends PageWalkOptions<T> {
  limit?: number;
}

export interface NextStart {
  /** Where the next page starts; undefined when the listing ends here. */
  next: number | undefined;
  /** Why it ended although the server did not say "last page", for the log. */
  problem?: string;
}

/**
 * Where the page after the one answered for `requested` starts. Bitbucket's `nextPageStart`
 * wins when given (it is not always start + size); without it, the entries received count from
 * the requested start. `added` is how many of the page's entries were new: a page that says
 * "not last" but adds nothing (none at all, or only repeats), or a next start that does not
 * move past the requested one, would loop, so both end the listing.
 */
export function nextStartAfter(requested: number, page: Page<unknown>, added: number = page.values.length): NextStart {
  if (page.isLastPage) return { next: undefined };
  if (added === 0) {
    return {
      next: undefined,
      problem:
        page.values.length === 0
          ? `the page at ${requested} is empty but not the last`
          : `the page at ${requested} repeats entries already listed`,
    };
  }
  const next = page.nextPageStart ?? requested + page.values.length;
  if (next <= requested) {
    return {
      next: undefined,
      problem: `the page at ${requested} says the next one starts at ${next}, which is not further on`,
    };
  }
  return { next };
}

/**
 * One walk through a listing: where to ask next, and what of each page is new. A walk never
 * asks for the same start twice (each next start is past the one before) and ends after
 * `maxPages` pages.
 */
export class PageWalk<T> {
  /** Where the next request starts; undefined once the listing has ended. */
  next: number | undefined;
  pagesRead: number;
  private readonly seen: Set<string>;
  private readonly maxPages: number;

  constructor(private readonly options: PageWalkOptions<T> = {}) {
    this.next = options.start ?? 0;
    this.pagesRead = options.pagesRead ?? 0;
    this.seen = new Set(options.known ?? []);
    this.maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    if (this.pagesRead >= this.maxPages) {
      this.end(`it already took ${this.pagesRead} pages, the most one listing may take`);
    }
  }

  /** Takes the page answered for the start `next` named; returns its entries not seen before. */
  record(page: Page<T>): T[] {
    const requested = this.next;
    if (requested === undefined) return [];
    this.pagesRead++;
    const key = this.options.key;
    const fresh = key ? page.values.filter((entry) => this.isNew(key(entry))) : page.values;
    const { next, problem } = nextStartAfter(requested, page, fresh.length);
    this.next = next;
    if (problem) this.end(problem);
    else if (next !== undefined && this.pagesRead >= this.maxPages) {
      this.end(`it took ${this.pagesRead} pages, the most one listing may take`);
    }
    return fresh;
  }

  private isNew(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    return true;
  }

  private end(why: string): void {
    this.next = undefined;
    this.options.warn?.(`${this.options.label ?? 'listing'}: ended before the server said "last page": ${why}`);
  }
}

/**
 * Yields pages in order, fetching each only when the previous one has been consumed. With a
 * `key`, each page's values are only those not yielded before.
 */
export async function* pages<T>(fetch: PageFetcher<T>, options: PaginateOptions<T> = {}): AsyncGenerator<Page<T>> {
  const walk = new PageWalk<T>(options);
  while (walk.next !== undefined) {
    const page: Page<T> = await fetch({ start: walk.next, limit: options.limit });
    const values = walk.record(page);
    yield values === page.values ? page : { ...page, values };
  }
}

/** Yields the entries of every page, in order. */
export async function* items<T>(fetch: PageFetcher<T>, options: PaginateOptions<T> = {}): AsyncGenerator<T> {
  for await (const page of pages(fetch, options)) yield* page.values;
}
