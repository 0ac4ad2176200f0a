// The messages between the extension host and the scan's worker thread. The worker reports as it
// goes, so that a scan stopped at its deadline still gives what it found, and names the texts and
// the server rule it had not finished. The built-in rules read every text first ('done' for each),
// then each server rule reads the texts in turn within its own budget.
import type { Confidence } from './secretMatch';
import type { ServerRule } from './serverRuleData';
import type { NotScannedReason, OutgoingText } from './types';

export interface ScanRequest {
  id: number;
  texts: OutgoingText[];
  serverRules: ServerRule[];
  /** The server's allowlist rules: a match they allow is no finding. */
  allowlist: ServerRule[];
  ignoreRuleIds: string[];
  /** How long one server rule may take over all the texts, in milliseconds. */
  ruleBudgetMs: number;
  /** The built-in rules start at this text: the ones before it were read by a worker stopped at a text's budget. */
  firstText?: number;
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
  /** Text `index`'s label with the secrets found in it, or in a text it names, masked. */
  | { id: number; kind: 'label'; index: number; label: string }
  /** The built-in rules have read text `index`. */
  | { id: number; kind: 'done'; index: number }
  /** A server rule starts on text `index`: a deadline that passes now names it. */
  | { id: number; kind: 'rule'; index: number; ruleId: string }
  /** A server rule ran out of its budget on text `index`: it did not read the rest of it, nor the texts after it. */
  | { id: number; kind: 'rule-stopped'; index: number; ruleId: string }
  /** The engine refused a server rule's expression; `index`: the first text the rule was meant for, -1 for none. */
  | {
      id: number;
      kind: 'rule-invalid';
      index: number;
      ruleId: string;
      field: 'lineRegex' | 'pathRegex';
      detail: string;
    }
  | { id: number; kind: 'finished' }
  | { id: number; kind: 'failed'; message: string };
