// Loading a feature's bundle on first use (src/util/onDemandLoader.ts): the stand-ins of its
// commands hand calls over, and a bundle that fails to load (an update replacing dist/) leaves the
// stand-ins registered, tells the user once, and is tried again on the next use, with no command
// registered twice. The command registry here refuses a second registration as VS Code's does.
import * as assert from 'node:assert/strict';
import {
  FeatureLoadError,
  OnDemandLoader,
  type CommandRegistry,
  type Disposable,
} from '../../../src/util/onDemandLoader';

class Commands implements CommandRegistry {
  readonly handlers = new Map<string, (...args: unknown[]) => unknown>();
  registrations = 0;

  registerCommand(id: string, run: (...args: unknown[]) => unknown): Disposable {
    if (this.handlers.has(id)) throw new Error(`command '${id}' already exists`);
    this.registrations++;
    this.handlers.set(id, run);
    return { dispose: () => this.handlers.get(id) === run && this.handlers.delete(id) };
  }

  executeCommand(id: string, ...args: unknown[]): Promise<unknown> {
    const run = this.handlers.get(id);
    if (!run) return Promise.reject(new Error(`command '${id}' not found`));
    return Promise.resolve(run(...args));
  }
}

/** A feature that registers the real commands, as the bundles' create functions do. */
function realFeature(commands: Commands, ids: readonly string[], calls: unknown[][]): Disposable {
  const registered = ids.map((id) =>
    commands.registerCommand(id, (...args) => (calls.push([id, ...args]), `${id} ran`)),
  );
  return { dispose: () => registered.forEach((d) => d.dispose()) };
}

const IDS = ['bbs.one', 'bbs.two'];

function setUp(load: () => string) {
  const commands = new Commands();
  const told: string[] = [];
  const errors: string[] = [];
  const calls: unknown[][] = [];
  let made = 0;
  const loader = new OnDemandLoader({
    name: 'probe',
    commands: IDS,
    load,
    create: (bundle: string) => {
      assert.equal(bundle, 'the bundle');
      made++;
      return realFeature(commands, IDS, calls);
    },
    commandRegistry: commands,
    log: { debug: () => undefined, error: (message) => errors.push(message) },
    reportFailure: (name) => told.push(name),
  });
  return { commands, told, errors, calls, loader, made: () => made };
}

describe('OnDemandLoader', () => {
  it('a stand-in loads the feature once and hands its call over, arguments and all', async () => {
    const { commands, calls, loader, made } = setUp(() => 'the bundle');
    assert.equal(loader.isLoaded, false);
    assert.equal(await commands.executeCommand('bbs.one', 'a', 2), 'bbs.one ran');
    assert.equal(await commands.executeCommand('bbs.two'), 'bbs.two ran');
    assert.deepEqual(calls, [['bbs.one', 'a', 2], ['bbs.two']]);
    assert.equal(made(), 1);
    assert.equal(loader.isLoaded, true);
    // Two stand-ins, then the two real commands.
    assert.equal(commands.registrations, 4);
  });

  it('while the bundle fails to load, the stand-ins stay, the user is told once, and a later call loads it', async () => {
    let broken = true;
    const { commands, told, errors, calls, loader, made } = setUp(() => {
      if (broken) throw new Error("Cannot find module './snippets.js'");
      return 'the bundle';
    });
    assert.equal(await commands.executeCommand('bbs.one', 'x'), undefined);
    assert.equal(await commands.executeCommand('bbs.two'), undefined);
    assert.throws(() => loader.get(), FeatureLoadError);
    assert.deepEqual(told, ['probe'], 'told once, however often it was tried');
    assert.equal(errors.length, 3, 'each failed try is logged');
    assert.deepEqual([...commands.handlers.keys()].sort(), IDS, 'both commands are still registered');
    assert.equal(made(), 0);
    assert.deepEqual(calls, []);

    broken = false;
    assert.equal(await commands.executeCommand('bbs.two', 'y'), 'bbs.two ran');
    assert.deepEqual(calls, [['bbs.two', 'y']]);
    assert.equal(made(), 1);
    assert.equal(loader.isLoaded, true);
    assert.deepEqual(told, ['probe']);
  });

  it('a feature that fails while being made gets its stand-ins back, and the next try registers each command once', async () => {
    const commands = new Commands();
    const told: string[] = [];
    const calls: unknown[][] = [];
    let attempts = 0;
    const loader = new OnDemandLoader({
      name: 'probe',
      commands: IDS,
      load: () => 'the bundle',
      create: () => {
        attempts++;
        if (attempts === 1) throw new Error('the feature could not start');
        return realFeature(commands, IDS, calls);
      },
      commandRegistry: commands,
      log: { debug: () => undefined, error: () => undefined },
      reportFailure: (name) => told.push(name),
    });
    assert.equal(await commands.executeCommand('bbs.one'), undefined);
    assert.deepEqual([...commands.handlers.keys()].sort(), IDS);
    assert.equal(await commands.executeCommand('bbs.one', 1), 'bbs.one ran');
    assert.deepEqual(calls, [['bbs.one', 1]]);
    assert.deepEqual(told, ['probe']);
    assert.equal(loader.isLoaded, true);
  });

  it('a stand-in is not put back over a command that a failed attempt left registered', async () => {
    const commands = new Commands();
    const errors: string[] = [];
    let attempts = 0;
    new OnDemandLoader({
      name: 'probe',
      commands: IDS,
      load: () => 'the bundle',
      create: () => {
        attempts++;
        // Registers the first command, then fails: the first command stays the real one.
        commands.registerCommand('bbs.one', () => 'half-made one ran');
        throw new Error('failed half-way');
      },
      commandRegistry: commands,
      log: { debug: () => undefined, error: (message) => errors.push(message) },
      reportFailure: () => undefined,
    });
    assert.equal(await commands.executeCommand('bbs.two'), undefined);
    assert.equal(attempts, 1);
    assert.equal(await commands.executeCommand('bbs.one'), 'half-made one ran');
    assert.ok(commands.handlers.has('bbs.two'), 'the other command keeps its stand-in');
    assert.ok(
      errors.some((e) => e.includes('no stand-in for bbs.one')),
      JSON.stringify(errors),
    );
  });

  it('dispose removes the stand-ins, or the loaded feature', async () => {
    const unloaded = setUp(() => 'the bundle');
    unloaded.loader.dispose();
    assert.equal(unloaded.commands.handlers.size, 0);

    const loaded = setUp(() => 'the bundle');
    await loaded.commands.executeCommand('bbs.one');
    loaded.loader.dispose();
    assert.equal(loaded.commands.handlers.size, 0);
  });
});
