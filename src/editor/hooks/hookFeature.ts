// The hook settings documents as the repository settings bundle registers them: the
// `bitbucket-hook` file system (hookDocuments.ts) and what Compare with Server and Overwrite Server
// Version run on a hook settings document.
import vscode = require('vscode');
import type { BaseStorage } from '../../util/documentBases';
import { Schemes } from '../../util/constants';
import type { Log } from '../../util/log';
import type { Session } from '../accounts/session';
import { showInfo } from '../ui/notify';
import { HookDocuments } from './hookDocuments';

/** The `bitbucket-hook` file system and what its two conflict commands run; the caller registers them. */
export interface HookDocumentsFeature {
  documents: HookDocuments;
  compare(uri?: unknown): Promise<unknown>;
  overwrite(uri?: unknown): Promise<unknown>;
}

export function createHookDocuments(session: Session, log: Log, workspaceState: BaseStorage): HookDocumentsFeature {
  const documents = new HookDocuments(session, log, workspaceState);
  return {
    documents,
    compare: (uri) => withDocument(uri, (u) => documents.compare(u)),
    overwrite: (uri) => withDocument(uri, (u) => documents.overwrite(u)),
  };
}

/** The command's URI, or the active editor's when run from the Command Palette. */
async function withDocument<T>(uri: unknown, run: (uri: vscode.Uri) => Promise<T>): Promise<T | undefined> {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  if (!target || target.scheme !== Schemes.hook) {
    void showInfo(
      vscode.l10n.t('Open a hook settings document first (Edit Settings… in the repository settings panel).'),
    );
    return undefined;
  }
  return run(target);
}
