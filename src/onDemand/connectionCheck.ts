// Activation's part of the connection check: a stand-in for its command. The check and its
// report load from dist/connectionCheck.js (esbuild.js) the first time it runs.
import type * as vscode from 'vscode';
import type { Session } from '../editor/accounts/session';
import { CONNECTION_CHECK_COMMANDS } from '../util/constants';
import type { Log } from '../util/log';
import { onDemandFeature } from './onDemandFeature';

type ConnectionCheckModule = typeof import('./connectionCheck/bundle');

export function registerConnectionCheckOnDemand(session: Session, log: Log): vscode.Disposable {
  return onDemandFeature<ConnectionCheckModule, vscode.Disposable>(
    'connection check',
    CONNECTION_CHECK_COMMANDS,
    // esbuild.js turns this require into one of dist/connectionCheck.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    () => require('./connectionCheck/bundle') as ConnectionCheckModule,
    ({ createConnectionCheck }) => createConnectionCheck(session, log.child('connection-check')),
    log,
  );
}
