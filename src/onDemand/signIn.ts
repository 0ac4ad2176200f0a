// Activation's part of signing in: stand-ins for Sign In, Sign Out and Switch Account. The flows,
// their prompts and every sign-in message load from dist/signIn.js (esbuild.js) on first use: a
// user who is already signed in may never need them in a session.
import type * as vscode from 'vscode';
import type { Session } from '../editor/accounts/session';
import { SIGN_IN_COMMANDS } from '../util/constants';
import type { Log } from '../util/log';
import { onDemandFeature } from './onDemandFeature';

type SignInModule = typeof import('./signIn/bundle');

export interface SignInOnDemand {
  /** The sign-in module, loaded (and its commands registered) on the first call. */
  module(): SignInModule;
  disposable: vscode.Disposable;
}

export function registerSignInOnDemand(session: Session, log: Log): SignInOnDemand {
  let loaded: SignInModule | undefined;
  const feature = onDemandFeature<SignInModule, vscode.Disposable>(
    'sign-in',
    SIGN_IN_COMMANDS,
    // esbuild.js turns this require into one of dist/signIn.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    () => require('./signIn/bundle') as SignInModule,
    (module) => {
      const commands = module.registerSignInCommands(session, log.child('sign-in'));
      loaded = module;
      return commands;
    },
    log,
  );
  return {
    module: () => {
      feature.get();
      return loaded!;
    },
    disposable: feature,
  };
}
