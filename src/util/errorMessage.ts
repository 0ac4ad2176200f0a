// What a failure says, in one line of text, for a log line or a sentence around it: an Error's
// message, or anything else thrown (a string, a number, an object from a library) as text.
// describeError.ts makes the sentence a user acts on; this is only the failure's own words.

/** The message of an Error, else the thrown value as text. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
