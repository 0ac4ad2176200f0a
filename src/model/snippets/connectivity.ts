// Whether the server answers: every request the snippet core sends reports here, so "offline"
// is what the last request found, not a guess. While offline, one cheap GET every ~30 seconds
// (the probe) finds out when the server is back; nothing is polled while online. No `vscode`.
import { BitbucketError } from '../../api/errors';
import { Emitter, type Event } from '../../util/emitter';

export interface ConnectionState {
  offline: boolean;
  /** When the server last failed to answer (while offline). */
  since: number | undefined;
}

/** The failures that mean "the server cannot be reached", as opposed to an answer that says no. */
export function isUnreachable(err: unknown): boolean {
  // A TLS failure is a 'network' error too, but the server answered: it is a setup problem, not offline.
  return err instanceof BitbucketError && ((err.kind === 'network' && !err.tlsFailure) || err.kind === 'timeout');
}

export class Connectivity {
  private state: ConnectionState = { offline: false, since: undefined };
  private probeTimer: NodeJS.Timeout | undefined;
  private readonly changed = new Emitter<ConnectionState>();

  constructor(
    /** One cheap request (a one-row page); its success or failure reports itself through `watch`. */
    private readonly probe: () => Promise<unknown>,
    private readonly probeIntervalMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  get current(): ConnectionState {
    return this.state;
  }

  readonly onDidChange: Event<ConnectionState> = this.changed.event;

  /** Runs a request and learns from how it ended; the result or error passes through unchanged. */
  async watch<T>(request: () => Promise<T>): Promise<T> {
    try {
      const result = await request();
      this.answered();
      return result;
    } catch (err) {
      if (isUnreachable(err)) this.unreachable();
      // Any answer from the server (a 404, a 401) shows it is reachable.
      else if (err instanceof BitbucketError && err.status !== undefined) this.answered();
      throw err;
    }
  }

  /** Forgets the state (sign-out, another account): online until a request says otherwise. */
  reset(): void {
    this.stopProbe();
    if (this.state.offline) this.set({ offline: false, since: undefined });
  }

  dispose(): void {
    this.stopProbe();
    this.changed.dispose();
  }

  private answered(): void {
    if (!this.state.offline) return;
    this.stopProbe();
    this.set({ offline: false, since: undefined });
  }

  private unreachable(): void {
    if (this.state.offline) return;
    this.set({ offline: true, since: this.now() });
    // One probe at a time: a server that takes longer than the interval to answer (or to time
    // out) is not sent a second while the first is still waiting.
    let probing = false;
    this.probeTimer = setInterval(() => {
      if (probing) return;
      probing = true;
      void this.probe()
        .catch(() => undefined)
        .finally(() => (probing = false));
    }, this.probeIntervalMs);
    this.probeTimer.unref?.();
  }

  private stopProbe(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }

  private set(state: ConnectionState): void {
    this.state = state;
    this.changed.fire(state);
  }
}
