// The state of one repository's settings panel, without anything of VS Code: it composes the
// shared scope with the static pages and hooks sections, loads them (refs from git, their states
// and the hooks from the server), and announces every change. The vscode-facing controller
// (controller.ts) feeds it the hook keys from the settings and the answers of prompts; unit
// tests drive it directly with a fake client.
import type { RepositoryRef } from '../../api/types';
import { Emitter } from '../../util/emitter';
import { Generation } from '../../util/generation';
import { HooksSection, type HookKeys } from './hooksSection';
import type { PanelMemory } from './memory';
import { PagesSection, type LocalRefReader } from './pagesSection';
import type { PanelState } from './protocol';
import { failed, PanelScope, succeeded, type AccountSource, type ActionResult, type PanelLog } from './scope';
import * as l10n from '@vscode/l10n';

export interface RepositorySettingsDeps {
  accounts: AccountSource;
  log: PanelLog;
  memory: PanelMemory;
  git: LocalRefReader;
}

export class RepositorySettings {
  readonly scope: PanelScope;
  readonly pages: PagesSection;
  readonly hooks: HooksSection;
  /** Bumped on every reload, so a load that was overtaken while reading git stops there. */
  private readonly loads = new Generation();
  private readonly changes = new Emitter<PanelState>();
  /** Fires after every change of the state; the panel sends the state to the webview. */
  readonly onDidChangeState = this.changes.event;
  private loadedOnce = false;
  /** The panel's first load, started when it opens (see open()). */
  private firstLoad: Promise<ActionResult> | undefined;

  constructor(
    serverUrl: string,
    repository: RepositoryRef,
    deps: RepositorySettingsDeps,
    private hookKeys: HookKeys,
  ) {
    this.scope = new PanelScope(serverUrl, repository, deps.accounts, deps.log, () => this.announce());
    this.pages = new PagesSection(this.scope, deps.memory, deps.git);
    this.hooks = new HooksSection(this.scope);
    this.scope.reset();
  }

  /** True once a load started (the webview asked, or a test did); before that nothing is fetched. */
  get loaded(): boolean {
    return this.loadedOnce;
  }

  /** A copy of the current state. */
  get state(): PanelState {
    return structuredClone(this.current());
  }

  /** Loads everything again: refs from git, their states, the new-refs memory, the hooks. */
  reload(): Promise<ActionResult> {
    const loading = this.scope.track(this.load());
    this.firstLoad ??= loading;
    return loading;
  }

  /**
   * The first load, started when the panel opens (not when its page first asks: an action taken
   * before that would be undone and asked again by a load that came later). Later calls answer
   * the same load and send nothing.
   */
  open(): Promise<ActionResult> {
    return this.firstLoad ?? this.reload();
  }

  /**
   * The session changed (an account signed in or out anywhere, a connection setting): loads again
   * only when the panel's own account or its client is another than it loaded with; otherwise
   * only the accounts it offers to switch to are brought up to date, with no request.
   */
  accountsChanged(): Promise<ActionResult> | undefined {
    if (!this.loadedOnce) return undefined;
    if (!this.scope.sameAccount()) return this.reload();
    this.scope.takeChoices();
    this.announce();
    return undefined;
  }

  /** Other hook keys in the settings: the hook rows are loaded again for them (once the panel has loaded). */
  setHookKeys(keys: HookKeys): void {
    this.hookKeys = keys;
    if (this.loadedOnce) this.hooks.load(keys);
  }

  /** Resolves when every request started so far has settled (tests wait on this). */
  whenIdle(): Promise<void> {
    return this.scope.whenIdle();
  }

  /** Sends the state again as it is (a webview that was hidden asks for it). */
  announce(): void {
    this.changes.fire(this.current());
  }

  dispose(): void {
    this.loads.next();
    this.pages.dispose();
    this.hooks.dispose();
    this.scope.dispose();
    this.changes.dispose();
  }

  private current(): PanelState {
    const { scope } = this;
    const { projectKey, repositorySlug } = scope.repository;
    return {
      repository: { projectKey, repositorySlug, host: scope.host },
      account: scope.shownAccount,
      accounts: scope.shownChoices,
      notice: scope.notice,
      refs: this.pages.refsState,
      newRefs: this.pages.newRefsState,
      hooks: this.hooks.state,
    };
  }

  private async load(): Promise<ActionResult> {
    this.loadedOnce = true;
    const ticket = this.loads.next();
    this.scope.reset();
    this.pages.reset();
    this.hooks.reset();
    if (!this.scope.client()) {
      this.announce();
      return this.scope.shownAccount
        ? failed(this.scope.notice ?? l10n.t('Not connected.'))
        : failed(l10n.t('Sign in to see and change these settings.'));
    }
    await this.pages.load();
    if (!this.loads.isCurrent(ticket)) return succeeded();
    this.hooks.load(this.hookKeys);
    this.announce();
    return succeeded();
  }
}
