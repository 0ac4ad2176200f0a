// What the settings panel remembers across sessions (globalState): the repositories opened
// recently, and the last known "publish new branches / new tags" values, which the Pages app
// only ever tells in the answer to a change. No `vscode`: it needs only a key-value store,
// which VS Code's globalState (a Memento) is, and a Map is in unit tests.
import type { RepositoryRef } from '../api/types';
import { StateKeys } from '../constants';

/** The part of vscode.Memento this uses. */
export interface KeyValueStore {
  get<T>(key: string, defaultValue: T): T;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface RecentRepository extends RepositoryRef {
  serverUrl: string;
  openedAt: number;
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

const repoKey = (serverUrl: string, repo: RepositoryRef): string => `${serverUrl}|${repo.projectKey.toUpperCase()}/${repo.repositorySlug}`;

export class PanelMemory {
  constructor(private readonly state: KeyValueStore) {}

  recent(serverUrl: string): RecentRepository[] {
    return this.state.get<RecentRepository[]>(RECENT_KEY, []).filter((r) => r.serverUrl === serverUrl);
  }

  async addRecent(serverUrl: string, repo: RepositoryRef): Promise<void> {
    const key = repoKey(serverUrl, repo);
    const others = this.state.get<RecentRepository[]>(RECENT_KEY, []).filter((r) => repoKey(r.serverUrl, r) !== key);
    const entry: RecentRepository = { serverUrl, projectKey: repo.projectKey, repositorySlug: repo.repositorySlug, openedAt: Date.now() };
    await this.state.update(RECENT_KEY, [entry, ...others].slice(0, MAX_RECENT));
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
