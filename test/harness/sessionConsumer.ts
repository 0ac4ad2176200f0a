// The second extension the accounts tests need: test/sessionConsumer, packed with vsce into a .vsix
// at test time, so that VS Code installs it as any extension a user adds and attributes its session
// requests to it (its consent prompt names it). Plain Node: the e2e runner installs the .vsix before
// the workbench starts, and the integration suite installs it from inside the extension host.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const SESSION_CONSUMER_ID = 'bitbucket-snippets-test.session-consumer';

/** Packs test/sessionConsumer of the checkout at `root` into `<outDir>/session-consumer.vsix` and returns its path. */
export function packSessionConsumer(root: string, outDir: string): string {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-consumer-'));
  try {
    fs.cpSync(path.join(root, 'test', 'sessionConsumer'), stage, { recursive: true });
    const vsix = path.join(outDir, 'session-consumer.vsix');
    const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    const run = spawnSync(
      process.execPath,
      [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix],
      { cwd: stage, encoding: 'utf8' },
    );
    if (run.status !== 0) {
      throw new Error(`vsce package of the session consumer failed (${run.status}):\n${run.stdout}${run.stderr}`);
    }
    return vsix;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
