// An account that signs out leaves no offline cache behind. Whoever keeps the list of signed-in
// accounts reports each change; the accounts no longer among them are forgotten, each once. The
// cache lives in the snippets bundle, so this also runs when the snippets were never loaded this
// session, and asks first whether there can be a cache at all, so that a sign-out does not load
// the bundle for nothing. No `vscode` here: unit-tested in plain Node.
import type { Event, Subscription } from '../../../util/emitter';
import { errorMessage } from '../../../util/errorMessage';

export interface SignOutCacheParts {
  /** The ids of the accounts signed in now (several can be). */
  signedIn: () => readonly string[];
  /** Fired whenever the signed-in accounts may have changed. */
  onDidChange: Event<unknown>;
  /** False when no cache can exist: the snippets never loaded and no cache folder is on disk. */
  mayHaveCache: () => boolean;
  /** Deletes the cache of one account. */
  forget: (id: string) => Promise<void>;
  warn: (message: string) => void;
}

export function forgetCachesOnSignOut({
  signedIn,
  onDidChange,
  mayHaveCache,
  forget,
  warn,
}: SignOutCacheParts): Subscription {
  let known = new Set(signedIn());
  return onDidChange(() => {
    const now = new Set(signedIn());
    const gone = [...known].filter((id) => !now.has(id));
    known = now;
    if (gone.length === 0 || !mayHaveCache()) return;
    for (const id of gone) {
      void Promise.resolve()
        .then(() => forget(id))
        .catch((err: unknown) =>
          warn(`the offline cache of an account that signed out could not be deleted: ${errorMessage(err)}`),
        );
    }
  });
}
