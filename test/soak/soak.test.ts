// The short soak of `npm test` (fixed seed, about 30 seconds at most, bounded operation count),
// and tests that its checker really notices lost, duplicated and changed data.
import * as assert from 'node:assert/strict';
import type { Comment, Snippet } from '../../src/api/types';
import { ABSENT, Model, stateOf, type ModelComment, type ModelSnippet } from './model';
import { formatReport, runSoak } from './soak';
import { aSnippet } from '../support/snippets';

const snippet = (token: string, files: Array<[string, string]>, comments: Comment[] = []): Snippet =>
  aSnippet({
    guid: `guid-${token}`,
    name: `[${token}] name`,
    files: files.map(([name, content], i) => ({ guid: `f${i}`, name, content })),
    comments,
  });

const comment = (token: string, text = `[${token}] hello`): Comment => ({
  guid: `g-${token}`,
  text,
  userId: 3,
  createdAt: 1,
  updatedAt: 1,
});

function modelWith(s: Snippet, told = true): { model: Model; entry: ModelSnippet } {
  const model = new Model();
  const token = /\[(.*?)\]/.exec(s.name)![1];
  const entry: ModelSnippet = {
    token,
    owner: 'alice',
    guid: s.guid,
    possible: [told ? stateOf(s) : ABSENT],
    lastSeen: s,
  };
  model.snippets.set(token, entry);
  return { model, entry };
}

describe('soak checker', () => {
  const saved = snippet('s-alice-1', [
    ['a.ts', 'one'],
    ['b.ts', 'two'],
  ]);

  it('accepts the state the user was told', () => {
    const { model } = modelWith(saved);
    model.reconcileOwnList('alice', [saved], 'check', { final: true });
    assert.deepEqual(model.mismatches, []);
  });

  it('reports a file dropped by an update', () => {
    const { model } = modelWith(saved);
    model.reconcileOwnList('alice', [snippet('s-alice-1', [['a.ts', 'one']])], 'check', { final: true });
    assert.equal(model.mismatches.length, 1);
    assert.match(model.mismatches[0], /file "b\.ts" dropped/);
  });

  it('reports a lost snippet and a duplicated one', () => {
    const lost = modelWith(saved).model;
    lost.reconcileOwnList('alice', [], 'check', { final: true });
    assert.match(lost.mismatches.join('\n'), /lost snippet/);

    const dup = modelWith(saved).model;
    dup.reconcileOwnList('alice', [saved, { ...saved, guid: 'other' }], 'check', { final: true });
    assert.match(dup.mismatches.join('\n'), /exists 2 times \(duplicate\)/);
  });

  it('reports a snippet nobody was told about', () => {
    const { model } = modelWith(saved);
    model.reconcileOwnList('alice', [saved, snippet('s-alice-99', [['x', 'y']])], 'check', { final: true });
    assert.match(model.mismatches.join('\n'), /no user was told about/);
  });

  it('allows either outcome of an unknown write, and only those', () => {
    const edited = snippet('s-alice-1', [
      ['a.ts', 'ONE'],
      ['b.ts', 'two'],
    ]);
    for (const actual of [saved, edited]) {
      const { model, entry } = modelWith(saved);
      model.unknown(entry, stateOf(edited));
      model.reconcileOwnList('alice', [actual], 'check', { final: true });
      assert.deepEqual(model.mismatches, [], `unknown write, server holds ${actual.files[0].content}`);
    }
    const { model, entry } = modelWith(saved);
    model.unknown(entry, stateOf(edited));
    model.reconcileOwnList('alice', [snippet('s-alice-1', [['a.ts', 'third']])], 'check', { final: true });
    assert.equal(model.mismatches.length, 1);
  });

  it('allows a create with an unknown outcome to exist once or not at all', () => {
    for (const listed of [[], [saved]]) {
      const { model, entry } = modelWith(saved, false);
      entry.guid = undefined;
      model.unknown(entry, stateOf(saved));
      model.reconcileOwnList('alice', listed, 'check', { final: true });
      assert.deepEqual(model.mismatches, []);
    }
  });

  it('reports a lost comment and a duplicated one', () => {
    const setup = () => {
      const { model } = modelWith(saved);
      const c: ModelComment = {
        token: 'c-bob-2',
        snippetToken: 's-alice-1',
        author: 'bob',
        guid: 'g-c-bob-2',
        possible: ['[c-bob-2] hello'],
      };
      model.comments.set(c.token, c);
      return model;
    };
    const lost = setup();
    lost.reconcileOwnList('alice', [saved], 'check', { final: true });
    assert.match(lost.mismatches.join('\n'), /lost comment/);

    const dup = setup();
    dup.reconcileOwnList(
      'alice',
      [{ ...saved, comments: [comment('c-bob-2'), { ...comment('c-bob-2'), guid: 'x' }] }],
      'check',
      { final: true },
    );
    assert.match(dup.mismatches.join('\n'), /c-bob-2 exists 2 times/);

    const fine = setup();
    fine.reconcileOwnList('alice', [{ ...saved, comments: [comment('c-bob-2')] }], 'check', { final: true });
    assert.deepEqual(fine.mismatches, []);
  });
});

describe('soak (short run: two users, faults, fixed seed)', function () {
  this.timeout(120_000);

  it('ends with the server holding exactly what each user was told, and no duplicates', async () => {
    const report = await runSoak({ seed: 20240611, durationMs: 25_000, maxOps: 1_500 });
    const summary = formatReport(report).join('\n');
    console.log(summary.replace(/^/gm, '      '));
    assert.deepEqual(report.mismatches, [], summary);
    // The run must have done enough, under faults, for its verdict to mean something.
    assert.ok(report.operations >= 200, `only ${report.operations} operations`);
    assert.ok(report.faultsTotal >= 20, `only ${report.faultsTotal} faults`);
    const unknown = Object.values(report.byKind).reduce((n, c) => n + c.unknown, 0);
    assert.ok(unknown >= 5, `only ${unknown} writes with an unknown outcome`);
    assert.ok(report.byKind.create?.saved > 0 && report.byKind.editFile?.saved > 0 && report.byKind.comment?.saved > 0);
    assert.ok(report.byKind.togglePages?.refused > 0, "bob's Pages toggles must be refused");
  });
});
