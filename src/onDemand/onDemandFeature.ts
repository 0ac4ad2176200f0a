// A feature whose code lives in a bundle loaded on first use (esbuild.js). Activation registers
// stand-ins for its commands; the first use of the feature, whichever comes first (one of its
// commands, its file system, its view), drops the stand-ins and loads the bundle, which registers
// the real commands, and a stand-in that was run hands its call over to the real command.
import vscode = require('vscode');
import type { Log } from '../util/log';

export class OnDemandFeature<T extends vscode.Disposable> implements vscode.Disposable {
  private loaded: T | undefined;
  private standIns: vscode.Disposable[];

  constructor(
    private readonly name: string,
    commands: readonly string[],
    private readonly create: () => T,
    private readonly log: Log,
  ) {
    this.standIns = commands.map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        this.get();
        // Commands run inside the extension host pass their arguments on as they are.
        return vscode.commands.executeCommand(id, ...args);
      }),
    );
  }

  /** The feature, loaded on the first call. */
  get(): T {
    if (!this.loaded) {
      const started = performance.now();
      // Synchronous from here to the end: no command can run between the stand-ins and the real ones.
      for (const standIn of this.standIns) standIn.dispose();
      this.standIns = [];
      this.loaded = this.create();
      this.log.debug(`${this.name} loaded in ${(performance.now() - started).toFixed(1)} ms`);
    }
    return this.loaded;
  }

  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  dispose(): void {
    for (const standIn of this.standIns) standIn.dispose();
    this.loaded?.dispose();
  }
}
