// The vscode-facing side of one repository's settings panel. The state and the requests live in
// RepositorySettings (no `vscode`, see repositorySettings.ts); this layer adds what needs VS
// Code: it reads the hook keys from the settings and writes them when the user picks another
// hook, shows the prompts (Add Ref's input box, Change…'s quick pick), opens hook settings
// documents, follows sign-in changes, and routes each webview message to one public method,
// so tests drive the panel without clicking.
//
// Rule throughout: the state shows only what the server confirmed. A change marks its row busy,
// and the row takes the value of the server's answer; when the request fails the row keeps the
// value it had, and the error says why.
import vscode = require('vscode');
import { Disposable } from '../ui/disposable';
import type { RepositoryRef } from '../../api/types';
import { accountId, type Account } from '../../model/accounts/accounts';
import { Commands, SETTINGS_SECTION, Settings } from '../../util/constants';
import { setting, updateSetting } from '../settings/settings';
import { describeError } from '../../util/describeError';
import type { Event } from '../../util/emitter';
import { HOOK_ROLES, type HookKeys } from '../../model/settingsPanel/hooksSection';
import {
  InvalidMessageError,
  parseWebviewMessage,
  type ExtensionMessage,
  type HookRole,
  type NewRefsKind,
  type PanelState,
  type WebviewMessage,
} from '../../model/settingsPanel/protocol';
import { PanelAccountSource, type PanelAccount } from '../../model/settingsPanel/panelAccount';
import { RepositorySettings } from '../../model/settingsPanel/panelState';
import { askForRef, pickAccount, pickHook } from './prompts';
import { failed, succeeded, type ActionResult } from '../../model/settingsPanel/scope';
import { errorMessage } from '../../util/errorMessage';
import type { RepositorySettingsContext } from './context';

export { REFS_PAGE } from '../../model/settingsPanel/pagesSection';
export { CONCURRENCY, type ActionResult } from '../../model/settingsPanel/scope';

/** The setting that names the hook shown for each role. */
const HOOK_SETTINGS: Record<HookRole, typeof Settings.preReceiveHookKey | typeof Settings.mergeCheckHookKey> = {
  preReceive: Settings.preReceiveHookKey,
  mergeCheck: Settings.mergeCheckHookKey,
};

/** Actions that write to the server: the panel says "saving" at once, and the answer says what was saved. */
const SAVES: ReadonlySet<WebviewMessage['type']> = new Set(['setPagesForRef', 'setPagesForNewRefs', 'setHookEnabled']);

function configuredHookKeys(): HookKeys {
  return { preReceive: setting(HOOK_SETTINGS.preReceive), mergeCheck: setting(HOOK_SETTINGS.mergeCheck) };
}

export class SettingsPanelController extends Disposable {
  private readonly settings: RepositorySettings;
  /** Fires after every change of the state; the panel sends it to the webview. */
  readonly onDidChangeState: Event<PanelState>;
  private readonly results = new vscode.EventEmitter<ExtensionMessage>();
  /** Answers to webview requests (`result` messages) and announcements for the live region (`announce`). */
  readonly onDidAnswer = this.results.event;
  private readonly accountChanges = new vscode.EventEmitter<Account>();
  /** Fires when the user switched the panel to another account (the panel's title names it). */
  readonly onDidSwitchAccount = this.accountChanges.event;

  /** The account this panel reads and writes with (see panelAccount.ts). */
  private readonly accounts: PanelAccountSource<Account>;
  /** Whether the page heard how the first load went (it asks with `ready`, again each time it is shown). */
  private toldLoad = false;

  constructor(
    /** The account the panel was opened for (no user name when opened signed out). */
    readonly account: PanelAccount,
    readonly repository: RepositoryRef,
    private readonly deps: RepositorySettingsContext,
  ) {
    super();
    this.register(this.results, this.accountChanges);
    this.accounts = new PanelAccountSource(deps.session, account);
    this.settings = new RepositorySettings(
      account.serverUrl,
      repository,
      { accounts: this.accounts, log: deps.log, memory: deps.memory, git: deps.git },
      configuredHookKeys(),
    );
    this.onDidChangeState = this.settings.onDidChangeState;
    this.register(
      // Only a change of the panel's own account or client loads again (another account signing in sends nothing).
      deps.session.onDidChange(() => void this.settings.accountsChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (HOOK_ROLES.some((r) => e.affectsConfiguration(`${SETTINGS_SECTION}.${HOOK_SETTINGS[r]}`))) {
          this.settings.setHookKeys(configuredHookKeys());
        }
      }),
    );
  }

  get serverUrl(): string {
    return this.account.serverUrl;
  }

  get host(): string {
    return this.settings.scope.host;
  }

  /** The account the panel reads and writes with now (after a switch or a sign-out, not the one it opened with). */
  get currentAccount(): Account | undefined {
    return this.accounts.account;
  }

  get where(): string {
    return this.settings.scope.where;
  }

  /** A copy of the current state. */
  get state(): PanelState {
    return this.settings.state;
  }

  /** Resolves when every request started so far has settled (tests wait on this). */
  whenIdle(): Promise<void> {
    return this.settings.whenIdle();
  }

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
      // The page may have missed states sent before its script ran; the first time, it also hears how the load went.
      this.settings.announce();
      if (!this.toldLoad) {
        this.toldLoad = true;
        const loaded = await this.loadAnnounced(() => this.settings.open());
        if (loaded.message) this.say(loaded.message, !loaded.ok);
      }
      return;
    }
    if (SAVES.has(message.type)) this.say(vscode.l10n.t('Saving the change…'), false);
    let result: ActionResult;
    try {
      switch (message.type) {
        case 'refresh':
          result = await this.loadAnnounced();
          break;
        case 'signIn':
          result = await this.signIn();
          break;
        case 'switchAccount':
          result = await this.switchAccount();
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
      result = failed(describeError(err, { action: vscode.l10n.t('do that'), host: this.host }));
    }
    this.results.fire({ type: 'result', requestId: message.requestId, ok: result.ok, message: result.message });
  }

  /** Starts the panel's first load, as it opens (later calls send nothing); whenIdle() covers it. */
  open(): Promise<ActionResult> {
    return this.settings.open();
  }

  /** Loads everything again: refs from git, their states, the new-refs memory, the hooks. */
  reload(): Promise<ActionResult> {
    return this.settings.reload();
  }

  /**
   * Loads everything again, saying so in the panel's live region: a screen reader hears that
   * loading started and when every row has its state (or why loading failed).
   */
  private async loadAnnounced(load = () => this.reload()): Promise<ActionResult> {
    this.say(vscode.l10n.t('Loading the settings of {0}…', this.where), false);
    const result = await load();
    if (!result.ok) return result;
    await this.whenIdle();
    return succeeded(vscode.l10n.t('The settings of {0} are loaded.', this.where));
  }

  /** Puts a message in the webview's live region without answering a request. */
  private say(message: string, error: boolean): void {
    this.results.fire({ type: 'announce', message, error });
  }

  // ---- Pages ------------------------------------------------------------------------------

  /** Lists the next refs. */
  showMoreRefs(): ActionResult {
    return this.settings.pages.showMoreRefs();
  }

  /** Adds a ref by its full name (asks for it when not given) and lists it. */
  async addRef(refId?: string): Promise<ActionResult> {
    const name = refId ?? (await askForRef(this.where));
    return name === undefined ? succeeded(null) : this.settings.pages.addRef(name);
  }

  /** Switches publishing for one listed ref; the row shows the server's answer. */
  setPagesForRef(refId: string, enabled: boolean): Promise<ActionResult> {
    return this.settings.pages.setPagesForRef(refId, enabled);
  }

  /** "Publish new branches" / "Publish new tags": shows both values of the server's answer, and remembers them. */
  setPagesForNewRefs(which: NewRefsKind, enabled: boolean): Promise<ActionResult> {
    return this.settings.pages.setPagesForNewRefs(which, enabled);
  }

  // ---- Hooks ------------------------------------------------------------------------------

  /** Enables or disables the pre-receive hook; the row shows the server's answer. */
  setHookEnabled(role: HookRole, enabled: boolean): Promise<ActionResult> {
    return this.settings.hooks.setHookEnabled(role, enabled);
  }

  /** Opens the hook's settings as a JSON document in an editor. */
  async editHookSettings(role: HookRole): Promise<ActionResult> {
    const target = this.settings.hooks.hookToEdit(role);
    if (!target.ok) return target;
    try {
      const account = this.accounts.account;
      await this.deps.hookDocuments.open(
        account && account.serverUrl === this.serverUrl ? account : this.account,
        this.repository,
        target.key,
      );
      return succeeded(null);
    } catch (err) {
      this.deps.log.error(`opening the settings of ${target.key} failed`, err);
      return failed(errorMessage(err));
    }
  }

  /**
   * Offers the repository's hooks of the role's type and puts the chosen key into the setting
   * (workspace setting when a folder is open, else user setting). `hookKey` skips the picker.
   */
  async changeHook(role: HookRole, hookKey?: string): Promise<ActionResult> {
    const choices = await this.settings.hooks.hookChoices(role);
    if (!choices.ok) return choices;
    const chosen = hookKey ?? (await pickHook(role, choices.hooks, choices.current));
    if (chosen === undefined) return succeeded(null);
    const checked = this.settings.hooks.checkChoice(role, choices.hooks, chosen);
    if (!checked.ok) return checked;
    const target = vscode.workspace.workspaceFolders?.length
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
    await updateSetting(HOOK_SETTINGS[role], chosen, target);
    // Also when the key did not change (no configuration event): the user asked to see it again.
    this.settings.setHookKeys(configuredHookKeys());
    return checked;
  }

  // ---- Account ----------------------------------------------------------------------------

  async signIn(): Promise<ActionResult> {
    await vscode.commands.executeCommand(Commands.signIn);
    return succeeded(null);
  }

  /**
   * Switches the panel to another account signed in to its server (asks which when `id` is not
   * given) and loads the settings again as that account. An id that names no such account (one
   * signed out meanwhile, or another server's) changes nothing.
   */
  async switchAccount(id?: string): Promise<ActionResult> {
    const before = this.accounts.account;
    const choices = this.accounts.choices;
    if (id === undefined && choices.length < 2) {
      return failed(
        vscode.l10n.t('No other account is signed in to {0}. Sign in as another user of it to switch.', this.host),
      );
    }
    const wanted = id ?? (await pickAccount(choices, before, this.where, this.host));
    if (wanted === undefined) return succeeded(null);
    const account = this.accounts.choose(wanted);
    if (!account) {
      return failed(
        vscode.l10n.t('That account is not signed in to {0} (any more): the panel stays as it was.', this.host),
      );
    }
    await this.deps.memory.setLastAccount(this.serverUrl, this.repository, accountId(account));
    this.accountChanges.fire(account);
    const loaded = await this.loadAnnounced();
    return loaded.ok ? succeeded(vscode.l10n.t('{0} is now shown as {1}.', this.where, account.username)) : loaded;
  }

  override dispose(): void {
    this.settings.dispose();
    super.dispose();
  }
}
