// The connection check's bundle (dist/connectionCheck.js, esbuild.js), loaded the first time Check
// Connection runs: the command (src/editor/connectionCheck/) with the workspace's clones from git
// detection (src/editor/repositories/), for the step that checks a repository's hook permission,
// and the accounts' way to make a client (src/editor/accounts/).
import type * as vscode from 'vscode';
import { createClient, editorWireChoice, type Session } from '../../editor/accounts/session';
import { registerConnectionCheck } from '../../editor/connectionCheck/command';
import { GitRepositories } from '../../editor/repositories/gitApi';
import type { Log } from '../../util/log';

export function createConnectionCheck(session: Session, log: Log): vscode.Disposable {
  const git = new GitRepositories(log);
  const firstClone = async (serverUrl: string) => {
    const clone = (await git.clones(serverUrl).catch(() => []))[0];
    return clone
      ? { projectKey: clone.repository.projectKey, repositorySlug: clone.repository.repositorySlug }
      : undefined;
  };
  return registerConnectionCheck({ session, log, firstClone, createClient, wireChoice: editorWireChoice });
}
