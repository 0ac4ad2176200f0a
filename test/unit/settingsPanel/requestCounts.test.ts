// What the settings panel sends for each action, counted in the local Bitbucket server's own
// request log (real HTTP, the real API client): the panel's state (RepositorySettings) with fake
// git refs only. An action sends what it needs and nothing again: Add Ref one GET of the ref's
// Pages state (and, for a ref the clone lacks, one look-up of it first), never the hooks or the
// other refs again, whatever the order in which the panel's page and its first load come.
import * as assert from 'node:assert/strict';
import { BitbucketClient, type RepositoryRef } from '../../../src/api';
import { branchRef, type LocalRefs } from '../../../src/model/repositories/refs';
import { PanelMemory, type KeyValueStore } from '../../../src/model/settingsPanel/memory';
import type { LocalRefReader } from '../../../src/model/settingsPanel/pagesSection';
import { RepositorySettings } from '../../../src/model/settingsPanel/panelState';
import type { AccountSource, PanelClient } from '../../../src/model/settingsPanel/scope';
import { HookKeys } from '../../server/hookCatalog';
import { startServer, type RunningServer } from '../../server/server';
import { testWire } from '../../support/testWire';

const REPO: RepositoryRef = { projectKey: 'PROJ', repositorySlug: 'repo1' };

class MapStore implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, defaultValue: T): T {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, structuredClone(value));
  }
}

/** A clone with 30 branches besides main (more than the first page of 25), and release/2.0 last, or without it. */
const clone = (withRelease: boolean): LocalRefs => ({
  refs: [
    { refId: branchRef('main'), kind: 'branch', name: 'main' },
    ...Array.from({ length: 30 }, (_, i) => ({
      refId: branchRef(`feature/b${String(i).padStart(2, '0')}`),
      kind: 'branch' as const,
      name: `feature/b${String(i).padStart(2, '0')}`,
    })),
    ...(withRelease ? [{ refId: branchRef('release/2.0'), kind: 'branch' as const, name: 'release/2.0' }] : []),
  ],
  defaultBranch: 'main',
});

/** Git that answers when `release()` is called, as a clone being read when the panel opens. */
function slowGit(refs: LocalRefs): LocalRefReader & { release(): void } {
  let release!: () => void;
  const read = new Promise<void>((resolve) => (release = resolve));
  return { refsOf: async () => (await read, refs), release: () => release() };
}

describe("settings panel: requests per action, in the local server's log", function () {
  this.timeout(20_000);
  let server: RunningServer;
  const clients: BitbucketClient[] = [];
  const newClient = (): BitbucketClient => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'admin', password: 'admin' }),
    });
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    server = await startServer({ port: 0 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
  });

  function panel(git: LocalRefReader) {
    const accounts: {
      account: AccountSource['account'];
      client: PanelClient | undefined;
      choices: Array<{ id: string; username: string }>;
    } = {
      account: { serverUrl: server.url, username: 'admin' },
      client: newClient(),
      choices: [{ id: `${server.url}#admin`, username: 'admin' }],
    };
    const settings = new RepositorySettings(
      server.url,
      REPO,
      {
        accounts,
        log: { warn: () => undefined, error: () => undefined },
        memory: new PanelMemory(new MapStore()),
        git,
      },
      {
        preReceive: HookKeys.externalPreReceive,
        mergeCheck: HookKeys.externalMergeCheck,
      },
    );
    return { settings, accounts };
  }

  /** The requests the server saw since the log was last cleared, as `METHOD path?query`, in order. */
  const sent = (): string[] =>
    server.controls.requests().map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`);
  const pagesOf = (refId: string) =>
    `GET /rest/latest/pages-settings/PROJ/repo1/enabled?refId=${encodeURIComponent(refId)}`;
  const lookups = (requests: string[]) => requests.filter((r) => r.includes('/branches') || r.includes('/tags'));
  const hooks = (requests: string[]) => requests.filter((r) => r.includes('/settings/hooks'));

  it('adds a ref of the clone with one GET of its Pages state, also when it is added while the clone is still being read', async () => {
    const git = slowGit(clone(true));
    const { settings } = panel(git);
    void settings.open();
    const adding = settings.pages.addRef('refs/heads/release/2.0');
    git.release();
    assert.equal((await adding).ok, true);
    await settings.whenIdle();
    const requests = sent();
    assert.deepEqual(lookups(requests), [], 'the clone has the ref: no look-up on the server');
    assert.equal(requests.filter((r) => r === pagesOf('refs/heads/release/2.0')).length, 1, requests.join('\n'));
    // The first load: 25 refs of the clone and the two hooks; Add Ref's ref once.
    assert.equal(requests.length, 25 + 2 + 1, requests.join('\n'));
  });

  it('adds a ref of the clone after the load with one request', async () => {
    const { settings } = panel({ refsOf: async () => clone(true) });
    await settings.open();
    await settings.whenIdle();
    server.controls.clearRequests();
    assert.equal((await settings.pages.addRef('refs/heads/release/2.0')).ok, true);
    await settings.whenIdle();
    assert.deepEqual(sent(), [pagesOf('refs/heads/release/2.0')]);
  });

  it('adds a ref only the server has with one look-up and one GET of its Pages state', async () => {
    const { settings } = panel({ refsOf: async () => clone(false) });
    await settings.open();
    await settings.whenIdle();
    server.controls.clearRequests();
    assert.equal((await settings.pages.addRef('refs/heads/release/2.0')).ok, true);
    await settings.whenIdle();
    const requests = sent();
    assert.equal(lookups(requests).length, 1, requests.join('\n'));
    assert.deepEqual(requests.slice(1), [pagesOf('refs/heads/release/2.0')]);
  });

  it('sends nothing again when the page asks for the state after an Add Ref (its first `ready` comes late)', async () => {
    const { settings } = panel({ refsOf: async () => clone(false) });
    // The panel opens, and the user adds a ref before the page's script has run.
    void settings.open();
    await settings.pages.addRef('refs/heads/release/2.0');
    // What the controller does when the page's script has run: it asks for the first load.
    await settings.open();
    await settings.whenIdle();
    const requests = sent();
    assert.equal(hooks(requests).length, 2, requests.join('\n'));
    assert.equal(requests.filter((r) => r === pagesOf('refs/heads/release/2.0')).length, 1, requests.join('\n'));
    assert.equal(requests.length, 25 + 2 + 2, requests.join('\n'));
  });

  it("sends nothing when the session changes but the panel's account and client do not; loads again when its client is new", async () => {
    const { settings, accounts } = panel({ refsOf: async () => clone(false) });
    await settings.open();
    await settings.whenIdle();
    server.controls.clearRequests();
    // Another account signed in, to the same server: the panel may offer a switch, and asks nothing.
    accounts.choices = [...accounts.choices, { id: `${server.url}#alice`, username: 'alice' }];
    assert.equal(settings.accountsChanged(), undefined);
    await settings.whenIdle();
    assert.deepEqual(sent(), []);
    assert.deepEqual(settings.state.accounts, ['admin', 'alice']);
    // The same account signed in again (or a connection setting changed): a new client, so the state is read again.
    accounts.client = newClient();
    await settings.accountsChanged();
    await settings.whenIdle();
    assert.equal(hooks(sent()).length, 2, sent().join('\n'));
  });
});
