// One queue per snippet. An update replaces all of a snippet's files, so two read-modify-writes
// of one snippet (Save All with two of its files dirty, say) must not interleave: the second
// would be built from a copy that lacks the first one's change, and drop it. A delete waits
// for a save of the same snippet for the same reason. Plain logic without `vscode`.

export class WriteQueue {
  /** The last queued task of each key, settled either way. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` once every earlier task for `key` has settled; tasks of other keys run freely. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Whether anything is queued or running for `key`. */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}
