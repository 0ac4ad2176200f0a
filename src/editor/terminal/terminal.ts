// Paste into Terminal and Run in Terminal: a snippet file's text to the active terminal, or to a
// new one named after the snippet. A paste never runs anything; a run of someone else's text is
// confirmed first, and runs exactly as the confirmation showed it (terminalRun.ts). What needs a
// confirmation, and what is sent, is decided in src/model/terminal/terminalRules.ts; this file
// finds the file, the terminal and the answer.
import vscode = require('vscode');
import type { Snippet, SnippetFile } from '../../api/types';
import { usesSnippetSyntax } from '../../model/snippets/completion/completion';
import { personLabel } from '../../model/snippets/people';
import {
  confirmationOf,
  planFor,
  takesBracketedPaste,
  terminalText,
  type Reasons,
  type Subject,
  type TerminalUse,
} from '../../model/terminal/terminalRules';
import { Settings } from '../../util/constants';
import { setting } from '../settings/settings';
import { showInfo, showWarning } from '../ui/notify';
import { choose, confirm, confirmBeside } from '../ui/prompts';
import { reportFailure, requireSignedIn, resolveTarget, type AccountContext } from '../ui/accountContext';
import { runInShell } from './terminalRun';
import { terminalFor } from './terminalSession';
import { showWholeText } from './terminalWholeText';

/** Puts the file's text into the terminal as if typed, without running it. True when it was sent. */
export function pasteInTerminal(deps: AccountContext, arg: unknown): Promise<boolean> {
  return toTerminal(deps, arg, 'paste');
}

/** Runs the file's text in the terminal, after a confirmation unless it is the user's own and they turned that off. */
export function runInTerminal(deps: AccountContext, arg: unknown): Promise<boolean> {
  return toTerminal(deps, arg, 'run');
}

/** The file a command is about: its row's or editor's, the snippet's only one, else a pick. */
async function fileOf(
  deps: AccountContext,
  arg: unknown,
  use: TerminalUse,
): Promise<{ snippet: Snippet; file: SnippetFile } | undefined> {
  const title = use === 'run' ? vscode.l10n.t('Run in Terminal') : vscode.l10n.t('Paste into Terminal');
  const target = resolveTarget(arg);
  if (!target) return deps.pickFile(undefined, title);
  const snippet = await deps.service.snippet(target.snippetGuid);
  const file = target.fileName
    ? snippet.files.find((f) => f.name === target.fileName)
    : snippet.files.length === 1
      ? snippet.files[0]
      : undefined;
  if (file) return { snippet, file };
  return target.fileName ? undefined : deps.pickFile(snippet.guid, title);
}

async function toTerminal(deps: AccountContext, arg: unknown, use: TerminalUse): Promise<boolean> {
  if (!requireSignedIn(deps)) return false;
  let picked: { snippet: Snippet; file: SnippetFile } | undefined;
  try {
    picked = await fileOf(deps, arg, use);
  } catch (err) {
    return (
      reportFailure(
        deps,
        use === 'run' ? vscode.l10n.t('run the snippet file') : vscode.l10n.t('paste the snippet file'),
        err,
      ) ?? false
    );
  }
  if (!picked) return false;
  const { snippet, file } = picked;
  const text = terminalText(file.content, usesSnippetSyntax(snippet, setting(Settings.snippetSyntaxCategory)));
  const own = deps.service.mayWrite(snippet);
  const subject: Subject = {
    fileName: file.name,
    snippetName: snippet.name,
    owner: personLabel(snippet.userId, deps.service.identity.people()),
    own,
  };
  const confirmOwnRuns = setting(Settings.confirmRunningOwnSnippets);
  // A run is confirmed before a terminal opens for it; whether a paste must ask depends on the terminal.
  const early = planFor({ use, text, own, confirmOwnRuns, bracketedPaste: false });
  if (early.kind === 'empty') {
    void showInfo(vscode.l10n.t('"{0}" is empty: nothing was sent to the terminal.', file.name));
    return false;
  }
  if (early.kind === 'tooLarge') {
    const size = (early.bytes / (1024 * 1024)).toFixed(1);
    void showWarning(
      vscode.l10n.t('"{0}" is {1} MB: a terminal takes at most 5 MB. Nothing was sent.', file.name, size),
    );
    return false;
  }
  if (use === 'run' && early.confirm && !(await ask(use, text, early.confirm, subject))) return false;
  const target = await terminalFor(snippet.name, deps.log);
  if (target === 'notStarted') {
    void showWarning(
      vscode.l10n.t(
        'No terminal could be started in this window, so nothing was sent. Check that a shell is available (terminal.integrated.defaultProfile).',
      ),
    );
    return false;
  }
  if (target === 'notReady') {
    void showWarning(
      vscode.l10n.t(
        "The terminal's shell did not become ready, so nothing was sent. Try again once it shows its prompt, or in a new terminal.",
      ),
    );
    return false;
  }
  const bracketedPaste = takesBracketedPaste(target.shellIntegration !== undefined, target.terminal.state.shell);
  const plan = planFor({ use, text, own, confirmOwnRuns, bracketedPaste });
  if (plan.kind !== 'send') return false;
  if (use === 'paste' && plan.confirm && !(await ask(use, text, plan.confirm, subject))) return false;
  if (use === 'run') {
    return runInShell(target, plan.payload, { fileName: file.name, snippetName: snippet.name }, deps.log);
  }
  target.terminal.show(false);
  target.terminal.sendText(plan.payload, false);
  deps.log.info(
    `Pasted "${file.name}" of snippet "${snippet.name}" into the terminal${bracketedPaste ? ' as a bracketed paste' : ''}`,
  );
  return true;
}

/**
 * The confirmation. Where it cannot show every row of the text, it offers the whole text first:
 * read-only in an editor, with the question asked again beside it, so the editor can be scrolled.
 */
async function ask(use: TerminalUse, text: string, reasons: Reasons, subject: Subject): Promise<boolean> {
  const { message, detail, action, complete } = confirmationOf(use, text, reasons, subject);
  if (complete) return confirm(message, detail, action);
  const showWhole = vscode.l10n.t('Show Whole Text');
  const choice = await choose(message, detail, [action, showWhole]);
  if (choice !== showWhole) return choice === action;
  await showWholeText(text, subject.fileName);
  return confirmBeside(message, action);
}
