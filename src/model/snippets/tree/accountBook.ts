// What the Snippets view keeps per account, the same for every account: the one row object per
// row id (VS Code finds rows by object, so refreshes must hand back the same ones), the lists it
// showed (Refresh reloads exactly those), the service it listens to (an account that signed in
// again has a new one, and its old rows and lists are forgotten) and the categories it showed
// last. Nothing here depends on which account is the default. Plain Node: no `vscode`.
import type { ListId } from '../store';

/** What the book needs of an account's snippet service: its changes. */
export interface Followable<Change> {
  onDidChange(listener: (change: Change) => void): { dispose(): void };
}

interface AccountEntry<Service> {
  service: Service;
  subscription: { dispose(): void };
  shown: Set<ListId>;
  categoriesKey: string;
  rowIds: Set<string>;
}

export class AccountBook<Row extends object, Change, Service extends Followable<Change>> {
  private readonly rows = new Map<string, Row>();
  private readonly accounts = new Map<string, AccountEntry<Service>>();
  /** Ids of the rows VS Code shows expanded. */
  private readonly expanded = new Set<string>();
  /** Row ids interned before their account's service was followed. */
  private readonly pending = new Map<string, Set<string>>();

  constructor(
    /** A row's id, unique across accounts. */
    private readonly idOf: (row: Row) => string,
    /** The account a row belongs to; undefined for rows of the session (the Search results root). */
    private readonly accountOf: (row: Row) => string | undefined,
  ) {}

  /** The one object for this row's id, updated with the latest fields. */
  intern<T extends Row>(row: T): T {
    const id = this.idOf(row);
    const existing = this.rows.get(id) as T | undefined;
    if (existing) return Object.assign(existing, row);
    this.rows.set(id, row);
    const account = this.accountOf(row);
    if (account !== undefined) {
      const ids = this.accounts.get(account)?.rowIds ?? this.pending.get(account) ?? new Set<string>();
      ids.add(id);
      if (!this.accounts.has(account)) this.pending.set(account, ids);
    }
    return row;
  }

  row(id: string): Row | undefined {
    return this.rows.get(id);
  }

  markExpanded(row: Row, expanded: boolean): void {
    if (expanded) this.expanded.add(this.idOf(row));
    else this.expanded.delete(this.idOf(row));
  }

  /** The rows shown expanded that are still known, in the order they were expanded. */
  expandedRows(): Row[] {
    return [...this.expanded].flatMap((id) => this.rows.get(id) ?? []);
  }

  /** Forgets the rows whose id matches (the search rows when the search is cleared). */
  forgetRows(matches: (id: string) => boolean): void {
    for (const id of [...this.rows.keys()]) if (matches(id)) this.deleteRow(id);
  }

  /**
   * Listens to an account's service. A different service than before (the account signed in
   * again) replaces the old one, and what was kept of the old one (rows, shown lists) is forgotten.
   * Returns true when it started listening.
   */
  follow(accountId: string, service: Service, onChange: (change: Change) => void): boolean {
    const entry = this.accounts.get(accountId);
    if (entry?.service === service) return false;
    if (entry) this.forget(accountId);
    const rowIds = this.pending.get(accountId) ?? new Set<string>();
    this.pending.delete(accountId);
    this.accounts.set(accountId, {
      service,
      subscription: service.onDidChange(onChange),
      shown: new Set(),
      categoriesKey: '',
      rowIds,
    });
    return true;
  }

  /** The service followed for an account, if any. */
  followed(accountId: string): Service | undefined {
    return this.accounts.get(accountId)?.service;
  }

  /** A list of the account was shown (its rows were asked for). */
  showList(accountId: string, list: ListId): void {
    this.accounts.get(accountId)?.shown.add(list);
  }

  /** The lists of the account shown so far. */
  shownLists(accountId: string): ListId[] {
    return [...(this.accounts.get(accountId)?.shown ?? [])];
  }

  /** Records the categories the account shows now; true when they differ from the last ones. */
  categoriesChanged(accountId: string, key: string): boolean {
    const entry = this.accounts.get(accountId);
    if (!entry || entry.categoriesKey === key) return false;
    entry.categoriesKey = key;
    return true;
  }

  /** Forgets every account not in `accountIds` (signed out): its rows, lists and subscription. */
  retain(accountIds: readonly string[]): void {
    for (const id of [...this.accounts.keys(), ...this.pending.keys()]) if (!accountIds.includes(id)) this.forget(id);
  }

  /** Forgets everything kept of one account. */
  forget(accountId: string): void {
    const entry = this.accounts.get(accountId);
    const ids = entry?.rowIds ?? this.pending.get(accountId);
    for (const id of ids ?? []) this.deleteRow(id);
    entry?.subscription.dispose();
    this.accounts.delete(accountId);
    this.pending.delete(accountId);
  }

  private deleteRow(id: string): void {
    this.rows.delete(id);
    this.expanded.delete(id);
  }

  dispose(): void {
    for (const id of [...this.accounts.keys()]) this.forget(id);
    this.rows.clear();
  }
}
