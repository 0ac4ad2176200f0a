// One LogOutputChannel for the whole extension; each line carries the component it came from.
// Every message is written as one line (oneLogLine): outside text in it, a name or a server's
// message or an error's stack, can never start a line of its own.
import type { Logger as ApiLogger } from '../api/http';
import { oneLogLine } from './logLine';

/** What Log writes to: VS Code's LogOutputChannel has these, and so does a test's fake. */
export interface LogChannel {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export class Log {
  constructor(
    private readonly channel: LogChannel,
    private readonly component = 'main',
  ) {}

  child(component: string): Log {
    return new Log(this.channel, component);
  }

  trace(message: string): void {
    this.channel.trace(this.line(message));
  }
  debug(message: string): void {
    this.channel.debug(this.line(message));
  }
  info(message: string): void {
    this.channel.info(this.line(message));
  }
  warn(message: string): void {
    this.channel.warn(this.line(message));
  }
  /** Logs a failure with all its detail; BitbucketErrors carry no credentials by design. */
  error(message: string, err?: unknown): void {
    const detail = hasLogString(err)
      ? err.toLogString()
      : err instanceof Error
        ? (err.stack ?? err.message)
        : err === undefined
          ? ''
          : String(err);
    this.channel.error(this.line(`${message}${detail ? `: ${detail}` : ''}`));
  }

  private line(message: string): string {
    return oneLogLine(`[${this.component}] ${message}`);
  }

  /** The API client's logger, routed into this channel. */
  forApi(): ApiLogger {
    const api = this.child('api');
    return (level, message) => api[level](message);
  }
}

/**
 * A BitbucketError (api/errors.ts), known by the log line it writes of itself: its class stays out
 * of the code loaded at activation, which logs but never makes one.
 */
function hasLogString(err: unknown): err is Error & { toLogString(): string } {
  return err instanceof Error && typeof (err as { toLogString?: unknown }).toLogString === 'function';
}
