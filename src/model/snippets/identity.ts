// Who the signed-in user is, and the names of other users. The user id comes from sign-in, from
// the `X-AUSERID` header of any answer, or, failing both, from the owner of My Snippets; other
// users' names come from `X-AUSERNAME` and from the lists of browsed users. It is the one place
// that decides whether a snippet or a comment is the user's own. Plain logic without `vscode`.
import type { Comment, Snippet } from '../../api/types';
import type { People } from './people';

export interface SignedInUser {
  /** The user id, when sign-in learned it. */
  userId?: number;
  username: string;
}

export class Identity {
  private user: SignedInUser | undefined;
  /** The own id learned from answers (`X-AUSERID`) or from My Snippets, when sign-in did not give it. */
  private learnedId: number | undefined;
  private readonly names = new Map<number, string>();

  /** A new account (or none): everything learned about the previous one is forgotten. */
  reset(user: SignedInUser | undefined): void {
    this.user = user;
    this.learnedId = undefined;
    this.names.clear();
  }

  /** What a server answer said about the caller. Returns true when it taught something new. */
  learnCurrentUser(id: number, name: string | undefined): boolean {
    if (!this.user) return false;
    if (name && this.user.username.toLowerCase() !== name.toLowerCase()) return false; // another account's answer
    if (this.ownUserId === id) return false;
    if (this.user.userId === undefined) this.learnedId = id;
    return this.user.userId === undefined;
  }

  /**
   * What a loaded list teaches: the owner of a browsed user's snippets is that user, and the
   * owner of My Snippets is the signed-in user. A list with several owners teaches nothing.
   */
  learnFromList(list: string, owners: Iterable<number>): boolean {
    const distinct = new Set(owners);
    if (distinct.size !== 1) return false;
    const [owner] = distinct;
    if (list.startsWith('user:')) {
      const name = list.slice('user:'.length);
      if (this.names.get(owner) === name) return false;
      this.names.set(owner, name);
      return true;
    }
    if (list === 'mine' && this.ownUserId === undefined && this.user) {
      this.learnedId = owner;
      return true;
    }
    return false;
  }

  get username(): string | undefined {
    return this.user?.username;
  }

  get ownUserId(): number | undefined {
    return this.user?.userId ?? this.learnedId;
  }

  people(): People {
    return { ownUserId: this.ownUserId, names: this.names };
  }

  /**
   * Whether the signed-in user may change a snippet: it is theirs. Before the user id is known,
   * being listed under My Snippets is the proof.
   */
  mayWrite(snippet: Pick<Snippet, 'userId' | 'guid'>, listedAsMine: (guid: string) => boolean): boolean {
    if (!this.user) return false;
    const own = this.ownUserId;
    return own !== undefined ? snippet.userId === own : listedAsMine(snippet.guid);
  }

  /** Whether the signed-in user may edit or delete a comment: they wrote it. */
  mayEditComment(comment: Pick<Comment, 'userId'>): boolean {
    const own = this.ownUserId;
    return this.user !== undefined && own !== undefined && comment.userId === own;
  }
}
