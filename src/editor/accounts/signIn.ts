// The Sign In, Sign Out and Switch Account flows (src/onDemand/signIn/bundle.ts registers their
// commands). Credentials are checked against the server before anything is stored, and each
// failure says what to do next.
import vscode = require('vscode');
import { showInfo, showWarning } from '../ui/notify';
import { showSafeInputBox, showSafeQuickPick } from '../ui/quickInputText';
import { Settings } from '../../util/constants';
import type { Log } from '../../util/log';
import { describeSignInError } from '../../util/describeError';
import type { Account } from '../../model/accounts/accounts';
import { defaultFirst } from '../../model/accounts/defaultFirst';
import { namedAccount } from '../../model/accounts/accountOfArgument';
import { mayBeHandedOut, newSessionPlan, type ScopeRequest } from '../../model/accounts/authSessions';
import { accountLabel } from '../../util/accountLabels';
import { createClient, type Session } from './session';
import { sessionsForExtensions as answerExtensions, type ExtensionSessions } from './sessionsForExtensions';
import { clientCertificateSettingFor, rememberServerUrl } from '../settings/settings';
import { serverHost } from '../../util/serverUrl';
import { withProgress } from '../ui/progress';
import { accountItems, pickAccount } from '../ui/accountPick';
import {
  checkConnectionStep,
  openEditorSettingStep,
  openInBrowserStep,
  openSettingStep,
  showError,
  tryAgainStep,
  type NextStep,
} from '../ui/nextStep';
import { errorMessage } from '../../util/errorMessage';
import { ask, askAgainAfter, fromArgs, type Draft, type SignInArgs } from './signInPrompts';

export type { SignInArgs } from './signInPrompts';

/** Returns the account signed in to, or undefined when the user gave up or it failed. */
export async function signIn(
  session: Session,
  log: Log,
  args?: SignInArgs,
  draft: Draft = {},
): Promise<Account | undefined> {
  const input = args ? fromArgs(args) : await ask(draft);
  if (!input) return undefined;
  const { serverUrl, credentials } = input;
  const host = serverHost(serverUrl);
  let username = credentials.type === 'basic' ? credentials.username : undefined;
  let userId: number | undefined;
  const client = createClient(
    serverUrl,
    () => credentials,
    log,
    {
      // The client's usual retries for reads: Bitbucket answers 502-504 (often with
      // Retry-After: 0) while it starts or under load, which is no reason to refuse a sign-in.
      onCurrentUser: (u) => {
        userId = u.id;
        username ??= u.name;
      },
    },
    session.passphrases,
  );
  try {
    await withProgress(
      'notification',
      vscode.l10n.t('Checking your credentials with {0}…', host),
      (signal) => client.getMySnippets({ limit: 1 }, { signal }),
      { cancellable: true },
    );
  } catch (err) {
    log.error(`sign-in to ${serverUrl} failed`, err);
    const problem = describeSignInError(err, host, credentials.type);
    if (args) throw new Error(problem.message);
    offerNextStep(problem, serverUrl, () =>
      signIn(session, log, undefined, {
        serverUrl,
        authType: credentials.type,
        username,
        credentials,
        askAgain: askAgainAfter(err),
      }),
    );
    return undefined;
  } finally {
    void client.dispose();
  }
  if (!username) {
    username = await showSafeInputBox({
      title: vscode.l10n.t('Bitbucket Snippets: Sign In'),
      prompt: vscode.l10n.t('The server did not say whose token this is. Your Bitbucket user name:'),
      ignoreFocusOut: true,
    });
    if (!username) return undefined;
  }
  const account: Account = { serverUrl, username, authType: credentials.type, userId };
  // The account is usable at once; storing it and remembering the server are round trips to VS
  // Code that go on behind (the secret store alone costs more than the server's answer).
  const { stored } = session.signIn(account, credentials);
  stored.catch((err: unknown) => reportNotKept(err, host, log));
  // For the next sign-in, so it waits until this one has returned: reading the setting alone
  // costs the extension host a few milliseconds.
  setImmediate(() =>
    rememberServerUrl(serverUrl).catch((err: unknown) =>
      log.warn(`the server URL was not remembered in the settings: ${errorMessage(err)}`),
    ),
  );
  if (!args) void showInfo(vscode.l10n.t('Signed in to {0} as {1}.', host, username));
  return account;
}

/** The authentication provider's answers to other extensions, which sign in through this flow (src/editor/accounts/authProvider.ts). */
export function sessionsForExtensions(session: Session, log: Log): ExtensionSessions {
  return answerExtensions(session, (request, picked) => accountForSession(session, log, request, picked));
}

/**
 * VS Code's createSession (src/editor/accounts/authProvider.ts): another extension asked for a session,
 * or the user signed in from the Accounts menu for one. The usual sign-in, with every check and
 * message, the server's URL asked only when the scopes name none. Resolves to a token account;
 * rejects with the reason otherwise, which the user also sees: a password is never handed out.
 */
async function accountForSession(
  session: Session,
  log: Log,
  request: ScopeRequest,
  picked: Account | undefined,
): Promise<Account> {
  const plan = newSessionPlan(request, picked);
  const accounts = session.accounts();
  if (plan.kind === 'useAccount') return plan.account;
  if (plan.kind === 'otherServer') {
    throw new Error(
      vscode.l10n.t(
        '{0} is an account of another server than the one asked for ({1}).',
        accountLabel(plan.account, accounts),
        serverHost(plan.serverUrl),
      ),
    );
  }
  if (plan.kind === 'passwordAccount') {
    throw refusePassword(session, log, plan.account, accountLabel(plan.account, accounts));
  }
  const account = await signIn(
    session,
    log,
    undefined,
    plan.serverUrl === undefined ? {} : { serverUrl: plan.serverUrl, askAgain: 'credentials' },
  );
  if (!account) {
    throw new Error(vscode.l10n.t('No Bitbucket Data Center session: the sign-in was cancelled or did not succeed.'));
  }
  if (!mayBeHandedOut(account)) throw refusePassword(session, log, account, accountLabel(account, session.accounts()));
  return account;
}

/** Says why a password account gives no session, offers a sign-in with a token instead, and is the error to reject with. */
function refusePassword(session: Session, log: Log, account: Account, label: string): Error {
  const message = vscode.l10n.t(
    '{0} is signed in with a password, and a password is not handed to another extension. Sign in with a personal access token to let an extension use this account.',
    label,
  );
  const withToken = vscode.l10n.t('Sign In with a Token');
  void showWarning(message, withToken).then((choice) => {
    if (choice === withToken) {
      return signIn(session, log, undefined, {
        serverUrl: account.serverUrl,
        authType: 'token',
        askAgain: 'credentials',
      });
    }
    return undefined;
  });
  return new Error(message);
}

/** VS Code could not store the credentials or the account: signed in for this window only. */
function reportNotKept(err: unknown, host: string, log: Log): void {
  log.error(`the account on ${host} could not be stored`, err);
  void showWarning(
    vscode.l10n.t(
      'Signed in to {0} for this window only: VS Code could not store the credentials ({1}). Sign in again after the next start.',
      host,
      errorMessage(err),
    ),
  );
}

/** The sign-in problem's message, with the step that can fix it (the one error helper, editor/ui/nextStep.ts) and the connection check. */
function offerNextStep(problem: ReturnType<typeof describeSignInError>, serverUrl: string, retry: () => unknown): void {
  const steps: Record<string, NextStep> = {
    retry: tryAgainStep(retry),
    openCaSetting: openSettingStep(Settings.caFiles),
    openPrefixSetting: openSettingStep(Settings.snippetsRestPrefix),
    // The query shows http.proxy with http.proxyAuthorization and the other proxy settings.
    openProxySetting: openEditorSettingStep('http.proxy'),
    openClientCertificateSetting: openSettingStep(clientCertificateSettingFor(serverUrl)),
    openInBrowser: openInBrowserStep(`${serverUrl}/login`),
  };
  showError(problem.message, problem.action ? steps[problem.action] : undefined, checkConnectionStep(serverUrl));
}

/**
 * Signs one account out: the one its argument names (a row of the Snippets view, any row of that
 * account, or an account), without asking; from the Command Palette, the only one, else the one
 * the user picks, the default first and preselected. The others stay signed in.
 */
export async function signOut(session: Session, arg?: unknown): Promise<void> {
  const accounts = session.accounts();
  const named = namedAccount(arg, session);
  let account = named ? named.account : session.account;
  if (!named && accounts.length > 1) {
    // The default first, so preselected.
    account = await pickAccount(defaultFirst(accounts, session.account), session.account, {
      title: vscode.l10n.t('Bitbucket Snippets: Sign Out'),
      placeHolder: vscode.l10n.t('Which account do you want to sign out of?'),
      ignoreFocusOut: true,
    });
  }
  if (!account) return;
  const label = accountLabel(account, accounts);
  await session.signOut(account);
  const left = session.account;
  void showInfo(
    left
      ? vscode.l10n.t(
          'Signed out of {0}. Its saved credentials were removed. Still signed in: {1}.',
          label,
          accountLabel(left, session.accounts()),
        )
      : vscode.l10n.t('Signed out of {0}. Its saved credentials were removed.', label),
  );
}

/** Picks the default account: the one the Command Palette's commands and the status bar use. */
export async function switchAccount(session: Session, log: Log): Promise<void> {
  const items: Array<vscode.QuickPickItem & { account?: Account }> = accountItems(session.accounts(), session.account);
  items.push({ iconPath: new vscode.ThemeIcon('add'), label: vscode.l10n.t('Sign in with another account…') });
  const picked = await showSafeQuickPick(items, {
    title: vscode.l10n.t('Bitbucket Snippets: Switch Account'),
    ignoreFocusOut: true,
  });
  if (!picked) return;
  if (!picked.account) {
    await signIn(session, log);
    return;
  }
  await session.use(picked.account);
  void showInfo(vscode.l10n.t('The default account is now {0}.', accountLabel(picked.account, session.accounts())));
}
