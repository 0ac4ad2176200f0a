// Ticks the walkthrough's "Open My Snippets" step off whenever the Snippets view is showing,
// also when it was showing as the window started.
//
// Why not only package.json's completion events: VS Code 1.100 counts each completion event once
// per window session, and counts it even when no step is registered for it yet. A view restored
// visible at startup raises `onView:` while the walkthroughs are still being registered (VS Code
// waits up to 5 s for its experiment service first), so the event is spent before the step listens,
// and the step could not tick for the rest of that session, however often the view was shown again.
// `welcome.markStepComplete` is the command VS Code registers to mark a step done; it writes the
// step's done state to the profile's storage even before the step is registered (and then fails to
// find it, which does no harm). The declared events stay as they were: they tick the step where
// this cannot, e.g. in a VS Code without that command.
import vscode = require('vscode');
import type { Log } from '../../util/log';
import { qualifiedStepId, WalkthroughSteps } from '../../model/walkthrough/steps';
import { errorMessage } from '../../util/errorMessage';

export const MARK_STEP_COMPLETE_COMMAND = 'welcome.markStepComplete';

/** Marks the step done the first time `view` is visible, now or later; stops listening once it did. */
export function completeOpenViewStepWhenShown(
  view: Pick<vscode.TreeView<unknown>, 'visible' | 'onDidChangeVisibility'>,
  log: Log,
): vscode.Disposable {
  let done = false;
  const mark = () => {
    if (done) return;
    done = true;
    listener.dispose();
    void vscode.commands
      .executeCommand(MARK_STEP_COMPLETE_COMMAND, qualifiedStepId(WalkthroughSteps.openMySnippets))
      .then(undefined, (err: unknown) =>
        // Expected while VS Code is still registering the walkthrough: the step is marked all the same.
        log.debug(`${MARK_STEP_COMPLETE_COMMAND} answered: ${errorMessage(err)}`),
      );
  };
  const listener = view.onDidChangeVisibility((e) => {
    if (e.visible) mark();
  });
  if (view.visible) mark();
  return listener;
}
