// The files VS Code writes for this run (user settings, the extension's log), found from the
// extension host's own paths: tests read them to check what reached disk.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The file name of the extension's output channel in VS Code's log folder. */
export const EXTENSION_LOG = 'Bitbucket Snippets.log';

/** Where VS Code keeps user data and logs in this run. */
export function userDataCandidates(): string[] {
  const found = new Set<string>();
  for (const value of [...process.argv, ...Object.values(process.env)]) {
    if (!value) continue;
    const m = /(\/[^\s,;"']*user-data)/.exec(value);
    if (m && fs.existsSync(m[1])) found.add(m[1]);
  }
  return [...found];
}

/** Files below `roots` (at most `depth` folders down) whose name `match` accepts. */
export function findFiles(roots: string[], match: (name: string) => boolean, depth = 8): string[] {
  const out: string[] = [];
  const walk = (dir: string, d: number) => {
    if (d < 0) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full, d - 1);
      else if (match(e.name)) out.push(full);
    }
  };
  for (const root of roots) walk(root, depth);
  return out;
}

/** The extension's log files of this run. */
export const extensionLogFiles = (): string[] =>
  findFiles(userDataCandidates(), (name) => name.endsWith(EXTENSION_LOG));
