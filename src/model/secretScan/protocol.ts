// The messages between the extension host and the scan's worker thread. The worker reports as it
// goes, so that a scan stopped at its deadline still gives what it found, and names the text and
// the server rule it was in.
import type { Confidence } from './secretMatch';
import type { CompiledServerRule } from './serverRules';
import type { NotScannedReason, OutgoingText } from './types';

export interface ScanRequest {
  id: number;
  texts: OutgoingText[];
  serverRules: CompiledServerRule[];
  ignoreRuleIds: string[];
}

/** A finding as the worker reports it: positioned and masked, the value itself never leaves the worker. */
export interface WorkerFinding {
  ruleId: string;
  line: number;
  column: number;
  masked: string;
  confidence: Confidence;
}

export type WorkerMessage =
  /** Text `index` is being scanned, this much of it (or none: binary; or the start: too large). */
  | { id: number; kind: 'started'; index: number; scannedBytes: number; notScanned?: NotScannedReason }
  | { id: number; kind: 'found'; index: number; findings: WorkerFinding[] }
  /** A server rule starts on text `index`: a deadline that passes now names it. */
  | { id: number; kind: 'rule'; index: number; ruleId: string }
  | { id: number; kind: 'done'; index: number }
  | { id: number; kind: 'finished' }
  | { id: number; kind: 'failed'; message: string };
