import * as assert from 'node:assert/strict';
import { revealSelected, type SelectableView } from '../../../src/model/snippets/tree/revealSelected';

interface Row {
  id: string;
}

/**
 * A view like VS Code's: reveal() resolves first, and the new selection is reported after it by a
 * message of its own. `selects(n)` says whether the n-th reveal (from 1) selects the row at all.
 */
class FakeView implements SelectableView<Row> {
  selection: Row[] = [];
  reveals = 0;
  private readonly listeners = new Set<(e: { selection: readonly Row[] }) => void>();
  /** `refuses(n)`: the n-th reveal is refused as VS Code refuses a row its tree does not hold yet. */
  constructor(
    private readonly selects: (n: number) => boolean,
    private readonly refuses: (n: number) => boolean = () => false,
  ) {}

  async reveal(row: Row): Promise<void> {
    const n = ++this.reveals;
    if (this.refuses(n)) throw new Error(`TreeError [bitbucketSnippets.explorer] Data tree node not found: ${row.id}`);
    if (!this.selects(n)) return;
    setTimeout(() => {
      this.selection = [row];
      for (const listener of this.listeners) listener({ selection: this.selection });
    }, 5);
  }

  onDidChangeSelection(listener: (e: { selection: readonly Row[] }) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  get listening(): number {
    return this.listeners.size;
  }
}

describe('revealSelected: a reveal that VS Code answered without selecting is tried again', () => {
  const row = { id: 'file' };
  const quietCounter = () => {
    const counter = { calls: 0, quiet: async () => void counter.calls++ };
    return counter;
  };

  it('the selection reported after reveal() returned counts: one reveal, no wait for quiet', async () => {
    const view = new FakeView(() => true);
    const quiet = quietCounter();
    assert.equal(await revealSelected(view, row, { focus: false, quiet: quiet.quiet, selectionWaitMs: 2000 }), true);
    assert.equal(view.reveals, 1);
    assert.equal(quiet.calls, 0);
    assert.equal(view.listening, 0, 'no listener is left behind');
  });

  it('a reveal that selected nothing is made again once the view is still', async () => {
    const view = new FakeView((n) => n === 2);
    const quiet = quietCounter();
    assert.equal(await revealSelected(view, row, { focus: true, quiet: quiet.quiet, selectionWaitMs: 50 }), true);
    assert.equal(view.reveals, 2);
    assert.equal(quiet.calls, 1);
    assert.deepEqual(view.selection, [row]);
    assert.equal(view.listening, 0);
  });

  it('gives up after its tries and says so', async () => {
    const view = new FakeView(() => false);
    const quiet = quietCounter();
    assert.equal(
      await revealSelected(view, row, { focus: false, quiet: quiet.quiet, selectionWaitMs: 20, tries: 3 }),
      false,
    );
    assert.equal(view.reveals, 3);
    assert.equal(quiet.calls, 2, 'no wait after the last try');
    assert.equal(view.listening, 0);
  });

  it('a row that is already selected needs no report', async () => {
    const view = new FakeView(() => false);
    view.selection = [row];
    // Waiting for a report would outlast the test's timeout.
    assert.equal(
      await revealSelected(view, row, { focus: false, quiet: async () => undefined, selectionWaitMs: 60_000 }),
      true,
    );
    assert.equal(view.reveals, 1);
    assert.equal(view.listening, 0);
  });

  describe('a reveal VS Code refused, its tree not yet holding the row (a root just added)', () => {
    it('is made again once the view is still and a moment has passed', async () => {
      const view = new FakeView(
        () => true,
        (n) => n === 1,
      );
      const quiet = quietCounter();
      const started = Date.now();
      assert.equal(
        await revealSelected(view, row, { focus: true, quiet: quiet.quiet, selectionWaitMs: 2000, refusedPauseMs: 30 }),
        true,
      );
      assert.equal(view.reveals, 2);
      assert.equal(quiet.calls, 1);
      assert.ok(Date.now() - started >= 25, 'the second reveal waited for the view to take the row');
      assert.equal(view.listening, 0, 'the refused try leaves no listener behind');
    });

    it("refused on every try, fails with VS Code's reason", async () => {
      const view = new FakeView(
        () => true,
        () => true,
      );
      const quiet = quietCounter();
      await assert.rejects(
        revealSelected(view, row, { focus: false, quiet: quiet.quiet, tries: 3, refusedPauseMs: 1 }),
        /Data tree node not found: file/,
      );
      assert.equal(view.reveals, 3);
      assert.equal(quiet.calls, 2);
      assert.equal(view.listening, 0);
    });
  });
});
