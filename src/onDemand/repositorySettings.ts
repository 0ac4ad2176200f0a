// Activation's part of the repository settings: the panel, hook settings documents and git
// detection are a third of the extension's own code and most sessions never open them. Their
// commands get stand-ins and the `bitbucket-hook` scheme a forwarding file system; the first use
// loads dist/repositorySettings.js (esbuild.js).
import vscode = require('vscode');
import type { Session } from '../editor/accounts/session';
import { REPOSITORY_SETTINGS_COMMANDS, Schemes } from '../util/constants';
import type { RepositorySettingsFeature } from './repositorySettings/bundle';
import type { Log } from '../util/log';
import { ForwardingFileSystemProvider } from './forwardingFileSystem';
import { onDemandFeature } from './onDemandFeature';

type RepositorySettingsModule = typeof import('./repositorySettings/bundle');

/** `globalState` is the extension's one queue of global state writes (src/util/orderedState.ts), not context.globalState. */
export function registerRepositorySettingsOnDemand(
  context: vscode.ExtensionContext,
  globalState: vscode.Memento,
  session: Session,
  log: Log,
): vscode.Disposable {
  const feature = onDemandFeature<RepositorySettingsModule, RepositorySettingsFeature>(
    'repository settings',
    REPOSITORY_SETTINGS_COMMANDS,
    // esbuild.js turns this require into one of dist/repositorySettings.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    () => require('./repositorySettings/bundle') as RepositorySettingsModule,
    ({ createRepositorySettings }) =>
      createRepositorySettings(context, globalState, session, log.child('settings-panel')),
    log,
  );
  const hookFileSystem = new ForwardingFileSystemProvider(() => feature.get().hookFileSystem);
  return vscode.Disposable.from(
    feature,
    hookFileSystem,
    vscode.workspace.registerFileSystemProvider(Schemes.hook, hookFileSystem, { isCaseSensitive: true }),
  );
}
