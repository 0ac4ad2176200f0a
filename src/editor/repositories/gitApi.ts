// The built-in git extension, used for three things: which Bitbucket repositories the open
// folders are clones of, which branches and tags they have, and for patch snippets the git program
// it found and the changes of each repository. It is activated only when a command needs it,
// never at startup.
import vscode = require('vscode');
import type { Log } from '../../util/log';
import { matchRemote, sameRepository, type RemoteRepository } from '../../model/repositories/remotes';
import { branchRef, defaultBranch, tagRef, type LocalRefs, type RefEntry } from '../../model/repositories/refs';
import { errorMessage } from '../../util/errorMessage';

// The few parts of the git extension's API (vscode.git, API version 1) this extension uses.
// Declared here rather than copied from git.d.ts, whose full surface is not needed.
const enum RefType {
  Head = 0,
  RemoteHead = 1,
  Tag = 2,
}

interface GitRef {
  type: RefType;
  name?: string;
  remote?: string;
}

interface GitBranch extends GitRef {
  upstream?: { remote: string; name: string };
}

interface GitRemote {
  name: string;
  fetchUrl?: string;
  pushUrl?: string;
}

/** A changed file as the git extension lists it; `status` 7 is an untracked file. */
interface GitChange {
  uri: vscode.Uri;
  status: number;
}

const UNTRACKED = 7;

interface GitRepository {
  rootUri: vscode.Uri;
  state: {
    remotes: GitRemote[];
    HEAD: GitBranch | undefined;
    refs?: GitRef[];
    indexChanges?: GitChange[];
    workingTreeChanges?: GitChange[];
    /** Only with the git.untrackedChanges setting `separate`; otherwise among workingTreeChanges. */
    untrackedChanges?: GitChange[];
  };
  getRefs?(query?: { pattern?: string; count?: number }): Promise<GitRef[]>;
  status?(): Promise<void>;
}

interface GitAPI {
  /** The git program the extension found. */
  git?: { path: string };
  state: 'uninitialized' | 'initialized';
  onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  repositories: GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtension {
  enabled: boolean;
  getAPI(version: 1): GitAPI;
}

/** A clone in the workspace of a repository on the Bitbucket server. */
export interface Clone {
  repository: RemoteRepository;
  /** The git remote that points at it. */
  remoteName: string;
  git: GitRepository;
}

/** A repository as patch snippets see it: its folder, branch and the files git lists as changed. */
export interface WorkingTree {
  root: vscode.Uri;
  branch: string | undefined;
  /** Files with staged changes. */
  staged: vscode.Uri[];
  /** Tracked files with unstaged changes. */
  unstaged: vscode.Uri[];
  /** New files git does not track. */
  untracked: vscode.Uri[];
}

/** The git program and the open repositories, for the patch commands. */
export interface PatchGit {
  gitPath: string;
  trees: WorkingTree[];
}

const INIT_TIMEOUT_MS = 10_000;

export class GitRepositories {
  private api: Promise<GitAPI | undefined> | undefined;

  constructor(private readonly log: Log) {}

  /** The git API, activating the git extension on first use; undefined when git is disabled or missing. */
  private getApi(): Promise<GitAPI | undefined> {
    this.api ??= (async () => {
      const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
      if (!extension) return undefined;
      try {
        const exports = extension.isActive ? extension.exports : await extension.activate();
        if (!exports.enabled) return undefined;
        const api = exports.getAPI(1);
        if (api.state !== 'initialized') {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, INIT_TIMEOUT_MS);
            const sub = api.onDidChangeState((s) => {
              if (s === 'initialized') {
                clearTimeout(timer);
                sub.dispose();
                resolve();
              }
            });
          });
        }
        return api;
      } catch (err) {
        this.log.warn(`the git extension could not be used: ${errorMessage(err)}`);
        return undefined;
      }
    })();
    return this.api;
  }

  /**
   * The git program and every open repository with its changes, read afresh; undefined when the git
   * extension is missing or disabled, or found no git.
   */
  async forPatches(): Promise<PatchGit | undefined> {
    const api = await this.getApi();
    const gitPath = api?.git?.path;
    if (!api || !gitPath) return undefined;
    await Promise.all(api.repositories.map((git) => git.status?.().catch(() => undefined)));
    return { gitPath, trees: api.repositories.map(workingTreeOf) };
  }

  /** Clones of repositories on `serverUrl` among the workspace's git repositories. */
  async clones(serverUrl: string): Promise<Clone[]> {
    const api = await this.getApi();
    if (!api) return [];
    // A repository the git extension has just opened may not have read its remotes yet.
    await Promise.all(
      api.repositories
        .filter((git) => git.state.remotes.length === 0)
        .map((git) => git.status?.().catch(() => undefined)),
    );
    return api.repositories.flatMap((git) => clonesOf(git, serverUrl));
  }

  /** The clone of a repository on `serverUrl` that holds `uri`, if any. */
  async cloneAt(serverUrl: string, uri: vscode.Uri): Promise<Clone | undefined> {
    const api = await this.getApi();
    const git = api?.getRepository(uri);
    return git ? clonesOf(git, serverUrl)[0] : undefined;
  }

  /** The refs of the workspace's clone of `repository` on `serverUrl`; undefined when there is no such clone. */
  async refsOf(serverUrl: string, repository: RemoteRepository): Promise<LocalRefs | undefined> {
    const clone = (await this.clones(serverUrl)).find((c) => sameRepository(c.repository, repository));
    return clone ? this.refs(clone) : undefined;
  }

  /** Branches (local, and remote ones of the Bitbucket remote) and tags of a clone. */
  async refs(clone: Clone): Promise<LocalRefs> {
    const { git, remoteName } = clone;
    let all: GitRef[];
    try {
      all = git.getRefs ? await git.getRefs({}) : (git.state.refs ?? []);
    } catch (err) {
      this.log.warn(`could not read the refs of ${git.rootUri.fsPath}: ${errorMessage(err)}`);
      all = git.state.refs ?? [];
    }
    const branches = new Set<string>();
    const tags = new Set<string>();
    const remotePrefix = `${remoteName}/`;
    for (const ref of all) {
      if (!ref.name) continue;
      if (ref.type === RefType.Head) branches.add(ref.name);
      else if (ref.type === RefType.Tag) tags.add(ref.name);
      else if (ref.type === RefType.RemoteHead && ref.remote === remoteName && ref.name.startsWith(remotePrefix)) {
        const name = ref.name.slice(remotePrefix.length);
        if (name !== 'HEAD') branches.add(name);
      }
    }
    const upstream = git.state.HEAD?.upstream;
    const upstreamName = upstream && upstream.remote === remoteName ? upstream.name : undefined;
    const names = [...branches];
    return {
      refs: [
        ...names.map((name): RefEntry => ({ refId: branchRef(name), kind: 'branch', name })),
        ...[...tags].map((name): RefEntry => ({ refId: tagRef(name), kind: 'tag', name })),
      ],
      defaultBranch: defaultBranch(names, upstreamName),
    };
  }
}

function workingTreeOf(git: GitRepository): WorkingTree {
  const { state } = git;
  const changes = [...(state.workingTreeChanges ?? []), ...(state.untrackedChanges ?? [])];
  return {
    root: git.rootUri,
    branch: state.HEAD?.name,
    staged: (state.indexChanges ?? []).map((c) => c.uri),
    unstaged: changes.filter((c) => c.status !== UNTRACKED).map((c) => c.uri),
    untracked: changes.filter((c) => c.status === UNTRACKED).map((c) => c.uri),
  };
}

function clonesOf(git: GitRepository, serverUrl: string): Clone[] {
  const found: Clone[] = [];
  for (const remote of git.state.remotes) {
    for (const url of [remote.fetchUrl, remote.pushUrl]) {
      const repository = url ? matchRemote(url, serverUrl) : undefined;
      if (repository && !found.some((c) => sameRepository(c.repository, repository))) {
        found.push({ repository, remoteName: remote.name, git });
      }
    }
  }
  return found;
}
