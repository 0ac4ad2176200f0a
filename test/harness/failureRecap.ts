// After a failed run the harness prints the extension's log, 200 lines of it: CI shows its reader
// only the last lines of the output, so mocha's list of failures, printed before the log, was out of
// sight and a chance failure on CI could not be named. The list is printed again after the log.

const COUNT_LINE = /^\s*\d+ failing\b/;
// Mocha colours its report when it prints to a terminal. The escape character is built, not written
// in the expression, which lint rightly questions elsewhere.
const COLOUR = new RegExp(`${String.fromCharCode(0x1b)}\\[[0-9;]*m`, 'g');

/**
 * The lines of a spec report after its "N failing" line: each failure's title, error and stack.
 * The count line itself is left out, because CI adds up every "N failing" line it sees.
 */
export function failureDetails(reportLines: readonly string[]): string[] {
  let count = -1;
  reportLines.forEach((line, index) => {
    if (COUNT_LINE.test(line.replace(COLOUR, ''))) count = index;
  });
  if (count < 0) return [];
  const details = reportLines.slice(count + 1);
  while (details.length > 0 && details[0].trim() === '') details.shift();
  while (details.length > 0 && details[details.length - 1].trim() === '') details.pop();
  return details;
}

/** The text to print after the extension's log: empty when the report lists no failure. */
export function failureRecap(reportLines: readonly string[]): string {
  const details = failureDetails(reportLines);
  return details.length === 0 ? '' : `\nThe failures, again after the extension's log:\n\n${details.join('\n')}\n`;
}
