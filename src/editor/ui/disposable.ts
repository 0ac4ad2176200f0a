// What a class that owns disposables (listeners, registrations, emitters) extends, instead of each
// keeping its own list: it registers them as it makes them, and its dispose() disposes them all,
// in the order they were registered (a subclass that must do more calls super.dispose() where its
// order needs it). Like VS Code's own Disposable base, without its guard against a second
// dispose(): the classes that need one keep their own.
import vscode = require('vscode');

export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];

  /** Disposed with this object, in this order, after everything registered before. */
  protected register(...disposables: vscode.Disposable[]): void {
    this.owned.push(...disposables);
  }

  dispose(): void {
    for (const d of this.owned) d.dispose();
  }
}
