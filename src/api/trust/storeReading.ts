// What every OS store reader gives back: the certificates it found, and why it found fewer
// than it might have, for the log.

export interface StoreReading {
  /** One PEM block per certificate, possibly with duplicates and broken entries (readSystemStore drops them). */
  certificates: string[];
  /** Short notes for the log (a missing file, a failed command); never fatal. */
  problems: string[];
}
