// "Copy to My Snippets": someone else's snippet becomes one of yours, with the same files,
// description and categories, and opens. When it comes from a save that was refused because the
// file is read-only, the text that could not be saved goes into the copy, so nothing is lost.
import vscode = require('vscode');
import { showInfo } from '../ui/notify';
import { createAndOpen } from './create';
import { reportFailure, requireSignedIn, resolveTarget, type AccountContext } from '../ui/accountContext';
import type { Snippet } from '../../api/types';

/** Text of one file that replaces the original's in the copy (from a refused save). */
export interface CarriedText {
  fileName: string;
  text: string;
}

const isCarried = (v: unknown): v is CarriedText =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as CarriedText).fileName === 'string' &&
  typeof (v as CarriedText).text === 'string';

export async function copyToMine(deps: AccountContext, arg: unknown, carried?: unknown): Promise<Snippet | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const target = resolveTarget(arg);
  if (!target) {
    void showInfo(
      vscode.l10n.t('Choose a snippet in the Snippets view, or open one of its files, to copy it to My Snippets.'),
    );
    return undefined;
  }
  let original: Snippet;
  try {
    original = await deps.service.snippet(target.snippetGuid);
  } catch (err) {
    return reportFailure(deps, vscode.l10n.t('copy the snippet'), err);
  }
  if (deps.service.mayWrite(original)) {
    void showInfo(vscode.l10n.t('"{0}" is already one of your snippets.', original.name));
    return undefined;
  }
  const replacement = isCarried(carried) ? carried : undefined;
  const files = original.files.map((f) => ({
    name: f.name,
    content: replacement?.fileName === f.name ? replacement.text : f.content,
  }));
  const details = {
    name: original.name,
    description: original.description ?? '',
    categories: original.categories.map((c) => c.name),
  };
  return createAndOpen(
    deps,
    files,
    details,
    vscode.l10n.t('Copying "{0}" to My Snippets…', original.name),
    replacement?.fileName ?? target.fileName,
  );
}
