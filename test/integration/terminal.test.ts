// Paste into Terminal and Run in Terminal in the real editor, with code-server's real terminal and
// bash (5.x, whose readline has bracketed paste on) with VS Code's shell integration. The shell's
// effects are files in a fresh folder: a marker a snippet's line would create. Every wait is for a
// condition, with a deadline; "nothing ran" is checked after something positive has happened
// that shows the shell had read the pasted text (its one execution when Enter is pressed).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import { Commands } from '../../src/util/constants';
import { apiAs, signInAsAlice } from './snippetHelpers';
import { answerPrompts, unusedAnswers, until } from './support';
import { extensionLogFiles } from './userDataFiles';

/** A terminal with shell integration, active and shown, as the commands find it. */
async function readyTerminal(name: string): Promise<vscode.Terminal> {
  const terminal = vscode.window.createTerminal({ name });
  terminal.show(false);
  // Shell integration decides how a paste is sent; the harness's bash gets VS Code's scripts.
  await until('shell integration in the test terminal (bash with VS Code shell integration)', () => terminal.shellIntegration, 30_000);
  await until('VS Code to know the shell is bash (a paste is bracketed only for bash, zsh and fish)', () => terminal.state.shell === 'bash');
  await until('the test terminal to be the active one', () => vscode.window.activeTerminal === terminal);
  return terminal;
}

/** The command lines the shell ran in `terminal`, as shell integration reports them. */
function executionsIn(terminal: vscode.Terminal): { lines: string[]; dispose(): void } {
  const lines: string[] = [];
  const listener = vscode.window.onDidStartTerminalShellExecution((e) => e.terminal === terminal && lines.push(e.execution.commandLine.value));
  return { lines, dispose: () => listener.dispose() };
}

const logText = (): string => extensionLogFiles().map((file) => fs.readFileSync(file, 'utf8')).join('\n');

describe('Snippets in the terminal', function () {
  this.timeout(120_000);
  let folder: string;
  let marker: (name: string) => string;
  let theirs: Snippet;
  let own: Snippet;

  before(async () => {
    await signInAsAlice();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-terminal-'));
    marker = (name) => path.join(folder, name);
    theirs = await apiAs('bob').createSnippet({
      name: 'bob: two lines',
      files: [
        { name: 'paste.sh', content: `touch ${marker('pasted')}\necho second line\n` },
        { name: 'run.sh', content: `touch ${marker('ran')}\n` },
      ],
    });
    own = await apiAs('alice').createSnippet({ name: 'alice: exit three', files: [{ name: 'exit.sh', content: `touch ${marker('exit-ran')}; (exit 3)\n` }] });
  });
  afterEach(async () => {
    await unusedAnswers();
    for (const terminal of vscode.window.terminals) terminal.dispose();
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('pastes a two-line snippet as one block that runs nothing until Enter is pressed', async () => {
    const terminal = await readyTerminal('paste target');
    const executions = executionsIn(terminal);
    try {
      // A confirmation here would mean the paste was not bracketed: it is declined, and the test fails below.
      await answerPrompts(false);
      const sent = await vscode.commands.executeCommand<boolean>(Commands.pasteInTerminal, { snippetGuid: theirs.guid, fileName: 'paste.sh' });
      assert.equal(await unusedAnswers(), 1, 'pasting into a terminal with shell integration asks nothing');
      assert.equal(sent, true);
      // Enter runs what the shell holds in its line; then a last command, whose report comes after
      // every earlier one. Pasted line by line, the first line would have run on its own: three runs.
      terminal.sendText('', true);
      terminal.sendText(`touch ${marker('sentinel')}`, true);
      await until('the last command to run and be reported', () => fs.existsSync(marker('sentinel')) && executions.lines.some((line) => line.includes('sentinel')), 30_000);
      assert.ok(fs.existsSync(marker('pasted')), 'the pasted text ran when Enter was pressed');
      assert.equal(executions.lines.length, 2, `the pasted block ran as one command line, then the last command: ${JSON.stringify(executions.lines)}`);
    } finally {
      executions.dispose();
    }
  });

  it("asks before running a colleague's snippet: declining runs nothing, confirming runs it", async () => {
    const terminal = await readyTerminal('run target');
    const executions = executionsIn(terminal);
    try {
      await answerPrompts(false);
      assert.equal(await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, { snippetGuid: theirs.guid, fileName: 'run.sh' }), false);
      assert.equal(await unusedAnswers(), 0, 'the run asked first');
      await answerPrompts(true);
      assert.equal(await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, { snippetGuid: theirs.guid, fileName: 'run.sh' }), true);
      assert.equal(await unusedAnswers(), 0, 'the run asked again');
      await until('the confirmed run to create its marker', () => fs.existsSync(marker('ran')), 30_000);
      await until('shell integration to report the execution', () => executions.lines.length > 0);
      assert.deepEqual(executions.lines.map((line) => line.trim()), [`touch ${marker('ran')}`], 'the declined run sent nothing; the confirmed one ran once');
    } finally {
      executions.dispose();
    }
  });

  it('runs through shell integration and logs the exit code', async () => {
    await readyTerminal('exit code target');
    // The user's own snippet: asked too, while confirmRunningOwnSnippets is on (its default).
    await answerPrompts(true);
    assert.equal(await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, { snippetGuid: own.guid, fileName: 'exit.sh' }), true);
    assert.equal(await unusedAnswers(), 0, "running one's own snippet asks by default");
    await until('the run to create its marker', () => fs.existsSync(marker('exit-ran')), 30_000);
    const line = '"exit.sh" of snippet "alice: exit three" ended in the terminal with exit code 3';
    await until(`the extension's log to say: ${line}`, () => logText().includes(line), 30_000);
  });

  it('opens a terminal named after the snippet when none is open', async () => {
    for (const terminal of vscode.window.terminals) terminal.dispose();
    await until('no terminal to be open', () => vscode.window.terminals.length === 0);
    // One line: pasted without a question, with or without shell integration.
    await answerPrompts(false);
    assert.equal(await vscode.commands.executeCommand<boolean>(Commands.pasteInTerminal, { snippetGuid: theirs.guid, fileName: 'run.sh' }), true);
    assert.equal(await unusedAnswers(), 1, 'a one-line paste asks nothing');
    assert.deepEqual(vscode.window.terminals.map((t) => t.name), ['bob: two lines']);
    assert.equal(vscode.window.activeTerminal?.name, 'bob: two lines', 'the new terminal is shown');
  });
});
