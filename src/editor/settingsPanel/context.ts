// The one context of the repository settings bundle: what its entry
// (src/onDemand/repositorySettings/bundle.ts) builds once, and the panels and their controllers
// take from.
import type * as vscode from 'vscode';
import type { Log } from '../../util/log';
import type { PanelMemory } from '../../model/settingsPanel/memory';
import type { Session } from '../accounts/session';
import type { HookDocuments } from '../hooks/hookDocuments';
import type { GitRepositories } from '../repositories/gitApi';

export interface RepositorySettingsContext {
  readonly session: Session;
  readonly log: Log;
  /** What the panel remembers across sessions: the recent repositories and their accounts. */
  readonly memory: PanelMemory;
  /** The workspace's clones, from the git extension. */
  readonly git: GitRepositories;
  /** The `bitbucket-hook` documents a hook's Edit Settings… opens. */
  readonly hookDocuments: HookDocuments;
  /** Where the panel's page finds its script and styles. */
  readonly extensionUri: vscode.Uri;
}
