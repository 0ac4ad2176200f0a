// A feature whose code lives in a bundle loaded on first use (esbuild.js), in VS Code terms: the
// loading itself (stand-ins, retries after a failed load) is src/util/onDemandLoader.ts; this
// gives it VS Code's commands and tells the user, once, when a bundle could not be loaded.
import vscode = require('vscode');
import { showErrorText } from '../editor/ui/notify';
import type { Log } from '../util/log';
import { OnDemandLoader } from '../util/onDemandLoader';

export type OnDemandFeature<M, T extends vscode.Disposable> = OnDemandLoader<M, T>;

/** `load` is the require of the bundle; `create` makes the feature from it and registers its commands. */
export function onDemandFeature<M, T extends vscode.Disposable>(
  name: string,
  commands: readonly string[],
  load: () => M,
  create: (bundle: M) => T,
  log: Log,
): OnDemandFeature<M, T> {
  return new OnDemandLoader({
    name,
    commands,
    load,
    create,
    commandRegistry: vscode.commands,
    log,
    reportFailure: () => void reportLoadFailure(),
  });
}

/** A bundle that does not load is most likely one an update is replacing: a reload finishes it. */
async function reportLoadFailure(): Promise<void> {
  const reload = vscode.l10n.t('Reload Window');
  const choice = await showErrorText(
    vscode.l10n.t(
      'Part of Bitbucket Snippets could not be loaded, perhaps because the extension is being updated. Reload the window to use it.',
    ),
    reload,
  );
  if (choice === reload) await vscode.commands.executeCommand('workbench.action.reloadWindow');
}
