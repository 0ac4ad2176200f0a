// How Run in Terminal makes a shell run exactly the text the confirmation showed. Typed into a
// prompt, a text is not what runs: a tab completes a name, `!` expands history, a key binding acts,
// and VS Code's executeCommand first sends Ctrl+C when it thinks the prompt holds text, after which
// a tty may drop the next key (the first character of the command). So the text goes into a
// private file, and the shell reads that file with a short command line of ours (`. '<path>'`):
// a file that is read does no history expansion, no completion and no key bindings. Only shells
// known to read a file that way are used; for any other foreground program nothing is sent.
// Plain logic without `vscode`.

/** The shells (VS Code's TerminalShellType names) that can be made to read a file, and how. */
const READ_COMMANDS: Readonly<Record<string, '.' | 'source'>> = {
  bash: '.',
  gitbash: '.',
  zsh: '.',
  sh: '.',
  ksh: '.',
  fish: 'source',
  pwsh: '.',
};

export const SOURCING_SHELLS: readonly string[] = Object.keys(READ_COMMANDS);

export const canSource = (shell: string | undefined): shell is string =>
  shell !== undefined && Object.hasOwn(READ_COMMANDS, shell);

/**
 * Keys that empty the prompt line without an interrupt: Ctrl+E (end of line), then Ctrl+U (kill to
 * the line's start). Readline (bash), zle (zsh) and fish in emacs mode bind them so, and in a tty's
 * own line editing (sh, ksh without an editor) Ctrl+U erases the line, Ctrl+E with it.
 */
export const CLEAR_PROMPT_LINE = '\u0005\u0015';

/** A path quoted for `shell`; undefined for a path no quoting carries safely (a control character in it). */
export function quotedPath(path: string, shell: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- a line break or control in a path would end or change the command line
  if (/[\u0000-\u001F\u007F-\u009F]/.test(path)) return undefined;
  // fish: inside single quotes only \' and \\ are escapes.
  if (shell === 'fish') return `'${path.replace(/[\\']/g, '\\$&')}'`;
  // PowerShell: a quote inside single quotes is doubled, and it takes the typographic single quotes as quotes too.
  if (shell === 'pwsh') return `'${path.replace(/['\u2018\u2019\u201A\u201B]/g, '$&$&')}'`;
  const posix = shell === 'gitbash' ? gitBashPath(path) : path;
  // POSIX shells: nothing inside single quotes is special; a quote ends them, so it is written '\''.
  return `'${posix.replace(/'/g, "'\\''")}'`;
}

/** A Windows path as Git Bash names it: C:\Users\me → /c/Users/me. Other paths stay as they are. */
export function gitBashPath(path: string): string {
  const drive = /^([A-Za-z]):[\\/]/.exec(path);
  if (!drive) return path;
  return `/${drive[1].toLowerCase()}/${path.slice(3).replace(/\\/g, '/')}`;
}

/** The command line that makes `shell` read the file at `path`; undefined where it cannot. */
export function sourceCommandLine(shell: string, path: string): string | undefined {
  if (!canSource(shell)) return undefined;
  const quoted = quotedPath(path, shell);
  return quoted === undefined ? undefined : `${READ_COMMANDS[shell]} ${quoted}`;
}

/** How long a script file's name may be. */
const NAME_LENGTH = 60;

/**
 * The script file's name: the snippet file's, with only letters, digits, `.`, `_` and `-`, never
 * starting with `.` or `-`. PowerShell reads only a `.ps1` file as a script.
 */
export function scriptFileName(fileName: string, shell: string): string {
  const safe =
    fileName
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^[._-]+/, '')
      .slice(0, NAME_LENGTH) || 'snippet';
  return shell === 'pwsh' && !/\.ps1$/i.test(safe) ? `${safe}.ps1` : safe;
}

/**
 * What the script file holds: the text, its line breaks as the shell reads them (a CR typed at a
 * prompt is Enter, and a POSIX shell reading a file would take it as part of a word), and a final
 * line break. PowerShell's file starts with a byte order mark: Windows PowerShell reads a file
 * without one in the system's code page.
 */
export function scriptContent(text: string, shell: string): string {
  if (shell === 'pwsh') return `\uFEFF${text.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`;
  return `${text.replace(/\r\n|\r/g, '\n')}\n`;
}
