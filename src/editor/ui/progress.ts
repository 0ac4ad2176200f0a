// The one way work in progress is shown: in the Snippets view (its progress bar) for anything
// that changes what the view shows; in the status bar for short work started from an editor
// widget (a comment); and as a notification, with its title, for a command the user started
// elsewhere. A cancellable notification hands the task an AbortSignal, which the API client takes.
import vscode = require('vscode');
import { Views } from '../../util/constants';

export type ProgressPlace = 'view' | 'status' | 'notification';

const locations: Record<ProgressPlace, vscode.ProgressOptions['location']> = {
  view: { viewId: Views.explorer },
  status: vscode.ProgressLocation.Window,
  notification: vscode.ProgressLocation.Notification,
};

export function withProgress<T>(
  place: ProgressPlace,
  title: string | undefined,
  task: (signal: AbortSignal) => Promise<T>,
  options: { cancellable?: boolean } = {},
): Promise<T> {
  const cancellable = options.cancellable === true && place === 'notification';
  return Promise.resolve(
    vscode.window.withProgress({ location: locations[place], title, cancellable }, (_progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      return task(abort.signal).finally(() => subscription.dispose());
    }),
  );
}
