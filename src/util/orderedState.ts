// VS Code's global state (an extension's Memento) applies a write at once in the extension host,
// sends the whole state to the window later, and the window then echoes the whole state back,
// which replaces the extension host's copy. A write made while an earlier write's echo is on its
// way is overwritten by that echo, and the next write then stores the state without it
// (microsoft/vscode#137132): measured in code-server 1.100, 18 to 26 of 30 overlapping writes were
// lost. A sign-in that stores its account while Browse User stores a user lost one of them.
//
// So every write of the extension's global state goes through one queue: a write starts only once
// the one before it has been stored (its echo arrives before its promise resolves), and until then
// reads answer the value written last.

/** The part of VS Code's Memento the extension uses (vscode.Memento has this shape). */
export interface KeyValueState {
  keys(): readonly string[];
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  update(key: string, value: unknown): Thenable<void>;
}

export class OrderedState implements KeyValueState {
  /** Values written and not yet stored: what a read answers meanwhile (undefined: removed). */
  private readonly written = new Map<string, { value: unknown }>();
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly state: KeyValueState) {}

  keys(): readonly string[] {
    const keys = new Set(this.state.keys());
    for (const [key, { value }] of this.written) {
      if (value === undefined) keys.delete(key);
      else keys.add(key);
    }
    return [...keys];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const written = this.written.get(key);
    if (!written) return defaultValue === undefined ? this.state.get<T>(key) : this.state.get<T>(key, defaultValue);
    return written.value === undefined ? defaultValue : (written.value as T);
  }

  /** Queues the write behind every earlier one; resolves once it is stored. */
  update(key: string, value: unknown): Promise<void> {
    // A copy, as the Memento keeps one: a caller changing its object later changes nothing stored.
    const entry = { value: value === undefined ? undefined : structuredClone(value) };
    this.written.set(key, entry);
    const stored = this.last.then(() => this.state.update(key, entry.value));
    this.last = stored.catch(() => undefined);
    return stored.finally(() => {
      if (this.written.get(key) === entry) this.written.delete(key);
    });
  }
}
