import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { StateKeys } from '../../src/util/constants';
import { getExtension, serverRequests, testingApi } from './support';

/** Which of the bundles that load on demand (esbuild.js) are loaded in this extension host. */
function loadedBundles(extensionPath: string): string[] {
  const dist = path.join(extensionPath, 'dist');
  return Object.keys(require.cache)
    .filter((file) => path.dirname(file) === dist)
    .map((file) => path.basename(file))
    .sort();
}

describe('Activation', () => {
  it('activates in well under a second without any request to the server', async () => {
    const extension = getExtension();
    assert.equal(
      extension.isActive,
      false,
      'The extension was already active before this test activated it: its activation must stay lazy (no "*" or onStartupFinished).',
    );
    const requestsBefore = (await serverRequests()).length;

    const started = performance.now();
    await extension.activate();
    const elapsed = performance.now() - started;

    assert.ok(elapsed < 1000, `activate() took ${elapsed.toFixed(0)} ms; it must stay well under a second.`);
    // A request fired without being awaited would reach the server within this pause.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentDuringActivation = (await serverRequests()).slice(requestsBefore);
    assert.deepEqual(sentDuringActivation, [], 'activate() must not talk to the server.');
  });

  it('loads only dist/extension.js, yet every contributed command is there from the start', async () => {
    const extension = getExtension();
    await extension.activate();
    // Nothing in this run has used a snippet, the API or the repository settings yet.
    assert.deepEqual(loadedBundles(extension.extensionPath), ['extension.js']);
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = (
      extension.packageJSON as { contributes: { commands: Array<{ command: string }> } }
    ).contributes.commands.map((c) => c.command);
    assert.deepEqual(
      contributed.filter((id) => !registered.has(id)),
      [],
      'commands without a stand-in',
    );
  });

  it('in a test run the walkthrough neither opens by itself nor is marked shown, so a real start still opens it', async () => {
    const extension = getExtension();
    await extension.activate();
    // The open is not awaited by activate(): give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label));
    assert.deepEqual(
      tabs.filter((label) => /walkthrough/i.test(label)),
      [],
      `tabs open: ${tabs.join(' | ')}`,
    );
    assert.equal((await testingApi()).globalStateSnapshot()[StateKeys.walkthroughShown], undefined);
  });

  it('the first use of a feature loads its bundle, and a stand-in hands its call over', async () => {
    const extension = getExtension();
    // Not signed in: the real Filter command asks nothing and answers with the filter it set.
    await vscode.commands.executeCommand('bitbucketSnippets.filterSnippets', 'probe');
    assert.ok(
      loadedBundles(extension.extensionPath).includes('snippets.js'),
      'running a snippet command loaded dist/snippets.js',
    );
    const view = (await testingApi()).explorer.view;
    assert.equal(view.description, 'Filter: "probe"');
    await vscode.commands.executeCommand('bitbucketSnippets.clearFilter');
    assert.equal(view.description, undefined);
    assert.ok(
      !loadedBundles(extension.extensionPath).includes('repositorySettings.js'),
      'snippets do not load the repository settings',
    );
  });
});
