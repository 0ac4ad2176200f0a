// The messages between the repository settings webview and the extension, both ways, and the
// check every message from the webview passes before anything acts on it. Pure logic, no
// `vscode`: the webview is untrusted content as far as the extension is concerned.
//
// Flow: the webview posts `ready` once its script runs (also after being hidden and shown
// again, since its document is recreated); the extension answers with the whole `state`, and
// sends it again whenever something changes. Actions carry a `requestId`; the extension answers
// each with a `result` carrying the same id. `announce` messages carry words for the panel's
// live region (loading, saving) that answer no request.
import { isRecord } from '../../util/isRecord';

export type HookRole = 'preReceive' | 'mergeCheck';
export type NewRefsKind = 'branches' | 'tags';

export interface RefRow {
  refId: string;
  /** Short name (without refs/heads/ or refs/tags/). */
  name: string;
  kind: 'branch' | 'tag';
  isDefault: boolean;
  /** What the server said; null until it did (or when asking failed). */
  enabled: boolean | null;
  /** A request about this ref is running (loading its state, or a change). */
  busy: 'loading' | 'changing' | null;
  /** Why the state is unknown or the last change failed. */
  error: string | null;
}

export interface NewRefsState {
  /** Only what a server answer said; null when never learned. */
  branches: boolean | null;
  tags: boolean | null;
  /** When the values were learned (epoch ms), null when never. */
  learnedAt: number | null;
  /** True when the values were learned in this panel's lifetime, false when remembered from earlier. */
  fresh: boolean;
  changing: NewRefsKind[];
}

export interface HookRow {
  role: HookRole;
  key: string;
  /** The hook's name as the server gives it; null until known. */
  name: string | null;
  enabled: boolean | null;
  configured: boolean | null;
  busy: 'loading' | 'changing' | null;
  error: string | null;
  /** Only the pre-receive hook can be switched on and off through this API. */
  canToggle: boolean;
}

export interface PanelState {
  repository: { projectKey: string; repositorySlug: string; host: string };
  /** Null when nobody is signed in: the panel offers Sign In. */
  account: { username: string } | null;
  /** The user names signed in to the repository's server; with more than one the panel offers to switch. */
  accounts: string[];
  /** About the repository as a whole (not found, wrong server). */
  notice: string | null;
  refs: {
    rows: RefRow[];
    /** Refs known but not listed yet ("Show more"). */
    more: number;
    source: 'git' | 'none';
  };
  newRefs: NewRefsState;
  hooks: {
    rows: HookRow[];
    /** Why the hook controls are disabled (no admin rights), or null. */
    blocked: string | null;
  };
}

// ---- extension → webview ---------------------------------------------------------------

export type ExtensionMessage =
  | { type: 'state'; state: PanelState }
  | { type: 'result'; requestId: string; ok: boolean; message: string | null }
  /** For the live region only: loading started or finished, a change is being saved. */
  | { type: 'announce'; message: string; error: boolean };

// ---- webview → extension ---------------------------------------------------------------

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'refresh'; requestId: string }
  | { type: 'signIn'; requestId: string }
  | { type: 'switchAccount'; requestId: string }
  | { type: 'setPagesForRef'; requestId: string; refId: string; enabled: boolean }
  | { type: 'setPagesForNewRefs'; requestId: string; which: NewRefsKind; enabled: boolean }
  | { type: 'addRef'; requestId: string }
  | { type: 'showMoreRefs'; requestId: string }
  | { type: 'setHookEnabled'; requestId: string; role: HookRole; enabled: boolean }
  | { type: 'editHookSettings'; requestId: string; role: HookRole }
  | { type: 'changeHook'; requestId: string; role: HookRole };

export type WebviewMessageType = WebviewMessage['type'];

const MAX_REF_LENGTH = 1024;
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ROLES: readonly HookRole[] = ['preReceive', 'mergeCheck'];
const NEW_REFS: readonly NewRefsKind[] = ['branches', 'tags'];

export class InvalidMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMessageError';
  }
}

/** The fields each message type has besides `type`, and how each is checked. */
const FIELDS: Record<WebviewMessageType, Record<string, (v: unknown) => boolean>> = {
  ready: {},
  refresh: {},
  signIn: {},
  switchAccount: {},
  addRef: {},
  showMoreRefs: {},
  setPagesForRef: {
    refId: (v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_REF_LENGTH,
    enabled: (v) => typeof v === 'boolean',
  },
  setPagesForNewRefs: { which: (v) => NEW_REFS.includes(v as NewRefsKind), enabled: (v) => typeof v === 'boolean' },
  setHookEnabled: { role: (v) => ROLES.includes(v as HookRole), enabled: (v) => typeof v === 'boolean' },
  editHookSettings: { role: (v) => ROLES.includes(v as HookRole) },
  changeHook: { role: (v) => ROLES.includes(v as HookRole) },
};

/** Checks a message from the webview: known type, exactly the expected fields, each of the right kind. Throws InvalidMessageError. */
export function parseWebviewMessage(raw: unknown): WebviewMessage {
  if (!isRecord(raw)) throw new InvalidMessageError('not an object');
  const type = raw.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(FIELDS, type)) {
    throw new InvalidMessageError(`unknown message type ${JSON.stringify(type)?.slice(0, 60)}`);
  }
  const fields = FIELDS[type as WebviewMessageType];
  const expected = new Set(['type', ...Object.keys(fields), ...(type === 'ready' ? [] : ['requestId'])]);
  for (const key of Object.keys(raw)) {
    if (!expected.has(key)) {
      throw new InvalidMessageError(`${type}: unexpected field ${JSON.stringify(key).slice(0, 60)}`);
    }
  }
  if (type !== 'ready' && (typeof raw.requestId !== 'string' || !REQUEST_ID.test(raw.requestId))) {
    throw new InvalidMessageError(`${type}: requestId missing or malformed`);
  }
  for (const [field, ok] of Object.entries(fields)) {
    if (!ok(raw[field])) throw new InvalidMessageError(`${type}: field ${field} missing or of the wrong kind`);
  }
  return raw as unknown as WebviewMessage;
}
