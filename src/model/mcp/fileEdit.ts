// The edit tool's one change: an exact text of a file replaced by another, refused unless the text
// occurs exactly once (a find that matches twice would change a place the agent did not mean).
// Plain Node.

export type Replaced = { ok: true; text: string } | { ok: false; occurrences: number };

export function replaceOnce(text: string, find: string, replace: string): Replaced {
  if (find === '') return { ok: false, occurrences: 0 };
  const first = text.indexOf(find);
  if (first < 0) return { ok: false, occurrences: 0 };
  let occurrences = 1;
  for (let at = text.indexOf(find, first + 1); at >= 0 && occurrences < 1000; at = text.indexOf(find, at + 1)) occurrences++;
  if (occurrences > 1) return { ok: false, occurrences };
  return { ok: true, text: text.slice(0, first) + replace + text.slice(first + find.length) };
}
