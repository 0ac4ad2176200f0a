// The scan measured like a scanner, on a labelled corpus made from a seed (corpus/): at least 5
// samples of each of at least 60 kinds in different file types, and more look-alikes than
// samples. Recall counts a secret found only at its exact place (so that its mask shows its own
// ends) and with its kind's confidence; a look-alike flagged by any rule is a false positive.
import * as assert from 'node:assert/strict';
import { tunedCorpus, type Sample } from './corpus/corpus';
import { measure, type CorpusFigures } from './corpus/measure';
import { detailsOf, summaryOf } from './corpus/report';

const LEAST_RECALL = 0.95;
const MOST_FALSE_POSITIVES = 0.03;

describe('secret scan: the labelled corpus', function () {
  this.timeout(120_000);
  let samples: Sample[];
  let figures: CorpusFigures;

  before(async () => {
    samples = tunedCorpus();
    figures = await measure(samples);
  });

  it(`on at least 5 samples of each of at least 60 kinds in 10 file types and as many look-alikes, finds at least ${LEAST_RECALL * 100} % of the secrets at their exact place and flags at most ${MOST_FALSE_POSITIVES * 100} % of the look-alikes`, () => {
    const perKind = new Map<string, number>();
    for (const s of samples) {
      for (const secret of s.secrets) perKind.set(secret.ruleId, (perKind.get(secret.ruleId) ?? 0) + 1);
    }
    assert.ok(perKind.size >= 60, `${perKind.size} kinds`);
    for (const [id, n] of perKind) assert.ok(n >= 5, `${id}: ${n} samples`);
    assert.ok(new Set(samples.filter((s) => s.secrets.length > 0).map((s) => s.label)).size >= 10, 'file types');
    assert.ok(
      samples.filter((s) => s.secrets.length === 0).length >= samples.filter((s) => s.secrets.length > 0).length,
      'look-alikes',
    );
    const summary = `${summaryOf('corpus', figures)}\n${detailsOf(figures)}`;
    assert.ok(figures.recall >= LEAST_RECALL, summary);
    assert.ok(figures.falsePositiveRate <= MOST_FALSE_POSITIVES, summary);
  });

  it("finds every sample of every kind, each with its kind's confidence: 'known' for a format, 'generic' for a name", () => {
    const wrong = [...figures.byRule.entries()]
      .filter(([, r]) => r.found < r.secrets || r.wrongConfidence > 0)
      .map(([id, r]) => `${id}: ${r.found}/${r.secrets} found, ${r.wrongConfidence} with another confidence`);
    assert.deepEqual(wrong, []);
  });

  it("flags none of a kind's own look-alikes: placeholders, references, documentation's shapes, the value changed", () => {
    const flagged = figures.flagged
      .filter((f) => f.imitates !== 'general')
      .map((f) => `${f.imitates} in ${f.label}: ${f.findings.map((x) => x.ruleId).join(', ')}`);
    assert.deepEqual(flagged, []);
  });
});
