// Which patch a Preview, Apply or Revert acts on, and its text. From a file row or a patch file's
// editor, that file; from the Command Palette, the active editor's patch file, else a pick among
// the patch files of the loaded lists and the last search. The text is the snippet file as the
// extension loaded it from the server (what its row opens), not unsaved edits in an open editor:
// what is applied is what the colleague shared.
import vscode = require('vscode');
import { accountId, type Account } from '../../model/accounts/accounts';
import { knownSnippetFiles } from '../../model/snippets/knownSnippets';
import { isPatchFileName } from '../../model/patches/patchFiles';
import { accountLabel } from '../../util/accountLabels';
import { showInfo } from '../ui/notify';
import { pick } from '../ui/prompts';
import { reportFailure, requireSignedIn, resolveTarget, type AccountContext } from '../ui/accountContext';
import { preview } from '../../model/snippets/filePreview';
import type { SnippetsContext } from '../snippets/context';

/** A patch file of a snippet, with its text. */
export interface PatchSource {
  snippetName: string;
  fileName: string;
  text: string;
  deps: AccountContext;
}

/** The patch file of `arg` (a row or URI), of the active editor, or the user's pick; undefined after saying why not. */
export async function patchSource(
  snippets: SnippetsContext,
  deps: AccountContext,
  arg: unknown,
  title: string,
): Promise<PatchSource | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const target = resolveTarget(arg);
  if (target?.fileName && isPatchFileName(target.fileName)) {
    try {
      const snippet = await deps.service.snippet(target.snippetGuid);
      const file = snippet.files.find((f) => f.name === target.fileName);
      if (!file) {
        void showInfo(vscode.l10n.t('"{0}" has no file named "{1}" any more.', snippet.name, target.fileName));
        return undefined;
      }
      return { snippetName: snippet.name, fileName: file.name, text: file.content, deps };
    } catch (err) {
      return reportFailure(deps, vscode.l10n.t('read the patch {0}', target.fileName), err);
    }
  }
  return pickPatch(snippets, title);
}

async function pickPatch(snippets: SnippetsContext, title: string): Promise<PatchSource | undefined> {
  const { session } = snippets.accounts;
  const signedIn = session.accounts();
  const known = knownSnippetFiles({
    accountIds: signedIn.map(accountId),
    services: snippets.accounts.services,
    lastSearch: snippets.lastSearch,
  });
  const choices = known.filter((c) => isPatchFileName(c.file.name));
  if (choices.length === 0) {
    void showInfo(
      vscode.l10n.t(
        'No patch snippet is loaded. Open one in the Snippets view (a file ending in .patch or .diff), or find one with Search Snippets…, then try again.',
      ),
    );
    return undefined;
  }
  const several = signedIn.length > 1;
  const items = choices.map((choice) => {
    const account = several ? session.accountById(choice.accountId) : undefined;
    return {
      label: choice.file.name,
      description: account ? `${choice.snippet.name} · ${accountLabel(account, signedIn)}` : choice.snippet.name,
      detail: preview(choice.file.content),
      iconPath: new vscode.ThemeIcon('diff'),
      choice,
      account,
    };
  });
  const chosen = await pick(items, {
    title,
    placeHolder: vscode.l10n.t('Which patch? (most recently updated first)'),
    matchOnDescription: true,
  });
  if (!chosen) return undefined;
  const account: Account | undefined = session.accountById(chosen.choice.accountId);
  return {
    snippetName: chosen.choice.snippet.name,
    fileName: chosen.choice.file.name,
    text: chosen.choice.file.content,
    deps: snippets.scope.depsFor(account),
  };
}
