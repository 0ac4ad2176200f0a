// How a snippet command finds the account it acts on: commands about a snippet act on the account
// of the row or document they were started from, commands that make something new on the default
// account (the scope of the current account, in the context).
import vscode = require('vscode');
import type { SnippetsContext } from '../../editor/snippets/context';
import type { AccountContext } from '../../editor/ui/accountContext';
import { withoutSelection } from '../../model/snippets/tree/selection';

type Handler = (deps: AccountContext, ...args: unknown[]) => unknown;

/** How a command finds the account it acts on. */
export interface CommandKinds {
  /** Commands about a snippet act on the account of the row or document they were started from. */
  command(id: string, run: Handler): vscode.Disposable;
  /** Commands that make something new act on the default account. */
  create(id: string, run: Handler): vscode.Disposable;
}

export function commandKinds({ scope }: SnippetsContext): CommandKinds {
  return {
    // With several rows selected VS Code passes them after the clicked row; these commands act on the
    // clicked row, so the selection is dropped before it could be taken for an options argument.
    command: (id, run) =>
      vscode.commands.registerCommand(id, (...given: unknown[]) => {
        const args = withoutSelection(given);
        return run(scope.of(args[0]), ...args);
      }),
    // Whatever they make is scanned before it is sent: the scan's worker starts now, while the user names it.
    create: (id, run) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        scope.defaults.service.writes.prepareCheck();
        return run(scope.defaults, ...args);
      }),
  };
}
