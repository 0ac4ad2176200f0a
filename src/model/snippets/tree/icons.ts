// Which codicon a snippet row shows, from the name of its first file. Plain logic without
// `vscode`: the tree wraps the id in a ThemeIcon.

const BY_EXTENSION: Record<string, string> = {
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  sh: 'terminal',
  bash: 'terminal',
  zsh: 'terminal',
  fish: 'terminal',
  ps1: 'terminal',
  psm1: 'terminal',
  bat: 'terminal',
  cmd: 'terminal',
  sql: 'database',
  psql: 'database',
  yml: 'settings-gear',
  yaml: 'settings-gear',
  toml: 'settings-gear',
  ini: 'settings-gear',
  cfg: 'settings-gear',
  conf: 'settings-gear',
  properties: 'settings-gear',
  env: 'settings-gear',
  png: 'file-media',
  jpg: 'file-media',
  jpeg: 'file-media',
  gif: 'file-media',
  svg: 'file-media',
  webp: 'file-media',
  ico: 'file-media',
  diff: 'diff',
  patch: 'diff',
  csv: 'table',
  tsv: 'table',
  ipynb: 'notebook',
  zip: 'file-zip',
  gz: 'file-zip',
  tgz: 'file-zip',
  pdf: 'file-pdf',
  txt: 'file',
  log: 'output',
};

/**
 * The rows under a search result: a matched line of a file ("file:line", a line with a mark), and
 * a match in the snippet's name, description or another field (a field symbol). Not the magnifier
 * with a person ('search-fuzzy'), which reads as "find a person".
 */
export const SEARCH_MATCH_ICONS = { line: 'list-selection', field: 'symbol-field' } as const;

/** Files known by their whole name rather than an extension. */
const BY_NAME: Record<string, string> = {
  dockerfile: 'package',
  makefile: 'tools',
  jenkinsfile: 'tools',
  '.bashrc': 'terminal',
  '.zshrc': 'terminal',
  '.profile': 'terminal',
  '.env': 'settings-gear',
  '.gitignore': 'settings-gear',
  '.editorconfig': 'settings-gear',
};

/** A codicon id for a file name: a known type's icon, `file-code` for other source files, `file` otherwise. */
export function iconForFileName(fileName: string | undefined): string {
  if (!fileName) return 'file';
  const base = fileName.slice(fileName.lastIndexOf('/') + 1).toLowerCase();
  const byName = BY_NAME[base];
  if (byName) return byName;
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return 'file';
  return BY_EXTENSION[base.slice(dot + 1)] ?? 'file-code';
}
