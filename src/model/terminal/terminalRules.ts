// What a snippet file may do in a terminal, and what the user is asked first. A snippet is
// someone's text: pasting it must never run it, and running it runs with the user's rights. So:
// - nothing over 5 MB goes to a terminal (a paste of that size helps nobody);
// - a paste arrives as one bracketed paste where the shell takes one (see bracketedPaste.ts and
//   takesBracketedPaste); elsewhere each line break would act as Enter, and a text of several
//   lines is pasted only after a confirmation that says so;
// - a run of anything not the user's own snippet is confirmed, and of their own too unless they
//   turned that off (a machine setting, which no workspace can change);
// - a text with control or invisible characters is never sent without the confirmation, whoever
//   wrote it, and the confirmation shows every line whole, or offers the whole text to read;
// - a run never types the text at a prompt: the shell reads it from a file (sourcedRun.ts).
// Plain logic without `vscode`.
import * as l10n from '@vscode/l10n';
import { bracketedPaste } from './bracketedPaste';
import { controlCharacterCount } from './controlCharacters';
import { shownText } from './shownText';
import { snippetSyntaxAsPlainText } from './snippetSyntaxText';

/** The largest text, in bytes as UTF-8, sent to a terminal. */
export const MAX_TERMINAL_BYTES = 5 * 1024 * 1024;

export type TerminalUse = 'paste' | 'run';

/** What a terminal gets of a file: tab stops at their defaults, and no final line break (which would act as Enter). */
export function terminalText(content: string, snippetSyntax: boolean): string {
  const plain = snippetSyntax ? snippetSyntaxAsPlainText(content) : content;
  return plain.replace(/(?:\r\n|\r|\n)+$/, '');
}

/**
 * The shells whose line editors turn bracketed paste on by default (bash 5.1, zsh 5.1, fish 3; Git
 * Bash is bash). VS Code exposes no terminal's paste mode, so this is decided from what it does
 * tell: shell integration is active, and the shell in the foreground (`Terminal.state.shell`,
 * which follows a sub-shell such as `python`) is one of these. PowerShell is not: PSReadLine reads
 * a paste from the clipboard itself, and typed line breaks run.
 */
export const BRACKETED_PASTE_SHELLS: readonly string[] = ['bash', 'gitbash', 'zsh', 'fish'];

export function takesBracketedPaste(shellIntegration: boolean, shell: string | undefined): boolean {
  return shellIntegration && shell !== undefined && BRACKETED_PASTE_SHELLS.includes(shell);
}

export const lineCount = (text: string): number => text.split(/\r\n|\r|\n/).length;

export interface TerminalRequest {
  use: TerminalUse;
  /** The text as terminalText gave it. */
  text: string;
  /** The snippet is the signed-in user's own. */
  own: boolean;
  /** The user's setting: their own snippets' runs are confirmed too. */
  confirmOwnRuns: boolean;
  /** The terminal's shell takes a bracketed paste (takesBracketedPaste). */
  bracketedPaste: boolean;
}

/** Why a confirmation is asked; undefined fields are no reason. */
export interface Reasons {
  /** A run of someone else's snippet, or of the user's own with confirmation on. */
  run?: 'other' | 'own';
  /** How many control characters the text holds. */
  controls?: number;
  /** A paste without bracketed paste: each of these lines but the last runs as it arrives. */
  linesRun?: number;
  /** A paste without bracketed paste of a text with tabs, each of which acts as the Tab key. */
  tabs?: true;
}

export type TerminalPlan =
  | { kind: 'empty' }
  | { kind: 'tooLarge'; bytes: number }
  /** Send `payload` (sendText without a line break for a paste); ask first when `confirm` says why. */
  | { kind: 'send'; payload: string; confirm: Reasons | undefined };

export function planFor(request: TerminalRequest): TerminalPlan {
  const { use, text, own, confirmOwnRuns, bracketedPaste: asOneBlock } = request;
  if (text.trim() === '') return { kind: 'empty' };
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_TERMINAL_BYTES) return { kind: 'tooLarge', bytes };
  const reasons: Reasons = {};
  const controls = controlCharacterCount(text);
  if (controls > 0) reasons.controls = controls;
  if (use === 'run' && !own) reasons.run = 'other';
  if (use === 'run' && own && confirmOwnRuns) reasons.run = 'own';
  const lines = lineCount(text);
  if (use === 'paste' && !asOneBlock && lines > 1) reasons.linesRun = lines;
  if (use === 'paste' && !asOneBlock && text.includes('\t')) reasons.tabs = true;
  const payload = use === 'paste' && asOneBlock ? bracketedPaste(text) : text;
  return { kind: 'send', payload, confirm: Object.keys(reasons).length > 0 ? reasons : undefined };
}

/** What the confirmation names: the file, its snippet and who owns it. */
export interface Subject {
  fileName: string;
  snippetName: string;
  /** How the owner is named ("user 3", a learned name); unused for the user's own. */
  owner: string;
  own: boolean;
}

export interface Confirmation {
  message: string;
  detail: string;
  action: string;
  /** The detail shows every character of the text; when false, the whole text must be offered to read. */
  complete: boolean;
}

/** The modal's words: what would happen, why it is asked, and the text itself as it would arrive. */
export function confirmationOf(use: TerminalUse, text: string, reasons: Reasons, subject: Subject): Confirmation {
  const { fileName, snippetName, owner, own } = subject;
  const message =
    use === 'run'
      ? own
        ? l10n.t('Run "{0}" of your snippet "{1}" in the terminal?', fileName, snippetName)
        : l10n.t('Run "{0}" of the snippet "{1}" by {2} in the terminal?', fileName, snippetName, owner)
      : own
        ? l10n.t('Paste "{0}" of your snippet "{1}" into the terminal?', fileName, snippetName)
        : l10n.t('Paste "{0}" of the snippet "{1}" by {2} into the terminal?', fileName, snippetName, owner);
  const notes: string[] = [];
  if (reasons.run === 'other') {
    notes.push(l10n.t('It runs with your rights. Read it first: {0} wrote it, not you.', owner));
  }
  if (reasons.controls) {
    notes.push(
      l10n.t(
        'It holds {0} control or invisible characters, shown as ␛ or ⟨U+…⟩ below: a shell takes control characters as keys, which can change or run a command, and invisible ones make the text read differently from what runs.',
        reasons.controls,
      ),
    );
  }
  if (reasons.tabs) {
    notes.push(
      l10n.t(
        'It holds tabs, which this terminal takes as the Tab key: the shell may complete a name there and change the command.',
      ),
    );
  }
  if (reasons.linesRun) {
    notes.push(
      l10n.t(
        'This terminal cannot take the text as one block (it needs shell integration and bash, zsh or fish), so each of its {0} lines but the last will run as soon as it arrives.',
        reasons.linesRun,
      ),
    );
  }
  if (reasons.run === 'own' && !reasons.controls) {
    notes.push(
      l10n.t(
        'The setting "Bitbucket Snippets › Terminal: Confirm Running Own Snippets" turns this question off for your own snippets.',
      ),
    );
  }
  const lines = lineCount(text);
  const heading = lines === 1 ? l10n.t('1 line:') : l10n.t('{0} lines:', lines);
  const shown = shownText(text);
  return {
    message,
    detail: [...notes, '', heading, shown.text].join('\n'),
    action: use === 'run' ? l10n.t('Run') : l10n.t('Paste'),
    complete: shown.complete,
  };
}
