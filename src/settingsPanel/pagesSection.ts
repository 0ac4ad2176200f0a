// The static pages part of the repository settings panel: the listed refs with their publishing
// switches ("Show more", "Add Ref"), and the "publish new branches / new tags" switches. It owns
// that part of the state and changes it only with what the server answered. Pure logic, no
// `vscode`: a ref to add arrives as a name, already asked for by the vscode-facing controller.
import type { RepositoryRef } from '../api/types';
import { orderRefs, refEntry, refNameProblem, type LocalRefs, type RefEntry } from '../repositories/refs';
import { Generation } from './generation';
import { LimiterClearedError } from './limiter';
import type { PanelMemory } from './memory';
import type { NewRefsKind, NewRefsState, PanelState, RefRow } from './protocol';
import { failed, succeeded, type ActionResult, type PanelScope } from './scope';
import * as l10n from '@vscode/l10n';

/** How many refs are listed (and asked about) at first, and added by each "Show more". */
export const REFS_PAGE = 25;

/** Where the refs of the workspace's clone come from (GitRepositories in the extension). */
export interface LocalRefReader {
  refsOf(serverUrl: string, repository: RepositoryRef): Promise<LocalRefs | undefined>;
}

export type RefsState = PanelState['refs'];

const onOff = (v: boolean): string => (v ? l10n.t('published') : l10n.t('not published'));

export class PagesSection {
  /** Bumped on every reload, so answers about the refs listed before are dropped. */
  private readonly generation = new Generation();
  /** Every ref known (from git, or added by name), in the panel's order; the first rows.length are listed. */
  private known: RefEntry[] = [];
  /** Refs added by name; they stay listed across reloads. */
  private readonly added: RefEntry[] = [];
  private defaultBranch: string | undefined;
  private refs: RefsState = { rows: [], more: 0, source: 'none' };
  private newRefs: NewRefsState;

  constructor(
    private readonly scope: PanelScope,
    private readonly memory: PanelMemory,
    private readonly git: LocalRefReader,
  ) {
    this.newRefs = this.rememberedNewRefs();
  }

  get refsState(): RefsState {
    return this.refs;
  }

  get newRefsState(): NewRefsState {
    return this.newRefs;
  }

  /** Empties the list (answers still coming are dropped) and shows the remembered new-refs values. */
  reset(): void {
    this.generation.next();
    this.refs = { rows: [], more: 0, source: 'none' };
    this.newRefs = this.rememberedNewRefs();
  }

  /** Reads the clone's refs and lists the first page of them, asking the server about each. */
  async load(): Promise<void> {
    const ticket = this.generation.ticket();
    const local = await this.readLocalRefs();
    if (!this.generation.isCurrent(ticket)) return;
    this.known = orderRefs([...(local?.refs ?? []), ...this.added], local?.defaultBranch);
    this.defaultBranch = local?.defaultBranch;
    this.refs.source = local ? 'git' : 'none';
    this.listRefs(Math.min(REFS_PAGE, this.known.length));
  }

  /** Lists the next refs. */
  showMoreRefs(): ActionResult {
    if (this.refs.more === 0) return succeeded(l10n.t('Every ref is listed.'));
    this.listRefs(this.refs.rows.length + REFS_PAGE);
    this.scope.changed();
    return succeeded(l10n.t('{0} refs listed.', this.refs.rows.length));
  }

  /** Lists a ref given by its full name, at the top, and asks the server about it. */
  addRef(refId: string): ActionResult {
    const trimmed = refId.trim();
    const problem = refNameProblem(trimmed);
    if (problem) return failed(problem);
    const entry = refEntry(trimmed)!;
    if (this.refs.rows.some((r) => r.refId === entry.refId)) return succeeded(l10n.t('{0} is already listed.', entry.name));
    this.added.push(entry);
    // A ref added by hand goes to the top, so the user sees it at once.
    this.known = [entry, ...this.known.filter((r) => r.refId !== entry.refId)];
    const row: RefRow = { refId: entry.refId, name: entry.name, kind: entry.kind, isDefault: false, enabled: null, busy: 'loading', error: null };
    this.refs.rows.unshift(row);
    this.refs.more = this.known.length - this.refs.rows.length;
    this.fetchRef(row);
    this.scope.changed();
    return succeeded(l10n.t('Added {0}.', entry.refId));
  }

  /** Switches publishing for one listed ref; the row shows the server's answer. */
  async setPagesForRef(refId: string, enabled: boolean): Promise<ActionResult> {
    const { scope } = this;
    const row = this.refs.rows.find((r) => r.refId === refId);
    if (!row) return failed(l10n.t('{0} is not listed in this panel.', refId));
    if (row.busy === 'changing') return failed(l10n.t('{0} is still being changed.', row.name));
    const client = scope.client();
    if (!client) return failed(l10n.t('Sign in to change Pages settings.'));
    const ticket = this.generation.ticket();
    row.busy = 'changing';
    scope.changed();
    const request = enabled ? client.enablePagesForRef(scope.repository, refId) : client.disablePagesForRef(scope.repository, refId);
    try {
      const setting = await scope.track(request);
      if (!this.generation.isCurrent(ticket)) return succeeded(null);
      row.enabled = setting.isEnabled;
      row.error = null;
      return succeeded(l10n.t('Pages for {0}: {1}.', row.name, onOff(setting.isEnabled)));
    } catch (err) {
      scope.log.error(`${enabled ? 'PUT' : 'DELETE'} pages for ${refId} on ${scope.where} failed`, err);
      const message = scope.explain(err, enabled ? l10n.t('publish {0}', row.name) : l10n.t('stop publishing {0}', row.name));
      if (this.generation.isCurrent(ticket)) row.error = message;
      return failed(message);
    } finally {
      if (this.generation.isCurrent(ticket)) row.busy = null;
      scope.changed();
    }
  }

  /** "Publish new branches" / "Publish new tags": shows both values of the server's answer, and remembers them. */
  async setPagesForNewRefs(which: NewRefsKind, enabled: boolean): Promise<ActionResult> {
    const { scope } = this;
    const client = scope.client();
    if (!client) return failed(l10n.t('Sign in to change Pages settings.'));
    if (this.newRefs.changing.includes(which)) return failed(l10n.t('That switch is still being changed.'));
    const ticket = this.generation.ticket();
    this.newRefs.changing.push(which);
    scope.changed();
    try {
      const request = which === 'branches' ? client.setPagesForNewBranches(scope.repository, enabled) : client.setPagesForNewTags(scope.repository, enabled);
      const setting = await scope.track(request);
      const known = { branches: setting.isEnabledForBranches, tags: setting.isEnabledForTags, learnedAt: Date.now() };
      // The server tells these values only in answer to a change: remember them even when the panel moved on.
      await this.memory.setNewRefs(scope.serverUrl, scope.repository, known);
      if (this.generation.isCurrent(ticket)) this.newRefs = { ...known, fresh: true, changing: this.newRefs.changing };
      return succeeded(l10n.t('New branches: {0}; new tags: {1}.', onOff(known.branches), onOff(known.tags)));
    } catch (err) {
      scope.log.error(`changing pages for new ${which} on ${scope.where} failed`, err);
      return failed(scope.explain(err, which === 'branches' ? l10n.t('change publishing of new branches') : l10n.t('change publishing of new tags')));
    } finally {
      if (this.generation.isCurrent(ticket)) this.newRefs.changing = this.newRefs.changing.filter((w) => w !== which);
      scope.changed();
    }
  }

  dispose(): void {
    this.generation.next();
  }

  private rememberedNewRefs(): NewRefsState {
    const known = this.memory.newRefs(this.scope.serverUrl, this.scope.repository);
    return { branches: known?.branches ?? null, tags: known?.tags ?? null, learnedAt: known?.learnedAt ?? null, fresh: false, changing: [] };
  }

  private async readLocalRefs(): Promise<LocalRefs | undefined> {
    try {
      return await this.git.refsOf(this.scope.serverUrl, this.scope.repository);
    } catch (err) {
      this.scope.log.error('reading refs from git failed', err);
      return undefined;
    }
  }

  /** Lists refs up to `count`, asking the server about each newly listed one. */
  private listRefs(count: number): void {
    const from = this.refs.rows.length;
    for (const entry of this.known.slice(from, count)) {
      const isDefault = entry.kind === 'branch' && entry.name === this.defaultBranch;
      const row: RefRow = { refId: entry.refId, name: entry.name, kind: entry.kind, isDefault, enabled: null, busy: 'loading', error: null };
      this.refs.rows.push(row);
      this.fetchRef(row);
    }
    this.refs.more = this.known.length - this.refs.rows.length;
  }

  private fetchRef(row: RefRow): void {
    const { scope } = this;
    const ticket = this.generation.ticket();
    const client = scope.client();
    if (!client) return;
    const request = scope.limiter.run(() => client.getPagesForRef(scope.repository, row.refId)).then(
      (setting) => {
        if (!this.generation.isCurrent(ticket)) return;
        row.enabled = setting.isEnabled;
        row.error = null;
      },
      (err: unknown) => {
        if (!this.generation.isCurrent(ticket) || err instanceof LimiterClearedError) return;
        row.error = scope.explain(err, l10n.t('read the Pages state of {0}', row.name));
        scope.log.error(`GET pages state of ${row.refId} on ${scope.where} failed`, err);
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
}
