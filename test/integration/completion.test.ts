// Snippet files as completions in the real editor: offered in editors of their language from what
// is loaded, with no request while typing; plain text unless marked as VS Code snippet syntax;
// switched off by its setting. Insert Snippet File… expands a marked file's tab stops.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { serverRequests, until } from './support';

const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
const insertTextOf = (item: vscode.CompletionItem) =>
  item.insertText instanceof vscode.SnippetString ? { snippet: item.insertText.value } : item.insertText;

/** A `<<-` heredoc: its lines must start with tabs, which the shell strips; spaces would stay in the text. */
const TABBED = 'cat <<-EOF\n\tfirst\n\t\tsecond\n\tEOF\n';

describe('Completion of snippet files', function () {
  this.timeout(60_000);
  let plainGuid: string;
  let markedGuid: string;

  before(async () => {
    const api = await signInAsAlice();
    const alice = apiAs('alice');
    plainGuid = (
      await alice.createSnippet({ name: 'completion plain', files: [{ name: 'home.sh', content: 'echo "$HOME"\n' }] })
    ).guid;
    const marked = await alice.createSnippet({
      name: 'completion marked',
      files: [{ name: 'loop.sh', content: 'for ${1:item} in $2; do\n\techo "$1"\ndone\n' }],
    });
    markedGuid = marked.guid;
    await alice.createSnippet({ name: 'tabbed heredoc', files: [{ name: 'heredoc.sh', content: TABBED }] });
    await alice.updateSnippet(marked.guid, {
      name: marked.name,
      description: '',
      categories: ['vscode-snippet'],
      files: marked.files.map((f) => ({ name: f.name, content: f.content })),
    });
    await api.service.store.refresh('mine');
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('completion.enabled', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function completionsIn(language: string): Promise<vscode.CompletionItem[]> {
    const doc = await vscode.workspace.openTextDocument({ content: 'comp', language });
    await vscode.window.showTextDocument(doc);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      new vscode.Position(0, 4),
    );
    return list.items.filter((i) => labelOf(i).startsWith('completion '));
  }

  it('offers loaded shell snippets in a shell editor, as plain text unless marked, with no request', async () => {
    const before = (await serverRequests()).length;
    const items = await completionsIn('shellscript');
    assert.deepEqual(items.map((i) => [labelOf(i), insertTextOf(i)]).sort(), [
      ['completion marked', { snippet: 'for ${1:item} in $2; do\n\techo "$1"\ndone\n' }],
      ['completion plain', 'echo "$HOME"\n'],
    ]);
    assert.equal((await requestsSince(before)).length, 0, 'typing sends no request');
  });

  it("shows the first lines of the file as the item's documentation when VS Code asks for it", async () => {
    const doc = await vscode.workspace.openTextDocument({ content: 'comp', language: 'shellscript' });
    await vscode.window.showTextDocument(doc);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      new vscode.Position(0, 4),
      undefined,
      10_000,
    );
    const plain = list.items.find((i) => labelOf(i) === 'completion plain');
    const documentation = plain?.documentation;
    assert.ok(documentation instanceof vscode.MarkdownString, 'resolved items carry a Markdown preview');
    // appendText escapes the spaces of the heading.
    assert.match(documentation.value.replace(/&nbsp;/g, ' '), /home\.sh in "completion plain"/);
    assert.match(documentation.value, /echo "\$HOME"/);
  });

  it('does not offer them in an editor of another language', async () => {
    assert.deepEqual(await completionsIn('python'), []);
  });

  it('offers nothing when switched off', async () => {
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('completion.enabled', false, vscode.ConfigurationTarget.Global);
    assert.deepEqual(await completionsIn('shellscript'), []);
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('completion.enabled', undefined, vscode.ConfigurationTarget.Global);
    assert.equal((await completionsIn('shellscript')).length, 2);
  });

  it('inserts a plain file byte for byte at an indented cursor, in an editor that would turn tabs into spaces', async () => {
    const doc = await vscode.workspace.openTextDocument({
      content: 'if true; then\n    tabbed\nfi\n',
      language: 'shellscript',
    });
    const editor = await vscode.window.showTextDocument(doc);
    editor.options = { insertSpaces: true, tabSize: 4 };
    editor.selection = new vscode.Selection(1, 10, 1, 10);
    // The suggest widget opens a moment after it is asked for; accepting before then does nothing,
    // so accept until the text changes (asking again in case the widget closed).
    let tries = 0;
    await until(
      'a completion accepted',
      async () => {
        if (tries++ % 20 === 0) await vscode.commands.executeCommand('editor.action.triggerSuggest');
        await vscode.commands.executeCommand('acceptSelectedSuggestion');
        return doc.getText() !== 'if true; then\n    tabbed\nfi\n';
      },
      15_000,
    );
    assert.equal(JSON.stringify(doc.getText()), JSON.stringify(`if true; then\n    ${TABBED}\nfi\n`));
  });

  it('Insert Snippet File… expands the tab stops of a marked file and keeps a plain one as it is', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: '', language: 'shellscript' });
    await vscode.window.showTextDocument(doc);
    assert.equal(
      await vscode.commands.executeCommand('bitbucketSnippets.insertFile', {
        snippetGuid: markedGuid,
        fileName: 'loop.sh',
      }),
      true,
    );
    // $1 mirrors the placeholder; the tab follows the editor's indentation (4 spaces by default).
    assert.equal(doc.getText(), 'for item in ; do\n    echo "item"\ndone\n');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const plain = await vscode.workspace.openTextDocument({ content: '', language: 'shellscript' });
    await vscode.window.showTextDocument(plain);
    assert.equal(
      await vscode.commands.executeCommand('bitbucketSnippets.insertFile', {
        snippetGuid: plainGuid,
        fileName: 'home.sh',
      }),
      true,
    );
    assert.equal(plain.getText(), 'echo "$HOME"\n');
  });
});
