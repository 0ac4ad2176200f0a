// The static pages part of the repository settings panel: the listed refs with their publishing
// switches ("Show more", "Add Ref"), and the "publish new branches / new tags" switches. It owns
// that part of the state and changes it only with what the server answered. Pure logic, no
// `vscode`: a ref to add arrives as a name, already asked for by the vscode-facing controller,
// and is listed only when the clone or the server has it.
import type { RepositoryRef } from '../../api/types';
import { orderRefs, refEntry, refNameProblem, type LocalRefs, type RefEntry } from '../repositories/refs';
import { Generation } from '../../util/generation';
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
  /** Refs added by name that the clone does not have; they stay listed across reloads. */
  private readonly added: RefEntry[] = [];
  /** The full names of the clone's refs, as last read. */
  private local = new Set<string>();
  private defaultBranch: string | undefined;
  /** The clone's refs being read by a load, until they are listed. */
  private localRead: Promise<unknown> | undefined;
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
    const reading = this.readLocalRefs();
    this.localRead = reading;
    const local = await reading;
    if (this.localRead === reading) this.localRead = undefined;
    if (!this.generation.isCurrent(ticket)) return;
    this.local = new Set((local?.refs ?? []).map((r) => r.refId));
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

  /**
   * Lists a ref given by its full name in its place (the default branch stays first) and asks the
   * server about it. A ref the clone does not have is looked up on the server first: one that
   * exists in neither is refused, since the Pages app would answer "not published" for any name.
   */
  async addRef(refId: string): Promise<ActionResult> {
    const { scope } = this;
    const trimmed = refId.trim();
    const problem = refNameProblem(trimmed);
    if (problem) return failed(problem);
    const entry = refEntry(trimmed)!;
    // While the clone's refs are read, whether it has this one is not known yet: a ref it has needs no look-up.
    if (this.localRead) await this.localRead;
    if (this.refs.rows.some((r) => r.refId === entry.refId)) {
      return succeeded(l10n.t('{0} is already listed.', entry.name));
    }
    if (!this.local.has(entry.refId)) {
      const client = scope.client();
      if (!client) return failed(l10n.t('Sign in to change Pages settings.'));
      let exists: boolean;
      try {
        exists = await scope.track(client.refExists(scope.repository, entry.refId));
      } catch (err) {
        scope.log.error(`looking up ${entry.refId} on ${scope.where} failed`, err);
        return failed(
          scope.explain(
            err,
            entry.kind === 'tag'
              ? l10n.t('look up the tag {0}', entry.name)
              : l10n.t('look up the branch {0}', entry.name),
          ),
        );
      }
      if (!exists) {
        return failed(
          this.refs.source === 'git'
            ? l10n.t(
                '{0} exists neither in your clone nor on {1}. Check the name: nothing was added.',
                entry.refId,
                scope.host,
              )
            : l10n.t('{0} does not exist on {1}. Check the name: nothing was added.', entry.refId, scope.host),
        );
      }
      // Listed meanwhile (a second Add Ref of the same name answered first).
      if (this.refs.rows.some((r) => r.refId === entry.refId)) {
        return succeeded(l10n.t('{0} is already listed.', entry.name));
      }
      this.added.push(entry);
    }
    this.known = orderRefs([...this.known, entry], this.defaultBranch);
    const row = this.loadingRow(entry);
    this.refs.rows.push(row);
    this.sortRows();
    this.refs.more = this.known.length - this.refs.rows.length;
    this.fetchRef(row);
    scope.changed();
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
    const request = enabled
      ? client.enablePagesForRef(scope.repository, refId)
      : client.disablePagesForRef(scope.repository, refId);
    try {
      const setting = await scope.track(request);
      if (!this.generation.isCurrent(ticket)) return succeeded(null);
      row.enabled = setting.isEnabled;
      row.error = null;
      return succeeded(l10n.t('Pages for {0}: {1}.', row.name, onOff(setting.isEnabled)));
    } catch (err) {
      scope.log.error(`${enabled ? 'PUT' : 'DELETE'} pages for ${refId} on ${scope.where} failed`, err);
      const message = scope.explain(
        err,
        enabled ? l10n.t('publish {0}', row.name) : l10n.t('stop publishing {0}', row.name),
      );
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
      const request =
        which === 'branches'
          ? client.setPagesForNewBranches(scope.repository, enabled)
          : client.setPagesForNewTags(scope.repository, enabled);
      const setting = await scope.track(request);
      const known = { branches: setting.isEnabledForBranches, tags: setting.isEnabledForTags, learnedAt: Date.now() };
      // The server tells these values only in answer to a change: remember them even when the panel moved on.
      await this.memory.setNewRefs(scope.serverUrl, scope.repository, known);
      if (this.generation.isCurrent(ticket)) this.newRefs = { ...known, fresh: true, changing: this.newRefs.changing };
      return succeeded(l10n.t('New branches: {0}; new tags: {1}.', onOff(known.branches), onOff(known.tags)));
    } catch (err) {
      scope.log.error(`changing pages for new ${which} on ${scope.where} failed`, err);
      return failed(
        scope.explain(
          err,
          which === 'branches' ? l10n.t('change publishing of new branches') : l10n.t('change publishing of new tags'),
        ),
      );
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
    return {
      branches: known?.branches ?? null,
      tags: known?.tags ?? null,
      learnedAt: known?.learnedAt ?? null,
      fresh: false,
      changing: [],
    };
  }

  private async readLocalRefs(): Promise<LocalRefs | undefined> {
    try {
      return await this.git.refsOf(this.scope.serverUrl, this.scope.repository);
    } catch (err) {
      this.scope.log.error('reading refs from git failed', err);
      return undefined;
    }
  }

  /** The row of a ref just listed, while its Pages state is asked for. */
  private loadingRow(entry: RefEntry): RefRow {
    return {
      refId: entry.refId,
      name: entry.name,
      kind: entry.kind,
      isDefault: this.isDefault(entry),
      enabled: null,
      busy: 'loading',
      error: null,
    };
  }

  /** Lists refs up to `count` (the next ones in the panel's order), asking the server about each newly listed one. */
  private listRefs(count: number): void {
    const listed = new Set(this.refs.rows.map((r) => r.refId));
    const next = this.known.filter((e) => !listed.has(e.refId)).slice(0, Math.max(0, count - this.refs.rows.length));
    for (const entry of next) {
      const row = this.loadingRow(entry);
      this.refs.rows.push(row);
      this.fetchRef(row);
    }
    this.sortRows();
    this.refs.more = this.known.length - this.refs.rows.length;
  }

  private isDefault(entry: RefEntry): boolean {
    return entry.kind === 'branch' && entry.name === this.defaultBranch;
  }

  /** Keeps the listed rows in the panel's order (see orderRefs), whatever order they were listed in. */
  private sortRows(): void {
    const place = new Map(this.known.map((e, i) => [e.refId, i]));
    this.refs.rows.sort((a, b) => (place.get(a.refId) ?? Infinity) - (place.get(b.refId) ?? Infinity));
  }

  private fetchRef(row: RefRow): void {
    const { scope } = this;
    const ticket = this.generation.ticket();
    const client = scope.client();
    if (!client) return;
    const request = scope.limiter
      .run(() => client.getPagesForRef(scope.repository, row.refId))
      .then(
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
