// `npm run l10n`: extracts every string the code translates into l10n/bundle.l10n.json, with the
// official extractor (@vscode/l10n-dev): vscode.l10n.t(...) in the editor layers and l10n.t(...)
// from @vscode/l10n in the plain-Node layers. Translators copy that file to
// bundle.l10n.<language>.json. test/unit/l10n/bundle.test.ts fails when the committed file is stale.
const fs = require('node:fs');
const path = require('node:path');
const { getL10nJson } = require('@vscode/l10n-dev');

const ROOT = path.resolve(__dirname, '..');
const BUNDLE = path.join(ROOT, 'l10n', 'bundle.l10n.json');

/** src/**\/*.ts, in a stable order so that the bundle's order only changes with the code. */
function sourceFiles(dir = path.join(ROOT, 'src')) {
  return fs.readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/**
 * The extractor finds vscode.l10n.t only where `vscode` comes from an import it knows, and it
 * does not know TypeScript's `import vscode = require('vscode')`, the form src/ uses. Given as
 * the equivalent `const vscode = require('vscode')`, the same file extracts.
 */
function asExtractorReads(source) {
  return source.replace(/^import (\w+) = require\((['"])vscode\2\);/gm, 'const $1 = require($2vscode$2);');
}

/** The strings of the code as they belong in bundle.l10n.json: { "English text": "English text" }. */
async function extractStrings() {
  const files = sourceFiles().map((file) => ({ extension: '.ts', contents: asExtractorReads(fs.readFileSync(file, 'utf8')) }));
  return getL10nJson(files);
}

/** The bundle as `npm run l10n` writes it. */
function formatBundle(strings) {
  return `${JSON.stringify(strings, null, 2)}\n`;
}

async function main() {
  const strings = await extractStrings();
  fs.mkdirSync(path.dirname(BUNDLE), { recursive: true });
  fs.writeFileSync(BUNDLE, formatBundle(strings));
  process.stdout.write(`${path.relative(ROOT, BUNDLE)}: ${Object.keys(strings).length} strings\n`);
}

module.exports = { extractStrings, formatBundle, BUNDLE };

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err.stack || err}\n`);
    process.exit(1);
  });
}
