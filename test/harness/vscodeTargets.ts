// The VS Code versions the real-editor suites run in. The oldest is the one the manifest claims
// (engines.vscode ^1.100.0); the newest is the newest code-server the npm registry had when it was
// last raised, so that the suites also run in the VS Code people use today. A run picks one with
// BBS_VSCODE (or the runners' --vscode flag); the oldest when neither is given.

export interface VsCodeTarget {
  /** What BBS_VSCODE and --vscode call it. */
  name: 'oldest' | 'newest';
  /** The code-server npm package's version; its VS Code version is read from the install. */
  codeServer: string;
  /**
   * The Node it runs on: 'system' is the Node running the harness (code-server 4.100 wants Node 20);
   * a version is installed from the npm registry (nodeRuntime.ts), as code-server 4.139 wants Node 24.
   */
  node: 'system' | string;
}

export const VSCODE_TARGETS: readonly VsCodeTarget[] = [
  { name: 'oldest', codeServer: '4.100.3', node: 'system' },
  { name: 'newest', codeServer: '4.139.1', node: '24.21.0' },
];

/** The environment variable that carries the choice to everything the runner starts (the e2e tests' own workbenches too). */
export const VSCODE_TARGET_ENV = 'BBS_VSCODE';

export function vsCodeTarget(name: string | undefined): VsCodeTarget {
  const wanted = name?.trim() || 'oldest';
  const target = VSCODE_TARGETS.find((t) => t.name === wanted || t.codeServer === wanted);
  if (!target) {
    const known = VSCODE_TARGETS.map((t) => `${t.name} (code-server ${t.codeServer})`).join(', ');
    throw new Error(`${VSCODE_TARGET_ENV}=${wanted} names no VS Code the harness knows; it knows ${known}.`);
  }
  return target;
}

/** The target of this run: BBS_VSCODE, else the oldest. */
export function selectedTarget(): VsCodeTarget {
  return vsCodeTarget(process.env[VSCODE_TARGET_ENV]);
}

/**
 * Reads `--vscode <name>` (or `--vscode=<name>`) from a runner's arguments into BBS_VSCODE, so that
 * every workbench the run starts, in this process or in a test, uses the same VS Code.
 */
export function applyVsCodeArgument(argv: readonly string[]): VsCodeTarget {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--vscode') process.env[VSCODE_TARGET_ENV] = argv[i + 1] ?? '';
    else if (arg.startsWith('--vscode=')) process.env[VSCODE_TARGET_ENV] = arg.slice('--vscode='.length);
  }
  return selectedTarget();
}
