// What `npm start` puts in the demo's workspace and prints: auto-save off for the workspace, and
// the instructions a person reads. VS Code for the Web saves on every pause in typing by default,
// and every save of a snippet file is a PUT that colleagues see (the issue measured three PUTs in
// twelve seconds of typing), so the demo saves only when the person saves.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes `files.autoSave: off` into the workspace's .vscode/settings.json, keeping its other settings. */
export function writeDemoWorkspaceSettings(folder: string): void {
  const file = path.join(folder, '.vscode', 'settings.json');
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) settings = parsed as Record<string, unknown>;
  } catch {
    // No settings yet, or not plain JSON: start from none.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...settings, 'files.autoSave': 'off' }, null, 2)}\n`);
}

export interface DemoAddresses {
  workbenchUrl: string;
  serverUrl: string;
  /** Where what the person creates is kept, as it is best shown. */
  dataDir: string;
}

/** The text `npm start` prints once everything is up. */
export function demoInstructions({ workbenchUrl, serverUrl, dataDir }: DemoAddresses): string {
  return `
  Bitbucket Snippets demo is running.

    Open VS Code:        ${workbenchUrl}
    Demo Bitbucket:      ${serverUrl}  (already set as bitbucketSnippets.serverUrl)
    Sign in as:          alice / alice   (also bob / bob, admin / admin)
    Auto-save:           off in the demo's workspace (files.autoSave), so a snippet file is sent
                         to the server only when you save it (Ctrl+S): every save is a PUT that
                         colleagues see.

  What you create is kept in ${dataDir}/ (delete it to start over).
  Press Ctrl+C to stop.
`;
}
