// The settings panel's prompts: Add Ref's input box, and the quick picks of Switch Account and
// Change…. Every name in them (refs, user names, hook names) is outside text: the safe input
// helpers show it as text, never as an icon or a link.
import vscode = require('vscode');
import { showSafeInputBox, showSafeQuickPick } from '../ui/quickInputText';
import type { RepositoryHook } from '../../api/types';
import { refNameProblem } from '../../model/repositories/refs';
import { roleName } from '../../model/settingsPanel/hooksSection';
import type { PanelAccount } from '../../model/settingsPanel/panelAccount';
import type { HookRole } from '../../model/settingsPanel/protocol';
import type { AccountChoice } from '../../model/settingsPanel/scope';

/** Asks for the full name of a ref of `where` (PROJ/repo) to add. */
export function askForRef(where: string): Thenable<string | undefined> {
  return showSafeInputBox({
    title: vscode.l10n.t('Add a ref of {0}', where),
    prompt: vscode.l10n.t('Full name of a branch or tag: refs/heads/<branch> or refs/tags/<tag>'),
    placeHolder: 'refs/heads/main',
    value: 'refs/heads/',
    valueSelection: [11, 11],
    ignoreFocusOut: true,
    validateInput: (v) => refNameProblem(v.trim()),
  });
}

/** Asks which of the accounts signed in to the panel's server shows it; answers its id. */
export async function pickAccount(
  choices: readonly AccountChoice[],
  current: PanelAccount | undefined,
  where: string,
  host: string,
): Promise<string | undefined> {
  const picked = await showSafeQuickPick(
    choices.map((c) => ({
      label: c.username,
      description:
        current && c.username.toLowerCase() === current.username.toLowerCase() ? vscode.l10n.t('current') : undefined,
      id: c.id,
    })),
    { title: vscode.l10n.t('Show {0} on {1} as which account?', where, host), ignoreFocusOut: true },
  );
  return picked?.id;
}

/** Asks which hook of the role's type the panel shows; answers its key. */
export async function pickHook(
  role: HookRole,
  hooks: readonly RepositoryHook[],
  current: string | undefined,
): Promise<string | undefined> {
  const picked = await showSafeQuickPick(
    hooks.map((h) => ({
      label: h.details.name,
      description: `${h.enabled ? vscode.l10n.t('enabled') : vscode.l10n.t('disabled')}${h.details.key === current ? ` · ${vscode.l10n.t('current')}` : ''}`,
      detail: h.details.key,
      key: h.details.key,
    })),
    {
      title: vscode.l10n.t('Which {0} should the panel show?', roleName(role)),
      matchOnDetail: true,
      ignoreFocusOut: true,
    },
  );
  return picked?.key;
}
