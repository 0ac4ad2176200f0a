// A bundle that fails to load, in the real editor: while dist/connectionCheck.js is missing (as when
// an update replaces dist/), Check Connection stays registered and a run does nothing but tell the
// user; once the file is back, the next run loads the bundle and checks. The file is moved aside in
// the extension's own dist/ (the runner's extension is this checkout) and always put back.
// This file's name sorts before every other suite that loads the connection check.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { getExtension, signInAs } from './support';

const CHECK = 'bitbucketSnippets.checkConnection';

describe('A bundle that fails to load', function () {
  this.timeout(60_000);
  const dist = () => path.join(getExtension().extensionPath, 'dist');
  const bundle = () => path.join(dist(), 'connectionCheck.js');
  const aside = () => path.join(dist(), 'connectionCheck.js.aside');

  after(() => {
    if (fs.existsSync(aside())) fs.renameSync(aside(), bundle());
  });

  it('keeps its command, and a later run loads it', async () => {
    await signInAs('alice');
    assert.ok(
      !Object.keys(require.cache).includes(bundle()),
      'the connection check is not loaded yet (this suite runs first)',
    );
    fs.renameSync(bundle(), aside());
    try {
      // Twice: the user is told once (unit-tested in test/unit/onDemand/), and neither run fails.
      assert.equal(await vscode.commands.executeCommand(CHECK), undefined);
      assert.equal(await vscode.commands.executeCommand(CHECK), undefined);
      assert.ok((await vscode.commands.getCommands(true)).includes(CHECK), 'Check Connection is still registered');
    } finally {
      fs.renameSync(aside(), bundle());
    }
    const report = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(CHECK);
    assert.ok(report, 'the command answers the report document once its bundle is back');
    assert.match(report.getText(), /^# Bitbucket Snippets: connection check\n/);
    assert.ok(Object.keys(require.cache).includes(bundle()), 'the bundle is loaded');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
