// Entry module of the integration suite. VS Code loads it inside the extension host (code-server in
// a browser, or desktop VS Code through @vscode/test-electron) and calls run(); a rejected promise
// is how a failing suite is reported back to the runner.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

function findTests(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(full));
    else if (entry.name.endsWith('.test.js')) found.push(full);
  }
  return found.sort();
}

/**
 * The activation suite runs first, whatever the other files are called: it checks that nothing has
 * activated the extension yet, and any suite before it (a sign-in) would.
 */
function activationFirst(files: string[]): string[] {
  const isActivation = (f: string) => path.basename(f) === 'activation.test.js';
  return [...files.filter(isActivation), ...files.filter((f) => !isActivation(f))];
}

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    // The output goes through the browser console (or the desktop log), which shows no colours well.
    color: false,
    timeout: Number(process.env.BBS_TEST_CASE_TIMEOUT_MS) || 20_000,
    ...(process.env.BBS_TEST_GREP ? { grep: process.env.BBS_TEST_GREP } : {}),
  });
  for (const file of activationFirst(findTests(__dirname))) mocha.addFile(file);
  // The reporter prints with printf-style arguments, which the browser shows unformatted: format
  // them here. In code-server the extension host's console reaches the runner mixed with the
  // workbench's own log (and VS Code does not let console methods be replaced), so when the runner
  // asks for it, each reporter line carries its marker and the runner prints exactly those.
  const marker = process.env.BBS_TEST_OUTPUT_MARKER ?? '';
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(`${marker}${format(...args)}`);
  // The suite runs in more than one VS Code (the oldest the manifest claims, and the newest): say which.
  Mocha.reporters.Base.consoleLog(
    `Integration suite in ${vscode.env.appName} ${vscode.version} (${vscode.env.appHost})`,
  );
  const failures = await new Promise<number>((resolve, reject) => {
    try {
      mocha.run(resolve);
    } catch (err) {
      reject(err);
    }
  });
  if (failures > 0) throw new Error(`${failures} integration test${failures === 1 ? '' : 's'} failed.`);
}
