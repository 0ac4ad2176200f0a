// What is typed at sign-in: the prompts for the server's URL and the credentials, the arguments the
// test API passes instead, and which answers a failure puts in doubt, so that Try Again asks only
// for those. signIn.ts runs the flow.
import vscode = require('vscode');
import { showSafeInputBox, showSafeQuickPick } from '../ui/quickInputText';
import type { Credentials } from '../../api/http';
import { BitbucketError } from '../../api/errors';
import { parseBaseUrl } from '../../api/baseUrl';
import { Settings } from '../../util/constants';
import type { AuthType } from '../../model/accounts/accounts';
import { setting } from '../settings/settings';
import { normaliseServerUrl } from '../../util/serverUrl';
import { errorMessage } from '../../util/errorMessage';

/**
 * Sign-in without the prompts. Only the extension's test API (present in VS Code's Test and
 * Development modes) passes these: the Sign In command itself takes no argument, so no caller
 * can hand it a password.
 */
export interface SignInArgs {
  serverUrl: string;
  username?: string;
  password?: string;
  token?: string;
}

/** What Try Again asks for again: the URL, the credentials, everything, or nothing (the failure was not in what was typed). */
export type AskAgain = 'url' | 'credentials' | 'all' | 'nothing';

/** What was typed before a failed sign-in, kept (in memory only) so that Try Again asks only for what was wrong. */
export interface Draft {
  serverUrl?: string;
  authType?: AuthType;
  username?: string;
  credentials?: Credentials;
  askAgain?: AskAgain;
}

/**
 * Which answer a failure puts in doubt: refused credentials are asked for again (the user name
 * offered as typed), a server that cannot be reached or is not Bitbucket there the URL, and a
 * failure of the server (5xx, a dropped connection) nothing: Try Again sends the same again.
 */
export function askAgainAfter(err: unknown): AskAgain {
  if (!(err instanceof BitbucketError) || err.clientCertificate) return 'all';
  switch (err.kind) {
    case 'auth':
    case 'forbidden':
      return 'credentials';
    case 'network':
      return err.tlsFailure ? 'all' : 'url';
    case 'timeout':
    case 'unexpected-response':
    case 'not-found':
      return 'url';
    case 'server':
      return 'nothing';
    default:
      return 'all';
  }
}

export function fromArgs(args: SignInArgs): { serverUrl: string; credentials: Credentials } {
  const serverUrl = normalise(args.serverUrl);
  if (args.token) return { serverUrl, credentials: { type: 'token', token: args.token } };
  return { serverUrl, credentials: { type: 'basic', username: args.username ?? '', password: args.password ?? '' } };
}

// parseBaseUrl refuses what is not a server URL, with the reason; the account then keeps the one form.
export const normalise = (raw: string): string => normaliseServerUrl(parseBaseUrl(raw).toString())!;

/**
 * The prompts, numbered as New Snippet… numbers its own: URL (1/4), how to sign in (2/4), then
 * user name (3/4) and password (4/4), or the token (3/3). After a failure (`draft.askAgain`) only
 * the answers in doubt are asked again, each with its number in the whole flow, the others kept.
 */
export async function ask(draft: Draft): Promise<{ serverUrl: string; credentials: Credentials } | undefined> {
  const title = (step: number, of: number) => vscode.l10n.t('Bitbucket Snippets: Sign In ({0}/{1})', step, of);
  const again = draft.askAgain ?? 'all';
  const kept = draft.serverUrl !== undefined && draft.credentials !== undefined;
  if (again === 'nothing' && kept) return { serverUrl: draft.serverUrl!, credentials: draft.credentials! };
  let serverUrl = draft.serverUrl;
  if (again !== 'credentials' || serverUrl === undefined) {
    // Never a workspace's value: a cloned repository must not choose where the password goes.
    const configured = setting(Settings.serverUrl) || undefined;
    const rawUrl = await showSafeInputBox({
      title: title(1, draft.credentials?.type === 'token' ? 3 : 4),
      prompt: vscode.l10n.t('Bitbucket Data Center URL, including any context path'),
      placeHolder: 'https://bitbucket.example.com/bitbucket',
      value: draft.serverUrl ?? configured ?? '',
      ignoreFocusOut: true,
      validateInput: (v) => {
        try {
          normalise(v);
          return undefined;
        } catch (err) {
          return errorMessage(err);
        }
      },
    });
    if (!rawUrl) return undefined;
    serverUrl = normalise(rawUrl);
    if (again === 'url' && kept) return { serverUrl, credentials: draft.credentials! };
  }
  let authType = again === 'credentials' ? draft.authType : undefined;
  if (!authType) {
    const method = await showSafeQuickPick(
      [
        {
          iconPath: new vscode.ThemeIcon('key'),
          label: vscode.l10n.t('User name and password'),
          authType: 'basic' as const,
        },
        {
          iconPath: new vscode.ThemeIcon('lock'),
          label: vscode.l10n.t('Personal access token'),
          description: vscode.l10n.t('HTTP access token, sent as Bearer'),
          authType: 'token' as const,
        },
      ],
      { title: title(2, 4), placeHolder: vscode.l10n.t('How do you want to sign in?'), ignoreFocusOut: true },
    );
    if (!method) return undefined;
    authType = method.authType;
  }
  if (authType === 'token') {
    const token = await showSafeInputBox({
      title: title(3, 3),
      prompt: vscode.l10n.t('Personal access token'),
      password: true,
      ignoreFocusOut: true,
    });
    return token ? { serverUrl, credentials: { type: 'token', token } } : undefined;
  }
  const username = await showSafeInputBox({
    title: title(3, 4),
    prompt: vscode.l10n.t('User name'),
    value: draft.username ?? '',
    ignoreFocusOut: true,
  });
  if (!username) return undefined;
  const password = await showSafeInputBox({
    title: title(4, 4),
    prompt: vscode.l10n.t('Password for {0}', username),
    password: true,
    ignoreFocusOut: true,
  });
  if (!password) return undefined;
  return { serverUrl, credentials: { type: 'basic', username, password } };
}
