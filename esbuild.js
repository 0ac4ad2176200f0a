// Bundles the extension into one file so that VS Code loads a single module at activation.
// `vscode` is provided by the editor at run time and stays external.
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  legalComments: production ? 'external' : 'inline',
  metafile: true,
  logLevel: 'warning',
};

async function main() {
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    process.stdout.write('watching src/ for changes\n');
    return;
  }
  const result = await esbuild.build(options);
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  process.stdout.write(`dist/extension.js (${production ? 'production' : 'development'}): ${(bytes / 1024).toFixed(1)} KiB\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`);
  process.exit(1);
});
