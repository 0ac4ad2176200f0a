// The save tool: a new snippet from what the agent proposes, only after the user confirmed it in
// VS Code's confirmation (which shows the account, the name and each file's first lines). It
// creates through the path every create command takes (commands/create.ts's createAndOpen, with
// the checks every create runs before anything is sent) and never updates or deletes anything.
import vscode = require('vscode');
import type { Account } from '../../model/accounts/accounts';
import { chooseAccounts } from '../../model/agentTools/accountChoice';
import { fenced, plainDescription, plainName } from '../../model/agentTools/outsideData';
import { formatReference } from '../../model/agentTools/references';
import { firstLines, proposal } from '../../model/agentTools/saveProposal';
import type { SaveInput } from '../../model/agentTools/schemas';
import { createAndOpen } from '../snippets/commands/create';
import { languageOf, toolAccount, type AgentToolsHost, type ToolAccount } from './host';

/** The account a save goes to: the one named, else the default account. */
function saveAccount(host: AgentToolsHost, input: SaveInput): ToolAccount | string {
  const accounts = host.session.accounts();
  const chosen = chooseAccounts(input.account, accounts);
  if (!chosen.ok) return chosen.problem;
  const account: Account | undefined = input.account !== undefined ? chosen.accounts[0] : (host.session.account ?? chosen.accounts[0]);
  return toolAccount(host, account);
}

/** The confirmation VS Code shows before the tool runs; undefined when the input cannot be saved (invoke then says why). */
export function saveConfirmation(host: AgentToolsHost, input: SaveInput): vscode.LanguageModelToolConfirmationMessages | undefined {
  const target = saveAccount(host, input);
  const checked = proposal(input);
  if (typeof target === 'string' || !checked.ok) return undefined;
  const { details, files } = checked;
  // Every outside text goes in as text (appendText escapes Markdown) or in a fence it cannot close.
  const message = new vscode.MarkdownString(undefined, false);
  message.isTrusted = false;
  message.supportHtml = false;
  message.appendText(vscode.l10n.t('Account: {0}', plainName(target.label))).appendMarkdown('\n\n');
  message.appendText(vscode.l10n.t('Name: {0}', plainName(details.name))).appendMarkdown('\n\n');
  if (details.description) message.appendText(vscode.l10n.t('Description: {0}', plainDescription(details.description))).appendMarkdown('\n\n');
  if (details.categories.length > 0) message.appendText(vscode.l10n.t('Categories: {0}', details.categories.map(plainName).join(', '))).appendMarkdown('\n\n');
  for (const file of files) {
    const lines = firstLines(file.content);
    message.appendText(lines.more > 0 ? vscode.l10n.t('{0} (first lines; {1} more)', plainName(file.name), lines.more) : plainName(file.name)).appendMarkdown('\n\n');
    message.appendMarkdown(`${fenced(lines.text, languageOf(file.name))}\n\n`);
  }
  message.appendText(vscode.l10n.t('Bitbucket Snippets checks the text for secrets before anything is sent.'));
  return { title: vscode.l10n.t('Save a new snippet to Bitbucket?'), message };
}

export async function saveTool(host: AgentToolsHost, input: SaveInput, token: vscode.CancellationToken): Promise<string> {
  const target = saveAccount(host, input);
  if (typeof target === 'string') return target;
  const checked = proposal(input);
  if (!checked.ok) return [vscode.l10n.t('Nothing was saved:'), ...checked.problems].join('\n');
  if (token.isCancellationRequested) return vscode.l10n.t('Cancelled: nothing was saved.');
  const snippet = await createAndOpen(target.deps, checked.files, checked.details, vscode.l10n.t('Creating snippet "{0}"…', checked.details.name));
  if (!snippet) {
    return vscode.l10n.t('The snippet was not created, and nothing was sent or changed unless the message Bitbucket Snippets showed the user says otherwise (for example the server refused it, or the user chose not to send it after the secret scan). Ask the user what they want to do.');
  }
  return [
    vscode.l10n.t('Created snippet "{0}" for {1}, with {2} file(s). It is open in the editor.', plainName(snippet.name), plainName(target.label), snippet.files.length),
    ...snippet.files.map((f) => vscode.l10n.t('- {0}: {1}', plainName(f.name), formatReference({ accountId: target.id, snippetGuid: snippet.guid, fileName: f.name }))),
  ].join('\n');
}
