// The version bookkeeping of open snippet files (src/model/snippets/files/snippetFileVersions.ts) and the
// save-conflict state it shares with hook documents (src/util/saveConflicts.ts): what a save is
// decided against, in this window and the next, after a close, a reopen, a move and a refused
// save; and which open files a change of a snippet touches.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { SnippetFileVersions } from '../../../src/model/snippets/files/snippetFileVersions';
import { decideSave, editBaseOf } from '../../../src/model/snippets/files/saveLogic';
import type { BaseStorage } from '../../../src/util/documentBases';
import { SaveConflicts } from '../../../src/util/saveConflicts';
import { aSnippet } from '../../support/snippets';

/** VS Code's workspace state as a Memento: `get` sees an update at once. */
function workspaceState(): BaseStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => void (value === undefined ? values.delete(key) : values.set(key, value)),
  };
}

const A = 'bitbucket-snippet://alice@host/notes/a.txt?guid=g1';
const B = 'bitbucket-snippet://alice@host/notes/b.txt?guid=g1';
const service = { name: 'alice' };
const other = { name: 'bob' };
/** A file of a snippet; its guid is its name here. */
const file = (name: string, content: string) => ({ guid: name, name, content });
const versions = (state = workspaceState()) => new SnippetFileVersions<string, object>(state, 'bases');

describe('snippet file versions', () => {
  it("a document's base is what it was read from, in this window and in the next one over the same state", () => {
    const state = workspaceState();
    const now = versions(state);
    assert.equal(now.baseOf(A), undefined);
    now.remember(A, service, 'g1', 'a.txt', 5, 'one\n');
    assert.deepEqual(now.baseOf(A), editBaseOf(5, 'one\n'));
    assert.deepEqual(
      versions(state).baseOf(A),
      editBaseOf(5, 'one\n'),
      'a restored editor is saved against the same base',
    );
    assert.ok(!JSON.stringify([...state.values]).includes('one'), 'no text is kept in the state');
  });

  it('a clean close forgets the base beyond the window, a dirty one keeps it, and a reopen without a read keeps it again', () => {
    const state = workspaceState();
    const now = versions(state);
    now.remember(A, service, 'g1', 'a.txt', 5, 'one\n');
    now.closed(A, true);
    assert.deepEqual(versions(state).baseOf(A), editBaseOf(5, 'one\n'));
    now.closed(A, false);
    assert.equal(versions(state).baseOf(A), undefined);
    assert.deepEqual(now.baseOf(A), editBaseOf(5, 'one\n'), 'this window still knows what it read');
    now.reopened(A);
    assert.deepEqual(versions(state).baseOf(A), editBaseOf(5, 'one\n'));
  });

  it("stat's report counts only for a document read in this window (VS Code checks a restored one against no version)", () => {
    const state = workspaceState();
    versions(state).remember(A, service, 'g1', 'a.txt', 5, 'one\n');
    const next = versions(state);
    next.reportStat(A, { mtime: 9, size: 3 });
    assert.equal(next.reportedStat(A), undefined);
    assert.deepEqual(next.saveState(A), {
      base: editBaseOf(5, 'one\n'),
      reported: undefined,
      overwriteApproved: undefined,
    });
    next.remember(A, service, 'g1', 'a.txt', 9, 'one\n');
    assert.deepEqual(next.reportedStat(A), { mtime: 9, size: 3 });
  });

  it('Overwrite approves exactly the server version the refused save met, and reading or saving again ends it', () => {
    const now = versions();
    now.remember(A, service, 'g1', 'a.txt', 5, 'abc\n');
    assert.equal(now.conflicts.approve(A), false, 'nothing to overwrite before a refused save');
    now.conflicts.refused(A, 7);
    assert.equal(now.saveState(A).overwriteApproved, undefined, 'being told of the conflict is no approval');
    assert.equal(now.conflicts.approve(A), true);
    assert.equal(now.saveState(A).overwriteApproved, 7);
    assert.equal(now.saveState(B).overwriteApproved, undefined, 'only for that document');
    now.remember(A, service, 'g1', 'a.txt', 8, 'abc!\n');
    assert.equal(now.saveState(A).overwriteApproved, undefined);
    assert.equal(now.conflicts.approve(A), false);
  });

  it('with the bookkeeping, a save over another same-size change goes only after Overwrite, and over a change made after it is refused again', () => {
    const now = versions();
    now.remember(A, service, 'g1', 'a.txt', 5, 'abc\n');
    now.reportStat(A, { mtime: 5, size: 4 });
    const fresh = (updatedAt: number, content: string) => aSnippet({ updatedAt, files: [file('a.txt', content)] });
    const decide = (server: ReturnType<typeof fresh>) =>
      decideSave({
        ...now.saveState(A),
        text: 'abc!\n',
        fresh: server,
        fileName: 'a.txt',
        overwriteWithoutAsking: false,
      }).kind;
    assert.equal(decide(fresh(7, 'XYZ\n')), 'conflict');
    now.conflicts.refused(A, 7);
    assert.equal(decide(fresh(7, 'XYZ\n')), 'conflict', 'saving again (auto-save) is no choice');
    now.conflicts.approve(A);
    assert.equal(decide(fresh(7, 'XYZ\n')), 'write');
    assert.equal(decide(fresh(9, 'QRS\n')), 'conflict', 'someone changed it again after the choice');
  });

  it('a moved document keeps its base and what it was read from at the new URI, under the new file name', () => {
    const state = workspaceState();
    const now = versions(state);
    now.remember(A, service, 'g1', 'a.txt', 5, 'one\n');
    now.moved(A, B, 'b.txt');
    assert.deepEqual(now.baseOf(B), editBaseOf(5, 'one\n'));
    assert.deepEqual(versions(state).baseOf(B), editBaseOf(5, 'one\n'));
    const renamed = aSnippet({ guid: 'g1', updatedAt: 6, files: [file('b.txt', 'one\n')] });
    assert.deepEqual(
      now.touchedBy(service, ['g1'], () => renamed).deleted,
      [A],
      'the old name is gone, the new one is there',
    );
  });

  it('a change of a snippet touches only its own documents of that account: gone files are deleted, other text is changed', () => {
    const now = versions();
    now.remember(A, service, 'g1', 'a.txt', 5, 'one\n');
    now.remember(B, service, 'g1', 'b.txt', 5, 'two\n');
    now.remember('x', other, 'g1', 'a.txt', 5, 'one\n');
    now.remember('y', service, 'g2', 'c.txt', 5, 'three\n');
    const changed = aSnippet({ guid: 'g1', updatedAt: 6, files: [file('a.txt', 'one, changed\n')] });
    assert.deepEqual(
      now.touchedBy(service, ['g1'], () => changed),
      { deleted: [B], changed: [A] },
    );
    const sameText = aSnippet({ guid: 'g1', updatedAt: 6, files: [file('a.txt', 'one\n'), file('b.txt', 'two\n')] });
    assert.deepEqual(
      now.touchedBy(service, ['g1'], () => sameText),
      { deleted: [], changed: [] },
      'another file, the name or the categories changed',
    );
    assert.deepEqual(
      now.touchedBy(service, ['g1'], () => undefined),
      { deleted: [A, B], changed: [] },
      'the snippet is gone',
    );
    assert.equal(now.hasOpenFiles('g2'), true);
    assert.equal(now.hasOpenFiles('g3'), false);
    assert.deepEqual(now.uris(), [A, B, 'x', 'y']);
  });
});

describe('save conflicts (snippet files and hook settings)', () => {
  it('approve only after a refused save, for the version it met; forget ends both', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('refused' as const), version: fc.nat(5) }),
            fc.record({ op: fc.constantFrom('approve' as const, 'forget' as const) }),
          ),
          { maxLength: 12 },
        ),
        (ops) => {
          const conflicts = new SaveConflicts<number>();
          let met: number | undefined;
          let approved: number | undefined;
          for (const step of ops) {
            if (step.op === 'refused') {
              conflicts.refused(A, step.version);
              met = step.version;
            } else if (step.op === 'approve') {
              assert.equal(conflicts.approve(A), met !== undefined);
              if (met !== undefined) approved = met;
            } else {
              conflicts.forget(A);
              met = approved = undefined;
            }
            assert.equal(conflicts.approved(A), approved);
            assert.equal(conflicts.approved(B), undefined);
          }
        },
      ),
    );
  });
});
