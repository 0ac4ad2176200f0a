// Makes the bench window's folder a clone of PROJ/repo1 on the local server, with more branches
// than the settings panel lists at first (25), and waits until VS Code's git extension sees it:
// the panel lists a clone's refs, and Add Ref of a ref the clone has needs no look-up on the server.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';

interface GitApi {
  repositories: Array<{ rootUri: vscode.Uri; status(): Promise<void>; state: { remotes: unknown[] } }>;
}

async function until<T>(what: string, probe: () => T | undefined | false): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The branches the clone has besides main: the panel lists main and the first 24 of them. */
export const CLONE_BRANCHES = [
  ...Array.from({ length: 30 }, (_, i) => `feature/b${String(i).padStart(2, '0')}`),
  'release/2.0',
];

export async function cloneOfRepo1(serverUrl: string): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) throw new Error('the bench window has no folder');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: folder,
      encoding: 'utf8',
    });
  git('remote', 'add', 'origin', `${serverUrl}/scm/PROJ/repo1.git`);
  git('commit', '--allow-empty', '-m', 'first');
  git('branch', '-M', 'main');
  for (const branch of CLONE_BRANCHES) git('branch', branch);
  const extension = vscode.extensions.getExtension<{ getAPI(v: 1): GitApi }>('vscode.git');
  if (!extension) throw new Error('the built-in git extension is missing');
  const gitApi = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
  const repository = await until('git to see the folder', () =>
    gitApi.repositories.find((r) => path.relative(r.rootUri.fsPath, folder) === ''),
  );
  await repository.status();
  await until('git to see the remote', () => repository.state.remotes.length > 0);
}
