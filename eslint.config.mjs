import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

// ---- Layers ------------------------------------------------------------------------------------
// Imports flow down: api → models and rules without `vscode` → editor adapters → wiring. The map
// names folders (and the few files that stand alone), so a new file takes its folder's rules, and a
// file in a folder the map does not know fails lint until the folder is given its place here.
// A hand-written rule (below) rather than eslint-plugin-boundaries: the map is the whole of the
// idea, a table of what each folder may import, and it needs no import resolver or dependency.

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const API = ['src/api'];
/** What a module the webviews' scripts may take into the browser uses from util/: it imports nothing itself. */
const PAGE_SAFE_UTIL = ['src/util/isRecord.ts'];
/** Shared plain-Node helpers and constants that every layer above may use. */
const SHARED = [...API, 'src/util', ...PAGE_SAFE_UTIL];
/** What the settings panel and its webview's script share: the messages both ways and the words' keys. */
const PANEL_PAGE = ['src/model/settingsPanel/protocol.ts', 'src/model/settingsPanel/webviewStrings.ts'];
/** Models and rules without `vscode`, one folder per idea under src/model/; they may use each other. */
const MODELS = [...SHARED, 'src/model', ...PANEL_PAGE];
/** The one reader and writer of settings, below every other editor adapter. */
const SETTINGS = [...MODELS, 'src/editor/settings'];
/**
 * The shared adapter kit every editor feature may use: ui/ (the ways to tell and ask the user, and
 * the context of the account a command acts on) and settings/.
 */
const KIT = [...SETTINGS, 'src/editor/ui'];
/** The editor features: each imports the kit and itself, never another feature (the wiring passes in what one needs of another). */
const FEATURES = ['accounts', 'repositories', 'hooks', 'walkthrough', 'secretScan', 'settingsPanel', 'connectionCheck', 'snippets', 'terminal', 'patches', 'agentTools'];
/** Sub-features: a folder inside a feature imports the kit and its feature's own files, never a sibling. */
const SUB_FEATURES = {
  snippets: ['tree', 'files', 'comments', 'completion', 'search', 'export', 'cache', 'compare', 'links'],
  agentTools: ['mcp'],
};
const EVERYTHING = ['src'];
/** Browser code, the webviews' scripts: esbuild.js bundles each for its page, and nothing imports them. */
const PAGES = ['src/webview'];

/**
 * Each folder (or file) of src/, and what it may import besides itself, bottom layer first. A
 * folder is one layer: src/api/, src/util/ and src/model/ hold plain Node only (lint keeps
 * `vscode` out of them, below), src/editor/ the editor adapters, src/onDemand/ and
 * src/extension.ts the wiring, src/webview/ the webviews' scripts.
 */
const LAYERS = {
  // 1. The API client: nothing of the extension above it.
  'src/api': API,
  // 2. Shared helpers, then models and rules, plain Node.
  'src/util': SHARED,
  ...Object.fromEntries(PAGE_SAFE_UTIL.map((file) => [file, []])),
  'src/model': MODELS,
  // Standing alone, so that the webview's script takes no more than these into the browser.
  'src/model/settingsPanel/protocol.ts': PAGE_SAFE_UTIL,
  'src/model/settingsPanel/webviewStrings.ts': [],
  // 3. Editor adapters: the kit, then one folder per feature.
  'src/editor/settings': SETTINGS,
  'src/editor/ui': KIT,
  ...Object.fromEntries(FEATURES.map((feature) => [`src/editor/${feature}`, KIT])),
  ...Object.fromEntries(
    Object.entries(SUB_FEATURES).flatMap(([feature, subs]) => subs.map((sub) => [`src/editor/${feature}/${sub}`, [...KIT, `src/editor/${feature}`]])),
  ),
  // 4. Wiring: the stand-ins activation registers, and each bundle's entry, which builds its
  // context once and registers each feature with what it needs; nothing imports it but the wiring.
  'src/onDemand': EVERYTHING,
  'src/extension.ts': EVERYTHING,
  // 5. The webviews' scripts, in the browser: the panel's messages and words, types only (below).
  'src/webview': PANEL_PAGE,
};

/** The entry of LAYERS a path under src/ belongs to (its closest folder or itself), or undefined. */
function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  let found;
  for (const key of Object.keys(LAYERS)) {
    const matches = key.endsWith('.ts') ? rel === key || `${rel}.ts` === key : rel === key || rel.startsWith(`${key}/`) || key === 'src';
    if (matches && (found === undefined || key.length > found.length)) found = key;
  }
  return found;
}

const mayImport = (from, to) => from === to || (!PAGES.includes(to) && LAYERS[from].some((allowed) => allowed === to || allowed === 'src'));
/**
 * Between editor features a type may be named (it carries no code: the bundles do not change, and
 * the object itself comes from the wiring), never a value: a feature runs no other feature's code.
 */
const isEditor = (key) => key.startsWith('src/editor/');
const typeOnly = (node) =>
  node.type === 'TSImportType' ||
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
const shown = (key) => (key.endsWith('.ts') ? key : `${key}/`);

const importsFlowDown = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!path.relative(ROOT, file).startsWith(`src${path.sep}`)) return {};
    if (from === undefined) {
      const folder = path.relative(ROOT, path.dirname(file)).split(path.sep).join('/');
      return { Program: (node) => context.report({ node, message: `${folder === 'src' ? `src/${path.basename(file)}` : `${folder}/`} has no layer: give it its place in LAYERS (eslint.config.mjs).` }) };
    }
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), specifier));
      if (to === undefined || mayImport(from, to) || (isEditor(from) && isEditor(to) && typeOnly(node))) return;
      context.report({
        node,
        message: PAGES.includes(to)
          ? `${shown(from)} may not import ${shown(to)}: it is a webview's script, for the browser (esbuild.js bundles it for its page).`
          : isEditor(from) && isEditor(to)
            ? `${shown(from)} may not import ${shown(to)}: an editor feature runs no other feature's code (LAYERS in eslint.config.mjs). Put what both need in the model, or have the wiring (src/onDemand/) pass it in; a type may be named with \`import type\`.`
            : `${shown(from)} may not import ${shown(to)}: imports flow down (api → models → editor adapters → wiring; LAYERS in eslint.config.mjs). Move what both need into a module below them.`,
      });
    };
    const source = (node) => check(node, node.source?.value);
    return {
      ImportDeclaration: source,
      ExportNamedDeclaration: source,
      ExportAllDeclaration: source,
      ImportExpression: source,
      TSImportEqualsDeclaration: (node) => node.moduleReference.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
      'CallExpression[callee.name="require"]': (node) => check(node, node.arguments[0]?.value),
    };
  },
};

const NO_VSCODE = { name: 'vscode', message: 'This module runs in plain Node (and is unit-tested there): keep `vscode` out of it.' };

/** The folders that run in plain Node (and are unit-tested there): a new file takes its folder's rule. */
const PLAIN_NODE = ['src/api/**/*.ts', 'src/util/**/*.ts', 'src/model/**/*.ts'];

const NOT_IN_A_PAGE = 'A webview\'s script runs in a browser page: `vscode` and Node\'s modules are not there.';
/** What a webview's script may not import: neither `vscode` nor Node is in its page, and the words' module only as types. */
const PAGE_IMPORTS = {
  paths: ['vscode', ...builtinModules].map((name) => ({ name, message: NOT_IN_A_PAGE })),
  patterns: [
    { group: ['node:*'], message: NOT_IN_A_PAGE },
    { group: ['**/webviewStrings'], allowTypeImports: true, message: 'Only its types: webviewStrings.ts translates with @vscode/l10n, which stays in the extension; the page gets the words in data-strings.' },
  ],
};

const layers = [
  { files: ['src/**/*.ts'], plugins: { layers: { rules: { 'imports-flow-down': importsFlowDown } } }, rules: { 'layers/imports-flow-down': 'error' } },
  // The typescript-eslint version also sees `import x = require('x')`, the form src/ uses for vscode.
  { files: PLAIN_NODE, rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [NO_VSCODE] }] } },
  { files: PAGES.map((folder) => `${folder}/**/*.ts`), rules: { '@typescript-eslint/no-restricted-imports': ['error', PAGE_IMPORTS] } },
];

const L10N_MESSAGES = {
  selector: "CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/] > :matches(Literal, TemplateLiteral).arguments:first-child",
  message: 'Wrap the message in vscode.l10n.t(…) (placeholders {0}, not ${…}), then run `npm run l10n`.',
};

const OUTSIDE_TEXT_SINKS = [
  {
    selector: 'MemberExpression[property.name=/^(show(Information|Warning|Error)Message|showQuickPick|showInputBox|createQuickPick|createInputBox)$/]',
    message: 'Show messages with showInfo / showWarning / showErrorText (src/editor/ui/notify.ts) and picks and input boxes with src/editor/ui/quickInputText.ts: they neutralise command links and icons in outside text.',
  },
  {
    selector: 'MemberExpression[property.name="setStatusBarMessage"]',
    message: 'Use setStatusBarMessage of src/editor/ui/statusText.ts: it shows names as typed, never as icons.',
  },
  {
    selector: "AssignmentExpression[left.property.name='text']:not([right.callee.name='statusText'])",
    message: "A status bar item's text is statusText(icon, text) (src/editor/ui/statusText.ts), so that outside text cannot add icons.",
  },
  {
    selector: ':matches(MemberExpression[object.property.name="FileSystemError"][property.name=/^[A-Z]/], NewExpression[callee.property.name="FileSystemError"])',
    message: "Make file system errors with fileSystemError (src/editor/ui/fileSystemErrors.ts): VS Code shows their message in a notification that draws command links.",
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'media/**', '.vscode-test/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      'no-console': ['error', { allow: ['error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
      curly: ['error', 'multi-line'],
      // src/ imports vscode as `import vscode = require('vscode')`: esbuild turns `import * as` into
      // a copy of the whole API object per module, which cost activation about 0.3 ms a module.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
    },
  },
  ...layers,
  {
    // Localization (CONTRIBUTING.md): a message shown to the user is vscode.l10n.t('…'), never
    // bare text, or it stays English in every display language.
    // Outside text (SECURITY.md): VS Code draws `[x](command:…)` in notifications, dialogs and
    // prompts as a live link, and `$(x)` in picks and the status bar as an icon. Only the sinks in
    // src/editor/ui/ (notify, quickInputText, statusText, fileSystemErrors) call those VS Code functions,
    // and they pass every text through src/util/outsideText.ts.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', L10N_MESSAGES, ...OUTSIDE_TEXT_SINKS] },
  },
  {
    files: ['src/editor/ui/notify.ts', 'src/editor/ui/quickInputText.ts', 'src/editor/ui/statusText.ts', 'src/editor/ui/fileSystemErrors.ts'],
    rules: { 'no-restricted-syntax': ['error', L10N_MESSAGES] },
  },
  {
    // The wiring builds each bundle's context once and registers each feature with what it needs: a
    // screen a function, so that a newcomer reads where each part comes from at a glance.
    files: ['src/onDemand/**/*.ts', 'src/extension.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Test runners and the local server are command-line programs: they print to the terminal.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
