// The secret scan's data: the texts about to leave the machine, and what the scan found in them.
// Plain data only, so that it crosses to the scan's worker thread and back unchanged.

/** One text about to be sent: a file's content, a file name, a snippet name, a comment. */
export interface OutgoingText {
  /** What the text is, for the user: the file name, "snippet name", "comment". Shown masked where it holds a secret. */
  label: string;
  /** A file's name, which a server rule's pathRegex is matched against; absent for names and comments. */
  path?: string;
  text: string;
  /** The server's version, for a save: a finding whose value already occurs in it is not reported. */
  previous?: string;
}

/** A secret found, named without its value. */
export interface SecretFinding {
  ruleId: string;
  ruleName: string;
  /** The text's label, with any secret in it masked. */
  label: string;
  /** Which of the texts scanned (its index in the list given). */
  textIndex: number;
  /** 1-based, as editors show them; the column counts UTF-16 code units, as VS Code's positions do. */
  line: number;
  column: number;
  /** At most the first and last two characters of the value, never its length (maskSecret). */
  masked: string;
  /** 'known': a token of a known format; 'generic': found by its name or its randomness, more likely a false alarm. */
  confidence: 'known' | 'generic';
}

/**
 * Why a text, or part of it, was not scanned: it looks binary (or is not text the scan can read);
 * it is longer than the scan takes (the rest was not scanned); the scan's deadline passed before
 * the built-in rules were done with it. Or why a server rule did not scan it: the rule ran out of
 * its time there (`rule-timeout`: this text and the ones after it); the engine could not take
 * the rule's expression (`rule-invalid`); the scan's deadline passed before the rule started
 * (`rule-not-run`).
 */
export type NotScannedReason = 'binary' | 'too-large' | 'deadline' | 'rule-timeout' | 'rule-invalid' | 'rule-not-run';

export interface NotScanned {
  /** The text's label, masked as a finding's is. */
  label: string;
  reason: NotScannedReason;
  /** How much of the text (UTF-8 bytes) every built-in rule did scan. */
  scannedBytes: number;
  /** The server rule, for the rule reasons. */
  ruleId?: string;
  ruleName?: string;
}

export interface ScanResult {
  findings: SecretFinding[];
  notScanned: NotScanned[];
  /** Server rules whose expression the engine refused, whether or not they were meant for these texts: for the log. */
  refusedRules?: RefusedRule[];
}

export interface RefusedRule {
  ruleId: string;
  ruleName: string;
  field: 'lineRegex' | 'pathRegex';
  /** The engine's message (the expression is the server's text: for the log only). */
  detail: string;
}
