// How a found secret is named to the user: enough to recognise it, too little to use it, and
// nothing that gives its length away (a fixed filler, whatever the value's length).

export const MASK_FILLER = '••••';

/** Values this short show no character at all: two and two of eight would be half of it. */
const SHORTEST_WITH_ENDS = 9;

/** At most the first two and the last two characters of `value` (whole code points), around a fixed filler. */
export function maskSecret(value: string): string {
  const chars = Array.from(value);
  if (chars.length < SHORTEST_WITH_ENDS) return MASK_FILLER;
  return `${chars.slice(0, 2).join('')}${MASK_FILLER}${chars.slice(-2).join('')}`;
}
