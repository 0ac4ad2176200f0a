// The terminal a snippet goes to: the active one, or a new one named after the snippet. Either is
// used only once its shell is ready: when shell integration has reported the shell's working
// folder, which its scripts do as each prompt is drawn (they report being active earlier, while
// the shell still reads its startup files), or, for a shell without it, after a bounded wait, once
// per terminal. Text sent earlier reaches a shell that has not yet set up its line editor: the tty
// echoes it (`^[[200~echo …`, then the line again), and without shell integration known yet, a
// paste of several lines would need a question.
import vscode = require('vscode');
import { withProgress } from '../ui/progress';
import type { Log } from '../../util/log';
import { iconSafeText } from '../../util/outsideText';

/** How long a terminal is given to start its shell and turn shell integration on. */
const SHELL_INTEGRATION_WAIT_MS = 10_000;
/** How long a terminal without shell integration is then given to say its shell's process id. */
const PROCESS_ID_WAIT_MS = 1_000;
/** A terminal's name is a tab's title: a snippet's name, cut to what a tab shows. */
const TERMINAL_NAME_LENGTH = 60;

/** Terminals that were given their wait already (ready or not): they are not made to wait again. */
const waitedFor = new WeakSet<vscode.Terminal>();

export interface SnippetTerminal {
  terminal: vscode.Terminal;
  /** Undefined when the shell has no shell integration (or it did not start in time). */
  shellIntegration: vscode.TerminalShellIntegration | undefined;
}

/** Why no terminal is used: none could be started, or the active one's shell never became ready. */
export type NoTerminal = 'notStarted' | 'notReady';

/** The active terminal, or a new one named after the snippet, once its shell is ready. */
export async function terminalFor(snippetName: string, log: Log): Promise<SnippetTerminal | NoTerminal> {
  const active = vscode.window.activeTerminal;
  if (active && active.exitStatus === undefined) {
    const ready = await readyOf(active);
    if (!ready) log.warn('The active terminal did not become ready');
    return ready ? { terminal: active, shellIntegration: ready.shellIntegration } : 'notReady';
  }
  let terminal: vscode.Terminal;
  try {
    terminal = vscode.window.createTerminal({ name: iconSafeText(snippetName, TERMINAL_NAME_LENGTH) });
  } catch (err) {
    log.error('Could not create a terminal', err);
    return 'notStarted';
  }
  const started = await readyOf(terminal);
  if (!started) {
    log.warn('The new terminal did not start a shell');
    return 'notStarted';
  }
  return { terminal, shellIntegration: started.shellIntegration };
}

type Start = { shellIntegration: vscode.TerminalShellIntegration | undefined } | undefined;

/** Shell integration that has seen a prompt: it reports the working folder at each one. */
const atPrompt = (
  shellIntegration: vscode.TerminalShellIntegration | undefined,
): shellIntegration is vscode.TerminalShellIntegration => shellIntegration?.cwd !== undefined;

function readyOf(terminal: vscode.Terminal): Promise<Start> {
  if (atPrompt(terminal.shellIntegration)) return Promise.resolve({ shellIntegration: terminal.shellIntegration });
  if (waitedFor.has(terminal)) {
    return Promise.resolve(
      terminal.exitStatus === undefined ? { shellIntegration: terminal.shellIntegration } : undefined,
    );
  }
  return withProgress('status', vscode.l10n.t("Waiting for the terminal's shell…"), () => startOf(terminal));
}

/**
 * Waits until the terminal's shell integration has seen a prompt, or the terminal closes, or the
 * wait is over. A terminal whose shell did not start (no process id, or closed) gives undefined.
 */
function startOf(terminal: vscode.Terminal): Promise<Start> {
  return new Promise<Start>((resolve) => {
    const subscriptions: vscode.Disposable[] = [];
    const done = (start: Start) => {
      clearTimeout(timer);
      subscriptions.forEach((s) => s.dispose());
      if (start) waitedFor.add(terminal);
      resolve(start);
    };
    // Without shell integration by then: a shell that started (it has a process id by now) is used without it.
    const timer = setTimeout(() => {
      const noAnswer = new Promise<undefined>((settle) => setTimeout(() => settle(undefined), PROCESS_ID_WAIT_MS));
      void Promise.race([terminal.processId, noAnswer]).then(
        (pid) =>
          done(
            pid === undefined || terminal.exitStatus !== undefined
              ? undefined
              : { shellIntegration: terminal.shellIntegration },
          ),
        () => done(undefined),
      );
    }, SHELL_INTEGRATION_WAIT_MS);
    subscriptions.push(
      vscode.window.onDidChangeTerminalShellIntegration(
        (e) =>
          e.terminal === terminal && atPrompt(e.shellIntegration) && done({ shellIntegration: e.shellIntegration }),
      ),
      vscode.window.onDidCloseTerminal((closed) => closed === terminal && done(undefined)),
    );
    if (atPrompt(terminal.shellIntegration)) done({ shellIntegration: terminal.shellIntegration });
  });
}
