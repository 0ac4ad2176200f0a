// What the repository settings panel does, apart from drawing: it holds the panel's state,
// loads it from git and the server, and carries out every action the webview asks for. Each
// webview message calls one public method here, so tests drive the panel without clicking.
//
// Rule throughout: the state shows only what the server confirmed. A change marks its row busy,
// and the row takes the value of the server's answer; when the request fails the row keeps the
// value it had, and the error says why.
import * as vscode from 'vscode';
import type { BitbucketClient } from '../api/client';
import { isBitbucketError } from '../api/errors';
import type { HookType, RepositoryHook, RepositoryRef } from '../api/types';
import type { Session } from '../auth/session';
import { Commands, SETTINGS_SECTION, Settings } from '../constants';
import type { GitRepositories } from '../git/gitApi';
import { sameRepository } from '../git/remotes';
import type { HookDocuments } from '../hooks/hookDocuments';
import { serverHost } from '../util/serverUrl';
import type { Log } from '../util/log';
import { describeError } from '../util/userMessages';
import { createLimiter, LimiterClearedError } from './limiter';
import type { PanelMemory } from './memory';
import { isMissingRepository } from './missingRepository';
import {
  InvalidMessageError,
  parseWebviewMessage,
  type ExtensionMessage,
  type HookRole,
  type HookRow,
  type NewRefsKind,
  type PanelState,
  type RefRow,
} from './protocol';
import { orderRefs, refEntry, refNameProblem, type RefEntry } from './refs';

/** How many refs are listed (and asked about) at first, and added by each "Show more". */
export const REFS_PAGE = 25;
/** How many requests about refs and hooks may run at once. */
export const CONCURRENCY = 4;

export interface ActionResult {
  ok: boolean;
  /** What to tell the user (announced in the panel's status line); null when nothing needs saying. */
  message: string | null;
}

export interface ControllerDeps {
  session: Session;
  log: Log;
  memory: PanelMemory;
  git: GitRepositories;
  hookDocuments: HookDocuments;
}

const HOOK_SETTINGS: Record<HookRole, string> = { preReceive: Settings.preReceiveHookKey, mergeCheck: Settings.mergeCheckHookKey };
const HOOK_TYPES: Record<HookRole, HookType> = { preReceive: 'PRE_RECEIVE', mergeCheck: 'PRE_PULL_REQUEST_MERGE' };
const ROLE_NAMES: Record<HookRole, string> = { preReceive: 'pre-receive hook', mergeCheck: 'merge check' };
const ROLES: readonly HookRole[] = ['preReceive', 'mergeCheck'];

const ok = (message: string | null = null): ActionResult => ({ ok: true, message });
const failed = (message: string): ActionResult => ({ ok: false, message });

export class SettingsPanelController implements vscode.Disposable {
  private st: PanelState;
  private readonly limiter = createLimiter(CONCURRENCY);
  /** Every ref known (from git, or added by name), in the panel's order; the first `shown` are listed. */
  private refs: RefEntry[] = [];
  private readonly added: RefEntry[] = [];
  private defaultBranch: string | undefined;
  /** Bumped on every reload, so answers to an older load are dropped. */
  private generation = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private loaded = false;
  private readonly changed = new vscode.EventEmitter<PanelState>();
  /** Fires after every change of the state; the panel sends it to the webview. */
  readonly onDidChangeState = this.changed.event;
  private readonly results = new vscode.EventEmitter<ExtensionMessage>();
  /** Answers to webview requests (`result` messages). */
  readonly onDidAnswer = this.results.event;
  private readonly disposables: vscode.Disposable[] = [this.changed, this.results];

  constructor(
    readonly serverUrl: string,
    readonly repository: RepositoryRef,
    private readonly deps: ControllerDeps,
  ) {
    this.st = this.emptyState();
    this.disposables.push(
      deps.session.onDidChange(() => {
        if (this.loaded) void this.reload();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (this.loaded && ROLES.some((r) => e.affectsConfiguration(`${SETTINGS_SECTION}.${HOOK_SETTINGS[r]}`))) this.loadHooks();
      }),
    );
  }

  get host(): string {
    return serverHost(this.serverUrl);
  }

  get where(): string {
    return `${this.repository.projectKey}/${this.repository.repositorySlug}`;
  }

  /** A copy of the current state. */
  get state(): PanelState {
    return structuredClone(this.st);
  }

  /** Resolves when every request started so far has settled (tests wait on this). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  // ---- Messages from the webview ------------------------------------------------------------

  /** Checks a webview message and calls the matching method; invalid messages are logged and dropped. */
  async handleMessage(raw: unknown): Promise<void> {
    let message;
    try {
      message = parseWebviewMessage(raw);
    } catch (err) {
      if (err instanceof InvalidMessageError) {
        this.deps.log.warn(`dropped a message from the settings webview: ${err.message}`);
        return;
      }
      throw err;
    }
    if (message.type === 'ready') {
      if (!this.loaded) await this.reload();
      else this.changed.fire(this.st);
      return;
    }
    let result: ActionResult;
    try {
      switch (message.type) {
        case 'refresh':
          result = await this.reload();
          break;
        case 'signIn':
          result = await this.signIn();
          break;
        case 'setPagesForRef':
          result = await this.setPagesForRef(message.refId, message.enabled);
          break;
        case 'setPagesForNewRefs':
          result = await this.setPagesForNewRefs(message.which, message.enabled);
          break;
        case 'addRef':
          result = await this.addRef();
          break;
        case 'showMoreRefs':
          result = this.showMoreRefs();
          break;
        case 'setHookEnabled':
          result = await this.setHookEnabled(message.role, message.enabled);
          break;
        case 'editHookSettings':
          result = await this.editHookSettings(message.role);
          break;
        case 'changeHook':
          result = await this.changeHook(message.role);
          break;
      }
    } catch (err) {
      this.deps.log.error(`settings panel action ${message.type} failed`, err);
      result = failed(describeError(err, { action: 'do that', host: this.host }));
    }
    this.results.fire({ type: 'result', requestId: message.requestId, ok: result.ok, message: result.message });
  }

  // ---- Loading ------------------------------------------------------------------------------

  /** Loads everything again: refs from git, their states, the new-refs memory, the hooks. */
  reload(): Promise<ActionResult> {
    return this.track(this.load());
  }

  private async load(): Promise<ActionResult> {
    this.loaded = true;
    this.generation++;
    this.limiter.clear();
    this.st = this.emptyState();
    const client = this.client();
    if (!client) {
      this.fire();
      return this.st.account ? failed(this.st.notice ?? 'Not connected.') : failed('Sign in to see and change these settings.');
    }
    const generation = this.generation;
    const local = await this.localRefs();
    if (generation !== this.generation) return ok();
    this.refs = orderRefs([...local.refs, ...this.added], local.defaultBranch);
    this.defaultBranch = local.defaultBranch;
    this.st.refs.source = local.source;
    this.showRefs(Math.min(REFS_PAGE, this.refs.length));
    this.loadHooks();
    this.fire();
    return ok(null);
  }

  private async localRefs(): Promise<{ refs: RefEntry[]; defaultBranch: string | undefined; source: 'git' | 'none' }> {
    try {
      const clones = await this.deps.git.clones(this.serverUrl);
      const clone = clones.find((c) => sameRepository(c.repository, this.repository));
      if (!clone) return { refs: [], defaultBranch: undefined, source: 'none' };
      return { ...(await this.deps.git.refs(clone)), source: 'git' };
    } catch (err) {
      this.deps.log.error('reading refs from git failed', err);
      return { refs: [], defaultBranch: undefined, source: 'none' };
    }
  }

  /** Lists refs up to `count`, asking the server about each newly listed one. */
  private showRefs(count: number): void {
    const from = this.st.refs.rows.length;
    for (const entry of this.refs.slice(from, count)) {
      const row: RefRow = { refId: entry.refId, name: entry.name, kind: entry.kind, isDefault: entry.kind === 'branch' && entry.name === this.defaultBranch, enabled: null, busy: 'loading', error: null };
      this.st.refs.rows.push(row);
      this.fetchRef(row);
    }
    this.st.refs.more = this.refs.length - this.st.refs.rows.length;
  }

  private fetchRef(row: RefRow): void {
    const generation = this.generation;
    const client = this.client();
    if (!client) return;
    this.track(
      this.limiter.run(() => client.getPagesForRef(this.repository, row.refId)).then(
        (setting) => {
          if (generation !== this.generation) return;
          row.enabled = setting.isEnabled;
          row.error = null;
        },
        (err: unknown) => {
          if (generation !== this.generation || err instanceof LimiterClearedError) return;
          row.error = this.explain(err, `read the Pages state of ${row.name}`);
          this.deps.log.error(`GET pages state of ${row.refId} on ${this.where} failed`, err);
        },
      ).finally(() => {
        if (generation !== this.generation) return;
        row.busy = null;
        this.fire();
      }),
    );
  }

  private loadHooks(): void {
    const generation = this.generation;
    const client = this.client();
    if (!client) return;
    this.st.hooks = { rows: ROLES.map((role) => this.hookRow(role)), blocked: null };
    for (const row of this.st.hooks.rows) {
      this.track(
        this.limiter.run(() => client.getHook(this.repository, row.key)).then(
          (hook) => {
            if (generation === this.generation) this.applyHook(row, hook);
          },
          (err: unknown) => {
            if (generation !== this.generation || err instanceof LimiterClearedError) return;
            this.deps.log.error(`GET hook ${row.key} on ${this.where} failed`, err);
            row.error = this.explainHook(err, `read the ${ROLE_NAMES[row.role]}`);
          },
        ).finally(() => {
          if (generation !== this.generation) return;
          row.busy = null;
          this.fire();
        }),
      );
    }
    this.fire();
  }

  private hookRow(role: HookRole): HookRow {
    const key = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<string>(HOOK_SETTINGS[role], '').trim();
    return { role, key, name: null, enabled: null, configured: null, busy: 'loading', error: null, canToggle: role === 'preReceive' };
  }

  private applyHook(row: HookRow, hook: RepositoryHook): void {
    row.name = hook.details.name;
    row.enabled = hook.enabled;
    row.configured = hook.configured;
    row.error = null;
  }

  // ---- Pages ------------------------------------------------------------------------------

  /** Lists the next refs. */
  showMoreRefs(): ActionResult {
    if (this.st.refs.more === 0) return ok('Every ref is listed.');
    this.showRefs(this.st.refs.rows.length + REFS_PAGE);
    this.fire();
    return ok(`${this.st.refs.rows.length} refs listed.`);
  }

  /** Adds a ref by its full name (asks for it when not given) and lists it. */
  async addRef(refId?: string): Promise<ActionResult> {
    const name =
      refId ??
      (await vscode.window.showInputBox({
        title: `Add a ref of ${this.where}`,
        prompt: 'Full name of a branch or tag: refs/heads/<branch> or refs/tags/<tag>',
        placeHolder: 'refs/heads/main',
        value: 'refs/heads/',
        valueSelection: [11, 11],
        ignoreFocusOut: true,
        validateInput: (v) => refNameProblem(v.trim()),
      }));
    if (name === undefined) return ok(null);
    const trimmed = name.trim();
    const problem = refNameProblem(trimmed);
    if (problem) return failed(problem);
    const entry = refEntry(trimmed)!;
    const existing = this.st.refs.rows.find((r) => r.refId === entry.refId);
    if (existing) return ok(`${entry.name} is already listed.`);
    this.added.push(entry);
    // A ref added by hand goes to the top, so the user sees it at once.
    this.refs = [entry, ...this.refs.filter((r) => r.refId !== entry.refId)];
    const row: RefRow = { refId: entry.refId, name: entry.name, kind: entry.kind, isDefault: false, enabled: null, busy: 'loading', error: null };
    this.st.refs.rows.unshift(row);
    this.st.refs.more = this.refs.length - this.st.refs.rows.length;
    this.fetchRef(row);
    this.fire();
    return ok(`Added ${entry.refId}.`);
  }

  /** Switches publishing for one listed ref; the row shows the server's answer. */
  async setPagesForRef(refId: string, enabled: boolean): Promise<ActionResult> {
    const row = this.st.refs.rows.find((r) => r.refId === refId);
    if (!row) return failed(`${refId} is not listed in this panel.`);
    if (row.busy === 'changing') return failed(`${row.name} is still being changed.`);
    const client = this.client();
    if (!client) return failed('Sign in to change Pages settings.');
    const generation = this.generation;
    row.busy = 'changing';
    this.fire();
    const request = enabled ? client.enablePagesForRef(this.repository, refId) : client.disablePagesForRef(this.repository, refId);
    try {
      const setting = await this.track(request);
      if (generation !== this.generation) return ok(null);
      row.enabled = setting.isEnabled;
      row.error = null;
      return ok(`Pages for ${row.name}: ${setting.isEnabled ? 'published' : 'not published'}.`);
    } catch (err) {
      this.deps.log.error(`${enabled ? 'PUT' : 'DELETE'} pages for ${refId} on ${this.where} failed`, err);
      const message = this.explain(err, `${enabled ? 'publish' : 'stop publishing'} ${row.name}`);
      if (generation === this.generation) row.error = message;
      return failed(message);
    } finally {
      if (generation === this.generation) row.busy = null;
      this.fire();
    }
  }

  /** "Publish new branches" / "Publish new tags": shows both values of the server's answer, and remembers them. */
  async setPagesForNewRefs(which: NewRefsKind, enabled: boolean): Promise<ActionResult> {
    const client = this.client();
    if (!client) return failed('Sign in to change Pages settings.');
    if (this.st.newRefs.changing.includes(which)) return failed('That switch is still being changed.');
    const generation = this.generation;
    this.st.newRefs.changing.push(which);
    this.fire();
    try {
      const request = which === 'branches' ? client.setPagesForNewBranches(this.repository, enabled) : client.setPagesForNewTags(this.repository, enabled);
      const setting = await this.track(request);
      const known = { branches: setting.isEnabledForBranches, tags: setting.isEnabledForTags, learnedAt: Date.now() };
      await this.deps.memory.setNewRefs(this.serverUrl, this.repository, known);
      if (generation === this.generation) this.st.newRefs = { ...known, fresh: true, changing: this.st.newRefs.changing };
      return ok(`New branches: ${onOff(known.branches)}; new tags: ${onOff(known.tags)}.`);
    } catch (err) {
      this.deps.log.error(`changing pages for new ${which} on ${this.where} failed`, err);
      return failed(this.explain(err, `change publishing of new ${which}`));
    } finally {
      if (generation === this.generation) this.st.newRefs.changing = this.st.newRefs.changing.filter((w) => w !== which);
      this.fire();
    }
  }

  // ---- Hooks ------------------------------------------------------------------------------

  /** Enables or disables the pre-receive hook; the row shows the server's answer. */
  async setHookEnabled(role: HookRole, enabled: boolean): Promise<ActionResult> {
    const row = this.st.hooks.rows.find((r) => r.role === role);
    if (!row || !row.canToggle) return failed(`The ${ROLE_NAMES[role]} cannot be switched on or off here.`);
    if (this.st.hooks.blocked) return failed(this.st.hooks.blocked);
    if (row.busy) return failed(`The ${ROLE_NAMES[role]} is still being changed.`);
    const client = this.client();
    if (!client) return failed('Sign in to change hooks.');
    const generation = this.generation;
    row.busy = 'changing';
    this.fire();
    try {
      const answer = await this.track(enabled ? client.enableHook(this.repository, row.key) : client.disableHook(this.repository, row.key));
      // Older servers answer without a body: ask, rather than assume.
      const hook = answer ?? (await this.track(client.getHook(this.repository, row.key)));
      if (generation === this.generation) this.applyHook(row, hook);
      return ok(`${hook.details.name}: ${hook.enabled ? 'enabled' : 'disabled'}.`);
    } catch (err) {
      this.deps.log.error(`${enabled ? 'enabling' : 'disabling'} ${row.key} on ${this.where} failed`, err);
      const message = this.explainHook(err, `${enabled ? 'enable' : 'disable'} the ${ROLE_NAMES[role]}`);
      if (generation === this.generation) row.error = message;
      return failed(message);
    } finally {
      if (generation === this.generation) row.busy = null;
      this.fire();
    }
  }

  /** Opens the hook's settings as a JSON document in an editor. */
  async editHookSettings(role: HookRole): Promise<ActionResult> {
    const row = this.st.hooks.rows.find((r) => r.role === role);
    if (!row) return failed('Nothing to edit.');
    if (this.st.hooks.blocked) return failed(this.st.hooks.blocked);
    try {
      await this.deps.hookDocuments.open(this.serverUrl, this.repository, row.key);
      return ok(null);
    } catch (err) {
      this.deps.log.error(`opening the settings of ${row.key} failed`, err);
      return failed(err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * Offers the repository's hooks of the role's type and puts the chosen key into the setting
   * (workspace setting when a folder is open, else user setting). `hookKey` skips the picker.
   */
  async changeHook(role: HookRole, hookKey?: string): Promise<ActionResult> {
    const client = this.client();
    if (!client) return failed('Sign in to list hooks.');
    let hooks: RepositoryHook[] = [];
    try {
      for await (const hook of client.items((page) => client.listHooks(this.repository, HOOK_TYPES[role], page), { limit: 100, maxPages: 5 })) {
        hooks.push(hook);
      }
    } catch (err) {
      this.deps.log.error(`listing hooks of ${this.where} failed`, err);
      return failed(this.explainHook(err, `list the hooks of ${this.where}`));
    }
    hooks = hooks.filter((h) => h.details.type === HOOK_TYPES[role]);
    if (hooks.length === 0) return failed(`${this.where} has no ${ROLE_NAMES[role]}s to choose from.`);
    const current = this.st.hooks.rows.find((r) => r.role === role)?.key;
    let chosen = hookKey;
    if (chosen === undefined) {
      const picked = await vscode.window.showQuickPick(
        hooks.map((h) => ({
          label: h.details.name,
          description: `${h.enabled ? 'enabled' : 'disabled'}${h.details.key === current ? ' · current' : ''}`,
          detail: h.details.key,
          key: h.details.key,
        })),
        { title: `Which ${ROLE_NAMES[role]} should the panel show?`, matchOnDetail: true, ignoreFocusOut: true },
      );
      if (!picked) return ok(null);
      chosen = picked.key;
    }
    if (!hooks.some((h) => h.details.key === chosen)) return failed(`${chosen} is not a ${ROLE_NAMES[role]} of ${this.where}.`);
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(HOOK_SETTINGS[role], chosen, target);
    this.loadHooks();
    return ok(`The panel now shows ${hooks.find((h) => h.details.key === chosen)?.details.name ?? chosen} as the ${ROLE_NAMES[role]}.`);
  }

  // ---- Account ----------------------------------------------------------------------------

  async signIn(): Promise<ActionResult> {
    await vscode.commands.executeCommand(Commands.signIn);
    return ok(null);
  }

  // ---- Internals ----------------------------------------------------------------------------

  private emptyState(): PanelState {
    const account = this.deps.session.account;
    const known = this.deps.memory.newRefs(this.serverUrl, this.repository);
    let notice: string | null = null;
    if (account && serverHost(account.serverUrl) !== this.host) {
      notice = `This panel is for ${this.where} on ${this.host}, but you are signed in to ${serverHost(account.serverUrl)}. Switch account to reach it.`;
    }
    return {
      repository: { projectKey: this.repository.projectKey, repositorySlug: this.repository.repositorySlug, host: this.host },
      account: account ? { username: account.username } : null,
      notice,
      refs: { rows: [], more: 0, source: 'none' },
      newRefs: { branches: known?.branches ?? null, tags: known?.tags ?? null, learnedAt: known?.learnedAt ?? null, fresh: false, changing: [] },
      hooks: { rows: [], blocked: null },
    };
  }

  /** The client when signed in to this panel's server. */
  private client(): BitbucketClient | undefined {
    const account = this.deps.session.account;
    if (!account || serverHost(account.serverUrl) !== this.host) return undefined;
    return this.deps.session.client;
  }

  private fire(): void {
    this.changed.fire(this.st);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.then(
      () => this.inFlight.delete(promise),
      () => this.inFlight.delete(promise),
    );
    return promise;
  }

  /** A message for a failed Pages or general request; a missing repository becomes the panel's notice. */
  private explain(err: unknown, action: string): string {
    if (isBitbucketError(err, 'not-found') && isMissingRepository(err)) {
      const message = `Repository ${this.where} was not found on ${this.host}.`;
      this.st.notice = message;
      this.limiter.clear();
      return message;
    }
    return describeError(err, { action, host: this.host, user: this.deps.session.account?.username });
  }

  /** Like explain(), and a refusal for lack of admin rights disables the hook controls. */
  private explainHook(err: unknown, action: string): string {
    if (isBitbucketError(err, 'forbidden')) {
      const who = this.deps.session.account?.username;
      const message = `You need repository admin rights on ${this.where} to change hooks${who ? ` (signed in as ${who})` : ''}.`;
      this.st.hooks.blocked = message;
      return message;
    }
    if (isBitbucketError(err, 'not-found') && !isMissingRepository(err)) {
      return `This hook is not installed on ${this.where} (${err.message}). Pick another with Change….`;
    }
    return this.explain(err, action);
  }

  dispose(): void {
    this.generation++;
    this.limiter.clear();
    for (const d of this.disposables) d.dispose();
  }
}

const onOff = (v: boolean): string => (v ? 'published' : 'not published');
