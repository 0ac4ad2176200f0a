// Pages a whole listing with a few requests in flight at once: the first page says how the
// server pages (its applied `limit`, and where the next page starts), so the starts of the pages
// after it can be guessed and asked for together, through the account's RequestGate. Each answer
// is checked before it is used, in list order: a page whose `start` is not the one asked for, or
// whose next start is not the next guess, ends the guessing; the guesses before the start the
// server names are dropped (their requests cancelled), one at that very start is used rather than
// asked again, and the walk follows the server's `nextPageStart` one page at a time from there. No
// start is ever asked twice at once: a start asked again waits until its dropped request has
// settled, and every request, first, guess or retry after a 429, waits its turn at the gate. Every page used was asked for at the very start the one-by-one walk
// (paging.ts) would have asked for, and is judged by the same PageWalk, so the listing is the same
// as the one-by-one walk's (no entry twice, none missed, the same cap and the same ends), only
// sooner.
import { DEFAULT_MAX_PAGES, PageWalk, type PaginateOptions } from './paging';
import { isTooManyRequests, RequestGate } from './requestGate';
import type { Page, PageRequest } from './types';

/** Fetches one page; the signal cancels it (a guess dropped, the walk cancelled or ended). */
export type SignalledPageFetcher<T> = (request: PageRequest, signal: AbortSignal) => Promise<Page<T>>;

/** 429 answers one page may meet before its listing fails. */
const MAX_TOO_MANY_REQUESTS = 4;

export interface ConcurrentPagingOptions<T> extends PaginateOptions<T> {
  /** The account's gate, shared by its lists; default one of its own with the default concurrency. */
  gate?: RequestGate;
  /** Cancels the walk and every request of it in flight. */
  signal?: AbortSignal;
}

export interface WalkedPage<T> {
  page: Page<T>;
  /** The start this page was asked for. */
  requested: number;
  /** Its entries not listed before (by `key`), in the server's order. */
  fresh: T[];
  /** Where the listing goes on; undefined when it ends with this page. */
  next: number | undefined;
}

interface Asked<T> {
  start: number;
  answer: Promise<Page<T>>;
  cancel(): void;
}

/**
 * Yields the pages of a listing in list order (never in the order they arrive), each as soon as
 * it and every page before it have arrived. Ending the iteration early, a failure or the signal
 * cancels every request still in flight.
 */
export async function* walkPages<T>(
  fetch: SignalledPageFetcher<T>,
  options: ConcurrentPagingOptions<T> = {},
): AsyncGenerator<WalkedPage<T>> {
  const walk = new PageWalk<T>(options);
  const gate = options.gate ?? new RequestGate();
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const ended = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, ended.signal]) : ended.signal;

  const politely = async (request: PageRequest, own: AbortSignal): Promise<Page<T>> => {
    for (let tooMany = 0; ; tooMany++) {
      try {
        return await gate.run(own, () => fetch(request, own));
      } catch (err) {
        // The gate has backed off already: fewer at once, and a wait.
        if (!isTooManyRequests(err) || tooMany >= MAX_TOO_MANY_REQUESTS || own.aborted) throw err;
        options.warn?.(
          `${options.label ?? 'listing'}: the server answered 429 Too Many Requests; ${gate.concurrency} request(s) at once from now on, the next in ${gate.pausedForMs} ms`,
        );
      }
    }
  };
  /** Every request not yet settled, so that the walk ends only once each has. */
  const outstanding = new Set<Promise<unknown>>();
  /** The last request of each start until it settles: a dropped guess may still be on its way. */
  const unsettled = new Map<number, Promise<unknown>>();
  const ask = (start: number): Asked<T> => {
    const cancel = new AbortController();
    const own = AbortSignal.any([signal, cancel.signal]);
    const before = unsettled.get(start);
    const answer = before
      ? before.then(() => politely({ start, limit: options.limit }, own))
      : politely({ start, limit: options.limit }, own);
    const forget = (): void => {
      outstanding.delete(settled);
      if (unsettled.get(start) === settled) unsettled.delete(start);
    };
    // A guess dropped before it was awaited must not be an unhandled rejection.
    const settled: Promise<unknown> = answer.then(forget, forget);
    outstanding.add(settled);
    unsettled.set(start, settled);
    return { start, answer, cancel: () => cancel.abort() };
  };
  const record = (requested: number, page: Page<T>): WalkedPage<T> => ({
    page,
    requested,
    fresh: walk.record(page),
    next: walk.next,
  });

  try {
    if (walk.next === undefined) return;
    const first = walk.next;
    const firstPage = await ask(first).answer;
    const stride = strideOf(first, firstPage);
    yield record(first, firstPage);

    const ahead: Asked<T>[] = [];
    let guessing = stride !== undefined && walk.next === first + stride;
    let guess = walk.next ?? 0;
    while (walk.next !== undefined) {
      // The window: as many guesses asked as the gate lets through at once, never past the cap on pages.
      while (guessing && ahead.length < gate.concurrency && walk.pagesRead + ahead.length < maxPages) {
        ahead.push(ask(guess));
        guess += stride!;
      }
      // A guess is used only when it is the very start the walk goes on from; once that is not so,
      // the guesses before that start are dropped (one at it is used, not asked again) and the walk
      // asks one page at a time where the server says.
      if (ahead.length > 0 && ahead[0].start !== walk.next) {
        guessing = false;
        const kept = ahead.findIndex((asked) => asked.start === walk.next);
        for (const dropped of ahead.splice(0, kept < 0 ? ahead.length : kept)) dropped.cancel();
      }
      const requested = walk.next;
      const page = await (ahead.shift() ?? ask(requested)).answer;
      // A page that does not start where asked, or says the next one starts elsewhere than guessed, ends the guessing.
      if (
        guessing &&
        !(page.start === requested && (page.isLastPage || nextStart(requested, page) === requested + stride!))
      ) {
        guessing = false;
      }
      yield record(requested, page);
    }
  } finally {
    // Guesses past the end, and everything in flight when the walk is ended or cancelled: once the
    // walk is over, none of its requests is left.
    ended.abort();
    await Promise.allSettled([...outstanding]);
  }
}

/**
 * The distance between pages when the first page shows a server that pages predictably: it starts
 * where asked, is full (as many entries as the limit the server applied), and the next page starts
 * right after it. Otherwise undefined: the listing is walked one page at a time.
 */
function strideOf(requested: number, page: Page<unknown>): number | undefined {
  if (page.isLastPage || page.start !== requested) return undefined;
  const stride = nextStart(requested, page) - requested;
  return stride > 0 && stride === page.values.length && stride === page.limit ? stride : undefined;
}

function nextStart(requested: number, page: Page<unknown>): number {
  return page.nextPageStart ?? requested + page.values.length;
}
