// What an account is and its id: the non-secret facts (server URL, user name, kind of
// credential). Where accounts are kept is the editor's AccountStore (editor/accounts/accountStore.ts).

export type AuthType = 'basic' | 'token';

export interface Account {
  /** Normalised base URL, no trailing slash. */
  serverUrl: string;
  username: string;
  authType: AuthType;
  userId?: number;
}

export const accountId = (a: Pick<Account, 'serverUrl' | 'username'>): string => `${a.serverUrl}#${a.username}`;
