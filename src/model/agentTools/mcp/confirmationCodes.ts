// The MCP write tools' confirmation codes. A first call never writes: it gets a code bound to the
// digest of exactly what would be written, and only a second call whose content has that same
// digest, within the code's lifetime, may go on (to the user's confirmation in VS Code). A code is
// used once, whatever the answer; one for other content, one expired or never issued is refused,
// each with its own words. Plain Node.
import { randomBytes } from 'node:crypto';

/** A person reads the confirmation and answers well within this. */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** Codes kept at once: the oldest go first. */
const MAX_CODES = 32;

export type CodeCheck = 'valid' | 'unknown' | 'expired' | 'used' | 'other-content';

export class ConfirmationCodes {
  private readonly codes = new Map<string, { digest: string; until: number; used: boolean }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly lifetimeMs = CODE_LIFETIME_MS,
  ) {}

  issue(digest: string): string {
    const code = randomBytes(12).toString('base64url');
    this.codes.set(code, { digest, until: this.now() + this.lifetimeMs, used: false });
    if (this.codes.size > MAX_CODES) this.codes.delete(this.codes.keys().next().value as string);
    return code;
  }

  /** Uses the code up when it is valid for this digest; a code for other content is used up too, so it cannot be tried again. */
  take(code: string, digest: string): CodeCheck {
    const entry = this.codes.get(code);
    if (!entry) return 'unknown';
    if (entry.used) return 'used';
    entry.used = true;
    if (entry.until < this.now()) return 'expired';
    return entry.digest === digest ? 'valid' : 'other-content';
  }
}
