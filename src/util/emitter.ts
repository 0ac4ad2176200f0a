// The one event emitter of the plain-Node layers: it has the shape of vscode.Event (subscribe, get
// a disposable back), so the snippet core and the settings panel's state can announce changes
// without importing `vscode`.

export interface Subscription {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;
export type Event<T> = (listener: Listener<T>) => Subscription;

export class Emitter<T> {
  private listeners: Listener<T>[] = [];

  /** Subscribes a listener; disposing the answer unsubscribes it. */
  readonly event: Event<T> = (listener) => {
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  };

  fire(value: T): void {
    // A copy, so a listener that unsubscribes while being called does not skip the next one.
    for (const listener of [...this.listeners]) listener(value);
  }

  dispose(): void {
    this.listeners = [];
  }
}
