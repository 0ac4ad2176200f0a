// The report's first verdict, as a person reads it before anything else: failures name the steps
// to start with; a limit of the account (a missing admin right) is named as one, and never counted
// as a failed step.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { reportSummary } from '../../../src/model/connectionCheck/report';
import { step, STEP_TITLES, type StepStatus } from '../../../src/model/connectionCheck/steps';

const ids = STEP_TITLES.map(([id]) => id);
const steps = (statuses: Partial<Record<(typeof ids)[number], StepStatus>>) =>
  ids.map((id) => step(id, statuses[id] ?? 'pass', 'x'));

describe('connection check: the summary line', () => {
  it('a non-admin on a healthy server: every step passed, and the hook permission is a limit, not a failure', () => {
    const line = reportSummary(steps({ hooks: 'limit' }));
    assert.equal(
      line,
      'Every step that ran passed. 1 limit of your account, nothing wrong: Hook settings permission (see it below for what it affects).',
    );
    assert.doesNotMatch(line, /failed/);
  });

  it('failures are named as before, and limits after them', () => {
    assert.equal(reportSummary(steps({})), 'Every step that ran passed.');
    assert.equal(
      reportSummary(steps({ snippets: 'fail' })),
      '1 step failed: Snippets REST prefix. Start with it: later failures often follow from it.',
    );
    assert.equal(
      reportSummary(steps({ dns: 'fail', tcp: 'fail', hooks: 'limit' })),
      '2 steps failed: DNS, TCP connection. Start with the first: later failures often follow from it. Also 1 limit of your account: Hook settings permission.',
    );
  });

  it('for any outcome of the steps: says "failed" exactly when one failed, and names every limit', () => {
    const status = fc.constantFrom<StepStatus>('pass', 'fail', 'skipped', 'limit');
    fc.assert(
      fc.property(fc.array(status, { minLength: ids.length, maxLength: ids.length }), (statuses) => {
        const all = ids.map((id, i) => step(id, statuses[i], 'x'));
        const line = reportSummary(all);
        assert.equal(/failed/.test(line), statuses.includes('fail'), line);
        for (const s of all.filter((x) => x.status === 'limit')) {
          assert.ok(line.includes(s.title), `${s.title} in ${line}`);
        }
        for (const s of all.filter((x) => x.status === 'fail')) {
          assert.ok(line.includes(s.title), `${s.title} in ${line}`);
        }
      }),
    );
  });
});
