// The names that tools act on when they find them in a folder: a version control system's
// metadata, an editor's workspace settings and tasks, a CI system's pipelines, git hooks, and
// files editors run as code. A file written there from outside data is not a file to the user but
// an instruction to a tool: a `config` in `.git/` (its `core.fsmonitor` runs a command at the next
// `git status`), a `.git` file pointing at a prepared folder, `.vscode/tasks.json`, a workflow in
// `.github/`. Files that come from a server are never written under one of these names.
//
// The list is of names whose content makes a tool run something or changes how the user's tools
// treat the folder, chosen over "every name that starts with a dot" so that a snippet's
// `.env.example` or `.eslintrc.json` keeps its name. Folders below a chosen folder never start with
// a dot at all (safeWriter.ts), which covers the tools this list does not know yet; the list is what
// keeps them out of file names, and out of the forms that name a tool folder without a dot (a
// Windows short name such as GIT~1, darcs' `_darcs`).
//
// A name is compared as the file systems that matter would resolve it: without case (Windows,
// macOS), without trailing dots and spaces (Windows drops them: `.git.` is `.git`), without an
// NTFS stream suffix (`.git::$INDEX_ALLOCATION` is the folder `.git`), and without the characters
// macOS's HFS+ ignores (`.g\u200cit` is `.git` there), the same folds git itself refuses in paths.

const TOOL_NAMES = [
  // Version control metadata: a folder holding one is a repository whose config runs commands.
  '.git',
  '.hg',
  '.svn',
  '.bzr',
  '.jj',
  '.pijul',
  '_darcs',
  '.fslckout',
  '_fossil_',
  // Git's files that configure a repository from inside the working tree, and the usual folder of shared hooks.
  '.gitmodules',
  '.githooks',
  '.husky',
  // Editors and IDEs: workspace settings name executables, tasks run on opening a folder.
  '.vscode',
  '.idea',
  '.vs',
  '.fleet',
  '.zed',
  '.cursor',
  '.theia',
  '.devcontainer',
  // Editors that run a file of the folder as code (vim's exrc, Neovim, Emacs' directory locals).
  '.exrc',
  '.nvimrc',
  '.nvim.lua',
  '.dir-locals.el',
  // CI and forge configuration: pipelines, actions, workflows.
  '.github',
  '.gitlab',
  '.gitea',
  '.forgejo',
  '.circleci',
  '.buildkite',
  '.woodpecker',
  // direnv loads a folder's environment (after `direnv allow`, which a user gives to folders they trust).
  '.envrc',
];

const NAMES = new Set(TOOL_NAMES);

/** Characters HFS+ ignores in a name (as git's `is_hfs_dotgit` does), so `.g\u200cit` opens `.git`. */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** `name` as Windows and macOS would resolve it, for comparing with tool names. */
export function foldName(name: string): string {
  const stream = name.indexOf(':');
  const withoutStream = stream >= 0 ? name.slice(0, stream) : name;
  return withoutStream
    .replace(HFS_IGNORED, '')
    .replace(/[. ]+$/, '')
    .toLowerCase();
}

/** True when `name` starts with a dot as the file system reads it (`\u200c.cache` is `.cache` on HFS+). */
export function isDotName(name: string): boolean {
  return foldName(name).startsWith('.');
}

/**
 * Windows' 8.3 short names of each tool name: the first six characters without the dot and `~N`
 * (`GIT~1`, `VSCODE~1`), or, once four of those are taken, two characters, four hex digits and
 * `~N` (git refuses `gi7eba~N` for `.gitmodules` for the same reason).
 */
const SHORT_NAMES = TOOL_NAMES.map((name) => {
  const stem = name.replace(/^[._]/, '').replace(/[^a-z0-9]/g, '');
  return new RegExp(`^(${stem.slice(0, 6)}|${stem.slice(0, 2)}[0-9a-f]{4})~[1-9][0-9]*$`);
});

/** True when a tool acts on a file or folder of this name (or a name the file system reads as one). */
export function isToolName(name: string): boolean {
  const folded = foldName(name);
  return NAMES.has(folded) || SHORT_NAMES.some((short) => short.test(folded));
}
