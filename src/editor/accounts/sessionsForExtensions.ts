// The authentication provider's answers to other extensions (`vscode.authentication.getSession`),
// loaded with the sign-in bundle (dist/signIn.js) the first time an extension asks: activation's
// stand-in (authProvider.ts) only lists accounts. Scopes name a server by its URL; only accounts
// signed in with a personal access token answer, with that token; a password is never handed out.
// VS Code itself asks the user, naming the extension, before any session reaches it.
import vscode = require('vscode');
import type { Account } from '../../model/accounts/accounts';
import {
  accountsAnswering,
  readScopes,
  sessionData,
  sessionIdentity,
  type ScopeRequest,
  type SessionData,
} from '../../model/accounts/authSessions';
import type { Session } from './session';

/** What the stand-in hands over: a request with scopes, `accountId` when VS Code names an account. */
export interface ExtensionSessions {
  getSessions(scopes: readonly string[], accountId: string | undefined): Promise<SessionData[]>;
  createSession(scopes: readonly string[], accountId: string | undefined): Promise<SessionData>;
}

/** Signs in for a new session (signIn.ts's `accountForSession`): a token account, or a rejection with the reason. */
export type CreateSessionAccount = (request: ScopeRequest, picked: Account | undefined) => Promise<Account>;

export function sessionsForExtensions(session: Session, createAccount: CreateSessionAccount): ExtensionSessions {
  const withToken = async (account: Account): Promise<SessionData | undefined> => {
    const credentials = await session.credentials(account);
    return credentials?.type === 'token'
      ? sessionData(sessionIdentity(account, session.accounts()), credentials.token)
      : undefined;
  };
  return {
    async getSessions(scopes, accountId) {
      const sessions: SessionData[] = [];
      for (const account of accountsAnswering(understood(scopes), session.accounts(), session.account, accountId)) {
        const answer = await withToken(account);
        if (answer) sessions.push(answer);
      }
      return sessions;
    },
    async createSession(scopes, accountId) {
      const request = understood(scopes);
      const account = await createAccount(
        request,
        accountId === undefined ? undefined : session.accountById(accountId),
      );
      const answer = await withToken(account);
      if (!answer) {
        throw new Error(
          vscode.l10n.t(
            'A password is not handed to another extension: sign in to Bitbucket Data Center with a personal access token to let an extension use this account.',
          ),
        );
      }
      return answer;
    },
  };
}

/** The request the scopes make; a clear refusal of scopes that are not one server's URL. */
function understood(scopes: readonly string[]): ScopeRequest {
  const request = readScopes(scopes);
  if (request.kind === 'notAServer') {
    throw new Error(
      vscode.l10n.t(
        "Bitbucket Data Center sessions are asked for by server: a scope must be a server's URL (for example https://bitbucket.example.com), or give none for any server.",
      ),
    );
  }
  if (request.kind === 'severalServers') {
    throw new Error(vscode.l10n.t("A Bitbucket Data Center session is for one server: ask with one server's URL."));
  }
  return request;
}
