// The one way an error notification is shown: what happened, and the next step as its button.
// Sign-in and every snippet view use it, so the same problem offers the same step everywhere.
import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../constants';

export interface NextStep {
  label: string;
  run: () => unknown;
}

export function showError(message: string, step?: NextStep): void {
  void vscode.window.showErrorMessage(message, ...(step ? [step.label] : [])).then((choice) => {
    if (choice && step) void step.run();
  });
}

/** Opens the Settings editor at one of this extension's settings. */
export const openSettingStep = (setting: string): NextStep => ({
  label: 'Open Setting',
  run: () => vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.${setting}`),
});

/** Opens the Settings editor at VS Code's own settings matching `query`, e.g. `http.proxy` and its siblings. */
export const openEditorSettingStep = (query: string): NextStep => ({
  label: 'Open Setting',
  run: () => vscode.commands.executeCommand('workbench.action.openSettings', query),
});

export const tryAgainStep = (retry: () => unknown): NextStep => ({ label: 'Try Again', run: retry });

export const openInBrowserStep = (url: string): NextStep => ({ label: 'Open in Browser', run: () => vscode.env.openExternal(vscode.Uri.parse(url)) });
