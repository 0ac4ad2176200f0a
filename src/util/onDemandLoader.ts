// How a feature whose code lives in a bundle of its own (esbuild.js) is loaded on first use, without
// `vscode`, so that plain-Node tests can hold it (test/unit/onDemand/). src/onDemand/onDemandFeature.ts
// gives it VS Code's commands and the Reload Window notification.
//
// Activation registers a stand-in for each of the feature's commands. The first use (a command, the
// feature's file system, its view) loads the bundle, drops the stand-ins and makes the feature, which
// registers the real commands; a stand-in that was run hands its call over to the real command.
// Loading can fail, for example while an update of the extension replaces dist/: then the stand-ins
// stay (the commands do not vanish for the session), the user is told once, and the next use tries
// again. Nothing is registered twice: the stand-ins go only once the bundle has loaded, and after a
// feature failed while it was being made, a stand-in comes back only for a command it left free.

export interface Disposable {
  dispose(): void;
}

/** The commands of the editor, as much of them as loading needs. */
export interface CommandRegistry {
  registerCommand(id: string, run: (...args: unknown[]) => unknown): Disposable;
  executeCommand(id: string, ...args: unknown[]): PromiseLike<unknown>;
}

export interface OnDemandParts<M, T extends Disposable> {
  /** The feature's name, for the log. */
  name: string;
  /** The commands that get stand-ins until the feature is loaded. */
  commands: readonly string[];
  /** Loads the bundle (a require that esbuild points at dist/<bundle>.js); may throw. */
  load: () => M;
  /** Makes the feature from the loaded bundle; it registers the real commands. */
  create: (bundle: M) => T;
  commandRegistry: CommandRegistry;
  log: { debug(message: string): void; error(message: string, err?: unknown): void };
  /** Tells the user that the feature could not be loaded; called once per feature and session. */
  reportFailure: (name: string) => void;
}

/** Thrown to a caller when the feature could not be loaded this time; the user has been told. */
export class FeatureLoadError extends Error {}

export class OnDemandLoader<M, T extends Disposable> implements Disposable {
  private loaded: T | undefined;
  private standIns: Disposable[] = [];
  private told = false;

  constructor(private readonly parts: OnDemandParts<M, T>) {
    this.registerStandIns();
  }

  /** The feature, loaded on the first call; throws a FeatureLoadError while it cannot be loaded. */
  get(): T {
    if (this.loaded) return this.loaded;
    const started = performance.now();
    // Synchronous from here to the end: no command can run between the stand-ins and the real ones.
    let bundle: M;
    try {
      bundle = this.parts.load();
    } catch (err) {
      // Nothing of the feature ran: its stand-ins stay registered for the next try.
      throw this.failed(err);
    }
    this.disposeStandIns();
    try {
      this.loaded = this.parts.create(bundle);
    } catch (err) {
      this.registerStandIns();
      throw this.failed(err);
    }
    this.parts.log.debug(`${this.parts.name} loaded in ${(performance.now() - started).toFixed(1)} ms`);
    return this.loaded;
  }

  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  dispose(): void {
    this.disposeStandIns();
    this.loaded?.dispose();
  }

  private registerStandIns(): void {
    const { commands, commandRegistry } = this.parts;
    this.standIns = commands.flatMap((id) => {
      try {
        return [commandRegistry.registerCommand(id, (...args: unknown[]) => this.run(id, args))];
      } catch (err) {
        // The editor refuses a second registration: a failed attempt to make the feature left this
        // command registered, and it stays the one that runs.
        this.parts.log.error(`no stand-in for ${id}`, err);
        return [];
      }
    });
  }

  private run(id: string, args: unknown[]): unknown {
    try {
      this.get();
    } catch (err) {
      // The user has been told (once) why; the command does nothing until a later try loads.
      if (err instanceof FeatureLoadError) return undefined;
      throw err;
    }
    // Commands run inside the extension host pass their arguments on as they are.
    return this.parts.commandRegistry.executeCommand(id, ...args);
  }

  private disposeStandIns(): void {
    for (const standIn of this.standIns) standIn.dispose();
    this.standIns = [];
  }

  private failed(err: unknown): FeatureLoadError {
    // The error names the bundle's file; the log keeps it, the user is told what to do.
    this.parts.log.error(`${this.parts.name} could not be loaded`, err);
    if (!this.told) this.parts.reportFailure(this.parts.name);
    this.told = true;
    return new FeatureLoadError(this.parts.name, { cause: err });
  }
}
