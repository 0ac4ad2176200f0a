// The terminal a snippet goes to: the active one, or a new one named after the snippet, which is
// given a few seconds to start its shell and its shell integration (VS Code's own advice for
// executeCommand). And a run through shell integration, whose exit code reaches the log and, when
// it is not 0, the user.
import vscode = require('vscode');
import { showWarning } from '../../ui/notify';
import type { Log } from '../../../util/log';
import { iconSafeText } from '../../../util/outsideText';

/** How long a new terminal is given to start its shell and turn shell integration on. */
const SHELL_INTEGRATION_WAIT_MS = 5_000;
/** How long a terminal without shell integration is then given to say its shell's process id. */
const PROCESS_ID_WAIT_MS = 1_000;
/** A terminal's name is a tab's title: a snippet's name, cut to what a tab shows. */
const TERMINAL_NAME_LENGTH = 60;

export interface SnippetTerminal {
  terminal: vscode.Terminal;
  /** Undefined when the shell has no shell integration (or it did not start in time). */
  shellIntegration: vscode.TerminalShellIntegration | undefined;
}

/** The active terminal, or a new one named after the snippet; undefined when none could be started. */
export async function terminalFor(snippetName: string, log: Log): Promise<SnippetTerminal | undefined> {
  const active = vscode.window.activeTerminal;
  if (active && active.exitStatus === undefined) return { terminal: active, shellIntegration: active.shellIntegration };
  let terminal: vscode.Terminal;
  try {
    terminal = vscode.window.createTerminal({ name: iconSafeText(snippetName, TERMINAL_NAME_LENGTH) });
  } catch (err) {
    log.error('Could not create a terminal', err);
    return undefined;
  }
  const started = await startOf(terminal);
  if (!started) {
    log.warn('The new terminal did not start a shell');
    return undefined;
  }
  return { terminal, shellIntegration: started.shellIntegration };
}

type Start = { shellIntegration: vscode.TerminalShellIntegration | undefined } | undefined;

/**
 * Waits until the new terminal has shell integration, or closes, or the wait is over. A terminal
 * whose shell did not start (no process id, or closed) gives undefined.
 */
function startOf(terminal: vscode.Terminal): Promise<Start> {
  return new Promise<Start>((resolve) => {
    const subscriptions: vscode.Disposable[] = [];
    const done = (start: Start) => {
      clearTimeout(timer);
      subscriptions.forEach((s) => s.dispose());
      resolve(start);
    };
    // Without shell integration by then: a shell that started (it has a process id by now) is used without it.
    const timer = setTimeout(() => {
      const noAnswer = new Promise<undefined>((settle) => setTimeout(() => settle(undefined), PROCESS_ID_WAIT_MS));
      void Promise.race([terminal.processId, noAnswer]).then(
        (pid) => done(pid === undefined || terminal.exitStatus !== undefined ? undefined : { shellIntegration: terminal.shellIntegration }),
        () => done(undefined),
      );
    }, SHELL_INTEGRATION_WAIT_MS);
    subscriptions.push(
      vscode.window.onDidChangeTerminalShellIntegration((e) => e.terminal === terminal && done({ shellIntegration: e.shellIntegration })),
      vscode.window.onDidCloseTerminal((closed) => closed === terminal && done(undefined)),
    );
    if (terminal.shellIntegration) done({ shellIntegration: terminal.shellIntegration });
  });
}

/** What a run is called in the log and in a message about its end. */
export interface RunLabel {
  fileName: string;
  snippetName: string;
}

/**
 * Runs `commandLine` through shell integration. When it ends its exit code is logged, and one that
 * is not 0 is also shown; the listener goes when the run ends or its terminal closes.
 */
export function runWithShellIntegration(target: SnippetTerminal & { shellIntegration: vscode.TerminalShellIntegration }, commandLine: string, label: RunLabel, log: Log): void {
  // Listening starts before the run: its end is reported after executeCommand returns, never before.
  const subscriptions = [
    vscode.window.onDidEndTerminalShellExecution((e) => {
      if (e.execution !== execution) return;
      subscriptions.forEach((s) => s.dispose());
      const code = e.exitCode;
      log.info(`"${label.fileName}" of snippet "${label.snippetName}" ended in the terminal with exit code ${code ?? 'unknown'}`);
      if (code !== undefined && code !== 0) void showWarning(vscode.l10n.t('"{0}" of the snippet "{1}" ended with exit code {2}.', label.fileName, label.snippetName, code));
    }),
    vscode.window.onDidCloseTerminal((closed) => closed === target.terminal && subscriptions.forEach((s) => s.dispose())),
  ];
  const execution = target.shellIntegration.executeCommand(commandLine);
}
