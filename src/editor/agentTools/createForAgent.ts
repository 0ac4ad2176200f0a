// A confirmed save of an agent's proposal, for the chat tool and the MCP server alike: created
// through the commands' path (createAndOpen, with its secret scan), and answered in words an agent
// reads, every name from outside made plain.
import vscode = require('vscode');
import { plainName } from '../../model/agentTools/outsideData';
import { formatReference } from '../../model/agentTools/references';
import type { SnippetDetails } from '../../model/snippets/edits';
import type { NewFile } from '../../model/snippets/snippetWrites';
import type { ToolAccount } from './host';

export async function createForAgent(target: ToolAccount, files: NewFile[], details: SnippetDetails): Promise<string> {
  const snippet = await target.deps.createAndOpen(
    files,
    details,
    vscode.l10n.t('Creating snippet "{0}"…', details.name),
  );
  if (!snippet) {
    return vscode.l10n.t(
      'The snippet was not created, and nothing was sent or changed unless the message Bitbucket Snippets showed the user says otherwise (for example the server refused it, or the user chose not to send it after the secret scan). Ask the user what they want to do.',
    );
  }
  return [
    vscode.l10n.t(
      'Created snippet "{0}" for {1}, with {2} file(s). It is open in the editor.',
      plainName(snippet.name),
      plainName(target.label),
      snippet.files.length,
    ),
    ...snippet.files.map((f) =>
      vscode.l10n.t(
        '- {0}: {1}',
        plainName(f.name),
        formatReference({ accountId: target.id, snippetGuid: snippet.guid, fileName: f.name }),
      ),
    ),
  ].join('\n');
}
