// Activation's stand-ins for the repository settings: the panel, hook settings documents and git
// detection are about a third of the extension's own code and most sessions never open them. Their
// commands and the `bitbucket-hook` file system are registered here, and the first use loads the
// feature's bundle (dist/repositorySettings.js, built by esbuild.js) and hands over to it.
import * as vscode from 'vscode';
import type { Session } from '../auth/session';
import { Commands, Schemes } from '../constants';
import type { RepositorySettingsFeature } from '../settingsPanel/register';
import type { Log } from '../util/log';
import { ForwardingFileSystemProvider } from './forwardingFileSystem';

const COMMANDS = [Commands.openRepositorySettings, Commands.openOtherRepositorySettings, Commands.compareHookSettings, Commands.overwriteHookSettings];

export function registerRepositorySettingsOnDemand(context: vscode.ExtensionContext, session: Session, log: Log): vscode.Disposable {
  let feature: RepositorySettingsFeature | undefined;
  const load = (): RepositorySettingsFeature => {
    if (!feature) {
      const started = performance.now();
      // esbuild.js turns this require into one of dist/repositorySettings.js.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createRepositorySettings } = require('../settingsPanel/register') as typeof import('../settingsPanel/register');
      feature = createRepositorySettings(context, session, log.child('settings-panel'));
      log.debug(`repository settings loaded in ${(performance.now() - started).toFixed(1)} ms`);
    }
    return feature;
  };
  const hookFileSystem = new ForwardingFileSystemProvider(() => load().hookFileSystem);
  return vscode.Disposable.from(
    hookFileSystem,
    vscode.workspace.registerFileSystemProvider(Schemes.hook, hookFileSystem, { isCaseSensitive: true }),
    ...COMMANDS.map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => load().commands[id](...args))),
    { dispose: () => feature?.dispose() },
  );
}
