// The hooks part of the repository settings panel: one row per hook role (the pre-receive hook
// and the merge check named in the settings), switching the pre-receive hook on and off, and
// the checks behind "Change…" and "Edit Settings…". It owns that part of the state. Pure logic,
// no `vscode`: the hook keys come in from the settings, and the picker, the settings write and
// the opening of the settings document are the vscode-facing controller's.
import { isBitbucketError } from '../../api/errors';
import type { HookType, RepositoryHook } from '../../api/types';
import { knownHookName } from '../repositories/knownHooks';
import { isMissingRepository } from '../repositories/missingRepository';
import { Generation } from '../../util/generation';
import { LimiterClearedError } from './limiter';
import type { HookRole, HookRow, PanelState } from './protocol';
import { failed, succeeded, type ActionResult, type PanelScope } from './scope';
import * as l10n from '@vscode/l10n';

export const HOOK_ROLES: readonly HookRole[] = ['preReceive', 'mergeCheck'];
export const HOOK_TYPES: Record<HookRole, HookType> = {
  preReceive: 'PRE_RECEIVE',
  mergeCheck: 'PRE_PULL_REQUEST_MERGE',
};
/** How a role is named in messages (a function: the translation is looked up when used). */
export const roleName = (role: HookRole): string =>
  role === 'preReceive' ? l10n.t('pre-receive hook') : l10n.t('merge check');

/** Which hook the panel shows for each role (from the settings). */
export type HookKeys = Record<HookRole, string>;

export type HooksState = PanelState['hooks'];

/** The hooks "Change…" can offer for a role, or why there are none. */
export type HookChoices =
  { ok: true; hooks: RepositoryHook[]; current: string | undefined } | { ok: false; message: string };

/** The hook "Edit Settings…" opens, or why it cannot. */
export type HookToEdit = { ok: true; key: string } | { ok: false; message: string };

export class HooksSection {
  /** Bumped on every load (reload, or another hook key), so answers about the rows before are dropped. */
  private readonly generation = new Generation();
  private hooks: HooksState = { rows: [], blocked: null };

  constructor(private readonly scope: PanelScope) {}

  get state(): HooksState {
    return this.hooks;
  }

  /** Empties the rows; answers still coming are dropped. */
  reset(): void {
    this.generation.next();
    this.hooks = { rows: [], blocked: null };
  }

  /** Lists a row per role for the given keys and asks the server about each hook. */
  load(keys: HookKeys): void {
    const { scope } = this;
    this.reset();
    const ticket = this.generation.ticket();
    const client = scope.client();
    if (!client) return;
    // A known hook has its name before the server answers, and keeps it when only admins are told.
    this.hooks.rows = HOOK_ROLES.map((role): HookRow => {
      const key = keys[role].trim();
      return {
        role,
        key,
        name: knownHookName(key) ?? null,
        enabled: null,
        configured: null,
        busy: 'loading',
        error: null,
        canToggle: role === 'preReceive',
      };
    });
    for (const row of this.hooks.rows) {
      const request = scope.limiter
        .run(() => client.getHook(scope.repository, row.key))
        .then(
          (hook) => {
            if (this.generation.isCurrent(ticket)) applyHook(row, hook);
          },
          (err: unknown) => {
            if (!this.generation.isCurrent(ticket) || err instanceof LimiterClearedError) return;
            scope.log.error(`GET hook ${row.key} on ${scope.where} failed`, err);
            row.error = this.rowError(this.explain(err, l10n.t('read the {0}', roleName(row.role))));
          },
        );
      scope.track(
        request.finally(() => {
          if (!this.generation.isCurrent(ticket)) return;
          row.busy = null;
          scope.changed();
        }),
      );
    }
    scope.changed();
  }

  /** Enables or disables the pre-receive hook; the row shows the server's answer. */
  async setHookEnabled(role: HookRole, enabled: boolean): Promise<ActionResult> {
    const { scope } = this;
    const row = this.hooks.rows.find((r) => r.role === role);
    if (!row || !row.canToggle) return failed(l10n.t('The {0} cannot be switched on or off here.', roleName(role)));
    if (this.hooks.blocked) return failed(this.hooks.blocked);
    if (row.busy) return failed(l10n.t('The {0} is still being changed.', roleName(role)));
    const client = scope.client();
    if (!client) return failed(l10n.t('Sign in to change hooks.'));
    const ticket = this.generation.ticket();
    row.busy = 'changing';
    scope.changed();
    try {
      const answer = await scope.track(
        enabled ? client.enableHook(scope.repository, row.key) : client.disableHook(scope.repository, row.key),
      );
      // Older servers answer without a body: ask, rather than assume.
      const hook = answer ?? (await scope.track(client.getHook(scope.repository, row.key)));
      if (this.generation.isCurrent(ticket)) applyHook(row, hook);
      return succeeded(
        hook.enabled ? l10n.t('{0}: enabled.', hook.details.name) : l10n.t('{0}: disabled.', hook.details.name),
      );
    } catch (err) {
      scope.log.error(`${enabled ? 'enabling' : 'disabling'} ${row.key} on ${scope.where} failed`, err);
      const message = this.explain(
        err,
        enabled ? l10n.t('enable the {0}', roleName(role)) : l10n.t('disable the {0}', roleName(role)),
      );
      if (this.generation.isCurrent(ticket)) row.error = this.rowError(message);
      return failed(message);
    } finally {
      if (this.generation.isCurrent(ticket)) row.busy = null;
      scope.changed();
    }
  }

  /** The key of the hook whose settings "Edit Settings…" opens, unless the controls are blocked. */
  hookToEdit(role: HookRole): HookToEdit {
    const row = this.hooks.rows.find((r) => r.role === role);
    if (!row) return { ok: false, message: l10n.t('Nothing to edit.') };
    if (this.hooks.blocked) return { ok: false, message: this.hooks.blocked };
    return { ok: true, key: row.key };
  }

  /** The repository's hooks of the role's type, for "Change…" to offer. */
  async hookChoices(role: HookRole): Promise<HookChoices> {
    const { scope } = this;
    const client = scope.client();
    if (!client) return { ok: false, message: l10n.t('Sign in to list hooks.') };
    const hooks: RepositoryHook[] = [];
    try {
      const listed = client.items((page) => client.listHooks(scope.repository, HOOK_TYPES[role], page), {
        limit: 100,
        maxPages: 5,
        key: (hook) => hook.details.key,
      });
      for await (const hook of listed) hooks.push(hook);
    } catch (err) {
      scope.log.error(`listing hooks of ${scope.where} failed`, err);
      return { ok: false, message: this.explain(err, l10n.t('list the hooks of {0}', scope.where)) };
    }
    const ofRole = hooks.filter((h) => h.details.type === HOOK_TYPES[role]);
    if (ofRole.length === 0) {
      return {
        ok: false,
        message:
          role === 'preReceive'
            ? l10n.t('{0} has no pre-receive hooks to choose from.', scope.where)
            : l10n.t('{0} has no merge checks to choose from.', scope.where),
      };
    }
    return { ok: true, hooks: ofRole, current: this.hooks.rows.find((r) => r.role === role)?.key };
  }

  /** Checks a key chosen for "Change…" against the offered hooks; the message says what the panel will show. */
  checkChoice(role: HookRole, hooks: readonly RepositoryHook[], key: string): ActionResult {
    const hook = hooks.find((h) => h.details.key === key);
    if (!hook) return failed(l10n.t('{0} is not a {1} of {2}.', key, roleName(role), this.scope.where));
    return succeeded(l10n.t('The panel now shows {0} as the {1}.', hook.details.name, roleName(role)));
  }

  dispose(): void {
    this.generation.next();
  }

  /** What a row says about a failure: nothing when it is the missing admin right, which the section says once for every row. */
  private rowError(message: string): string | null {
    return message === this.hooks.blocked ? null : message;
  }

  /** Like PanelScope.explain(), and a refusal for lack of admin rights disables the hook controls. */
  private explain(err: unknown, action: string): string {
    const { scope } = this;
    if (isBitbucketError(err, 'forbidden')) {
      const who = scope.username;
      const message = who
        ? l10n.t('You need repository admin rights on {0} to change hooks (signed in as {1}).', scope.where, who)
        : l10n.t('You need repository admin rights on {0} to change hooks.', scope.where);
      this.hooks.blocked = message;
      return message;
    }
    if (isBitbucketError(err, 'not-found') && !isMissingRepository(err)) {
      return l10n.t('This hook is not installed on {0} ({1}). Pick another with Change….', scope.where, err.message);
    }
    return scope.explain(err, action);
  }
}

function applyHook(row: HookRow, hook: RepositoryHook): void {
  row.name = hook.details.name;
  row.enabled = hook.enabled;
  row.configured = hook.configured;
  row.error = null;
}
