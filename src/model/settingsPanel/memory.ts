// What the settings panel remembers across sessions (globalState): the repositories opened
// recently (with the account each was last shown with), and the last known "publish new branches / new tags" values, which the Pages app
// only ever tells in the answer to a change. No `vscode`: it needs only a key-value store,
// which VS Code's globalState (a Memento) is, and a Map is in unit tests.
import type { RepositoryRef } from '../../api/types';
import { StateKeys } from '../../util/constants';
import { isRecord } from '../../util/isRecord';

/** The part of vscode.Memento this uses. */
export interface KeyValueStore {
  get<T>(key: string, defaultValue: T): T;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface RecentRepository extends RepositoryRef {
  serverUrl: string;
  openedAt: number;
  /** The id of the account its panel last showed. Read back as untrusted: it may be signed out, or come from another machine. */
  accountId?: string;
}

export interface KnownNewRefs {
  branches: boolean;
  tags: boolean;
  /** When the server said so (epoch ms). */
  learnedAt: number;
}

const RECENT_KEY = StateKeys.recentRepositories;
const NEW_REFS_KEY = StateKeys.pagesForNewRefs;
const MAX_RECENT = 10;

const repoKey = (serverUrl: string, repo: RepositoryRef): string =>
  `${serverUrl}|${repo.projectKey.toUpperCase()}/${repo.repositorySlug}`;

export class PanelMemory {
  constructor(private readonly state: KeyValueStore) {}

  recent(serverUrl: string): RecentRepository[] {
    return this.entries().filter((r) => r.serverUrl === serverUrl);
  }

  async addRecent(serverUrl: string, repo: RepositoryRef, accountId?: string): Promise<void> {
    const key = repoKey(serverUrl, repo);
    const all = this.entries();
    const others = all.filter((r) => repoKey(r.serverUrl, r) !== key);
    const entry: RecentRepository = {
      serverUrl,
      projectKey: repo.projectKey,
      repositorySlug: repo.repositorySlug,
      openedAt: Date.now(),
    };
    const account = accountId ?? all.find((r) => repoKey(r.serverUrl, r) === key)?.accountId;
    if (account !== undefined) entry.accountId = account;
    await this.state.update(RECENT_KEY, [entry, ...others].slice(0, MAX_RECENT));
  }

  /** The account id remembered for a repository's panel; the caller checks that it is signed in (it may come from another machine). */
  lastAccount(serverUrl: string, repo: RepositoryRef): string | undefined {
    const key = repoKey(serverUrl, repo);
    return this.entries().find((r) => repoKey(r.serverUrl, r) === key)?.accountId;
  }

  /** Remembers the account a repository's panel shows now (its place in the recent list stays). */
  async setLastAccount(serverUrl: string, repo: RepositoryRef, accountId: string): Promise<void> {
    const key = repoKey(serverUrl, repo);
    const all = this.entries();
    if (!all.some((r) => repoKey(r.serverUrl, r) === key)) return this.addRecent(serverUrl, repo, accountId);
    await this.state.update(
      RECENT_KEY,
      all.map((r) => (repoKey(r.serverUrl, r) === key ? { ...r, accountId } : r)),
    );
  }

  /**
   * The recent list as stored, keeping only well-formed entries: it is restored from disk and
   * carried by Settings Sync from other machines and versions, so it is read as untrusted.
   */
  private entries(): RecentRepository[] {
    const stored: unknown = this.state.get<unknown>(RECENT_KEY, []);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((r: unknown): RecentRepository[] => {
      if (
        !isRecord(r) ||
        typeof r.serverUrl !== 'string' ||
        typeof r.projectKey !== 'string' ||
        typeof r.repositorySlug !== 'string'
      ) {
        return [];
      }
      const entry: RecentRepository = {
        serverUrl: r.serverUrl,
        projectKey: r.projectKey,
        repositorySlug: r.repositorySlug,
        openedAt: typeof r.openedAt === 'number' ? r.openedAt : 0,
      };
      if (typeof r.accountId === 'string') entry.accountId = r.accountId;
      return [entry];
    });
  }

  newRefs(serverUrl: string, repo: RepositoryRef): KnownNewRefs | undefined {
    return this.state.get<Record<string, KnownNewRefs>>(NEW_REFS_KEY, {})[repoKey(serverUrl, repo)];
  }

  async setNewRefs(serverUrl: string, repo: RepositoryRef, known: KnownNewRefs): Promise<void> {
    const all = { ...this.state.get<Record<string, KnownNewRefs>>(NEW_REFS_KEY, {}) };
    all[repoKey(serverUrl, repo)] = known;
    await this.state.update(NEW_REFS_KEY, all);
  }
}
