// The plain-Node suites (`npm run test:unit`), in two mocha processes. Mocha hands the files to the
// two in the order of this list: the few that take longest go first, so that neither process is
// left running one long file alone at the end while the other has nothing to do (the short soak,
// started last, once kept one process busy for 15 s after the other had finished).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', 'out', 'test');
const FOLDERS = ['unit', 'contract', 'server', 'soak', 'catalogue', 'package'];
/** The longest files, longest first (each 5 to 20 s on a quiet 2-core machine). */
const LONGEST = [
  'soak/soak.test.js',
  'unit/patches/allOrNothing.test.js',
  'package/vsix.test.js',
  'unit/l10n/extraction.test.js',
  'unit/bundles.test.js',
  'unit/secretScan/scanLimits.test.js',
  'unit/agentTools/mcp/protocol.test.js',
  'unit/secretScan/ruleTime.test.js',
].map((file) => path.join(ROOT, file));

const testFiles = (folder) =>
  fs.existsSync(folder)
    ? fs
        .readdirSync(folder, { recursive: true })
        .filter((file) => file.endsWith('.test.js'))
        .map((file) => path.join(folder, file))
    : [];

const every = FOLDERS.flatMap((folder) => testFiles(path.join(ROOT, folder))).sort();

module.exports = {
  require: ['out/test/support/propertySeed.js'],
  spec: [...LONGEST.filter((file) => every.includes(file)), ...every.filter((file) => !LONGEST.includes(file))],
  timeout: 20000,
  reporter: 'spec',
  exit: true,
  parallel: true,
  jobs: 2,
};
