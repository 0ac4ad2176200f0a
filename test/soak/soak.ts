// The soak: two simulated users (alice and bob) create, edit, rename, comment on and delete
// snippets and toggle Pages settings at random, through the extension's own API client, snippet
// store and save logic, while the local server adds latency, 5xx answers, dropped connections and
// malformed bodies, and a proxy loses answers after the server applied them. At the end the
// server's state must be one the users' outcomes allow (see model.ts): zero mismatches.
//
// Loopback only, bounded by both time and operation count; everything it starts it stops.
import { BitbucketClient } from '../../src/api/client';
import { BitbucketError } from '../../src/api/errors';
import type { RepositoryRef, Snippet, UpdateSnippetRequest } from '../../src/api/types';
import {
  SnippetEditError,
  withDetails,
  withFileAdded,
  withFileContent,
  withFileDeleted,
  withFileRenamed,
} from '../../src/model/snippets/edits';
import { SnippetStore } from '../../src/model/snippets/store';
import { WriteQueue } from '../../src/model/snippets/writeQueue';
import { decideSave, editBaseOf, isUnchangedSave } from '../../src/model/snippets/files/saveLogic';
import { refNameProblem } from '../../src/model/repositories/refs';
import type { FaultKind, FaultSpec } from '../server/controls';
import { startServer, type RunningServer } from '../server/server';
import { startLossyProxy, type LossyProxy } from './lossyProxy';
import {
  ABSENT,
  Model,
  stateOf,
  type ModelComment,
  type ModelSnippet,
  type SnippetState,
  type UserName,
} from './model';
import { Rng } from './rng';

export interface SoakOptions {
  seed: number;
  /** Stop starting new operations after this long. */
  durationMs: number;
  /** ... or after this many operations, whichever comes first. */
  maxOps: number;
  /** Concurrent workers per user (their operations never touch the same snippet at once). */
  workersPerUser?: number;
  /** Each line of progress. */
  log?: (line: string) => void;
}

export type OpKind =
  | 'create'
  | 'editFile'
  | 'addFile'
  | 'renameFile'
  | 'deleteFile'
  | 'renameSnippet'
  | 'deleteSnippet'
  | 'comment'
  | 'editComment'
  | 'deleteComment'
  | 'togglePages'
  | 'refresh';

export interface OpCounts {
  saved: number;
  refused: number;
  unknown: number;
  /** Failed before anything was sent (a read failed, or the save logic refused). */
  notSent: number;
}

export interface SoakReport {
  seed: number;
  elapsedMs: number;
  operations: number;
  byKind: Record<string, OpCounts>;
  /** Requests the server logged (through the proxy, retries included). */
  requests: number;
  /** Faults the server applied, by kind, plus answers the proxy lost after the server applied them. */
  faults: Record<string, number>;
  faultsTotal: number;
  /** Saves where the save logic saw the server's copy change since the editor loaded it. */
  conflicts: number;
  /** Unknown outcomes settled by reading back. */
  settledByReadBack: number;
  /** Snippets and comments on the server at the end. */
  finalSnippets: number;
  finalComments: number;
  mismatches: string[];
}

const REFS: Array<{ repo: RepositoryRef; refId: string }> = [
  { repo: { projectKey: 'PROJ', repositorySlug: 'repo1' }, refId: 'refs/heads/main' },
  { repo: { projectKey: 'PROJ', repositorySlug: 'repo1' }, refId: 'refs/heads/feature/soak' },
  { repo: { projectKey: 'PROJ', repositorySlug: 'repo1' }, refId: 'refs/tags/v1.0' },
  { repo: { projectKey: 'PROJ', repositorySlug: 'repo2' }, refId: 'refs/heads/ünïcode' },
];
const refKey = (r: (typeof REFS)[number]): string => `${r.repo.projectKey}/${r.repo.repositorySlug}@${r.refId}`;

const WORDS = [
  'retry',
  'parser',
  'helper',
  'config',
  'deploy',
  'script',
  'query',
  'ünïcödé',
  '日本',
  'emoji 🚀',
  'spaces  inside',
  'tab\tsep',
];
const CATEGORIES = ['soak', 'with space', 'ünï', 'tools'];
const MAX_OWN_SNIPPETS = 300;
const MAX_FILES = 6;

/** Kinds of write failure where the server said no: nothing changed. Everything else is unknown. */
const REFUSED_KINDS = new Set(['validation', 'forbidden', 'auth', 'not-found', 'conflict', 'captcha']);
const isRefusal = (err: unknown): boolean => err instanceof BitbucketError && REFUSED_KINDS.has(err.kind);

/** Non-blocking per-object locks: a worker only picks objects no other worker is touching. */
class Locks {
  private readonly held = new Set<string>();
  private readonly touches = new Map<string, number>();

  tryLock(key: string): (() => void) | undefined {
    if (this.held.has(key)) return undefined;
    this.held.add(key);
    this.touch(key);
    return () => {
      this.held.delete(key);
      this.touch(key);
    };
  }

  isHeld(key: string): boolean {
    return this.held.has(key);
  }

  touchCount(key: string): number {
    return this.touches.get(key) ?? 0;
  }

  private touch(key: string): void {
    this.touches.set(key, this.touchCount(key) + 1);
  }
}

interface User {
  name: UserName;
  client: BitbucketClient;
  store: SnippetStore;
  writes: WriteQueue;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const rng = new Rng(options.seed);
  const model = new Model();
  const locks = new Locks();
  const byKind: Record<string, OpCounts> = {};
  const count = (kind: OpKind, outcome: keyof OpCounts) => {
    byKind[kind] ??= { saved: 0, refused: 0, unknown: 0, notSent: 0 };
    byKind[kind][outcome]++;
  };
  let conflicts = 0;
  let settledByReadBack = 0;

  let server: RunningServer | undefined;
  let proxy: LossyProxy | undefined;
  const users: User[] = [];
  let faultsOn = true;
  const started = Date.now();

  try {
    server = await startServer({ port: 0, contextPath: '/bitbucket', latencyMs: 20 });
    const controls = server.controls;
    const proxyRng = rng.fork(1000);
    proxy = await startLossyProxy(server.url, (method) => faultsOn && method !== 'GET' && proxyRng.chance(0.04));

    for (const name of ['alice', 'bob'] as const) {
      const client = new BitbucketClient({
        baseUrl: proxy.url,
        credentials: () => ({ type: 'basic', username: name, password: name }),
        retry: { baseDelayMs: 5, retries: 2 },
        timeouts: { connectMs: 5_000, headersMs: 20_000, bodyMs: 20_000 },
      });
      users.push({
        name,
        client,
        store: new SnippetStore(
          () => client,
          () => 1000,
        ),
        writes: new WriteQueue(),
      });
    }
    for (const r of REFS) model.ref(refKey(r), false);

    // ---- Operations --------------------------------------------------------------------

    let opsStarted = 0;
    const deadline = started + options.durationMs;
    const keepGoing = () => opsStarted < options.maxOps && Date.now() < deadline;

    const freeOwn = (user: User) =>
      [...model.snippets.values()].filter(
        (s) => s.owner === user.name && s.guid && !model.isCertainlyAbsent(s) && !locks.isHeld(s.token),
      );

    /** Reads a snippet back after an unknown outcome; a failed read leaves it uncertain. */
    const readBack = async (user: User, s: ModelSnippet, when: string): Promise<void> => {
      try {
        if (s.guid) {
          model.observe(s, await user.client.getSnippet(s.guid), when);
        } else {
          const page = await user.client.getMySnippets({ limit: 1000 });
          const found = page.values.filter((x) => x.name.includes(`[${s.token}]`));
          if (found.length > 1) model.mismatch(`${when}: snippet ${s.token} exists ${found.length} times (duplicate)`);
          if (page.isLastPage) model.observe(s, found[0] ?? ABSENT, when);
          else if (found[0]) model.observe(s, found[0], when);
        }
        settledByReadBack++;
      } catch (err) {
        if (isBitbucketNotFound(err)) {
          model.observe(s, ABSENT, when);
          settledByReadBack++;
        }
      }
    };

    /**
     * A whole-snippet update, the way the file system provider and the edit commands send it:
     * queued behind the same user's other writes of that snippet (the core's `WriteQueue`).
     */
    const update = (
      user: User,
      kind: OpKind,
      s: ModelSnippet,
      build: (fresh: Snippet) => UpdateSnippetRequest | undefined,
    ): Promise<void> => user.writes.run(s.guid!, () => updateNow(user, kind, s, build));

    const updateNow = async (
      user: User,
      kind: OpKind,
      s: ModelSnippet,
      build: (fresh: Snippet) => UpdateSnippetRequest | undefined,
    ): Promise<void> => {
      let fresh: Snippet;
      try {
        fresh = await user.client.getSnippet(s.guid!);
      } catch (err) {
        if (isBitbucketNotFound(err)) model.observe(s, ABSENT, `${kind} (fresh read)`);
        return count(kind, 'notSent');
      }
      model.observe(s, fresh, `${kind} (fresh read)`);
      let body: UpdateSnippetRequest | undefined;
      try {
        body = build(fresh);
      } catch (err) {
        if (err instanceof SnippetEditError) return count(kind, 'notSent');
        throw err;
      }
      if (!body) return count(kind, 'notSent');
      const sent: SnippetState = stateOf(body);
      try {
        const saved = await user.client.updateSnippet(s.guid!, body);
        if (JSON.stringify(stateOf(saved)) !== JSON.stringify(sent)) {
          model.mismatch(`${kind}: the server's answer for ${s.token} is not what was sent`);
        }
        model.told(s, stateOf(saved));
        s.lastSeen = saved;
        user.store.put(saved);
        count(kind, 'saved');
      } catch (err) {
        if (isRefusal(err)) return count(kind, 'refused');
        model.unknown(s, sent);
        count(kind, 'unknown');
        await readBack(user, s, `${kind} (read back)`);
      }
    };

    const ops: Record<OpKind, (user: User, r: Rng) => Promise<void>> = {
      create: async (user, r) => {
        const token = model.newSnippetToken(user.name);
        const s: ModelSnippet = { token, owner: user.name, guid: undefined, possible: [ABSENT], lastSeen: undefined };
        model.snippets.set(token, s);
        const release = locks.tryLock(token)!;
        try {
          const body = {
            name: `[${token}] ${r.pick(WORDS)}`,
            files: Array.from({ length: r.int(1, 3) }, (_, i) => ({
              name: `file${i}.${r.pick(['ts', 'md', 'txt'])}`,
              content: content(r, token),
            })),
          };
          try {
            const created = await user.client.createSnippet(body);
            model.told(s, stateOf(created));
            if (JSON.stringify(stateOf(created)) !== JSON.stringify(stateOf({ ...body, categories: [] }))) {
              model.mismatch(`create: the server's answer for ${token} is not what was sent`);
            }
            s.guid = created.guid;
            s.lastSeen = created;
            user.store.put(created, { isNewOwn: true });
            count('create', 'saved');
          } catch (err) {
            if (isRefusal(err)) return count('create', 'refused');
            // Not told saved, maybe applied: never sent again; read back to learn which.
            model.unknown(s, stateOf({ ...body, categories: [] }));
            count('create', 'unknown');
            await readBack(user, s, 'create (read back)');
          }
        } finally {
          release();
        }
      },

      editFile: (user, r) =>
        withOwn(user, r, async (s) => {
          const file = r.pick(s.lastSeen!.files);
          const text = content(r, s.token);
          const base = editBaseOf(s.lastSeen!.updatedAt, file.content);
          if (isUnchangedSave(base, text)) return count('editFile', 'notSent');
          await update(user, 'editFile', s, (fresh) => {
            const decision = decideSave({
              base,
              text,
              fresh,
              fileName: file.name,
              reported: undefined,
              overwriteWithoutAsking: false,
            });
            if (decision.kind === 'file-gone' || decision.kind === 'unchanged') return undefined;
            // A conflict is shown to the user, who here chooses to overwrite.
            if (decision.kind === 'conflict') conflicts++;
            return withFileContent(fresh, file.name, text);
          });
        }),

      addFile: (user, r) =>
        withOwn(user, r, (s) =>
          update(user, 'addFile', s, (fresh) =>
            fresh.files.length >= MAX_FILES
              ? undefined
              : withFileAdded(fresh, `added-${r.int(1, 9999)}.${r.pick(['ts', 'txt', 'env'])}`, content(r, s.token)),
          ),
        ),

      renameFile: (user, r) =>
        withOwn(user, r, (s) =>
          update(user, 'renameFile', s, (fresh) =>
            withFileRenamed(
              fresh,
              r.pick(fresh.files).name,
              `renamed-${r.int(1, 9999)} ${r.pick(['#1', '%20', 'ü', ''])}.txt`,
            ),
          ),
        ),

      deleteFile: (user, r) =>
        withOwn(user, r, (s) =>
          update(user, 'deleteFile', s, (fresh) =>
            fresh.files.length < 2 ? undefined : withFileDeleted(fresh, r.pick(fresh.files).name),
          ),
        ),

      renameSnippet: (user, r) =>
        withOwn(user, r, (s) =>
          update(user, 'renameSnippet', s, (fresh) =>
            withDetails(fresh, {
              name: `[${s.token}] ${r.pick(WORDS)} ${r.int(1, 99)}`,
              description: fresh.description ?? '',
              categories: CATEGORIES.filter(() => r.chance(0.4)),
            }),
          ),
        ),

      deleteSnippet: (user, r) =>
        withOwn(user, r, async (s) => {
          try {
            await user.client.deleteSnippet(s.guid!);
            model.told(s, ABSENT);
            user.store.remove(s.guid!);
            count('deleteSnippet', 'saved');
          } catch (err) {
            if (isRefusal(err)) return count('deleteSnippet', 'refused');
            model.unknown(s, ABSENT);
            count('deleteSnippet', 'unknown');
            await readBack(user, s, 'deleteSnippet (read back)');
          }
        }),

      comment: async (user, r) => {
        const targets = [...model.snippets.values()].filter((s) => s.guid && !model.isCertainlyAbsent(s));
        if (targets.length === 0) return count('comment', 'notSent');
        const target = r.pick(targets);
        const token = model.newCommentToken(user.name);
        const c: ModelComment = {
          token,
          snippetToken: target.token,
          author: user.name,
          guid: undefined,
          possible: [ABSENT],
        };
        model.comments.set(token, c);
        const release = locks.tryLock(token)!;
        const text = `[${token}] ${r.pick(WORDS)}${r.chance(0.2) ? '\r\nsecond line' : ''}`;
        try {
          const created = await user.client.createComment(target.guid!, { text });
          if (created.text !== text) model.mismatch(`comment: the server's answer for ${token} is not what was sent`);
          model.commentTold(c, created.text);
          c.guid = created.guid;
          count('comment', 'saved');
        } catch (err) {
          if (isRefusal(err)) return count('comment', 'refused');
          model.commentUnknown(c, text);
          count('comment', 'unknown');
          try {
            const snippet = await user.client.getSnippet(target.guid!);
            const found = snippet.comments.filter((x) => x.text.includes(`[${token}]`));
            if (found.length > 1) {
              model.mismatch(`comment (read back): comment ${token} exists ${found.length} times (duplicate)`);
            }
            model.observeComment(c, found[0] ?? ABSENT, 'comment (read back)');
            settledByReadBack++;
          } catch {
            // Still unknown; the final check settles it.
          }
        } finally {
          release();
        }
      },

      editComment: (user, r) =>
        withOwnComment(user, r, async (c, snippetGuid) => {
          const text = `[${c.token}] edited ${r.pick(WORDS)} ${r.int(1, 999)}`;
          try {
            const saved = await user.client.updateComment(snippetGuid, c.guid!, { text });
            model.commentTold(c, saved.text);
            count('editComment', 'saved');
          } catch (err) {
            if (isRefusal(err)) return count('editComment', 'refused');
            model.commentUnknown(c, text);
            count('editComment', 'unknown');
            await readBackComment(user, c, snippetGuid, 'editComment (read back)');
          }
        }),

      deleteComment: (user, r) =>
        withOwnComment(user, r, async (c, snippetGuid) => {
          try {
            await user.client.deleteComment(snippetGuid, c.guid!);
            model.commentTold(c, ABSENT);
            count('deleteComment', 'saved');
          } catch (err) {
            if (isRefusal(err)) return count('deleteComment', 'refused');
            model.commentUnknown(c, ABSENT);
            count('deleteComment', 'unknown');
            await readBackComment(user, c, snippetGuid, 'deleteComment (read back)');
          }
        }),

      togglePages: async (user, r) => {
        const target = r.pick(REFS);
        const key = refKey(target);
        const release = locks.tryLock(key);
        if (!release) return count('togglePages', 'notSent');
        try {
          if (refNameProblem(target.refId)) return count('togglePages', 'notSent');
          const ref = model.ref(key, false);
          const enable = r.chance(0.5);
          try {
            const answer = enable
              ? await user.client.enablePagesForRef(target.repo, target.refId)
              : await user.client.disablePagesForRef(target.repo, target.refId);
            if (user.name === 'bob') {
              model.mismatch(`togglePages: bob changed Pages of ${key} without write permission`);
            }
            if (answer.isEnabled !== enable || answer.refId !== target.refId) {
              model.mismatch(`togglePages: the answer for ${key} is not what was asked`);
            }
            ref.possible = [answer.isEnabled];
            count('togglePages', 'saved');
          } catch (err) {
            if (isRefusal(err)) return count('togglePages', 'refused');
            if (!ref.possible.includes(enable)) ref.possible.push(enable);
            count('togglePages', 'unknown');
            try {
              model.observeRef(
                ref,
                (await user.client.getPagesForRef(target.repo, target.refId)).isEnabled,
                'togglePages (read back)',
              );
              settledByReadBack++;
            } catch {
              // Still unknown; the final check settles it.
            }
          }
        } finally {
          release();
        }
      },

      refresh: async (user) => {
        // What the tree does on Refresh: one request for the whole list (page size 1000 here).
        // One refresh per user at a time: a second one supersedes the first in the store, whose
        // caller would then read the list of another moment.
        const release = locks.tryLock(`refresh:${user.name}`);
        if (!release) return count('refresh', 'notSent');
        try {
          await refreshAndReconcile(user);
        } finally {
          release();
        }
      },
    };

    const refreshAndReconcile = async (user: User): Promise<void> => {
      const own = [...model.snippets.values()].filter((s) => s.owner === user.name);
      const before = new Map(own.map((s) => [s.token, locks.touchCount(s.token)]));
      const busy = new Set(own.filter((s) => locks.isHeld(s.token)).map((s) => s.token));
      try {
        await user.store.refresh('mine');
      } catch {
        return count('refresh', 'notSent');
      }
      const list = user.store.list('mine');
      if (new Set(list.guids).size !== list.guids.length) {
        model.mismatch(`refresh: My Snippets of ${user.name} shows a snippet twice`);
      }
      if (list.nextStart !== undefined) return count('refresh', 'saved');
      const skip = (token: string) =>
        busy.has(token) || locks.isHeld(token) || locks.touchCount(token) !== (before.get(token) ?? -1);
      model.reconcileOwnList(user.name, user.store.snippetsOf('mine'), `refresh of ${user.name}`, {
        final: false,
        skip,
      });
      count('refresh', 'saved');
    };

    const readBackComment = async (user: User, c: ModelComment, snippetGuid: string, when: string) => {
      try {
        model.observeComment(c, await user.client.getComment(snippetGuid, c.guid!), when);
        settledByReadBack++;
      } catch (err) {
        // A comment that is not found may have gone with its snippet: the final check settles it.
        if (isBitbucketNotFound(err)) {
          try {
            await user.client.getSnippet(snippetGuid);
            model.observeComment(c, ABSENT, when);
            settledByReadBack++;
          } catch {
            // Snippet gone or unreadable.
          }
        }
      }
    };

    async function withOwn(user: User, r: Rng, work: (s: ModelSnippet) => Promise<void>): Promise<void> {
      const candidates = freeOwn(user);
      if (candidates.length === 0) return;
      const s = r.pick(candidates);
      const release = locks.tryLock(s.token);
      if (!release) return;
      try {
        if (!s.lastSeen) await readBack(user, s, 'open');
        if (!s.lastSeen || model.isCertainlyAbsent(s)) return;
        await work(s);
      } finally {
        release();
      }
    }

    async function withOwnComment(
      user: User,
      r: Rng,
      work: (c: ModelComment, snippetGuid: string) => Promise<void>,
    ): Promise<void> {
      const candidates = [...model.comments.values()].filter((c) => {
        const s = model.snippets.get(c.snippetToken);
        return (
          c.author === user.name &&
          c.guid &&
          c.possible.length === 1 &&
          c.possible[0] !== ABSENT &&
          s?.guid &&
          !model.isCertainlyAbsent(s) &&
          !locks.isHeld(c.token)
        );
      });
      if (candidates.length === 0) return;
      const c = r.pick(candidates);
      const release = locks.tryLock(c.token);
      if (!release) return;
      try {
        await work(c, model.snippets.get(c.snippetToken)!.guid!);
      } finally {
        release();
      }
    }

    const worker = async (user: User, r: Rng): Promise<void> => {
      while (keepGoing()) {
        const ownCount = [...model.snippets.values()].filter(
          (s) => s.owner === user.name && !model.isCertainlyAbsent(s),
        ).length;
        const kind = r.weighted<OpKind>({
          create: ownCount < 3 ? 40 : ownCount >= MAX_OWN_SNIPPETS ? 0 : 12,
          editFile: 22,
          addFile: 6,
          renameFile: 5,
          deleteFile: 4,
          renameSnippet: 5,
          deleteSnippet: 5,
          comment: 12,
          editComment: 5,
          deleteComment: 3,
          togglePages: 7,
          refresh: 4,
        });
        opsStarted++;
        await ops[kind](user, r);
      }
    };

    // ---- Faults ------------------------------------------------------------------------

    const faultRng = rng.fork(2000);
    const added: Array<{ id: number; kind: FaultKind }> = [];
    let latencyChanges = 0;
    const faultLoop = (async () => {
      while (keepGoing()) {
        await new Promise((resolve) => setTimeout(resolve, faultRng.int(20, 90)));
        if (!keepGoing()) break;
        const choice = faultRng.weighted({
          status: 30,
          drop: 20,
          'malformed-json': 12,
          'html-login': 8,
          delay: 10,
          'omit-next-page-start': 5,
          latency: 15,
        });
        if (choice === 'latency') {
          controls.setLatency(faultRng.int(5, 60));
          latencyChanges++;
          continue;
        }
        if (controls.faults().length >= 3) continue;
        const spec: FaultSpec = { kind: choice, count: 1 };
        const method = faultRng.pick([undefined, 'GET', 'POST', 'PUT', 'DELETE']);
        if (method) spec.method = method;
        if (choice === 'status') spec.status = faultRng.pick([500, 502, 503]);
        if (choice === 'delay') spec.ms = faultRng.int(50, 400);
        added.push({ id: controls.addFault(spec).id, kind: choice });
      }
    })();

    const workers: Promise<void>[] = [];
    users.forEach((user, u) => {
      for (let w = 0; w < (options.workersPerUser ?? 2); w++) workers.push(worker(user, rng.fork(10 + u * 10 + w)));
    });
    const progress = setInterval(
      () => log(`  ${opsStarted} operations, ${((Date.now() - started) / 1000).toFixed(0)} s`),
      5_000,
    );
    try {
      await Promise.all([...workers, faultLoop]);
    } finally {
      clearInterval(progress);
    }

    // ---- The final check, with the network quiet ---------------------------------------

    faultsOn = false;
    const leftover = new Set(controls.faults().map((f) => f.id));
    controls.clearFaults();
    controls.resetLatency();
    const faults: Record<string, number> = {};
    for (const f of added) if (!leftover.has(f.id)) faults[f.kind] = (faults[f.kind] ?? 0) + 1;
    faults['lost answer (proxy)'] = proxy.lost;
    faults['latency change'] = latencyChanges;
    const requests = controls.requests().length;

    let finalSnippets = 0;
    let finalComments = 0;
    const direct = (name: UserName) =>
      new BitbucketClient({
        baseUrl: server!.url,
        credentials: () => ({ type: 'basic', username: name, password: name }),
      });
    for (const name of ['alice', 'bob'] as const) {
      const client = direct(name);
      try {
        const listed: Snippet[] = [];
        for await (const s of client.items((p) => client.getMySnippets(p), { limit: 1000 })) listed.push(s);
        finalSnippets += listed.length;
        finalComments += listed.reduce((n, s) => n + s.comments.length, 0);
        model.reconcileOwnList(name, listed, 'final check', { final: true });
        if (name === 'alice') {
          for (const r of REFS) {
            model.observeRef(
              model.ref(refKey(r), false),
              (await client.getPagesForRef(r.repo, r.refId)).isEnabled,
              'final check',
            );
          }
        }
      } finally {
        await client.dispose();
      }
    }

    return {
      seed: options.seed,
      elapsedMs: Date.now() - started,
      operations: opsStarted,
      byKind,
      requests,
      faults,
      faultsTotal: Object.entries(faults).reduce((n, [k, v]) => n + (k === 'latency change' ? 0 : v), 0),
      conflicts,
      settledByReadBack,
      finalSnippets,
      finalComments,
      mismatches: model.mismatches,
    };
  } finally {
    await Promise.all(users.map((u) => u.client.dispose()));
    await proxy?.close();
    await server?.close();
  }
}

function isBitbucketNotFound(err: unknown): boolean {
  return err instanceof BitbucketError && err.kind === 'not-found';
}

/** File text as people write it: sometimes CRLF, sometimes unicode, now and then empty. */
function content(r: Rng, token: string): string {
  if (r.chance(0.03)) return '';
  const eol = r.chance(0.2) ? '\r\n' : '\n';
  const lines = Array.from({ length: r.int(1, 12) }, (_, i) => `${token} line ${i} ${r.pick(WORDS)} ${r.int(0, 1e6)}`);
  return lines.join(eol) + (r.chance(0.7) ? eol : '');
}

/** The report as lines for a terminal. */
export function formatReport(report: SoakReport): string[] {
  const lines = [
    `seed ${report.seed}: ${report.operations} operations in ${(report.elapsedMs / 1000).toFixed(1)} s, ${report.requests} requests`,
    `faults injected: ${report.faultsTotal} (${Object.entries(report.faults)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `save conflicts seen: ${report.conflicts}; unknown outcomes settled by reading back: ${report.settledByReadBack}`,
    `at the end: ${report.finalSnippets} snippets, ${report.finalComments} comments on the server`,
    'operation        saved refused unknown not-sent',
  ];
  for (const [kind, c] of Object.entries(report.byKind).sort()) {
    lines.push(
      `${kind.padEnd(16)} ${String(c.saved).padStart(5)} ${String(c.refused).padStart(7)} ${String(c.unknown).padStart(7)} ${String(c.notSent).padStart(8)}`,
    );
  }
  lines.push(`mismatches: ${report.mismatches.length}`);
  for (const m of report.mismatches.slice(0, 50)) lines.push(`  - ${m}`);
  return lines;
}
