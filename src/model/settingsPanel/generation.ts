// "Is this answer still wanted?" Answers to requests arrive after an await, and by then the panel
// may have reloaded (new account, Refresh) or been closed: an old answer must not overwrite the
// new state. Each round of loading starts a new generation; a request takes a ticket when it
// starts and applies its answer only while that ticket is current. Pure logic, no `vscode`.

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
