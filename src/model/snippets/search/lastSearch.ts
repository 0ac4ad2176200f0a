// The last search of the session, as the "Search results" root of the Snippets view shows it:
// its text, the results found so far (each with its account), and whether it is still running.
// One per session, not per account: the runner (everyAccount.ts) reports into it, views listen,
// and switching, adding or removing an account leaves it alone. Plain Node.
import { Emitter, type Event } from '../../../util/emitter';
import { Generation, type Ticket } from '../../../util/generation';
import type { SearchResult, SearchSummary } from './types';

export interface LastSearchState {
  query: string;
  results: SearchResult[];
  running: boolean;
  cancelled: boolean;
  /** Lists that could not be read to the end. */
  failedLists: string[];
}

export class LastSearch {
  private current: LastSearchState | undefined;
  /** A search overtaken by a newer one, or cleared, reports nothing more. */
  private readonly searches = new Generation();
  private readonly changed = new Emitter<LastSearchState | undefined>();
  /** The state after each change (undefined once cleared). */
  readonly onDidChange: Event<LastSearchState | undefined> = this.changed.event;

  get state(): LastSearchState | undefined {
    return this.current;
  }

  /** A new search starts; returns its token, so a search overtaken by a newer one reports nothing more. */
  begin(query: string): Ticket {
    this.current = { query, results: [], running: true, cancelled: false, failedLists: [] };
    this.emit();
    return this.searches.next();
  }

  add(token: Ticket, results: SearchResult[]): void {
    if (!this.searches.isCurrent(token) || !this.current) return;
    this.current.results.push(...results);
    this.emit();
  }

  /**
   * The search ended. With its final `results`, those shown are put in their order (the order of
   * the lists, not of the pages' arrival); results dropped meanwhile (an account signed out) stay dropped.
   */
  end(
    token: Ticket,
    summary: Pick<SearchSummary, 'cancelled' | 'failures'> & { results?: readonly SearchResult[] },
  ): void {
    if (!this.searches.isCurrent(token) || !this.current) return;
    const results = summary.results ? inOrderOf(summary.results, this.current.results) : this.current.results;
    this.current = {
      ...this.current,
      results,
      running: false,
      cancelled: summary.cancelled,
      failedLists: summary.failures.map((f) => f.list),
    };
    this.emit();
  }

  /** Drops the results of accounts that signed out; the others' stay. */
  retainAccounts(accountIds: readonly string[]): void {
    if (!this.current) return;
    const kept = this.current.results.filter((r) => accountIds.includes(r.accountId));
    if (kept.length === this.current.results.length) return;
    this.current = { ...this.current, results: kept };
    this.emit();
  }

  clear(): void {
    this.searches.next();
    this.current = undefined;
    this.emit();
  }

  private emit(): void {
    this.changed.fire(this.current);
  }
}

/** `shown` in the order of `final` (and as `final` has them), those not in `final` after them as they were. */
function inOrderOf(final: readonly SearchResult[], shown: readonly SearchResult[]): SearchResult[] {
  const key = (r: SearchResult) => `${r.accountId}\n${r.snippet.guid}`;
  const present = new Set(shown.map(key));
  const ordered = final.filter((r) => present.has(key(r)));
  const placed = new Set(ordered.map(key));
  return [...ordered, ...shown.filter((r) => !placed.has(key(r)))];
}
