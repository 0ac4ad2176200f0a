// Run in Terminal's run: the text goes into a private file, and the shell reads it with a short
// command line of ours (src/model/terminal/sourcedRun.ts), sent after keys that empty the prompt
// line without an interrupt. With shell integration, the command line the shell reports must be
// ours, and what it ends with reaches the log and the user; without, the user is told that the
// exit code is not known. The file goes when its run ends, when its terminal closes, or when the
// extension host exits; never before the shell has read it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import vscode = require('vscode');
import {
  CLEAR_PROMPT_LINE,
  SOURCING_SHELLS,
  canSource,
  scriptContent,
  scriptFileName,
  sourceCommandLine,
} from '../../model/terminal/sourcedRun';
import type { Log } from '../../util/log';
import { showInfo, showWarning } from '../ui/notify';
import { setStatusBarMessage } from '../ui/statusText';
import type { SnippetTerminal } from './terminalSession';
import { errorMessage } from '../../util/errorMessage';

/** What a run is called in the log and in a message about its end. */
export interface RunLabel {
  fileName: string;
  snippetName: string;
}

/** The command lines sent and not yet started: a run's listener passes over another run's line. */
const pendingLines = new Set<string>();

/** The folders of script files not yet removed; the extension host's exit takes whatever is left. */
const scriptFolders = new Set<string>();
let removeAtExit = false;

function removeFolder(folder: string): void {
  if (!scriptFolders.delete(folder)) return;
  fs.rmSync(folder, { recursive: true, force: true });
}

/** A new private folder (mode 0700) with the text in a file only its owner reads (0600), never executable. */
async function writeScript(text: string, shell: string, label: RunLabel): Promise<{ folder: string; file: string }> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bbs-run-'));
  scriptFolders.add(folder);
  if (!removeAtExit) {
    removeAtExit = true;
    process.once('exit', () => [...scriptFolders].forEach(removeFolder));
  }
  const file = path.join(folder, scriptFileName(label.fileName, shell));
  try {
    await fs.promises.chmod(folder, 0o700);
    await fs.promises.writeFile(file, scriptContent(text, shell), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    removeFolder(folder);
    throw err;
  }
  return { folder, file };
}

/**
 * Runs `text` in the terminal; false (and a message saying why) when nothing was sent. Where the
 * terminal's foreground program is not a shell this can make read a file, nothing is sent.
 */
export async function runInShell(target: SnippetTerminal, text: string, label: RunLabel, log: Log): Promise<boolean> {
  const { terminal, shellIntegration } = target;
  const shell = terminal.state.shell;
  if (!canSource(shell)) {
    const known = SOURCING_SHELLS.join(', ');
    void showWarning(
      shell === undefined
        ? vscode.l10n.t(
            'Nothing was run: VS Code does not say which shell this terminal runs, and Run in Terminal runs a text only in a shell it can make read it from a file ({0}). Paste into Terminal puts the text at the prompt instead, to read and run yourself.',
            known,
          )
        : vscode.l10n.t(
            'Nothing was run: this terminal is running "{0}", not a shell Run in Terminal can make read the text from a file ({1}). Paste into Terminal puts the text at the prompt instead, to read and run yourself.',
            shell,
            known,
          ),
    );
    log.warn(`Did not run "${label.fileName}": the terminal's foreground program is ${shell ?? 'unknown'}`);
    return false;
  }
  let written: { folder: string; file: string };
  try {
    written = await writeScript(text, shell, label);
  } catch (err) {
    log.error('Could not write the script file for Run in Terminal', err);
    void showWarning(
      vscode.l10n.t(
        'Nothing was run: the text could not be written to a temporary file for the shell to read ({0}).',
        errorMessage(err),
      ),
    );
    return false;
  }
  const commandLine = sourceCommandLine(shell, written.file);
  if (commandLine === undefined) {
    removeFolder(written.folder);
    void showWarning(
      vscode.l10n.t(
        'Nothing was run: the temporary folder\'s path "{0}" cannot be written on a command line safely.',
        written.folder,
      ),
    );
    return false;
  }
  const closing = vscode.window.onDidCloseTerminal((closed) => closed === terminal && cleanUp());
  const cleanUp = () => {
    closing.dispose();
    pendingLines.delete(commandLine);
    removeFolder(written.folder);
  };
  if (shellIntegration) reportWhenEnded(terminal, commandLine, cleanUp, label, log);
  terminal.show(false);
  terminal.sendText(`${CLEAR_PROMPT_LINE}${commandLine}`, true);
  if (shellIntegration) {
    log.info(
      `Running "${label.fileName}" of snippet "${label.snippetName}" in the terminal (${shell}, through shell integration): ${commandLine}`,
    );
  } else {
    log.info(
      `Sent "${label.fileName}" of snippet "${label.snippetName}" to the terminal to run (${shell}; no shell integration: its exit code is not known): ${commandLine}`,
    );
    void showInfo(
      vscode.l10n.t(
        '"{0}" of the snippet "{1}" was sent to the terminal to run. Its exit code is not known: the terminal has no shell integration to report it.',
        label.fileName,
        label.snippetName,
      ),
    );
  }
  return true;
}

/**
 * Listens for the first command line the shell starts in `terminal`: ours, whose end is reported
 * (and its file removed), or another, which the user is told about. Listening stops then, or when
 * the terminal closes.
 */
function reportWhenEnded(
  terminal: vscode.Terminal,
  commandLine: string,
  cleanUp: () => void,
  label: RunLabel,
  log: Log,
): void {
  let execution: vscode.TerminalShellExecution | undefined;
  pendingLines.add(commandLine);
  const stop = () => {
    pendingLines.delete(commandLine);
    subscriptions.forEach((s) => s.dispose());
  };
  const subscriptions = [
    vscode.window.onDidStartTerminalShellExecution((e) => {
      if (e.terminal !== terminal || execution) return;
      const started = e.execution.commandLine.value.trim();
      if (started === commandLine) {
        pendingLines.delete(commandLine);
        execution = e.execution;
        return;
      }
      // An earlier run's line, sent before this one and read first.
      if (pendingLines.has(started)) return;
      stop();
      // What the shell started may hold what the user typed: it is shown to them, never logged.
      log.warn(`The terminal started another command line than the one sent for "${label.fileName}" (${commandLine})`);
      void showWarning(
        vscode.l10n.t(
          'The terminal did not run the command line sent for "{0}" of the snippet "{1}": its shell reported "{2}" instead of "{3}". Check what ran in the terminal.',
          label.fileName,
          label.snippetName,
          started,
          commandLine,
        ),
      );
    }),
    vscode.window.onDidEndTerminalShellExecution((e) => {
      if (!execution || e.execution !== execution) return;
      stop();
      cleanUp();
      reportEnd(e.exitCode, label, log);
    }),
    vscode.window.onDidCloseTerminal((closed) => closed === terminal && stop()),
  ];
}

function reportEnd(code: number | undefined, label: RunLabel, log: Log): void {
  log.info(
    `"${label.fileName}" of snippet "${label.snippetName}" ended in the terminal with exit code ${code ?? 'unknown'}`,
  );
  if (code === 0) setStatusBarMessage(vscode.l10n.t('"{0}" ended with exit code 0', label.fileName), 5_000, 'check');
  else if (code === undefined) {
    void showInfo(
      vscode.l10n.t(
        '"{0}" of the snippet "{1}" ended; its exit code is not known: the shell did not report one.',
        label.fileName,
        label.snippetName,
      ),
    );
  } else {
    void showWarning(
      vscode.l10n.t('"{0}" of the snippet "{1}" ended with exit code {2}.', label.fileName, label.snippetName, code),
    );
  }
}
