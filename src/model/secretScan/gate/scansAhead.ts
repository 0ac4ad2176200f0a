// A scan started ahead of its send, and the send's own scan taking its result. A save's check is
// started on the store's copy of the snippet (what the user's document is based on) while the
// fresh copy is read (SnippetWrites.update); when the save's real check asks for exactly the same
// scan (every text with its label, path and the server's text it replaces, every server rule and
// allowlist rule, every ignored rule), it takes that scan's result, finished or still running;
// asked for anything else, it scans as it always did. Inputs are compared field by field, never by
// a hash, so a result is only ever used for exactly what it scanned. A scan ahead is kept only
// until its send's check takes it or its send ends (it is then stopped): its texts are held no
// longer than the send needs, and never logged. No `vscode` here.
import type { ServerRule } from '../serverRuleData';
import type { OutgoingText, ScanResult } from '../types';

/** Everything a scan's result depends on. */
export interface ScanInputs {
  texts: readonly OutgoingText[];
  serverRules: readonly ServerRule[];
  allowlist: readonly ServerRule[];
  ignoredRuleIds: readonly string[];
}

/** Runs one scan; rejects with the signal's reason when it is stopped. */
export type RunScan = (inputs: ScanInputs, signal?: AbortSignal) => Promise<ScanResult>;

interface Ahead {
  inputs: ScanInputs;
  result: Promise<ScanResult>;
  stop: AbortController;
  /** Its result is in (or it failed): its worker waits for the next scan. */
  settled: boolean;
  small: boolean;
}

/**
 * A scan of texts this small takes about a millisecond. A check that cannot take one still
 * running waits for it rather than start a second worker (tens of milliseconds): the one it used
 * is then free for the check's own scan.
 */
const SMALL_SCAN_CHARS = 64 * 1024;

/** But never longer than a worker takes to start (a server rule may spend its budget even on small texts). */
export const LONGEST_WAIT_MS = 50;

/** Only what a scan reads of a text (not where the user can edit it). */
const scanned = ({ label, path, text, previous }: OutgoingText): OutgoingText => ({
  label,
  text,
  ...(path !== undefined ? { path } : {}),
  ...(previous !== undefined ? { previous } : {}),
});

const sameTexts = (a: readonly OutgoingText[], b: readonly OutgoingText[]) =>
  a.length === b.length &&
  a.every(
    (t, i) => t.label === b[i].label && t.text === b[i].text && t.path === b[i].path && t.previous === b[i].previous,
  );

const sameRules = (a: readonly ServerRule[], b: readonly ServerRule[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.ruleId === b[i].ruleId &&
      r.name === b[i].name &&
      r.lineRegex === b[i].lineRegex &&
      r.pathRegex === b[i].pathRegex,
  );

/** Whether two scans read exactly the same: then they find exactly the same. */
export function sameScan(a: ScanInputs, b: ScanInputs): boolean {
  return (
    sameTexts(a.texts, b.texts) &&
    sameRules(a.serverRules, b.serverRules) &&
    sameRules(a.allowlist, b.allowlist) &&
    a.ignoredRuleIds.length === b.ignoredRuleIds.length &&
    a.ignoredRuleIds.every((id, i) => id === b.ignoredRuleIds[i])
  );
}

export class ScansAhead {
  /** The scans started ahead and not yet taken or ended: one per save under way, so a few at most. */
  private readonly waiting = new Set<Ahead>();

  constructor(
    private readonly runScan: RunScan,
    private readonly longestWaitMs = LONGEST_WAIT_MS,
  ) {}

  /**
   * Starts the scan a send is expected to need. The function returned ends it: a scan its send's
   * check took is left to that check; one never taken is stopped and forgotten.
   */
  start(inputs: ScanInputs): () => void {
    const copy: ScanInputs = {
      texts: inputs.texts.map(scanned),
      serverRules: [...inputs.serverRules],
      allowlist: [...inputs.allowlist],
      ignoredRuleIds: [...inputs.ignoredRuleIds],
    };
    const stop = new AbortController();
    const result = this.runScan(copy, stop.signal);
    const chars = copy.texts.reduce((sum, t) => sum + t.text.length + t.label.length, 0);
    const ahead: Ahead = { inputs: copy, result, stop, settled: false, small: chars <= SMALL_SCAN_CHARS };
    // Taken or not, its failure is the real check's to meet (by scanning again), never unhandled.
    result.then(
      () => (ahead.settled = true),
      () => (ahead.settled = true),
    );
    this.waiting.add(ahead);
    return () => {
      if (!this.waiting.delete(ahead)) return;
      stop.abort(new Error('the send this scan was started for ended'));
    };
  }

  /**
   * The scan a send's check needs: the result of a scan ahead of exactly these inputs (awaited if
   * still running), else a scan of its own. A scan ahead that failed or was stopped is not an
   * answer: the inputs are scanned again.
   */
  async scan(inputs: ScanInputs): Promise<ScanResult> {
    const ahead = [...this.waiting].find((a) => sameScan(a.inputs, inputs));
    if (ahead) {
      this.waiting.delete(ahead);
      try {
        return await ahead.result;
      } catch {
        // Scanned again below, as if there had been no scan ahead.
      }
    } else {
      // The server's copy changed since the store's: a small scan ahead still running ends first, and its worker scans these.
      const running = [...this.waiting].filter((a) => a.small && !a.settled);
      if (running.length > 0) await this.waitFor(running);
    }
    return this.runScan(inputs);
  }

  /** Until the scans have ended, or `longestWaitMs` has passed. */
  private async waitFor(running: readonly Ahead[]): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.longestWaitMs)));
    await Promise.race([Promise.allSettled(running.map((a) => a.result)), late]);
    clearTimeout(timer);
  }

  /** How many scans ahead are kept (for the tests: none once every send has ended). */
  get size(): number {
    return this.waiting.size;
  }
}
