// The walkthrough opens by itself once per profile, never in the extension's own test runs and
// never when the user turned walkthroughs-on-install off; the flag that says so is written first.
import * as assert from 'node:assert/strict';
import { StateKeys } from '../../../src/util/constants';
import {
  openWalkthroughOnFirstRun,
  shouldOpenWalkthrough,
  type FlagStore,
} from '../../../src/model/walkthrough/firstRun';

class MemoryFlags implements FlagStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

const ordinaryStart = { testRun: false, openOnInstall: () => true };

describe('walkthrough on first run', () => {
  it('opens on a first start, and not once it was shown', () => {
    assert.equal(shouldOpenWalkthrough({ ...ordinaryStart, alreadyShown: false }), true);
    assert.equal(shouldOpenWalkthrough({ ...ordinaryStart, alreadyShown: true }), false);
  });

  it("stays closed in the extension's test runs, which share one window", () => {
    assert.equal(shouldOpenWalkthrough({ alreadyShown: false, testRun: true, openOnInstall: () => true }), false);
  });

  it('stays closed when the user turned workbench.welcomePage.walkthroughs.openOnInstall off', () => {
    assert.equal(shouldOpenWalkthrough({ alreadyShown: false, testRun: false, openOnInstall: () => false }), false);
  });

  it('opens once across starts: the second start finds the flag the first one wrote', async () => {
    const state = new MemoryFlags();
    let opened = 0;
    const open = async () => {
      opened += 1;
    };
    assert.equal(await openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, ordinaryStart, open), true);
    assert.equal(await openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, ordinaryStart, open), false);
    assert.equal(opened, 1);
    assert.equal(state.get(StateKeys.walkthroughShown), true);
  });

  it('writes the flag before opening, so a failed open is not retried at every start', async () => {
    const state = new MemoryFlags();
    const failingOpen = async () => {
      assert.equal(state.get(StateKeys.walkthroughShown), true, 'the flag is set when the open starts');
      throw new Error('no such walkthrough');
    };
    await assert.rejects(
      openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, ordinaryStart, failingOpen),
      /no such walkthrough/,
    );
    assert.equal(await openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, ordinaryStart, failingOpen), false);
  });

  it('neither opens nor writes the flag in a test run, so a later real start still opens it', async () => {
    const state = new MemoryFlags();
    let opened = 0;
    assert.equal(
      await openWalkthroughOnFirstRun(
        state,
        StateKeys.walkthroughShown,
        { testRun: true, openOnInstall: () => true },
        async () => void (opened += 1),
      ),
      false,
    );
    assert.equal(opened, 0);
    assert.deepEqual([...state.values.keys()], []);
  });

  it('reads the openOnInstall setting only on a start it decides: not once shown, not in a test run', async () => {
    const state = new MemoryFlags();
    let reads = 0;
    const counted = (testRun: boolean) => ({ testRun, openOnInstall: () => (reads += 1) > 0 });
    await openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, counted(true), async () => undefined);
    assert.equal(reads, 0, 'a test run');
    await openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, counted(false), async () => undefined);
    assert.equal(reads, 1, 'the first start');
    await openWalkthroughOnFirstRun(state, StateKeys.walkthroughShown, counted(false), async () => undefined);
    assert.equal(reads, 1, 'a later start');
  });

  it('stays closed, and leaves the flag unset, when the user turned walkthroughs off', async () => {
    const state = new MemoryFlags();
    assert.equal(
      await openWalkthroughOnFirstRun(
        state,
        StateKeys.walkthroughShown,
        { testRun: false, openOnInstall: () => false },
        async () => assert.fail('opened'),
      ),
      false,
    );
    assert.deepEqual([...state.values.keys()], []);
  });
});
