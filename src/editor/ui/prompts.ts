// Modal confirmations, input boxes and quick picks, in one place. A test inside the extension host
// cannot click a modal dialog, so the extension's own tests answer these through one seam: a source
// of scripted answers, which only the test API installs (src/onDemand/testingApi.ts, loaded in Test
// and Development mode only). In normal use nothing installs one, and no command takes an argument
// that skips a confirmation.
import vscode = require('vscode');
import { showModalWarning, showWarning } from './notify';
import { showSafeInputBox, showSafeQuickPick, showSafeQuickPickMany } from './quickInputText';

/** An answer queued by a test: true / false for a confirmation, a string (or undefined = Escape) for an input box. */
export type ScriptedAnswer = boolean | string | undefined;

/** The next scripted answer, or undefined when none is queued (the user answers then). */
export type ScriptedAnswerSource = () => { answer: ScriptedAnswer } | undefined;

let scriptedAnswerSource: ScriptedAnswerSource | undefined;

/** The seam: only the test API calls this, and only in Test and Development mode. */
export function answerPromptsFrom(source: ScriptedAnswerSource): void {
  scriptedAnswerSource = source;
}

/** In test runs, the answer queued for the next prompt; undefined when none is (and always in normal use). */
function takeScriptedAnswer(): { answer: ScriptedAnswer } | undefined {
  return scriptedAnswerSource?.();
}

/** A modal warning with one action button; true when the user chose it. */
export async function confirm(message: string, detail: string, action: string): Promise<boolean> {
  const queued = takeScriptedAnswer();
  if (queued) return queued.answer === true;
  return (await showModalWarning(message, detail, action)) === action;
}

/**
 * A warning notification with one action button, which leaves the editor usable meanwhile (to read
 * what it asks about); true when the user chose it, false when they closed it.
 */
export async function confirmBeside(message: string, action: string): Promise<boolean> {
  const queued = takeScriptedAnswer();
  if (queued) return queued.answer === true;
  return (await showWarning(message, action)) === action;
}

/**
 * A modal warning with several action buttons (and Cancel): the action chosen, or undefined. A
 * scripted answer names the action (a string), or is undefined for Cancel.
 */
export async function choose(message: string, detail: string, actions: readonly string[]): Promise<string | undefined> {
  const queued = takeScriptedAnswer();
  if (queued) return typeof queued.answer === 'string' && actions.includes(queued.answer) ? queued.answer : undefined;
  return showModalWarning(message, detail, ...actions);
}

/** An input box; undefined when the user pressed Escape. */
export async function input(options: vscode.InputBoxOptions): Promise<string | undefined> {
  const queued = takeScriptedAnswer();
  if (queued) {
    const answer = typeof queued.answer === 'string' ? queued.answer : undefined;
    // A scripted answer passes the same validation a typed one would.
    if (answer !== undefined && options.validateInput && (await options.validateInput(answer))) return undefined;
    return answer;
  }
  return showSafeInputBox(options);
}

/** A quick pick of one item; undefined when the user pressed Escape. A scripted answer names the item's label. */
export async function pick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T | undefined> {
  const queued = takeScriptedAnswer();
  if (queued) return typeof queued.answer === 'string' ? items.find((i) => i.label === queued.answer) : undefined;
  return showSafeQuickPick(items, { ...options, canPickMany: false });
}

/**
 * A quick pick of several items, `picked` ones chosen at first; undefined when the user pressed
 * Escape. A scripted answer names the chosen items' labels, one a line ('' for none).
 */
export async function pickMany<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T[] | undefined> {
  const queued = takeScriptedAnswer();
  if (queued) {
    if (typeof queued.answer !== 'string') return undefined;
    const labels = new Set(queued.answer.split('\n'));
    return items.filter((i) => labels.has(i.label));
  }
  return showSafeQuickPickMany(items, options);
}
