// The one way work in progress is shown: in the Snippets view (its progress bar) for anything
// that changes what the view shows, and as a notification, with its title, for a command the
// user started elsewhere.
import * as vscode from 'vscode';
import { Views } from '../constants';

export type ProgressPlace = 'view' | 'notification';

export function withProgress<T>(place: ProgressPlace, title: string | undefined, task: () => Promise<T>): Promise<T> {
  const location = place === 'view' ? { viewId: Views.explorer } : vscode.ProgressLocation.Notification;
  return Promise.resolve(vscode.window.withProgress({ location, title }, task));
}
