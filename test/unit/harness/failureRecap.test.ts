import * as assert from 'node:assert/strict';
import { failureDetails, failureRecap } from '../../harness/failureRecap';

// A spec report as mocha prints it, one line per entry (the integration suite's lines arrive so).
const REPORT = [
  '  Snippets in the terminal',
  '    ✔ pastes a file',
  '    1) runs a file',
  '',
  '  211 passing (4m)',
  '  1 failing',
  '',
  '  1) Snippets in the terminal',
  '       runs a file:',
  '     AssertionError: exit code 3, expected 0',
  '      at Context.<anonymous> (out/test/integration/terminal.test.js:80:12)',
  '',
  '',
];

describe('the failures printed again after the extension log', () => {
  it("are the report's lines after its count of failures, without blank ends", () => {
    assert.deepEqual(failureDetails(REPORT), REPORT.slice(7, 11));
  });

  it('never repeat the "N failing" line, which CI adds up', () => {
    const recap = failureRecap(REPORT);
    assert.match(recap, /AssertionError: exit code 3/);
    assert.doesNotMatch(recap, /^\s*\d+ failing/m);
  });

  it('follow the last count when the report holds several (a suite that ran twice)', () => {
    const twice = [...REPORT, '  0 passing', '  2 failing', '', '  1) first', '  2) second'];
    assert.deepEqual(failureDetails(twice), ['  1) first', '  2) second']);
  });

  it('are found in a coloured report too', () => {
    const coloured = ['\u001b[32m  3 passing\u001b[0m', '\u001b[31m  1 failing\u001b[0m', '', '  1) a test'];
    assert.deepEqual(failureDetails(coloured), ['  1) a test']);
  });

  it('are nothing when nothing failed', () => {
    const passed = REPORT.slice(0, 5);
    assert.deepEqual(failureDetails(passed), []);
    assert.equal(failureRecap(passed), '');
  });

  it('take a count only at the start of a line, not a title that mentions one', () => {
    const mention = ['  1 failing', '', '  1) shows "3 failing" in the status bar', '     Error: no'];
    assert.deepEqual(failureDetails(mention), ['  1) shows "3 failing" in the status bar', '     Error: no']);
  });
});
