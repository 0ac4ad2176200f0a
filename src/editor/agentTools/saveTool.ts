// The save tool: a new snippet from what the agent proposes, only after the user confirmed it in
// VS Code's confirmation (which shows the account and every field and file whole), and only the
// very proposal shown there (confirmations.ts). It creates through the path every create command
// takes (commands/create.ts's createAndOpen, with the checks every create runs before anything is
// sent) and never updates or deletes anything.
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import type { Account } from '../../model/accounts/accounts';
import { chooseAccounts } from '../../model/agentTools/accountChoice';
import { fenced, plainName } from '../../model/agentTools/outsideData';
import {
  CONFIRMATION_LIFETIME_MS,
  proposalDigest,
  type Confirmation,
  type ConfirmedProposals,
} from '../../model/agentTools/confirmations';
import { proposal, shownProposal } from '../../model/agentTools/saveProposal';
import type { SaveInput } from '../../model/agentTools/schemas';
import { createForAgent } from './createForAgent';
import { languageOf, toolAccount, type ToolAccount } from './host';

/** The account a save goes to: the one named, else the default account. */
export function saveAccount(host: SnippetsContext, input: SaveInput): ToolAccount | string {
  const accounts = host.session.accounts();
  const chosen = chooseAccounts(input.account, accounts);
  if (!chosen.ok) return chosen.problem;
  const account: Account | undefined =
    input.account !== undefined ? chosen.accounts[0] : (host.session.account ?? chosen.accounts[0]);
  return toolAccount(host, account);
}

/** What prepareInvocation gives VS Code to show, and the digest of the proposal it shows. */
export interface PreparedSave {
  confirmationMessages: vscode.LanguageModelToolConfirmationMessages;
  digest: string;
}

/** The confirmation VS Code shows before the tool runs; undefined when the input cannot be saved (invoke then says why). */
export function prepareSave(host: SnippetsContext, input: SaveInput): PreparedSave | undefined {
  const target = saveAccount(host, input);
  const checked = proposal(input);
  if (typeof target === 'string' || !checked.ok) return undefined;
  // The proposal is scanned before it is sent: the scan's worker starts while the user reads it.
  target.deps.service.writes.prepareCheck();
  const shown = shownProposal(checked.files, checked.details);
  // Everything that will be saved, whole: outside text goes in as text (appendText escapes
  // Markdown) or in a fence it cannot close, with every character that hides itself marked.
  const message = new vscode.MarkdownString(undefined, false);
  message.isTrusted = false;
  message.supportHtml = false;
  // appendText leaves `&` alone, and `&#x202E;` would render as the character: `&amp;` shows it as typed.
  const paragraph = (text: string) => message.appendText(text.replace(/&/g, '&amp;')).appendMarkdown('\n\n');
  paragraph(vscode.l10n.t('Account: {0}', plainName(target.label)));
  paragraph(vscode.l10n.t('Name: {0}', shown.name));
  if (shown.description) paragraph(vscode.l10n.t('Description: {0}', shown.description));
  if (shown.categories.length > 0) paragraph(vscode.l10n.t('Categories: {0}', shown.categories.join(', ')));
  shown.files.forEach((file, i) => {
    paragraph(vscode.l10n.t('{0} (the whole file: {1} lines, {2} characters)', file.name, file.lines, file.characters));
    message.appendMarkdown(`${fenced(file.text, languageOf(checked.files[i].name))}\n\n`);
  });
  if (shown.marked > 0) {
    paragraph(
      vscode.l10n.t(
        '{0} invisible or formatting character(s) are shown as ⟨U+…⟩ marks; the snippet gets the characters themselves.',
        shown.marked,
      ),
    );
  }
  message.appendText(vscode.l10n.t('Bitbucket Snippets checks the text for secrets before anything is sent.'));
  return {
    confirmationMessages: { title: vscode.l10n.t('Save a new snippet to Bitbucket?'), message },
    digest: proposalDigest(target.id, checked.details, checked.files),
  };
}

/** Why a proposal without a fresh confirmation of its own was not saved, in words the model can act on. */
function unconfirmed(state: Exclude<Confirmation, 'confirmed'>): string {
  return state === 'expired'
    ? vscode.l10n.t(
        'Nothing was saved: this proposal was shown to the user more than {0} minutes ago, too long ago to save it now. Call this tool again with the same input if it should still be saved: the user is then asked again.',
        CONFIRMATION_LIFETIME_MS / 60_000,
      )
    : vscode.l10n.t(
        'Nothing was saved: the user did not confirm this proposal (it was not shown to them, or the name, description, categories, a file or the account changed since, or its confirmation was already used). Call this tool again with exactly what should be saved: the user is then shown it to confirm.',
      );
}

export async function saveTool(
  host: SnippetsContext,
  input: SaveInput,
  token: vscode.CancellationToken,
  confirmations: ConfirmedProposals,
): Promise<string> {
  const target = saveAccount(host, input);
  if (typeof target === 'string') return target;
  const checked = proposal(input);
  if (!checked.ok) return [vscode.l10n.t('Nothing was saved:'), ...checked.problems].join('\n');
  const confirmation = confirmations.take(proposalDigest(target.id, checked.details, checked.files));
  if (confirmation !== 'confirmed') {
    host.log.info(`save refused: the proposal's confirmation is ${confirmation}`);
    return unconfirmed(confirmation);
  }
  if (token.isCancellationRequested) return vscode.l10n.t('Cancelled: nothing was saved.');
  return createForAgent(target, checked.files, checked.details);
}
