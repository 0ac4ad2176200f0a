// Which global state follows the user to their other machines through Settings Sync. No
// `vscode`: activate() hands SYNCED_STATE_KEYS to globalState.setKeysForSync, and plain-Node
// tests check that every key is decided one way or the other.
import { StateKeys } from './constants';

/** What the user chose and wants everywhere: names they picked, small and rarely written. */
export const SYNCED_STATE_KEYS: readonly string[] = [
  // The users added with "Browse User…", per account: the same account elsewhere shows them too.
  StateKeys.browsedUsers,
  // The settings panel's "recently opened" list (ten at most), per server: the user's own trail.
  StateKeys.recentRepositories,
  // "The walkthrough was opened once": it teaches the extension, not the machine. Someone who met it
  // on one machine should not have it pop up on each machine Settings Sync brings the extension to;
  // there it stays one click away (the Snippets view's welcome, Help: Welcome). One boolean.
  StateKeys.walkthroughShown,
];

/** What stays on this machine, and why. */
export const LOCAL_STATE_KEYS: readonly string[] = [
  // Accounts name the servers and users signed in on this machine, and their credentials are in
  // this machine's SecretStorage, which never syncs: a synced account would arrive without them.
  StateKeys.accounts,
  StateKeys.activeAccount,
  // What the Pages app answered here: the server's state, not the user's choice. It grows with
  // every repository changed, and another machine learns it again with its own first change.
  StateKeys.pagesForNewRefs,
];
