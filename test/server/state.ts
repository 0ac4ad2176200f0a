// The server's data: snippets with their comments, stars, category names, Pages switches and
// hook settings. Kept in memory; with a data file it is loaded at start and written after
// every change (temp file + rename), so a stop at any moment loses nothing and never leaves
// a half-written file.

import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Category, HookSettings, Snippet } from '../../src/api/types';

export interface Star {
  userId: number;
  snippetGuid: string;
  starredAt: number;
}

export interface RepositoryPages {
  /** Refs with Pages switched on; every other ref is off. A list, so odd ref names are safe keys. */
  enabledRefs: string[];
  isEnabledForBranches: boolean;
  isEnabledForTags: boolean;
}

export interface StoredHook {
  key: string;
  enabled: boolean;
  /** Absent until the hook is configured. */
  settings?: HookSettings;
  /**
   * The settings exactly as the client sent them, answered as they are: `settings` is read with
   * JSON.parse, which rounds a 64-bit number, and Bitbucket (Java) keeps one exactly.
   */
  settingsText?: string;
}

export interface StoredData {
  version: 1;
  snippets: Snippet[];
  stars: Star[];
  /** Every category name ever used, with the guid it keeps across all snippets. */
  categories: Category[];
  /** By repository id. */
  pages: Record<string, RepositoryPages>;
  /** By repository id. */
  hooks: Record<string, StoredHook[]>;
  /** Global secret-scanning rules, as an admin set them (routes/secretScanning.ts). */
  secretScanningRules: SecretScanningRule[];
}

/** A global secret-scanning rule: a name and a Java regular expression for the line, the path or both. */
export interface SecretScanningRule {
  id: number;
  name: string;
  lineRegex?: string;
  pathRegex?: string;
}

export function emptyData(): StoredData {
  return { version: 1, snippets: [], stars: [], categories: [], pages: {}, hooks: {}, secretScanningRules: [] };
}

export class ServerState {
  private constructor(
    readonly data: StoredData,
    private readonly file: string | undefined,
  ) {}

  /** Uses the data file when it exists, otherwise `initial()`, which is then saved to it. */
  static open(file: string | undefined, initial: () => StoredData): ServerState {
    if (file !== undefined && existsSync(file)) {
      return new ServerState(parseData(readFileSync(file, 'utf8'), file), file);
    }
    if (file !== undefined) mkdirSync(dirname(file), { recursive: true });
    const state = new ServerState(initial(), file);
    state.changed();
    return state;
  }

  /** Call after every change: writes the data file, if there is one. */
  changed(): void {
    if (this.file === undefined) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.data, null, 2));
    renameSync(temp, this.file);
  }

  /** The last timestamp handed out. */
  private lastNow = 0;

  /**
   * A timestamp for a change of something last changed at `previous`: the clock, but always
   * strictly later than it and than every change before, so two updates in the same millisecond
   * still move `updatedAt` forward, and two snippets made in it still list newest first.
   */
  now(previous = 0): number {
    this.lastNow = Math.max(Date.now(), previous + 1, this.lastNow + 1);
    return this.lastNow;
  }

  snippet(guid: string): Snippet | undefined {
    return this.data.snippets.find((s) => s.guid === guid);
  }

  /** The category of that name (trimmed, case-sensitive), created with a new guid on first use. */
  category(name: string): Category {
    const trimmed = name.trim();
    let category = this.data.categories.find((c) => c.name === trimmed);
    if (!category) {
      category = { guid: randomUUID(), name: trimmed };
      this.data.categories.push(category);
    }
    return { ...category };
  }

  pages(repositoryId: number): RepositoryPages {
    return (this.data.pages[repositoryId] ??= {
      enabledRefs: [],
      isEnabledForBranches: false,
      isEnabledForTags: false,
    });
  }

  hook(repositoryId: number, key: string): StoredHook {
    const hooks = (this.data.hooks[repositoryId] ??= []);
    let hook = hooks.find((h) => h.key === key);
    if (!hook) {
      hook = { key, enabled: false };
      hooks.push(hook);
    }
    return hook;
  }
}

function parseData(text: string, file: string): StoredData {
  const data = JSON.parse(text) as Partial<StoredData>;
  if (
    data.version !== 1 ||
    !Array.isArray(data.snippets) ||
    !Array.isArray(data.stars) ||
    !Array.isArray(data.categories)
  ) {
    throw new Error(
      `${file} is not a data file of this server (expected version 1 with snippets, stars and categories)`,
    );
  }
  return { ...emptyData(), ...data } as StoredData;
}
