// Bundles the extension. `vscode` is provided by the editor at run time and stays external.
//
// Activation loads only dist/extension.js: the wiring, the session and stand-ins (src/onDemand/).
// The rest loads on first use, so that activation reads and compiles a fraction of the code:
//   dist/signIn.js              Sign In, Sign Out, Switch Account and their messages;
//   dist/snippets.js            the snippet core, the Snippets view, snippet documents, comments
//                               and the snippet commands, when any of them is first used;
//   dist/api.js                 the API client, when the first client is made;
//   dist/undici.js              undici's HTTP agents (most of the code), with the first request;
//   dist/repositorySettings.js  the settings panel, hook settings documents and git detection;
//   dist/connectionCheck.js     the Check Connection command and its diagnosis;
//   dist/secretScanWorker.js    the secret scan's worker thread and its library (secretlint), started
//                               by file name when a scan runs, in a thread of its own;
//   dist/mcpServer.js           the MCP server, a process of its own the editor starts (stdio), which
//                               reaches the extension host over a private channel (src/model/agentTools/mcp/);
//   dist/testing.js             the test API, in Test and Development mode only: an installed
//                               extension (Production mode) never loads it;
//   dist/l10n.js                @vscode/l10n, the translations of the plain-Node layers' strings.
//                               One copy shared by every bundle: a copy inlined in each would
//                               keep its own translations, and only one of them would be given
//                               the display language's bundle (src/extension.ts).
// And the scripts of the webviews, for the browser (src/webview/), into dist/webview/:
//   dist/webview/settingsPanel.js  the repository settings page (src/editor/settingsPanel/panel.ts).
// The sources keep a plain require() at each of those boundaries, which works as it is in plain
// Node (out/, the unit tests); the plugin below points those requires at the bundle files instead
// of inlining them. `--single-bundle` builds the earlier one-file layout, for the benchmark.
const path = require('node:path');
const esbuild = require('esbuild');

/** Modules loaded on demand, and the bundle each becomes. */
const ON_DEMAND = [
  { source: 'src/onDemand/signIn/bundle.ts', bundle: 'signIn' },
  { source: 'src/onDemand/snippets/bundle.ts', bundle: 'snippets' },
  { source: 'src/api/client.ts', bundle: 'api' },
  { source: 'src/api/wire/undici/undiciParts.ts', bundle: 'undici' },
  { source: 'src/onDemand/repositorySettings/bundle.ts', bundle: 'repositorySettings' },
  { source: 'src/onDemand/connectionCheck/bundle.ts', bundle: 'connectionCheck' },
  { source: 'src/onDemand/testingApi.ts', bundle: 'testing' },
  // A worker thread's script, started by its file name (src/model/secretScan/scanWorkers.ts), never required.
  { source: 'src/model/secretScan/secretScanWorker.ts', bundle: 'secretScanWorker' },
  // The MCP server's process, which the editor starts on its own Node by file name (src/onDemand/mcp.ts), never required.
  { source: 'src/model/agentTools/mcp/serverMain.ts', bundle: 'mcpServer' },
];

/** Packages every bundle shares, each built once into a bundle of its own. */
const SHARED = [{ packageName: '@vscode/l10n', bundle: 'l10n' }];

const onDemandBoundaries = {
  name: 'on-demand-boundaries',
  setup(build) {
    const bySource = new Map(ON_DEMAND.map((m) => [path.resolve(__dirname, m.source), m.bundle]));
    for (const shared of SHARED) {
      const exact = new RegExp(`^${shared.packageName.replace(/[/.]/g, '\\$&')}$`);
      build.onResolve({ filter: exact }, () => ({ path: `./${shared.bundle}.js`, external: true }));
    }
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'require-call') return undefined;
      const bundle = bySource.get(path.resolve(args.resolveDir, `${args.path}.ts`));
      // Every bundle lands in the same folder, so the require is relative to it.
      return bundle ? { path: `./${bundle}.js`, external: true } : undefined;
    });
  },
};

/**
 * Packages whose `main` is a UMD build that requires its own files at run time, which esbuild does
 * not follow (the bundle would require ./impl/format.js from dist/): their ES module build instead.
 */
const esModuleBuilds = {
  name: 'es-module-builds',
  setup(build) {
    build.onResolve({ filter: /^jsonc-parser$/ }, () => ({ path: require.resolve('jsonc-parser/lib/esm/main.js') }));
  },
};

/**
 * secretlint's preset imports node-forge (four fifths of the scan's worker bundle) only to read a
 * `.p12` file from the disk, which the scan never hands it (src/model/secretScan/libraryRules.ts):
 * that one dynamic import stays out of the bundle.
 */
const withoutSecretlintForge = {
  name: 'without-secretlint-forge',
  setup(build) {
    build.onResolve({ filter: /^\.\/index-[\w-]+\.js$/ }, (args) =>
      args.kind === 'dynamic-import' && /secretlint-rule-preset-recommend/.test(args.importer) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Code a package carries that never runs here, left out of the bundles (the .vsix stays under
 * 500 KB, test/package/vsix.test.ts):
 * - undici's second HTTP parser, llhttp built for WebAssembly SIMD (72 KB of base64): undici
 *   falls back to the plain WebAssembly build, which it bundles as well, when the SIMD one cannot
 *   be made (its own code, client-h1.js); the plain one parses the same answers on every CPU.
 * - undici's fetch bodies (webidl, FormData and its parser, data: URLs: 41 KB), which its HTTP/1 and
 *   HTTP/2 clients load only to send a FormData body: the extension sends strings (JSON).
 * - undici's HTTP/2 client (used only with `allowH2`, which the extension never sets) and its SOCKS5
 *   proxy agent (the extension's proxies are http:// or https://, src/api/wire/undici/proxyForTarget.ts).
 * And undici's one parser left, llhttp for WebAssembly, is dist/llhttp.wasm, read with the first
 * request that needs it, not 72 KB of base64 in the bundle (a third less in the .vsix's zip).
 * - `debug`, which secretlint's core logs through when DEBUG names it: in the scan's worker no one
 *   reads that output, so every logger is a no-op.
 * - llhttp's constants (10 KB: the tables its parser was generated from), of which undici's HTTP/1
 *   client reads two, the error codes and the parser types: those two are copied in at build time.
 */
/** Of llhttp's constants (its parser's states, character classes, methods…), what undici's HTTP/1 client reads: the error codes and the parser types. */
function llhttpConstantsRead() {
  const { ERROR, TYPE } = require('undici/lib/llhttp/constants.js');
  return { ERROR, TYPE };
}

const leftOut = {
  name: 'left-out',
  setup(build) {
    build.onResolve({ filter: /\/llhttp_simd-wasm\.js$/ }, () => ({ path: 'llhttp_simd-wasm', namespace: 'left-out' }));
    build.onResolve({ filter: /\/web\/fetch\/body\.js$/ }, (args) => (/undici[\\/]lib[\\/]dispatcher[\\/]/.test(args.importer) ? { path: 'fetch-body', namespace: 'left-out' } : undefined));
    const inUndiciDispatchers = (args) => /undici[\\/]lib[\\/]dispatcher[\\/]/.test(args.importer);
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) => (inUndiciDispatchers(args) ? { path: 'client-h2', namespace: 'left-out' } : undefined));
    build.onResolve({ filter: /^\.\/socks5-proxy-agent$/ }, (args) => (inUndiciDispatchers(args) ? { path: 'socks5-proxy-agent', namespace: 'left-out' } : undefined));
    build.onResolve({ filter: /\/llhttp\/llhttp-wasm\.js$/ }, (args) => (inUndiciDispatchers(args) ? { path: 'llhttp-wasm', namespace: 'left-out' } : undefined));
    build.onResolve({ filter: /\/llhttp\/constants\.js$/ }, (args) => (inUndiciDispatchers(args) ? { path: 'llhttp-constants', namespace: 'left-out' } : undefined));
    build.onResolve({ filter: /^debug$/ }, () => ({ path: 'debug', namespace: 'left-out' }));
    const stubs = {
      'client-h2': "module.exports = () => { throw new Error('HTTP/2 is not used by this extension'); };",
      'socks5-proxy-agent': "module.exports = class { constructor() { throw new Error('a SOCKS proxy is not used by this extension'); } };",
      // Beside the bundle (esbuild.js writes it): __dirname is dist/ in the bundle.
      'llhttp-wasm': "module.exports = require('fs').readFileSync(require('path').join(__dirname, 'llhttp.wasm'));",
      // new WebAssembly.Module(undefined) throws, and undici takes the plain build.
      'llhttp_simd-wasm': 'module.exports = undefined;',
      'fetch-body': "module.exports = { extractBody() { throw new Error('a FormData body is not sent by this extension'); } };",
      debug: 'module.exports = () => () => undefined;',
      // The two tables undici's HTTP/1 client reads, copied from llhttp's constants as this undici has them.
      'llhttp-constants': `module.exports = ${JSON.stringify(llhttpConstantsRead())};`,
    };
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({ contents: stubs[args.path], loader: 'js' }));
  },
};

/** The preset's rules the scan's own rules supersede: SUCCESSORS' keys (src/model/secretScan/ruleIds.ts, which imports nothing). */
function supersededLibraryRules() {
  const ruleIds = path.join(__dirname, 'src/model/secretScan/ruleIds.ts');
  const built = esbuild.buildSync({ entryPoints: [ruleIds], bundle: true, write: false, format: 'cjs', platform: 'node', logLevel: 'silent' });
  const module = { exports: {} };
  new Function('module', 'exports', built.outputFiles[0].text)(module, module.exports);
  return Object.keys(module.exports.SUCCESSORS);
}

/**
 * secretlint's recommended preset holds sixteen rules, ten of which the scan never runs: its own
 * rules supersede them (src/model/secretScan/libraryRules.ts). The preset's list of rules leaves
 * those out, and with it their code (a sixteenth of the worker's bundle). The build fails if the
 * preset's layout changed or a superseded rule is not in it.
 */
const withoutSupersededLibraryRules = {
  name: 'without-superseded-library-rules',
  setup(build) {
    build.onLoad({ filter: /secretlint-rule-preset-recommend[\\/]module[\\/]index-[\w-]+\.js$/ }, (args) => {
      const source = require('node:fs').readFileSync(args.path, 'utf8');
      const list = /^const rules = \[([^\]]*)\];$/m.exec(source);
      if (!list) return undefined;
      const ids = new Map([...source.matchAll(/^const (creator\$\w+) = \{\n[\s\S]*?\bid: "(@secretlint\/[\w-]+)"/gm)].map((m) => [m[1], m[2]]));
      const superseded = supersededLibraryRules();
      const rules = list[1].split(',').map((name) => name.trim()).filter(Boolean);
      const kept = rules.filter((name) => !superseded.includes(ids.get(name)));
      if (rules.some((name) => !ids.has(name)) || rules.length - kept.length !== superseded.length) {
        throw new Error(`secretlint's preset no longer lists its rules as esbuild.js reads them, or lacks one of ${superseded.join(', ')}`);
      }
      return { contents: source.replace(list[0], `const rules = [${kept.join(', ')}];`), loader: 'js' };
    });
  },
};

/**
 * re2js's Unicode tables in its build (build/index.js), between these two of its section markers,
 * and the names of the tables each of its maps holds (`Greek: () => …`).
 */
const RE2JS_TABLES = { start: '// src/UnicodeTables.js', end: '// src/Unicode.js' };

/** Where re2js's tables are in its source, and the names its categories and scripts have. Throws when re2js's layout changed. */
function re2jsTables(source) {
  const start = source.indexOf(RE2JS_TABLES.start);
  const end = source.indexOf(RE2JS_TABLES.end, start);
  const namesOf = (map) => {
    const at = source.indexOf(`static ${map} = new LazyMap({`, start);
    const close = source.indexOf('});', at);
    return at < 0 || at > end ? [] : [...source.slice(at, close).matchAll(/^\t\t(\w+): \(\) =>/gm)].map((m) => m[1]);
  };
  const names = { categories: namesOf('CATEGORIES'), scripts: namesOf('SCRIPTS') };
  if (start < 0 || end < 0 || names.categories.length === 0 || names.scripts.length === 0 || !/\bvar UnicodeTables = class\b/.test(source.slice(start, end))) {
    throw new Error("re2js's build no longer has its Unicode tables where esbuild.js looks for them (re2jsTables)");
  }
  return { start, end, names };
}

/**
 * re2js's Unicode tables (60 KB of encoded ranges: categories, scripts, case orbits) are made at run
 * time from the JavaScript engine's own Unicode data instead (src/model/secretScan/re2UnicodeTables.ts):
 * the worker's bundle keeps only the tables' names.
 */
const re2jsTablesAtRunTime = {
  name: 're2js-tables-at-run-time',
  setup(build) {
    build.onLoad({ filter: /[\\/]re2js[\\/]build[\\/]index\.js$/ }, (args) => {
      const source = require('node:fs').readFileSync(args.path, 'utf8');
      const { start, end, names } = re2jsTables(source);
      const made = path.join(__dirname, 'src/model/secretScan/re2UnicodeTables.ts');
      const tables = `import { re2UnicodeTables } from ${JSON.stringify(made)};\nvar UnicodeTables = re2UnicodeTables(UnicodeRangeTable, ${JSON.stringify(names)});\n`;
      return { contents: source.slice(0, start) + tables + source.slice(end), loader: 'js' };
    });
  },
};

const ACTIVATION_ENTRY = { source: 'src/extension.ts', bundle: 'extension' };

/** Scripts that run in a webview, not in the extension host: each a bundle of its own in dist/webview/. */
const WEBVIEW_ENTRIES = [{ source: 'src/webview/settingsPanel.ts', bundle: 'webview/settingsPanel' }];

/** The shared packages' bundles, built from the packages themselves. */
const SHARED_ENTRIES = SHARED.map((s) => ({ source: path.relative(__dirname, require.resolve(s.packageName)), bundle: s.bundle }));

/** What every bundle's options share: one entry, one output file, minified and without maps in production. */
function bundleOptions(entry, { production, outdir, quiet }) {
  return {
    entryPoints: [path.join(__dirname, entry.source)],
    bundle: true,
    outfile: path.join(outdir, `${entry.bundle}.js`),
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    legalComments: production ? 'external' : 'inline',
    metafile: true,
    logLevel: quiet ? 'silent' : 'warning',
  };
}

/** esbuild's options for one bundle; the build and the watch share them. `shared`: the sources dist/common.js holds. */
function optionsFor(entry, { production = false, singleBundle = false, outdir = path.join(__dirname, 'dist'), quiet = false, shared } = {}) {
  const sharing = shared && SHARING.includes(entry.bundle) ? [commonModules(shared)] : [];
  return {
    ...bundleOptions(entry, { production, outdir, quiet }),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: singleBundle
      ? [esModuleBuilds, withoutSecretlintForge, withoutSupersededLibraryRules, re2jsTablesAtRunTime, leftOut]
      : [onDemandBoundaries, ...sharing, esModuleBuilds, withoutSecretlintForge, withoutSupersededLibraryRules, re2jsTablesAtRunTime, leftOut],
  };
}

/**
 * The on-demand bundles of the extension host that share code (the activation bundle keeps its own
 * copies, so that activation reads one file; the worker and the MCP server run elsewhere).
 */
const SHARING = ['signIn', 'snippets', 'api', 'repositorySettings', 'connectionCheck', 'testing'];

/** Sources (absolute paths, .ts) that two or more of the SHARING bundles hold: a first build, in memory, tells. */
async function sharedSources(options) {
  const entries = ON_DEMAND.filter((m) => SHARING.includes(m.bundle));
  const results = await Promise.all(entries.map((entry) => esbuild.build({ ...optionsFor(entry, { ...options, shared: undefined }), write: false, logLevel: 'silent' })));
  const holders = new Map();
  for (const result of results) {
    for (const input of Object.keys(result.metafile.inputs)) {
      if (!input.startsWith('src/') || !input.endsWith('.ts')) continue;
      holders.set(input, (holders.get(input) ?? 0) + 1);
    }
  }
  const entrySources = new Set(ON_DEMAND.map((m) => m.source));
  return new Set([...holders].filter(([input, n]) => n > 1 && !entrySources.has(input)).map(([input]) => path.resolve(__dirname, input)));
}

/**
 * Code several on-demand bundles share is built once, into dist/common.js: an import of a shared
 * source becomes `require('./common.js')[its path]`, and common.js makes each module when it is
 * first asked for. The bundles loaded together use the same instance of each module, as in the
 * one-bundle layout (before, each bundle had its copy: 88 KB of copies in all).
 */
function commonModules(shared) {
  return {
    name: 'common-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\/common\.js$/ }, () => ({ path: './common.js', external: true }));
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind !== 'import-statement' && args.kind !== 'require-call') return undefined;
        const base = path.resolve(args.resolveDir, args.path);
        const source = [base, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => shared.has(candidate));
        return source ? { path: path.relative(__dirname, source).split(path.sep).join('/'), namespace: 'common' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'common' }, (args) => ({ contents: `module.exports = require('./common.js')[${JSON.stringify(args.path)}];`, loader: 'js', resolveDir: __dirname }));
    },
  };
}

/** dist/common.js: every shared source, each made on first use (a getter), by its path. */
function commonOptions(shared, options) {
  const keys = [...shared].map((source) => path.relative(__dirname, source).split(path.sep).join('/')).sort();
  const contents = keys.map((key) => `Object.defineProperty(exports, ${JSON.stringify(key)}, { enumerable: true, get: () => require(${JSON.stringify(`./${key}`)}) });`).join('\n');
  const base = optionsFor({ source: 'esbuild.js', bundle: 'common' }, { ...options, shared: undefined });
  // Its entry is the table above, not a file.
  delete base.entryPoints;
  return { ...base, stdin: { contents, resolveDir: __dirname, sourcefile: 'common.js', loader: 'js' } };
}

/**
 * esbuild's options for a webview's script: a classic script for the page (the CSP lets in one
 * nonce'd <script>), for the Chromium of VS Code 1.100 (Electron 34), with nothing external.
 */
function webviewOptionsFor(entry, { production = false, outdir = path.join(__dirname, 'dist'), quiet = false } = {}) {
  return { ...bundleOptions(entry, { production, outdir, quiet }), format: 'iife', platform: 'browser', target: 'chrome132' };
}

/** undici's parser, where the bundles read it (the `left-out` plugin above). */
function writeParser(outdir) {
  const fs = require('node:fs');
  fs.mkdirSync(outdir, { recursive: true });
  fs.writeFileSync(path.join(outdir, 'llhttp.wasm'), require('undici/lib/llhttp/llhttp-wasm.js'));
}

/**
 * Production bundles are minified once more by terser, after esbuild: it inlines what is used once
 * and mangles top-level names by how often they occur, which esbuild does not, for 4% fewer bytes
 * compressed (12.7 KB of the .vsix). Each bundle is a CommonJS module (its top level is its own)
 * or, in a webview, one IIFE. Getters are not taken as free of side effects (common.js makes its
 * modules in getters), and comments go (the licences are in the *.LEGAL.txt files beside).
 */
const TERSER_OPTIONS = { ecma: 2020, module: false, toplevel: true, compress: { passes: 2, pure_getters: false }, mangle: true, format: { comments: false } };

/**
 * Minifies each built .js file again with terser, in place. Node reads a bundle as UTF-8, so its
 * strings keep their characters; a webview's script keeps them escaped, as esbuild wrote them
 * (a page decides how it reads a script).
 */
async function minifyAgain(results, { browser }) {
  const fs = require('node:fs');
  const { minify } = require('terser');
  const options = { ...TERSER_OPTIONS, format: { ...TERSER_OPTIONS.format, ascii_only: browser } };
  // The metafile names its outputs relative to the working directory.
  const files = results.flatMap((result) => Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')));
  for (const file of files) fs.writeFileSync(file, (await minify(fs.readFileSync(file, 'utf8'), options)).code);
}

/** Builds the bundles into `outdir`; resolves with esbuild's metafile of each, by bundle name. */
async function buildBundles(options = {}) {
  const entries = [ACTIVATION_ENTRY, ...(options.singleBundle ? [] : [...ON_DEMAND, ...SHARED_ENTRIES])];
  const shared = options.singleBundle ? undefined : await sharedSources(options);
  // The single-bundle layout is about the extension host's code: its pages need their scripts all the same.
  const builds = [
    ...entries.map((entry) => esbuild.build(optionsFor(entry, { ...options, shared }))),
    ...WEBVIEW_ENTRIES.map((entry) => esbuild.build(webviewOptionsFor(entry, options))),
    ...(shared ? [esbuild.build(commonOptions(shared, options))] : []),
  ];
  const results = await Promise.all(builds);
  if (options.production) {
    // In the order of `builds`: the extension host's bundles, the webviews' scripts, then common.js.
    const pages = entries.length + WEBVIEW_ENTRIES.length;
    await minifyAgain([...results.slice(0, entries.length), ...results.slice(pages)], { browser: false });
    await minifyAgain(results.slice(entries.length, pages), { browser: true });
  }
  writeParser(options.outdir ?? path.join(__dirname, 'dist'));
  const names = [...entries, ...WEBVIEW_ENTRIES].map((entry) => entry.bundle).concat(shared ? ['common'] : []);
  return Object.fromEntries(names.map((name, i) => [name, results[i].metafile]));
}

async function main() {
  const production = process.argv.includes('--production');
  const singleBundle = process.argv.includes('--single-bundle');
  if (process.argv.includes('--watch')) {
    writeParser(path.join(__dirname, 'dist'));
    // Watched, each bundle keeps its own copy of what the bundles share (no dist/common.js).
    for (const entry of [ACTIVATION_ENTRY, ...ON_DEMAND, ...SHARED_ENTRIES]) await (await esbuild.context(optionsFor(entry))).watch();
    for (const entry of WEBVIEW_ENTRIES) await (await esbuild.context(webviewOptionsFor(entry))).watch();
    process.stdout.write('watching src/ for changes\n');
    return;
  }
  const metafiles = await buildBundles({ production, singleBundle });
  const sizes = Object.entries(metafiles).map(([bundle, meta]) => {
    // The file's size: terser minified it after esbuild wrote the metafile.
    const bytes = Object.keys(meta.outputs).filter((file) => file.endsWith('.js')).reduce((n, file) => n + require('node:fs').statSync(file).size, 0);
    return `dist/${bundle}.js ${(bytes / 1024).toFixed(1)} KiB`;
  });
  process.stdout.write(`${production ? 'production' : 'development'}: ${sizes.join(', ')}\n`);
}

module.exports = { buildBundles, ON_DEMAND, re2jsTables, re2jsTablesAtRunTime };

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err.stack || err}\n`);
    process.exit(1);
  });
}
