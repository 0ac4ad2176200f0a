// "Is this answer still wanted?" Answers to requests arrive after an await, and by then what asked
// may have started over (a panel reloaded for a new account or Refresh, a newer search, a list
// refreshed or cleared): an old answer must not overwrite the new state. Each start begins a new
// generation; a request takes a ticket when it starts and applies its answer only while that
// ticket is current. The settings panel, the last search and the snippet lists all ask this.
// Pure logic, no `vscode`.

export type Ticket = number;

export class Generation {
  private current = 0;

  /** Starts a new generation: every ticket taken before goes stale. Answers the new ticket. */
  next(): Ticket {
    return ++this.current;
  }

  /** A ticket of the current generation, for a request that should count unless something newer starts. */
  ticket(): Ticket {
    return this.current;
  }

  /** True while nothing newer has started since the ticket was taken. */
  isCurrent(ticket: Ticket): boolean {
    return ticket === this.current;
  }
}

/**
 * A generation for each key (each list of snippets, say), which start over independently. A key
 * no generation was started for yet gives ticket 0, which is not current: only an answer to a
 * request of a started generation is applied.
 */
export class Generations<K> {
  private readonly byKey = new Map<K, Generation>();

  next(key: K): Ticket {
    let generation = this.byKey.get(key);
    if (!generation) this.byKey.set(key, (generation = new Generation()));
    return generation.next();
  }

  ticket(key: K): Ticket {
    return this.byKey.get(key)?.ticket() ?? 0;
  }

  isCurrent(key: K, ticket: Ticket): boolean {
    return this.byKey.get(key)?.isCurrent(ticket) ?? false;
  }
}
