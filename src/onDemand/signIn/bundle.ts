// The sign-in bundle (dist/signIn.js, esbuild.js), loaded the first time Sign In, Sign Out or
// Switch Account runs, or another extension asks the Accounts menu's provider for a session: the
// flows are src/editor/accounts/signIn.ts; this registers their commands.
import vscode = require('vscode');
import type { Session } from '../../editor/accounts/session';
import { signIn, signOut, switchAccount } from '../../editor/accounts/signIn';
import { Commands } from '../../util/constants';
import type { Log } from '../../util/log';

// What the Accounts menu's provider (src/editor/accounts/authProvider.ts) and the test API reach through the loaded bundle.
export { sessionsForExtensions, signIn } from '../../editor/accounts/signIn';

export function registerSignInCommands(session: Session, log: Log): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.signIn, () => signIn(session, log)),
    vscode.commands.registerCommand(Commands.signOut, (arg?: unknown) => signOut(session, arg)),
    vscode.commands.registerCommand(Commands.switchAccount, () => switchAccount(session, log)),
  );
}
