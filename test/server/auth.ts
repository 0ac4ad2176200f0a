// Who is calling: HTTP Basic (user:password) or a personal access token sent as Bearer.
// Like Bitbucket, repeated wrong passwords for one user name lock that name's Basic logins
// behind a CAPTCHA; tokens keep working, and a control route lifts the lock.

import { passwordOf, tokenOf, USERS, userByName, type User } from './directory';
import { authenticationFailed, captchaRequired } from './http';

/** Consecutive failures after which Basic logins of that user name need a CAPTCHA. */
export const CAPTCHA_THRESHOLD = 5;

export class Authenticator {
  private readonly failures = new Map<string, number>();

  /** `passwords`: users whose password is not their name (tests of weak or odd passwords). */
  constructor(private readonly passwords: Readonly<Record<string, string>> = {}) {}

  /** The signed-in user, or throws the 401 Bitbucket would answer. */
  authenticate(authorization: string | undefined): User {
    const [scheme = '', credentials = ''] = (authorization ?? '').trim().split(/\s+/, 2);
    switch (scheme.toLowerCase()) {
      case 'basic':
        return this.basic(credentials);
      case 'bearer':
        return this.bearer(credentials);
      default:
        throw authenticationFailed();
    }
  }

  resetFailedLogins(username?: string): void {
    if (username === undefined) this.failures.clear();
    else this.failures.delete(username);
  }

  private basic(credentials: string): User {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw authenticationFailed();
    const name = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);

    if ((this.failures.get(name) ?? 0) >= CAPTCHA_THRESHOLD) throw captchaRequired();
    const user = userByName(name);
    if (!user || (this.passwords[user.name] ?? passwordOf(user)) !== password) {
      this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
      throw authenticationFailed();
    }
    this.failures.delete(name);
    return user;
  }

  private bearer(token: string): User {
    const user = USERS.find((u) => tokenOf(u) === token);
    if (!user) throw authenticationFailed();
    return user;
  }
}
