// Which files of a repository a tool reads or runs, by their names alone: the tool folders of
// toolNames.ts (in any spelling a file system reads as one) and the files below. A module of its
// own, so that the hostile-path check (pathCheck.ts) can name them without the code that applies a
// patch in a copy to judge package.json (toolFiles.ts).
import { foldName, isToolName } from '../localFiles/toolNames';

/** Files (compared without case) that a tool runs or reads for what to run. */
const TOOL_FILES = new Set([
  'makefile',
  'gnumakefile',
  'jenkinsfile',
  '.gitlab-ci.yml',
  '.gitlab-ci.yaml',
  'bitbucket-pipelines.yml',
  'azure-pipelines.yml',
  '.travis.yml',
  '.drone.yml',
  '.cirrus.yml',
  '.gitattributes',
  '.pre-commit-config.yaml',
  '.pre-commit-hooks.yaml',
  'lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yml',
  'lefthook-local.yml',
  '.huskyrc',
  '.simple-git-hooks.json',
  '.simple-git-hooks.cjs',
  '.simple-git-hooks.js',
  'lint-staged.config.js',
  'lint-staged.config.mjs',
  'lint-staged.config.cjs',
  '.lintstagedrc',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnpmfile.cjs',
  '.mise.toml',
  'mise.toml',
]);

/** True when a tool reads or runs the file `name` (a path relative to the repository's top) by its name alone. */
export function isToolFile(name: string): boolean {
  const segments = name.split('/');
  if (segments.some(isToolName)) return true;
  const base = foldName(segments[segments.length - 1]);
  return TOOL_FILES.has(base) || base.startsWith('.lintstagedrc.') || base.endsWith('.code-workspace');
}
