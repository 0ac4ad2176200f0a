// The secret scan's data: the texts about to leave the machine, and what the scan found in them.
// Plain data only, so that it crosses to the scan's worker thread and back unchanged.

/** One text about to be sent: a file's content, a file name, a snippet name, a comment. */
export interface OutgoingText {
  /** What the text is, for the user: the file name, "snippet name", "comment". A server rule's pathRegex is matched against it. */
  label: string;
  text: string;
  /** The server's version, for a save: a finding whose value already occurs in it is not reported. */
  previous?: string;
}

/** A secret found, named without its value. */
export interface SecretFinding {
  ruleId: string;
  ruleName: string;
  label: string;
  /** 1-based, as editors show them; the column counts UTF-16 code units, as VS Code's positions do. */
  line: number;
  column: number;
  /** At most the first and last two characters of the value, never its length (maskSecret). */
  masked: string;
  /** 'known': a token of a known format; 'generic': found by its name or its randomness, more likely a false alarm. */
  confidence: 'known' | 'generic';
}

/**
 * Why a text, or part of it, was not scanned: it looks binary; it is longer than the scan takes
 * (the rest was not scanned); the scan's deadline passed before it was done (`ruleId` names the
 * rule that was still running, when it was a server's).
 */
export type NotScannedReason = 'binary' | 'too-large' | 'deadline';

export interface NotScanned {
  label: string;
  reason: NotScannedReason;
  /** How much of the text (UTF-8 bytes) every rule did scan. */
  scannedBytes: number;
  ruleId?: string;
}

export interface ScanResult {
  findings: SecretFinding[];
  notScanned: NotScanned[];
}
