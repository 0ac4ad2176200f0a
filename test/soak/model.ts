// What each simulated user was told, and what the server may therefore hold.
//
// Every write ends in one of three outcomes:
// - saved:   the user was told it was saved, so the server must hold it (until a later write);
// - refused: the server said no (a 4xx with a reason), so nothing changed;
// - unknown: a network error, a 5xx, a timeout or an unreadable answer. The user was NOT told it
//   was saved, but the server may have applied it.
// So every object is tracked as the set of states it may be in. A told-saved write collapses
// the set to one state; an unknown write adds its state to the set; reading the object back
// (or the final check) must find one of the states in the set and collapses it to that.
// Anything else is a mismatch: a lost snippet, a duplicate, a dropped file, a lost comment.

import type { Comment, Snippet } from '../../src/api/types';

export const ABSENT = 'absent' as const;
export type Absent = typeof ABSENT;

export interface FileState {
  name: string;
  content: string;
}

/** What of a snippet the users change and the check compares (comments are tracked apart). */
export interface SnippetState {
  name: string;
  categories: string[];
  files: FileState[];
}

export type UserName = 'alice' | 'bob';

export interface ModelSnippet {
  token: string;
  owner: UserName;
  /** Known once a create was told saved, or the snippet was found by its token. */
  guid: string | undefined;
  possible: Array<SnippetState | Absent>;
  /** The snippet as last read or saved: what an open editor was loaded with. */
  lastSeen: Snippet | undefined;
}

export interface ModelComment {
  token: string;
  snippetToken: string;
  author: UserName;
  guid: string | undefined;
  possible: Array<string | Absent>;
}

export interface ModelRef {
  key: string;
  possible: boolean[];
}

const SNIPPET_TOKEN = /\[(s-[a-z]+-\d+)\]/;
const COMMENT_TOKEN = /\[(c-[a-z]+-\d+)\]/;

export const snippetTokenOf = (name: string): string | undefined => SNIPPET_TOKEN.exec(name)?.[1];
export const commentTokenOf = (text: string): string | undefined => COMMENT_TOKEN.exec(text)?.[1];

export function stateOf(s: {
  name: string;
  categories: ReadonlyArray<string | { name: string }>;
  files: ReadonlyArray<FileState>;
}): SnippetState {
  return {
    name: s.name,
    categories: s.categories.map((c) => (typeof c === 'string' ? c : c.name)).sort(),
    files: s.files.map((f) => ({ name: f.name, content: f.content })),
  };
}

const key = (s: SnippetState | Absent): string => (s === ABSENT ? ABSENT : JSON.stringify(s));
const sameState = (a: SnippetState | Absent, b: SnippetState | Absent): boolean => key(a) === key(b);

function addPossible<T>(list: T[], value: T, same: (a: T, b: T) => boolean): T[] {
  return list.some((x) => same(x, value)) ? list : [...list, value];
}

/** Says in words how a server state differs from the one state the user was told. */
export function describeDifference(told: SnippetState | Absent, actual: SnippetState | Absent): string {
  if (told === ABSENT) return 'it exists, but the user was told it was deleted (or it was never created)';
  if (actual === ABSENT) return 'it is gone, but the user was told it was saved (lost snippet)';
  const parts: string[] = [];
  if (told.name !== actual.name) parts.push(`name "${actual.name}" instead of "${told.name}"`);
  if (told.categories.join('\n') !== actual.categories.join('\n')) {
    parts.push(`categories [${actual.categories.join(', ')}] instead of [${told.categories.join(', ')}]`);
  }
  const actualFiles = new Map(actual.files.map((f) => [f.name, f.content]));
  const toldFiles = new Map(told.files.map((f) => [f.name, f.content]));
  for (const [name, content] of toldFiles) {
    if (!actualFiles.has(name)) parts.push(`file "${name}" dropped`);
    else if (actualFiles.get(name) !== content) parts.push(`file "${name}" has other content`);
  }
  for (const name of actualFiles.keys()) if (!toldFiles.has(name)) parts.push(`unexpected file "${name}"`);
  if (parts.length === 0) parts.push('file order differs');
  return parts.join('; ');
}

export class Model {
  readonly snippets = new Map<string, ModelSnippet>();
  readonly comments = new Map<string, ModelComment>();
  readonly refs = new Map<string, ModelRef>();
  readonly mismatches: string[] = [];
  private counter = 0;

  newSnippetToken(owner: UserName): string {
    return `s-${owner}-${++this.counter}`;
  }

  newCommentToken(author: UserName): string {
    return `c-${author}-${++this.counter}`;
  }

  mismatch(message: string): void {
    this.mismatches.push(message);
  }

  // ---- Outcomes of writes ------------------------------------------------------------------

  /** The user was told this state is saved. */
  told(s: ModelSnippet, state: SnippetState | Absent): void {
    s.possible = [state];
  }

  /** A write whose outcome is unknown: the server may now hold `state` as well. */
  unknown(s: ModelSnippet, state: SnippetState | Absent): void {
    s.possible = addPossible(s.possible, state, sameState);
  }

  /** What a read showed: must be one of the possible states; from then on it is the only one. */
  observe(s: ModelSnippet, actual: Snippet | Absent, when: string): void {
    const state = actual === ABSENT ? ABSENT : stateOf(actual);
    if (!s.possible.some((p) => sameState(p, state))) {
      const told =
        s.possible.length === 1
          ? describeDifference(s.possible[0], state)
          : `its state is none of the ${s.possible.length} the user may expect`;
      this.mismatch(`${when}: snippet ${s.token} (${s.owner}): ${told}`);
    }
    s.possible = [state];
    if (actual !== ABSENT) {
      s.guid = actual.guid;
      s.lastSeen = actual;
    }
  }

  isCertainlyAbsent(s: ModelSnippet): boolean {
    return s.possible.length === 1 && s.possible[0] === ABSENT;
  }

  commentTold(c: ModelComment, text: string | Absent): void {
    c.possible = [text];
  }

  commentUnknown(c: ModelComment, text: string | Absent): void {
    c.possible = addPossible(c.possible, text, (a, b) => a === b);
  }

  observeComment(c: ModelComment, actual: Comment | Absent, when: string): void {
    const text = actual === ABSENT ? ABSENT : actual.text;
    if (!c.possible.includes(text)) {
      const what =
        text === ABSENT
          ? 'it is gone, but the user was told it was saved (lost comment)'
          : c.possible.includes(ABSENT) && c.possible.length === 1
            ? 'it exists, but the user was told it was deleted or never saved'
            : 'its text is not what the user was told';
      this.mismatch(`${when}: comment ${c.token} (${c.author}) on ${c.snippetToken}: ${what}`);
    }
    c.possible = [text];
    if (actual !== ABSENT) c.guid = actual.guid;
  }

  ref(key: string, initial: boolean): ModelRef {
    let r = this.refs.get(key);
    if (!r) this.refs.set(key, (r = { key, possible: [initial] }));
    return r;
  }

  observeRef(r: ModelRef, actual: boolean, when: string): void {
    if (!r.possible.includes(actual)) {
      this.mismatch(`${when}: Pages for ${r.key} is ${actual ? 'on' : 'off'}, but the user was told otherwise`);
    }
    r.possible = [actual];
  }

  // ---- Reconciling a list against the model ------------------------------------------------

  /**
   * Checks a complete listing of one owner's snippets: every snippet on the server must be one
   * the model knows, no token twice, and every model snippet of that owner present or absent as
   * allowed. `final` also checks comments of every present snippet.
   */
  reconcileOwnList(
    owner: UserName,
    listed: readonly Snippet[],
    when: string,
    options: { final: boolean; skip?: (token: string) => boolean },
  ): void {
    const byToken = new Map<string, Snippet[]>();
    for (const snippet of listed) {
      const token = snippetTokenOf(snippet.name);
      const known = token ? this.snippets.get(token) : undefined;
      if (!token || !known || known.owner !== owner) {
        this.mismatch(`${when}: ${owner} has a snippet "${snippet.name}" that no user was told about`);
        continue;
      }
      byToken.set(token, [...(byToken.get(token) ?? []), snippet]);
    }
    for (const [token, found] of byToken) {
      if (found.length > 1) this.mismatch(`${when}: snippet ${token} exists ${found.length} times (duplicate)`);
    }
    for (const s of this.snippets.values()) {
      if (s.owner !== owner || options.skip?.(s.token)) continue;
      const found = byToken.get(s.token)?.[0];
      this.observe(s, found ?? ABSENT, when);
      if (found && options.final) this.reconcileComments(s, found, when);
    }
  }

  /** Every comment on a snippet must be one the model knows, once, with a text it allows. */
  reconcileComments(s: ModelSnippet, snippet: Snippet, when: string): void {
    const byToken = new Map<string, Comment[]>();
    for (const comment of snippet.comments) {
      const token = commentTokenOf(comment.text);
      const known = token ? this.comments.get(token) : undefined;
      if (!token || !known || known.snippetToken !== s.token) {
        this.mismatch(
          `${when}: snippet ${s.token} has a comment "${comment.text.slice(0, 40)}" that no user was told about`,
        );
        continue;
      }
      byToken.set(token, [...(byToken.get(token) ?? []), comment]);
    }
    for (const [token, found] of byToken) {
      if (found.length > 1) this.mismatch(`${when}: comment ${token} exists ${found.length} times (duplicate)`);
    }
    for (const c of this.comments.values()) {
      if (c.snippetToken !== s.token) continue;
      this.observeComment(c, byToken.get(c.token)?.[0] ?? ABSENT, when);
    }
  }
}
