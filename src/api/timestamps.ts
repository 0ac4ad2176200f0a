// The times a JavaScript `Date` can hold: ±8.64e15 ms around 1970 (ECMA-262, "Time Values and
// Time Range"). Beyond them `new Date(ms)` is an Invalid Date, and `toISOString` and every Intl
// date format throw a RangeError, which takes down whatever was being built with it (VS Code
// builds a level of tree rows together). One place says what a time must be, for the response
// checks, the offline cache and the formatters alike.

export const MAX_DATE_MS = 8.64e15;

/** True when `new Date(ms)` is a valid date, so formatting it cannot throw. */
export function isDateTime(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;
}

/**
 * A time as Bitbucket sends one: whole milliseconds since 1970 (a Java `long`) that a `Date`
 * holds. Times before 1970 are allowed: a `Date` formats them, and refusing them would guard
 * nothing.
 */
export function isTimestamp(ms: unknown): ms is number {
  return isDateTime(ms) && Number.isInteger(ms);
}

/** The `Date` of a time, or undefined where none holds it (never an Invalid Date, which throws when formatted). */
export function dateOf(ms: number): Date | undefined {
  return isDateTime(ms) ? new Date(ms) : undefined;
}
