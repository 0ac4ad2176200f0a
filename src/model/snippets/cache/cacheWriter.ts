// Writes the offline cache's file behind the caller's back, so a write never holds up a view:
// changes gather for a moment and go in one write, one write at a time, to a temporary file
// renamed over the old one. The file goes out in pieces, and a long write spaces out the next:
// a search that fills a 32 MB cache page by page neither stalls the extension host at each write
// nor spends most of its time writing. A write that fails (disk full, read-only) turns writing
// off for the session after one log line. Deleting the file waits for a write under way, so that write can
// never put the file back afterwards. No `vscode` here.
import { randomBytes } from 'node:crypto';
import { describeFailure, type CacheFileSystem, type CacheLog } from './cacheFile';
import { Generation } from '../../../util/generation';

export interface CacheWriterOptions {
  file: string;
  /** The folder of the file, made when missing. */
  dir: string;
  fs: CacheFileSystem;
  log?: CacheLog;
  /** How long changes gather before one write, at the least. */
  delayMs: number;
  /** Whether anything is written at all (the cache is on). */
  enabled: () => boolean;
  /** Brings the contents into shape before they are marked for writing (the cache keeps its size bound). */
  settle: () => void;
  /** The file's text as it should be now, in pieces made as they are written (read once). */
  body: () => Iterable<string>;
  /** After a write: settles what making its pieces changed; true when the contents changed again and want writing. */
  written?: () => boolean;
}

/**
 * After a write, the next waits at least this many times as long as it took: however large the
 * file, writing takes at most a fifth of the time while changes keep coming.
 */
export const WRITE_SPACING = 4;

/**
 * Deletions under way, per file: a cache made for the same account right after a Sign Out (a new
 * sign-in) reads its file only once the old one is gone, never the copy being deleted.
 */
const deleting = new Map<string, Promise<void>>();

export class CacheWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private failed = false;
  /** How long the last write took, from taking the contents to the rename. */
  private lastWriteMs = 0;
  /** Started over by discard(): a write prepared before it is not put back afterwards. */
  private readonly discards = new Generation();

  constructor(private readonly options: CacheWriterOptions) {}

  /** Set after a failed write: nothing more is written this session. */
  get broken(): boolean {
    return this.failed;
  }

  /** Changes with every discard(): a read that began before one must not put back what it read. */
  get epoch(): number {
    return this.discards.ticket();
  }

  /** The deletion of the file under way, if any. */
  deletion(): Promise<void> | undefined {
    return deleting.get(this.options.file);
  }

  /** The contents changed: they are written after the delay, with whatever changes meanwhile. */
  changed(): void {
    this.options.settle();
    this.dirty = true;
    // A write under way sets the timer when it ends, from how long it took.
    if (this.timer || this.failed || this.writing) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.write();
      },
      Math.max(this.options.delayMs, WRITE_SPACING * this.lastWriteMs),
    );
    // A pending cache write never keeps a process (a test, the bench) alive.
    this.timer.unref?.();
  }

  /** Writes pending changes now. */
  async flush(): Promise<void> {
    this.stopTimer();
    await this.writing?.catch(() => undefined);
    if (this.dirty) await this.write();
  }

  /** Forgets pending changes and deletes the file, once a write under way has finished. */
  async discard(): Promise<void> {
    const { file, fs, log } = this.options;
    this.discards.next();
    this.dirty = false;
    this.stopTimer();
    const removal = (async () => {
      await this.writing?.catch(() => undefined);
      await fs
        .rm(file, { force: true })
        .catch((err: unknown) => log?.warn(`could not delete the offline cache file: ${describeFailure(err)}`));
    })();
    deleting.set(file, removal);
    try {
      await removal;
    } finally {
      if (deleting.get(file) === removal) deleting.delete(file);
    }
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One write at a time; changes made meanwhile are written by the next one. */
  private async write(): Promise<void> {
    if (this.writing) {
      await this.writing.catch(() => undefined);
      if (!this.dirty) return;
    }
    if (!this.dirty || !this.options.enabled()) return;
    this.dirty = false;
    const started = performance.now();
    const epoch = this.discards.ticket();
    const body = this.options.body();
    this.writing = this.writeFile(body, epoch).finally(() => {
      this.writing = undefined;
      this.lastWriteMs = performance.now() - started;
    });
    await this.writing;
    if (this.options.written?.()) this.dirty = true;
    if (this.dirty && !this.timer && !this.failed) this.changed();
  }

  private async writeFile(body: Iterable<string>, epoch: number): Promise<void> {
    const { file, dir, fs, log } = this.options;
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(temp, body, 'utf8');
      if (!this.discards.isCurrent(epoch)) {
        await fs.rm(temp, { force: true });
        return;
      }
      // The rename is atomic: a crash leaves the old file or the new one, never half of one.
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      this.failed = true;
      log?.warn(
        `the offline cache could not be written (${describeFailure(err)}); it is off until the window is reloaded`,
      );
    }
  }
}
