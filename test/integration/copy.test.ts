// Copy to My Snippets in the real editor: someone else's snippet becomes yours with the same files,
// description and categories (one POST and one PUT), opens, and can carry text that a refused
// save could not write.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { serverRequests } from './support';

describe('Copy to My Snippets', function () {
  this.timeout(60_000);
  let theirs: Snippet;

  before(async () => {
    await signInAsAlice();
    const bob = apiAs('bob');
    const made = await bob.createSnippet({
      name: 'bob: deploy',
      files: [
        { name: 'deploy.sh', content: 'echo deploy\n' },
        { name: 'notes.md', content: '# notes\n' },
      ],
    });
    theirs = await bob.updateSnippet(made.guid, {
      name: made.name,
      description: 'how bob deploys',
      categories: ['ops', 'shell'],
      files: made.files.map((f) => ({ name: f.name, content: f.content })),
    });
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('makes an own copy with the same files, description and categories, in one POST and one PUT, and opens it', async () => {
    const before = (await serverRequests()).length;
    const copy = await vscode.commands.executeCommand<Snippet>('bitbucketSnippets.copyToMySnippets', {
      snippetGuid: theirs.guid,
      fileName: 'notes.md',
    });
    const writes = (await requestsSince(before)).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => r.method),
      ['POST', 'PUT'],
    );
    const stored = await apiAs('alice').getSnippet(copy.guid);
    assert.notEqual(stored.guid, theirs.guid);
    assert.equal(stored.userId, 2, 'alice owns the copy');
    assert.equal(stored.description, 'how bob deploys');
    assert.deepEqual(stored.categories.map((c) => c.name).sort(), ['ops', 'shell']);
    assert.deepEqual(
      stored.files.map((f) => [f.name, f.content]),
      theirs.files.map((f) => [f.name, f.content]),
    );
    const active = vscode.window.activeTextEditor?.document;
    assert.equal(active?.uri.scheme, 'bitbucket-snippet');
    assert.ok(
      active &&
        active.uri.path.endsWith('/notes.md') &&
        new URLSearchParams(active.uri.query).get('guid') === copy.guid,
      active?.uri.toString(),
    );
    assert.equal((await apiAs('bob').getSnippet(theirs.guid)).files.length, 2, "bob's snippet is untouched");
  });

  it('carries the text of a refused save into the copy', async () => {
    const copy = await vscode.commands.executeCommand<Snippet>(
      'bitbucketSnippets.copyToMySnippets',
      { snippetGuid: theirs.guid, fileName: 'deploy.sh' },
      { fileName: 'deploy.sh', text: 'echo my version\n' },
    );
    const stored = await apiAs('alice').getSnippet(copy.guid);
    assert.equal(stored.files.find((f) => f.name === 'deploy.sh')?.content, 'echo my version\n');
    assert.equal(vscode.window.activeTextEditor?.document.getText(), 'echo my version\n');
  });

  it('an own snippet is not copied, and nothing is sent', async () => {
    const own = await apiAs('alice').createSnippet({ name: 'alice own', files: [{ name: 'a.txt', content: 'a' }] });
    const before = (await serverRequests()).length;
    const result = await vscode.commands.executeCommand('bitbucketSnippets.copyToMySnippets', {
      snippetGuid: own.guid,
    });
    assert.equal(result, undefined);
    assert.deepEqual(
      (await requestsSince(before)).filter((r) => r.method !== 'GET'),
      [],
    );
  });
});
