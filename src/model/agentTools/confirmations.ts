// The save tool's bond between what the user was shown and what is saved. VS Code calls a tool's
// prepareInvocation (whose confirmation shows the proposal) and then its invoke with the same
// input, but invoke itself cannot tell whether that happened: so prepareInvocation remembers a
// digest of the proposal exactly as it would be saved (account, name, description, categories,
// every file's name and text), and invoke saves only a proposal whose digest it finds there, fresh,
// once. Anything else (no confirmation, a changed input, another account, a confirmation used or
// too old) is refused before anything is sent. Plain Node.
import { createHash } from 'node:crypto';
import type { SnippetDetails } from '../snippets/edits';
import type { NewFile } from '../snippets/snippetWrites';

/** How long a confirmation may wait for its save: a person reads and answers well within it. */
export const CONFIRMATION_LIFETIME_MS = 10 * 60_000;
/** Confirmations kept at once (a declined one is never used): the oldest go first. */
const MAX_KEPT = 20;

/** What a save sends, in one order: the digest a confirmation is bound to. */
export function proposalDigest(accountId: string, details: SnippetDetails, files: readonly NewFile[]): string {
  const canonical = JSON.stringify([
    'save-v1',
    accountId,
    details.name,
    details.description,
    [...details.categories],
    files.map((f) => [f.name, f.content]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

export type Confirmation = 'confirmed' | 'expired' | 'unknown';

export class ConfirmedProposals {
  /** Digest and until when it may be used, oldest first; the same proposal shown twice is here twice. */
  private kept: Array<{ digest: string; until: number }> = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly lifetimeMs = CONFIRMATION_LIFETIME_MS,
  ) {}

  /** The proposal was put before the user (prepareInvocation returned its confirmation). */
  shown(digest: string): void {
    this.kept.push({ digest, until: this.now() + this.lifetimeMs });
    if (this.kept.length > MAX_KEPT) this.kept.splice(0, this.kept.length - MAX_KEPT);
  }

  /** Uses up the confirmation of this proposal: `confirmed` once, then `unknown`; `expired` when only stale ones were left. */
  take(digest: string): Confirmation {
    const now = this.now();
    const fresh = this.kept.findIndex((k) => k.digest === digest && k.until >= now);
    const stale = this.kept.some((k) => k.digest === digest && k.until < now);
    this.kept = this.kept.filter((k, i) => i !== fresh && k.until >= now);
    if (fresh >= 0) return 'confirmed';
    return stale ? 'expired' : 'unknown';
  }
}
