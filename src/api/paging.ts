// Walks a Bitbucket paged listing one request at a time, and only as far as the caller reads.
import type { Page, PageRequest } from './types';

export type PageFetcher<T> = (request: PageRequest) => Promise<Page<T>>;

export interface PaginateOptions {
  start?: number;
  limit?: number;
  /** A hard stop for servers that never say "last page"; default 100,000 pages. */
  maxPages?: number;
}

/**
 * Where the page after `page` starts, or undefined when there is none.
 * Bitbucket's `nextPageStart` wins when given (it is not always start + size). A page that
 * says "not last" but brings no entries and no `nextPageStart` is a known server bug, and a
 * next start that does not move forward would loop: both end the listing.
 */
export function nextStart<T>(page: Page<T>): number | undefined {
  if (page.isLastPage) return undefined;
  const next = page.nextPageStart ?? (page.values.length > 0 ? page.start + page.values.length : undefined);
  return next !== undefined && next > page.start ? next : undefined;
}

/** Yields whole pages in order, fetching each only when the previous one has been consumed. */
export async function* pages<T>(fetch: PageFetcher<T>, options: PaginateOptions = {}): AsyncGenerator<Page<T>> {
  let start: number | undefined = options.start ?? 0;
  const maxPages = options.maxPages ?? 100_000;
  for (let n = 0; start !== undefined && n < maxPages; n++) {
    const page: Page<T> = await fetch({ start, limit: options.limit });
    yield page;
    start = nextStart(page);
  }
}

/** Yields the entries of every page, in order. */
export async function* items<T>(fetch: PageFetcher<T>, options: PaginateOptions = {}): AsyncGenerator<T> {
  for await (const page of pages(fetch, options)) yield* page.values;
}
