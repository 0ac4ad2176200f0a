// The user's say on an MCP write, in VS Code itself and outside the agent's control: a modal that
// shows everything that would be written, whole, with every invisible or formatting character
// marked ⟨U+…⟩ (the save tool's display, model/agentTools/saveProposal.ts), and then the write
// through the path the commands take (createAndOpen, or the one read-modify-write with its secret
// scan). An edit is refused when the file changed on the server since it was proposed.
import vscode = require('vscode');
import type { Snippet } from '../../../api/types';
import { markedInvisible, plainName } from '../../../model/agentTools/outsideData';
import { shownProposal } from '../../../model/agentTools/saveProposal';
import { writeEdit } from '../../../model/agentTools/mcp/fileEdit';
import type { SnippetDetails } from '../../../model/snippets/edits';
import type { NewFile } from '../../../model/snippets/snippetWrites';
import { describeError, messageContext } from '../../../util/describeError';
import { createForAgent } from '../createForAgent';
import type { ToolAccount } from '../host';
import { confirm } from '../../ui/prompts';
import { errorMessage } from '../../../util/errorMessage';

const notConfirmed = () =>
  vscode.l10n.t('Nothing was written: the user did not confirm it in VS Code. Ask them what they want instead.');

export async function confirmSave(target: ToolAccount, files: NewFile[], details: SnippetDetails): Promise<string> {
  // The proposal is scanned before it is sent: the scan's worker starts while the user reads it.
  target.deps.service.writes.prepareCheck();
  const shown = shownProposal(files, details);
  const lines = [vscode.l10n.t('Account: {0}', plainName(target.label)), vscode.l10n.t('Name: {0}', shown.name)];
  if (shown.description) lines.push(vscode.l10n.t('Description: {0}', shown.description));
  if (shown.categories.length > 0) lines.push(vscode.l10n.t('Categories: {0}', shown.categories.join(', ')));
  for (const file of shown.files) {
    lines.push(
      '',
      vscode.l10n.t('{0} (the whole file: {1} lines, {2} characters)', file.name, file.lines, file.characters),
      file.text,
    );
  }
  if (
    !(await confirmShown(
      vscode.l10n.t('An agent asks to save a new snippet to Bitbucket through the MCP server. Save it?'),
      lines,
      shown.marked,
      vscode.l10n.t('Save Snippet'),
    ))
  ) {
    return notConfirmed();
  }
  return createForAgent(target, files, details);
}

export async function confirmEdit(
  target: ToolAccount,
  snippet: Snippet,
  edit: { fileName: string; base: string; text: string },
): Promise<string> {
  target.deps.service.writes.prepareCheck();
  const shown = markedInvisible(edit.text, true);
  const lines = [
    vscode.l10n.t('Account: {0}', plainName(target.label)),
    vscode.l10n.t('Snippet: {0}', plainName(snippet.name)),
    '',
    vscode.l10n.t('{0} as it would be (the whole file: {1} characters)', plainName(edit.fileName), edit.text.length),
    shown.text,
  ];
  if (
    !(await confirmShown(
      vscode.l10n.t('An agent asks to change a file of your Bitbucket snippet through the MCP server. Change it?'),
      lines,
      shown.marked,
      vscode.l10n.t('Change File'),
    ))
  ) {
    return notConfirmed();
  }
  try {
    if ((await writeEdit(target.service.writes, snippet.guid, edit)) === 'changed') {
      return vscode.l10n.t(
        'Nothing was written: file {0} changed on the server since it was read. Read it again and propose the change anew.',
        plainName(edit.fileName),
      );
    }
  } catch (err) {
    target.deps.log.warn(`MCP edit of ${snippet.guid} not written: ${errorMessage(err)}`);
    return vscode.l10n.t(
      'Nothing was written: {0}',
      describeError(err, messageContext(vscode.l10n.t('change file {0}', edit.fileName), target.account)),
    );
  }
  return vscode.l10n.t('Changed file {0} of snippet {1}.', plainName(edit.fileName), plainName(snippet.name));
}

/**
 * Asks `question` over what the agent would write (`lines`), saying how many invisible characters
 * it shows as marks: the user confirms the text as it will be, not as it looks.
 */
function confirmShown(question: string, lines: string[], marked: number, button: string): Promise<boolean> {
  const detail =
    marked > 0
      ? [
          ...lines,
          '',
          vscode.l10n.t(
            '{0} invisible or formatting character(s) are shown as ⟨U+…⟩ marks; the snippet gets the characters themselves.',
            marked,
          ),
        ]
      : lines;
  return confirm(question, detail.join('\n'), button);
}
