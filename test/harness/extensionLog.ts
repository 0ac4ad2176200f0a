// The extension's log after a failed run of the integration or e2e tests: the workbench's user
// data folder, where VS Code writes it, is deleted with the workbench.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_ID } from '../../src/util/constants';
import { filesBelow } from './filesBelow';
import { TEST_RESULTS_DIR } from './paths';

/**
 * After a failed run, the extension's log goes to test-results/ and its last lines to stderr: the
 * user data folder is deleted with the workbench, and a chance failure on CI is otherwise mute.
 */
export function keepExtensionLog(userDataDir: string, run: string): void {
  // Its LogOutputChannel's file, under the logs of the extension host's session.
  const logs = filesBelow(userDataDir).filter((file) => file.endsWith('.log') && file.includes(EXTENSION_ID));
  if (logs.length === 0) return;
  fs.mkdirSync(TEST_RESULTS_DIR, { recursive: true });
  const text = logs.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const kept = path.join(TEST_RESULTS_DIR, `${run}-extension.log`);
  fs.writeFileSync(kept, text);
  const lines = text.trimEnd().split('\n');
  process.stderr.write(
    `\nThe extension's log (${kept}), its last ${Math.min(200, lines.length)} lines:\n${lines.slice(-200).join('\n')}\n`,
  );
}
