// Runs at most `concurrency` tasks at once, the rest in the order they were queued. The panel
// fetches the publishing state of every listed ref through one of these, so 500 branches never
// turn into 500 requests at once. Pure logic, no `vscode`.

export interface Limiter {
  /** Queues a task; its promise settles with the task's result once it got a slot and ran. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Drops every task still waiting (their promises reject with LimiterClearedError); running ones finish. */
  clear(): void;
  readonly running: number;
  readonly waiting: number;
}

export class LimiterClearedError extends Error {
  constructor() {
    super('The task was dropped before it ran.');
    this.name = 'LimiterClearedError';
  }
}

interface Waiting {
  start(): void;
  drop(): void;
}

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a whole number ≥ 1, not ${concurrency}`);
  }
  let running = 0;
  const queue: Waiting[] = [];

  const next = (): void => {
    while (running < concurrency && queue.length > 0) queue.shift()!.start();
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          start: () => {
            running++;
            let result: Promise<T>;
            try {
              result = Promise.resolve(task());
            } catch (err) {
              result = Promise.reject(err);
            }
            result.then(resolve, reject).finally(() => {
              running--;
              next();
            });
          },
          drop: () => reject(new LimiterClearedError()),
        });
        next();
      });
    },
    clear(): void {
      for (const w of queue.splice(0)) w.drop();
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
