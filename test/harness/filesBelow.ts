// Every file below a folder, for the tests that look into code-server's user data (its logs, the
// backups of dirty editors), whose layout VS Code chooses.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function filesBelow(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push(full);
    }
  };
  walk(dir);
  return found;
}
