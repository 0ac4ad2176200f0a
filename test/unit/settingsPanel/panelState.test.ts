// The settings panel's state in plain Node: RepositorySettings with its pages and hooks
// sections, against a fake client, an in-memory store and fake git refs.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { BitbucketError } from '../../../src/api/errors';
import { items } from '../../../src/api/paging';
import type { PageRequest, RepositoryHook, RepositoryRef } from '../../../src/api/types';
import { branchRef, orderRefs, refEntry, tagRef, type LocalRefs } from '../../../src/model/repositories/refs';
import { PanelMemory, type KeyValueStore } from '../../../src/model/settingsPanel/memory';
import { REFS_PAGE, type LocalRefReader } from '../../../src/model/settingsPanel/pagesSection';
import { RepositorySettings } from '../../../src/model/settingsPanel/panelState';
import type { AccountSource, PanelClient } from '../../../src/model/settingsPanel/scope';

const SERVER = 'https://bitbucket.example.com';
const REPO: RepositoryRef = { projectKey: 'PROJ', repositorySlug: 'repo1' };
const PRE = 'ext:pre';
const MERGE = 'ext:merge';
const OTHER_PRE = 'ext:yacc';
/** Keys of hooks the extension knows by name (src/model/repositories/knownHooks.ts). */
const KNOWN_PRE = 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook';
const KNOWN_MERGE = 'com.ngs.stash.externalhooks.external-hooks:external-merge-check-hook';

const hook = (key: string, name: string, type: string, enabled = false): RepositoryHook => ({
  details: { key, name, type },
  enabled,
  configured: false,
});

/** A server in memory: publishing per ref, new-refs switches, hooks. `gate` holds answers back until released. */
class FakeServer {
  pages = new Map<string, boolean>();
  /** The branches and tags the repository has on the server. */
  refs = new Set<string>(['refs/heads/main', 'refs/heads/topic', 'refs/heads/release/2.0', 'refs/tags/v1.0']);
  newRefs = { branches: false, tags: false };
  hooks = new Map<string, RepositoryHook>([
    [PRE, hook(PRE, 'External Pre Receive Hook', 'PRE_RECEIVE')],
    [MERGE, hook(MERGE, 'External Merge Check Hook', 'PRE_PULL_REQUEST_MERGE')],
    [OTHER_PRE, hook(OTHER_PRE, 'Yet Another Commit Checker', 'PRE_RECEIVE')],
  ]);
  requests: string[] = [];
  failWith: ((request: string) => Error | undefined) | undefined;
  gate: Promise<void> | undefined;

  private async answer<T>(request: string, value: () => T): Promise<T> {
    this.requests.push(request);
    await this.gate;
    const err = this.failWith?.(request);
    if (err) throw err;
    return value();
  }

  readonly client: PanelClient = {
    refExists: (_repo, refId) => this.answer(`exists ${refId}`, () => this.refs.has(refId)),
    getPagesForRef: (_repo, refId) =>
      this.answer(`GET ${refId}`, () => ({ repositoryId: 1, refId, isEnabled: this.pages.get(refId) ?? false })),
    enablePagesForRef: (_repo, refId) =>
      this.answer(`PUT ${refId}`, () => (this.pages.set(refId, true), { repositoryId: 1, refId, isEnabled: true })),
    disablePagesForRef: (_repo, refId) =>
      this.answer(
        `DELETE ${refId}`,
        () => (this.pages.set(refId, false), { repositoryId: 1, refId, isEnabled: false }),
      ),
    setPagesForNewBranches: (_repo, enabled) =>
      this.answer(
        `new branches ${enabled}`,
        () => (
          (this.newRefs.branches = enabled),
          { repositoryId: 1, isEnabledForBranches: this.newRefs.branches, isEnabledForTags: this.newRefs.tags }
        ),
      ),
    setPagesForNewTags: (_repo, enabled) =>
      this.answer(
        `new tags ${enabled}`,
        () => (
          (this.newRefs.tags = enabled),
          { repositoryId: 1, isEnabledForBranches: this.newRefs.branches, isEnabledForTags: this.newRefs.tags }
        ),
      ),
    getHook: (_repo, key) => this.answer(`GET hook ${key}`, () => this.hook(key)),
    enableHook: (_repo, key) =>
      this.answer(`enable ${key}`, () => ({ ...this.hook(key), enabled: (this.hook(key).enabled = true) })),
    // Like older servers: no body in the answer.
    disableHook: (_repo, key) => this.answer(`disable ${key}`, () => ((this.hook(key).enabled = false), undefined)),
    listHooks: (_repo, type, page: PageRequest = {}) =>
      this.answer(`list ${type}`, () => {
        const values = [...this.hooks.values()].filter((h) => !type || h.details.type === type);
        return { size: values.length, limit: 100, isLastPage: true, values, start: page.start ?? 0 };
      }),
    items,
  };

  private hook(key: string): RepositoryHook {
    const found = this.hooks.get(key);
    if (!found) throw new BitbucketError('not-found', `Repository hook ${key} does not exist.`, { status: 404 });
    return found;
  }
}

class MapStore implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, defaultValue: T): T {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, structuredClone(value));
  }
}

function setup(
  options: {
    refs?: LocalRefs;
    git?: LocalRefReader;
    signedIn?: string | false;
    serverUrl?: string;
    memory?: PanelMemory;
  } = {},
) {
  const server = new FakeServer();
  const username = options.signedIn === false ? undefined : (options.signedIn ?? 'admin');
  const accounts: {
    account: AccountSource['account'];
    client: PanelClient | undefined;
    choices: Array<{ id: string; username: string }>;
  } = {
    account: username === undefined ? undefined : { serverUrl: options.serverUrl ?? SERVER, username },
    client: username === undefined ? undefined : server.client,
    choices: username === undefined ? [] : [{ id: `${options.serverUrl ?? SERVER}#${username}`, username }],
  };
  const errors: string[] = [];
  const log = { warn: () => undefined, error: (message: string) => void errors.push(message) };
  const memory = options.memory ?? new PanelMemory(new MapStore());
  const git = options.git ?? { refsOf: async () => options.refs };
  let changes = 0;
  const settings = new RepositorySettings(
    SERVER,
    REPO,
    { accounts, log, memory, git },
    { preReceive: PRE, mergeCheck: MERGE },
  );
  settings.onDidChangeState(() => changes++);
  return { server, settings, accounts, errors, memory, changes: () => changes };
}

const manyRefs = (branches: number): LocalRefs => ({
  refs: [
    ...Array.from({ length: branches }, (_, i) => ({
      refId: branchRef(`feature/b${String(i).padStart(2, '0')}`),
      kind: 'branch' as const,
      name: `feature/b${String(i).padStart(2, '0')}`,
    })),
    { refId: branchRef('main'), kind: 'branch', name: 'main' },
    { refId: tagRef('v1.0'), kind: 'tag', name: 'v1.0' },
  ],
  defaultBranch: 'main',
});

const refRow = (settings: RepositorySettings, refId: string) => settings.state.refs.rows.find((r) => r.refId === refId);
const hookRow = (settings: RepositorySettings, role: 'preReceive' | 'mergeCheck') =>
  settings.state.hooks.rows.find((r) => r.role === role)!;

describe('settings panel state (RepositorySettings, no vscode)', () => {
  describe('loading', () => {
    it('lists the default branch first and asks about one page of refs, then Show more lists the rest', async () => {
      const { settings, server } = setup({ refs: manyRefs(40) });
      assert.equal((await settings.reload()).ok, true);
      await settings.whenIdle();
      const state = settings.state;
      assert.equal(state.refs.source, 'git');
      assert.equal(state.refs.rows[0].refId, 'refs/heads/main');
      assert.equal(state.refs.rows[0].isDefault, true);
      assert.equal(state.refs.rows.length, REFS_PAGE);
      assert.equal(state.refs.more, 42 - REFS_PAGE);
      assert.equal(server.requests.filter((r) => r.startsWith('GET refs/')).length, REFS_PAGE);
      assert.equal(settings.pages.showMoreRefs().ok, true);
      await settings.whenIdle();
      assert.equal(settings.state.refs.rows.length, 42);
      assert.equal(settings.state.refs.rows.at(-1)?.refId, 'refs/tags/v1.0');
      assert.ok(settings.state.refs.rows.every((r) => r.enabled === false && r.busy === null && r.error === null));
      assert.equal(settings.pages.showMoreRefs().message, 'Every ref is listed.');
    });

    it('shows the hooks of the configured keys, and only the pre-receive hook can be switched', async () => {
      const { settings } = setup();
      await settings.reload();
      await settings.whenIdle();
      assert.equal(hookRow(settings, 'preReceive').name, 'External Pre Receive Hook');
      assert.equal(hookRow(settings, 'mergeCheck').name, 'External Merge Check Hook');
      assert.equal(hookRow(settings, 'mergeCheck').canToggle, false);
      assert.equal(settings.state.refs.source, 'none');
    });

    it('asks for Sign In when signed out, and lists nothing', async () => {
      const { settings, server } = setup({ signedIn: false });
      const result = await settings.reload();
      assert.equal(result.ok, false);
      assert.match(result.message ?? '', /Sign in/);
      assert.equal(settings.state.account, null);
      assert.equal(settings.state.hooks.rows.length, 0);
      assert.match((await settings.pages.setPagesForNewRefs('tags', true)).message ?? '', /Sign in/);
      assert.deepEqual(server.requests, []);
    });

    it('says so when signed in to another server', async () => {
      const { settings } = setup({ serverUrl: 'https://other.example.com' });
      const result = await settings.reload();
      assert.equal(result.ok, false);
      assert.match(settings.state.notice ?? '', /signed in to other\.example\.com/);
    });

    it('drops the refs of a load that a reload overtook while git was still reading', async () => {
      const answers: Array<(refs: LocalRefs) => void> = [];
      // Git answers each read only when the test says so, and the second read first.
      const { settings } = setup({ git: { refsOf: () => new Promise<LocalRefs>((resolve) => answers.push(resolve)) } });
      const first = settings.reload();
      const second = settings.reload();
      await new Promise((resolve) => setImmediate(resolve));
      answers[1]({ refs: [{ refId: branchRef('new'), kind: 'branch', name: 'new' }], defaultBranch: 'new' });
      await second;
      answers[0]({
        refs: ['old1', 'old2'].map((name) => ({ refId: branchRef(name), kind: 'branch' as const, name })),
        defaultBranch: 'old1',
      });
      await first;
      await settings.whenIdle();
      assert.deepEqual(
        settings.state.refs.rows.map((r) => r.refId),
        ['refs/heads/new'],
      );
      assert.equal(settings.state.refs.more, 0);
      assert.equal(settings.state.hooks.rows.length, 2, 'the hooks are listed once');
    });
  });

  describe('static pages', () => {
    it('adds a ref by full name in its place after the default branch and asks about it, refusing names that are not full refs', async () => {
      const { settings, server } = setup({ refs: manyRefs(2) });
      await settings.reload();
      await settings.whenIdle();
      const bad = await settings.pages.addRef('main');
      assert.equal(bad.ok, false);
      assert.match(bad.message ?? '', /refs\/heads\/<branch>/);
      assert.equal((await settings.pages.addRef(' refs/heads/topic ')).message, 'Added refs/heads/topic.');
      assert.equal((await settings.pages.addRef('refs/heads/topic')).message, 'topic is already listed.');
      await settings.whenIdle();
      assert.deepEqual(
        settings.state.refs.rows.map((r) => r.refId),
        ['refs/heads/main', 'refs/heads/feature/b00', 'refs/heads/feature/b01', 'refs/heads/topic', 'refs/tags/v1.0'],
        'the default branch first, then branches by name, then tags',
      );
      assert.equal(refRow(settings, 'refs/heads/topic')?.enabled, false);
      assert.equal(server.requests.filter((r) => r === 'GET refs/heads/topic').length, 1);
      // Still listed, in its place, after a reload.
      await settings.reload();
      await settings.whenIdle();
      assert.equal(
        settings.state.refs.rows.findIndex((r) => r.refId === 'refs/heads/topic'),
        3,
      );
    });

    it('refuses a ref that exists neither in the clone nor on the server, and asks the server only about refs the clone lacks', async () => {
      const { settings, server } = setup({ refs: manyRefs(30) });
      await settings.reload();
      await settings.whenIdle();
      const before = settings.state.refs.rows.map((r) => r.refId);
      const missing = await settings.pages.addRef('refs/heads/no-such-branch');
      assert.deepEqual(missing, {
        ok: false,
        message:
          'refs/heads/no-such-branch exists neither in your clone nor on bitbucket.example.com. Check the name: nothing was added.',
      });
      assert.deepEqual(
        settings.state.refs.rows.map((r) => r.refId),
        before,
        'nothing was listed',
      );
      assert.equal(server.requests.includes('GET refs/heads/no-such-branch'), false, 'nor asked about');
      // A tag of the clone that Show more has not listed yet: no lookup, listed at once, in its place (last).
      const requests = server.requests.length;
      assert.equal((await settings.pages.addRef('refs/tags/v1.0')).ok, true);
      assert.deepEqual(server.requests.slice(requests), ['GET refs/tags/v1.0']);
      assert.equal(settings.state.refs.rows.at(-1)?.refId, 'refs/tags/v1.0');
      // Without a clone, the message says the server alone was asked.
      const bare = setup();
      await bare.settings.reload();
      assert.equal(
        (await bare.settings.pages.addRef('refs/tags/v9')).message,
        'refs/tags/v9 does not exist on bitbucket.example.com. Check the name: nothing was added.',
      );
    });

    it('lists refs in one order, default branch first, however they were added and shown', async () => {
      const names = fc.constantFrom('main', 'topic', 'release/2.0', 'a', 'zeta', 'feature/x');
      const ref = fc.oneof(
        names.map((n) => branchRef(n)),
        fc.constantFrom('v1.0', 'v2', 'a').map((n) => tagRef(n)),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(ref, { maxLength: 6 }),
          fc.array(ref, { maxLength: 6 }),
          fc.boolean(),
          async (cloned, typed, showMore) => {
            const local: LocalRefs = {
              refs: cloned.map((r) => refEntry(r)!),
              defaultBranch: cloned.includes(branchRef('main')) ? 'main' : undefined,
            };
            const { settings, server } = setup({ refs: local });
            for (const r of typed) server.refs.add(r);
            await settings.reload();
            for (const r of typed) await settings.pages.addRef(r);
            if (showMore) settings.pages.showMoreRefs();
            await settings.whenIdle();
            const shown = settings.state.refs.rows.map((r) => r.refId);
            const expected = orderRefs(
              [...cloned, ...typed].map((r) => refEntry(r)!),
              local.defaultBranch,
            ).map((r) => r.refId);
            assert.deepEqual(shown, expected);
          },
        ),
        { numRuns: 200 },
      );
    });

    it("shows the server's answer to a switch, and keeps the old value with the reason when it fails", async () => {
      const { settings, server } = setup({ refs: manyRefs(0) });
      await settings.reload();
      await settings.whenIdle();
      const on = await settings.pages.setPagesForRef('refs/heads/main', true);
      assert.deepEqual(on, { ok: true, message: 'Pages for main: published.' });
      assert.equal(refRow(settings, 'refs/heads/main')?.enabled, true);
      server.failWith = (r) => (r.startsWith('DELETE') ? new BitbucketError('network', 'connection reset') : undefined);
      const off = await settings.pages.setPagesForRef('refs/heads/main', false);
      assert.equal(off.ok, false);
      const row = refRow(settings, 'refs/heads/main');
      assert.equal(row?.enabled, true, 'the server confirmed nothing else');
      assert.equal(row?.busy, null);
      assert.equal(row?.error, off.message);
      assert.equal((await settings.pages.setPagesForRef('refs/heads/nope', true)).ok, false);
    });

    it('shows both new-refs values of the answer and remembers them for the next panel', async () => {
      const { settings, memory } = setup();
      await settings.reload();
      const result = await settings.pages.setPagesForNewRefs('tags', true);
      assert.deepEqual(result, { ok: true, message: 'New branches: not published; new tags: published.' });
      const { branches, tags, fresh, changing } = settings.state.newRefs;
      assert.deepEqual({ branches, tags, fresh, changing }, { branches: false, tags: true, fresh: true, changing: [] });
      const next = setup({ memory }).settings;
      assert.deepEqual(
        { tags: next.state.newRefs.tags, fresh: next.state.newRefs.fresh },
        { tags: true, fresh: false },
      );
    });

    it("turns a missing repository into the panel's notice", async () => {
      const { settings, server } = setup();
      server.failWith = () =>
        new BitbucketError('not-found', 'Repository PROJ/repo1 does not exist.', {
          status: 404,
          serverMessages: [
            {
              context: null,
              message: 'Repository PROJ/repo1 does not exist.',
              exceptionName: 'com.atlassian.bitbucket.repository.NoSuchRepositoryException',
            },
          ],
        });
      await settings.reload();
      await settings.pages.addRef('refs/heads/main');
      await settings.whenIdle();
      assert.equal(settings.state.notice, 'Repository PROJ/repo1 was not found on bitbucket.example.com.');
    });
  });

  describe('hooks', () => {
    it('enables and disables the pre-receive hook, asking again when the answer has no body', async () => {
      const { settings, server } = setup();
      await settings.reload();
      await settings.whenIdle();
      assert.deepEqual(await settings.hooks.setHookEnabled('preReceive', true), {
        ok: true,
        message: 'External Pre Receive Hook: enabled.',
      });
      assert.equal(hookRow(settings, 'preReceive').enabled, true);
      assert.deepEqual(await settings.hooks.setHookEnabled('preReceive', false), {
        ok: true,
        message: 'External Pre Receive Hook: disabled.',
      });
      assert.equal(hookRow(settings, 'preReceive').enabled, false);
      assert.equal(server.requests.at(-1), `GET hook ${PRE}`);
      assert.equal((await settings.hooks.setHookEnabled('mergeCheck', true)).ok, false);
    });

    it('blocks the hook controls for a user without admin rights', async () => {
      const { settings, server } = setup({ signedIn: 'alice' });
      server.failWith = (r) =>
        r.startsWith('GET hook') ? new BitbucketError('forbidden', 'no', { status: 403 }) : undefined;
      await settings.reload();
      await settings.whenIdle();
      const blocked = settings.state.hooks.blocked;
      assert.equal(blocked, 'You need repository admin rights on PROJ/repo1 to change hooks (signed in as alice).');
      assert.deepEqual(await settings.hooks.setHookEnabled('preReceive', true), { ok: false, message: blocked });
      assert.deepEqual(settings.hooks.hookToEdit('preReceive'), { ok: false, message: blocked });
    });

    it('for a user without admin rights, names each known hook and says the missing right once', async () => {
      const { settings, server } = setup({ signedIn: 'alice' });
      settings.setHookKeys({ preReceive: KNOWN_PRE, mergeCheck: KNOWN_MERGE });
      server.failWith = (r) =>
        r.startsWith('GET hook') ? new BitbucketError('forbidden', 'no', { status: 403 }) : undefined;
      await settings.reload();
      await settings.whenIdle();
      assert.deepEqual(
        settings.state.hooks.rows.map((h) => [h.name, h.error]),
        [
          ['External Pre Receive Hook', null],
          ['External Merge Check Hook', null],
        ],
        'each hook by its name; the rows leave the admin-rights message to the section',
      );
      assert.equal(
        settings.state.hooks.blocked,
        'You need repository admin rights on PROJ/repo1 to change hooks (signed in as alice).',
      );
    });

    it('says a hook that is not installed can be replaced with Change…', async () => {
      const { settings, server } = setup();
      server.hooks.delete(MERGE);
      await settings.reload();
      await settings.whenIdle();
      assert.match(hookRow(settings, 'mergeCheck').error ?? '', /not installed on PROJ\/repo1.*Change…/);
      assert.equal(settings.state.notice, null, 'a missing hook is not a missing repository');
    });

    it("offers the hooks of the role's type for Change…, checks the choice, and shows the new key", async () => {
      const { settings } = setup();
      await settings.reload();
      await settings.whenIdle();
      const choices = await settings.hooks.hookChoices('preReceive');
      assert.ok(choices.ok);
      assert.deepEqual(
        choices.hooks.map((h) => h.details.key),
        [PRE, OTHER_PRE],
      );
      assert.equal(choices.current, PRE);
      assert.equal(settings.hooks.checkChoice('preReceive', choices.hooks, MERGE).ok, false);
      assert.deepEqual(settings.hooks.checkChoice('preReceive', choices.hooks, OTHER_PRE), {
        ok: true,
        message: 'The panel now shows Yet Another Commit Checker as the pre-receive hook.',
      });
      settings.setHookKeys({ preReceive: ` ${OTHER_PRE} `, mergeCheck: MERGE });
      await settings.whenIdle();
      assert.equal(hookRow(settings, 'preReceive').key, OTHER_PRE);
      assert.equal(hookRow(settings, 'preReceive').name, 'Yet Another Commit Checker');
      assert.deepEqual(settings.hooks.hookToEdit('preReceive'), { ok: true, key: OTHER_PRE });
    });

    it('loads no hooks for new keys before the panel has loaded', async () => {
      const { settings, server } = setup();
      settings.setHookKeys({ preReceive: OTHER_PRE, mergeCheck: MERGE });
      await settings.whenIdle();
      assert.deepEqual(server.requests, []);
    });
  });
});
