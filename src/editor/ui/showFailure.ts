// The one way a failure reaches the user: one notification that says what happened and offers
// the next step as a button, with the full detail in the log. Every view and command uses it,
// so each kind of failure is worded once and offers the same next step everywhere (a few places
// that can say more, such as a link for a signed-out account, word their own "not signed in").
import vscode = require('vscode');
import { showWarning } from './notify';
import { BitbucketError } from '../../api/errors';
import { Commands, Settings } from '../../util/constants';
import { SignedOutError } from '../../model/snippets/errors';
import { SendDeclinedError } from '../../model/snippets/outgoing';
import { SnippetEditError } from '../../model/snippets/edits';
import type { Log } from '../../util/log';
import { clientCertificateSettingFor } from '../settings/settings';
import { fixedInSettings } from '../../util/clientCertificateMessages';
import { describeError, messageContext } from '../../util/describeError';
import {
  openEditorSettingStep,
  openInBrowserStep,
  openSettingStep,
  showError,
  tryAgainStep,
  type NextStep,
} from './nextStep';

export interface FailureContext {
  /** What the user tried, as a clause: "save snippet.ts", "delete the comment". */
  action: string;
  account: { serverUrl: string; username: string } | undefined;
  log: Log;
  /** Offered as "Try Again" where trying again can help (the network, a time-out, the server). */
  retry?: () => unknown;
}

/** Says that nothing can be done signed out, with a Sign In button. */
export function showNotSignedIn(): void {
  void showWarning(vscode.l10n.t('You are not signed in to Bitbucket. Sign in first.'), vscode.l10n.t('Sign In')).then(
    (choice) => {
      if (choice) void vscode.commands.executeCommand(Commands.signIn);
    },
  );
}

/** Shows one message for a failure (the detail goes to the log) and returns undefined. */
export function showFailure(err: unknown, ctx: FailureContext): undefined {
  if (err instanceof SignedOutError) {
    showNotSignedIn();
    return undefined;
  }
  if (err instanceof SendDeclinedError) {
    // The user chose not to send after the secret scan: nothing more to say.
    ctx.log.info(`did not ${ctx.action}: ${err.message}`);
    return undefined;
  }
  if (err instanceof SnippetEditError) {
    // A rule the user can act on: its message is the whole story, logged as shown.
    ctx.log.info(`did not ${ctx.action}: ${err.message}`);
    void showWarning(err.message);
    return undefined;
  }
  ctx.log.error(`could not ${ctx.action}`, err);
  showError(describeError(err, messageContext(ctx.action, ctx.account)), nextStep(err, ctx));
  return undefined;
}

function nextStep(err: unknown, ctx: FailureContext): NextStep | undefined {
  if (!(err instanceof BitbucketError)) return undefined;
  switch (err.kind) {
    case 'auth':
      return {
        label: vscode.l10n.t('Sign In Again'),
        run: () => vscode.commands.executeCommand(Commands.switchAccount),
      };
    case 'captcha':
      return ctx.account ? openInBrowserStep(`${ctx.account.serverUrl}/login`) : undefined;
    case 'network':
      if (err.clientCertificate) {
        return fixedInSettings(err.clientCertificate)
          ? openSettingStep(clientCertificateSettingFor(ctx.account?.serverUrl))
          : ctx.retry && tryAgainStep(ctx.retry);
      }
      if (err.tlsFailure) return openSettingStep(Settings.caFiles);
      return ctx.retry ? tryAgainStep(ctx.retry) : undefined;
    case 'proxy':
      return err.proxyFailure === 'certificate'
        ? openSettingStep(Settings.caFiles)
        : openEditorSettingStep('http.proxy');
    case 'timeout':
    case 'server':
      return ctx.retry ? tryAgainStep(ctx.retry) : undefined;
    case 'not-found':
      return { label: vscode.l10n.t('Refresh'), run: () => vscode.commands.executeCommand(Commands.refreshExplorer) };
    default:
      return undefined;
  }
}
