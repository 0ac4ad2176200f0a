// The bench's goals as bench-results/*.json lists them: a goal on a time is a ratio to a baseline
// measured in the same run, listed with its figure (the ratio), its target and met or missed, the
// absolute figure beside it; a goal in milliseconds that is no such ratio is named.
import * as assert from 'node:assert/strict';
import {
  absoluteTimeGoals,
  against,
  goalRecord,
  HOLD_RATIO,
  holdGoal,
  ratioGoal,
  type Figure,
} from '../../../bench/lib';

const figure = (over: Partial<Figure>): Figure => ({
  section: 's',
  name: 'n',
  value: 'v',
  method: 'm',
  numbers: { value: 1, unit: 'ms' },
  ...over,
});

describe('bench goals', () => {
  it('a ratio goal: met or missed by the ratio, listed with the ratio as its figure and the absolute beside', () => {
    assert.deepEqual(ratioGoal(14, 10, 1.5, 'the bare replay'), { goal: '≤ 1.5× the bare replay', met: true });
    assert.deepEqual(ratioGoal(16, 10, 1.5, 'the bare replay'), { goal: '≤ 1.5× the bare replay', met: false });
    const f = figure({
      ...ratioGoal(16, 10, 1.5, 'the bare replay'),
      numbers: against(16, 10, 'ms', { maxRatio: 1.5 }),
    });
    assert.deepEqual(goalRecord(f), {
      section: 's',
      name: 'n',
      goal: '≤ 1.5× the bare replay',
      figure: 1.6,
      target: 1.5,
      unit: 'ratio',
      met: false,
      absolute: { value: 16, unit: 'ms', baseline: 10 },
    });
    assert.deepEqual(absoluteTimeGoals([f]), []);
  });

  it('a hold: against the same wait with nothing running', () => {
    assert.equal(holdGoal(HOLD_RATIO * 1.2, 1.2).met, true);
    assert.equal(holdGoal(HOLD_RATIO * 1.2 + 1, 1.2).met, false);
  });

  it('a count goal is listed as it is; a goal in milliseconds without a baseline ratio is named', () => {
    const count = figure({ goal: '0 requests', met: true, numbers: { value: 0, unit: 'requests', goal: 0 } });
    assert.deepEqual(goalRecord(count), {
      section: 's',
      name: 'n',
      goal: '0 requests',
      figure: 0,
      target: 0,
      unit: 'requests',
      met: true,
      absolute: { value: 0, unit: 'requests' },
    });
    const absolute = figure({
      name: 'first result',
      goal: '< 300 ms',
      met: true,
      numbers: against(100, 50, 'ms', { max: 300 }),
    });
    assert.deepEqual(absoluteTimeGoals([count, absolute]), ['s: first result']);
  });
});
