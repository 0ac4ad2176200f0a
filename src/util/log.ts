// One LogOutputChannel for the whole extension; each line carries the component it came from.
import type * as vscode from 'vscode';
import type { Logger as ApiLogger } from '../api/http';
import { BitbucketError } from '../api/errors';

export class Log {
  constructor(private readonly channel: vscode.LogOutputChannel, private readonly component = 'main') {}

  child(component: string): Log {
    return new Log(this.channel, component);
  }

  trace(message: string): void {
    this.channel.trace(`[${this.component}] ${message}`);
  }
  debug(message: string): void {
    this.channel.debug(`[${this.component}] ${message}`);
  }
  info(message: string): void {
    this.channel.info(`[${this.component}] ${message}`);
  }
  warn(message: string): void {
    this.channel.warn(`[${this.component}] ${message}`);
  }
  /** Logs a failure with all its detail; BitbucketErrors carry no credentials by design. */
  error(message: string, err?: unknown): void {
    const detail = err instanceof BitbucketError ? err.toLogString() : err instanceof Error ? err.stack ?? err.message : err === undefined ? '' : String(err);
    this.channel.error(`[${this.component}] ${message}${detail ? `: ${detail}` : ''}`);
  }

  /** The API client's logger, routed into this channel. */
  forApi(): ApiLogger {
    const api = this.child('api');
    return (level, message) => api[level](message);
  }
}
