// Whether the "Get started" walkthrough opens by itself: once, the first time the extension starts
// in a profile, and never again on its own (it stays one click away in the Snippets view's welcome
// and in Help: Welcome). No `vscode`, so the decision and its one-time flag are unit-tested in
// plain Node; activate() hands in the state and the command that opens the walkthrough.
//
// VS Code itself opens a new extension's walkthrough when it is installed in an open window (the
// Extensions view, Install from VSIX…), not when it is installed from a shell with
// `code --install-extension` (as code-server setups and scripted installs do); this covers those.
// After an install in a window the two usually meet: the same editor is revealed, not opened twice.
// Only if the user closed VS Code's one before the extension first started does it show once more:
// no API tells whether VS Code has shown it.

/** The slice of a vscode.Memento this needs. */
export interface FlagStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface FirstRunFacts {
  /** The walkthrough was opened for the user before, here or (through Settings Sync) elsewhere. */
  alreadyShown: boolean;
  /** VS Code runs the extension for its own tests, whose shared window a walkthrough would disturb. */
  testRun: boolean;
  /**
   * `workbench.welcomePage.walkthroughs.openOnInstall`: the user's "do not open walkthroughs for
   * me". Asked only when it decides: reading a setting costs the extension host milliseconds at
   * every start, and after the first start the walkthrough has been shown.
   */
  openOnInstall: () => boolean;
}

export function shouldOpenWalkthrough(facts: FirstRunFacts): boolean {
  return !facts.alreadyShown && !facts.testRun && facts.openOnInstall();
}

/**
 * Opens the walkthrough when shouldOpenWalkthrough says so. The flag is written before the
 * walkthrough opens, so a failed or closed open is not retried at every start. Returns what it
 * decided; the open itself is not awaited by activate().
 */
export async function openWalkthroughOnFirstRun(
  state: FlagStore,
  shownKey: string,
  facts: Omit<FirstRunFacts, 'alreadyShown'>,
  open: () => PromiseLike<unknown>,
): Promise<boolean> {
  if (!shouldOpenWalkthrough({ ...facts, alreadyShown: state.get<boolean>(shownKey) === true })) return false;
  await state.update(shownKey, true);
  await open();
  return true;
}
