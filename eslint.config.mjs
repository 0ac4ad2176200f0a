import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// ---- Layers ------------------------------------------------------------------------------------
// Imports flow down: api → models and rules without `vscode` (the snippet core, repository models)
// → editor adapters (auth, ui, tree, file system, comments, commands, settings panel, hooks, git)
// → wiring (extension.ts, the register modules). These rules make `npm run lint` fail when an
// import runs the other way, or when a module meant to run in plain Node imports `vscode`.

const NO_VSCODE = { name: 'vscode', message: 'This module runs in plain Node (and is unit-tested there): keep `vscode` out of it.' };
const upward = (message, ...group) => ({ group, message });

/** Modules meant to run in plain Node: the API client, the snippet core and every other rule or model. */
const PLAIN_NODE = [
  'src/api/**/*.ts',
  'src/snippets/core/**/*.ts',
  'src/repositories/**/*.ts',
  'src/snippets/fs/saveLogic.ts',
  'src/snippets/tree/nodes.ts',
  'src/snippets/tree/presentation.ts',
  'src/snippets/tree/icons.ts',
  'src/snippets/tree/refreshGate.ts',
  'src/snippets/tree/accountBook.ts',
  'src/auth/accountOfArgument.ts',
  'src/git/remotes.ts',
  'src/hooks/settingsValidator.ts',
  'src/hooks/jsonScanner.ts',
  'src/hooks/hookUri.ts',
  'src/hooks/hookSaveLogic.ts',
  'src/settingsPanel/protocol.ts',
  'src/settingsPanel/limiter.ts',
  'src/settingsPanel/memory.ts',
  'src/settingsPanel/emitter.ts',
  'src/settingsPanel/generation.ts',
  'src/settingsPanel/scope.ts',
  'src/settingsPanel/pagesSection.ts',
  'src/settingsPanel/hooksSection.ts',
  'src/settingsPanel/repositorySettings.ts',
  'src/settingsPanel/webviewStrings.ts',
  'src/util/userMessages.ts',
  'src/util/documentBases.ts',
  'src/util/serverUrl.ts',
  'src/util/accountLabels.ts',
  // The connection check's diagnosis; its editor part is in src/connectionCheck/editor/.
  'src/connectionCheck/*.ts',
  'src/util/clientCertificateMessages.ts',
  'src/stateSync.ts',
  'src/trustSettings.ts',
  'src/walkthrough/firstRun.ts',
];

const WIRING = upward(
  'Only the wiring (extension.ts and its stand-ins in src/onDemand/) brings the parts together; nothing below imports it.',
  '**/extension', '../extension', '../../extension', '**/onDemand/*', '../onDemand/*', '../../onDemand/*',
);
const VIEWS_FROM_BELOW = upward(
  'Editor views sit above this layer: import downwards only (api → core/models → views → wiring).',
  '**/snippets/tree/*', '**/snippets/fs/provider', '**/snippets/fs/conflicts', '**/snippets/comments/*', '**/snippets/commands/*',
  '**/snippets/register', '**/snippets/documents', '**/snippets/uris', '**/settingsPanel/*', '**/hooks/hookDocuments', '**/git/gitApi',
  '**/auth/*', '**/ui/*', '../tree/*', '../fs/*', '../comments/*', '../commands/*', '../uris', '../register', '../documents',
);

/** One block per layer; a later block replaces the rule for the files it names, so each lists everything its files may not import. */
const layers = [
  { files: ['src/**/*.ts'], ignores: ['src/extension.ts', 'src/onDemand/**/*.ts'], paths: [], patterns: [WIRING] },
  {
    files: ['src/api/**/*.ts'],
    paths: [NO_VSCODE],
    patterns: [upward('The API client is the bottom layer: it imports nothing of the extension above it.', '../*', '!../api', '!../api/*', '../../*'), WIRING],
  },
  {
    // The API client's own folders (trust/, proxy/) may import the client's modules one level up, and still nothing above it.
    files: ['src/api/*/**/*.ts'],
    paths: [NO_VSCODE],
    patterns: [upward('The API client is the bottom layer: it imports nothing of the extension above it.', '../../*', '!../../api', '!../../api/*', '../../../*'), WIRING],
  },
  { files: PLAIN_NODE.filter((f) => !f.startsWith('src/api/')), paths: [NO_VSCODE], patterns: [VIEWS_FROM_BELOW, WIRING] },
  {
    files: ['src/git/gitApi.ts'],
    paths: [],
    patterns: [upward('git/ sits below the settings panel and hook documents: move what both need into a model below them.', '../settingsPanel/*', '../hooks/*'), WIRING],
  },
  {
    files: ['src/hooks/hookDocuments.ts'],
    paths: [],
    patterns: [upward('hooks/ sits below the settings panel: move what both need into a model below them (src/repositories/).', '../settingsPanel/*'), WIRING],
  },
  {
    files: ['src/ui/**/*.ts'],
    paths: [],
    patterns: [upward('ui/ holds the shared ways to tell the user; the views use it, never the other way round.', '../snippets/tree/*', '../snippets/fs/*', '../snippets/comments/*', '../snippets/commands/*', '../snippets/completion/*', '../settingsPanel/*', '../hooks/*'), WIRING],
  },
  ...[
    ['tree', ['../fs/*', '../comments/*', '../commands/*', '../completion/*', '../documents', '../register']],
    ['fs', ['../tree/*', '../comments/*', '../commands/*', '../completion/*', '../documents', '../register']],
    ['comments', ['../tree/*', '../fs/*', '../commands/*', '../completion/*', '../documents', '../register']],
    ['commands', ['../tree/*', '../fs/*', '../comments/*', '../completion/*', '../documents', '../register']],
    ['completion', ['../tree/*', '../fs/*', '../comments/*', '../commands/*', '../documents', '../register']],
  ].map(([view, others]) => ({
    files: [`src/snippets/${view}/**/*.ts`],
    ignores: PLAIN_NODE,
    paths: [],
    patterns: [upward(`The snippet views never ask each other: ${view}/ gets its answers from the snippet core (src/snippets/core/).`, ...others), WIRING],
  })),
].map(({ files, ignores, paths, patterns }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  // The typescript-eslint version also sees `import x = require('x')`, the form src/ uses for vscode.
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] },
}));

const L10N_MESSAGES = {
  selector: "CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/] > :matches(Literal, TemplateLiteral).arguments:first-child",
  message: 'Wrap the message in vscode.l10n.t(…) (placeholders {0}, not ${…}), then run `npm run l10n`.',
};

const OUTSIDE_TEXT_SINKS = [
  {
    selector: 'MemberExpression[property.name=/^(show(Information|Warning|Error)Message|showQuickPick|showInputBox|createQuickPick|createInputBox)$/]',
    message: 'Show messages with showInfo / showWarning / showErrorText (src/ui/notify.ts) and picks and input boxes with src/ui/quickInputText.ts: they neutralise command links and icons in outside text.',
  },
  {
    selector: 'MemberExpression[property.name="setStatusBarMessage"]',
    message: 'Use setStatusBarMessage of src/ui/statusText.ts: it shows names as typed, never as icons.',
  },
  {
    selector: "AssignmentExpression[left.property.name='text']:not([right.callee.name='statusText'])",
    message: "A status bar item's text is statusText(icon, text) (src/ui/statusText.ts), so that outside text cannot add icons.",
  },
  {
    selector: ':matches(MemberExpression[object.property.name="FileSystemError"][property.name=/^[A-Z]/], NewExpression[callee.property.name="FileSystemError"])',
    message: "Make file system errors with fileSystemError (src/ui/fileSystemErrors.ts): VS Code shows their message in a notification that draws command links.",
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
    // src/ui/ (notify, quickInputText, statusText, fileSystemErrors) call those VS Code functions,
    // and they pass every text through src/util/outsideText.ts.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', L10N_MESSAGES, ...OUTSIDE_TEXT_SINKS] },
  },
  {
    files: ['src/ui/notify.ts', 'src/ui/quickInputText.ts', 'src/ui/statusText.ts', 'src/ui/fileSystemErrors.ts'],
    rules: { 'no-restricted-syntax': ['error', L10N_MESSAGES] },
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
