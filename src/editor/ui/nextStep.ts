// The one way an error notification is shown: what happened, and the next step as its button.
// Sign-in and every snippet view use it, so the same problem offers the same step everywhere.
import vscode = require('vscode');
import { showErrorText } from './notify';
import { Commands, SETTINGS_SECTION } from '../../util/constants';

export interface NextStep {
  label: string;
  run: () => unknown;
}

/** Shows `message` with a button per step (an absent step is left out). */
export function showError(message: string, ...steps: Array<NextStep | undefined>): void {
  const offered = steps.filter((s): s is NextStep => s !== undefined);
  void showErrorText(message, ...offered.map((s) => s.label)).then((choice) => {
    void offered.find((s) => s.label === choice)?.run();
  });
}

/** Opens the Settings editor at one of this extension's settings. */
export const openSettingStep = (setting: string): NextStep => ({
  label: vscode.l10n.t('Open Setting'),
  run: () => vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.${setting}`),
});

/** Opens the Settings editor at VS Code's own settings matching `query`, e.g. `http.proxy` and its siblings. */
export const openEditorSettingStep = (query: string): NextStep => ({
  label: vscode.l10n.t('Open Setting'),
  run: () => vscode.commands.executeCommand('workbench.action.openSettings', query),
});

export const tryAgainStep = (retry: () => unknown): NextStep => ({ label: vscode.l10n.t('Try Again'), run: retry });

export const openInBrowserStep = (url: string): NextStep => ({
  label: vscode.l10n.t('Open in Browser'),
  run: () => vscode.env.openExternal(vscode.Uri.parse(url)),
});

/** Runs Check Connection on a server, to find out why it cannot be reached or used. */
export const checkConnectionStep = (serverUrl: string): NextStep => ({
  label: vscode.l10n.t('Check Connection'),
  run: () => vscode.commands.executeCommand(Commands.checkConnection, serverUrl),
});
