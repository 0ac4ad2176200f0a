// Modal confirmations and input boxes, in one place. In the extension's own test runs (VS Code's
// Test mode) the exported test API can queue answers here, because a test inside the extension
// host cannot click a modal dialog. In normal use nothing can: no command takes an argument that
// skips a confirmation, and this queue exists only when the extension runs under test.
import vscode = require('vscode');
import { showModalWarning } from './notify';
import { showSafeInputBox, showSafeQuickPick } from './quickInputText';

/** An answer queued by a test: true / false for a confirmation, a string (or undefined = Escape) for an input box. */
export type ScriptedAnswer = boolean | string | undefined;

let scripted: ScriptedAnswer[] | undefined;

export interface ScriptedAnswers {
  /** Queues answers for the next prompts, in order. */
  queue(...answers: ScriptedAnswer[]): void;
  /** Drops the answers no prompt used, and says how many there were. */
  drain(): number;
}

/** Called by activate() in Test and Development mode only; the test API exposes what it returns. */
export function enableScriptedAnswers(): ScriptedAnswers {
  const answers: ScriptedAnswer[] = (scripted = []);
  return {
    queue: (...more) => answers.push(...more),
    drain: () => answers.splice(0).length,
  };
}

function nextScripted(): { answer: ScriptedAnswer } | undefined {
  return scripted && scripted.length > 0 ? { answer: scripted.shift() } : undefined;
}

/**
 * In test runs, the answer queued for a picker that is not a plain prompt (Search Snippets'
 * quick pick, a drop's "which file"): a string names the item to choose, undefined closes it.
 * Undefined when nothing is queued (and always in normal use).
 */
export function takeScriptedAnswer(): { answer: ScriptedAnswer } | undefined {
  return nextScripted();
}

/** A modal warning with one action button; true when the user chose it. */
export async function confirm(message: string, detail: string, action: string): Promise<boolean> {
  const queued = nextScripted();
  if (queued) return queued.answer === true;
  return (await showModalWarning(message, detail, action)) === action;
}

/** An input box; undefined when the user pressed Escape. */
export async function input(options: vscode.InputBoxOptions): Promise<string | undefined> {
  const queued = nextScripted();
  if (queued) {
    const answer = typeof queued.answer === 'string' ? queued.answer : undefined;
    // A scripted answer passes the same validation a typed one would.
    if (answer !== undefined && options.validateInput && (await options.validateInput(answer))) return undefined;
    return answer;
  }
  return showSafeInputBox(options);
}

/** A quick pick of one item; undefined when the user pressed Escape. A scripted answer names the item's label. */
export async function pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
  const queued = nextScripted();
  if (queued) return typeof queued.answer === 'string' ? items.find((i) => i.label === queued.answer) : undefined;
  return showSafeQuickPick(items, { ...options, canPickMany: false });
}
