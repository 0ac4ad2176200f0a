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
  await until(
    'shell integration in the test terminal (bash with VS Code shell integration)',
    () => terminal.shellIntegration,
    30_000,
  );
  await until(
    'VS Code to know the shell is bash (a paste is bracketed only for bash, zsh and fish)',
    () => terminal.state.shell === 'bash',
  );
  await until('the test terminal to be the active one', () => vscode.window.activeTerminal === terminal);
  return terminal;
}

/** A bash terminal without shell integration (VS Code injects its scripts only into a bash started with no arguments or a login's). */
async function plainBashTerminal(name: string): Promise<vscode.Terminal> {
  const terminal = vscode.window.createTerminal({ name, shellPath: '/bin/bash', shellArgs: ['--norc', '--noprofile'] });
  terminal.show(false);
  await until('the plain bash terminal to start its shell', () => Promise.resolve(terminal.processId));
  await until('the plain bash terminal to be the active one', () => vscode.window.activeTerminal === terminal);
  return terminal;
}

/** What the active terminal shows, its scrollback included, as a user would copy it. */
async function screenText(): Promise<string> {
  await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
  await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
  await vscode.commands.executeCommand('workbench.action.terminal.clearSelection');
  return vscode.env.clipboard.readText();
}

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

/** The command lines the shell ran in `terminal`, as shell integration reports them, and how many ended. */
function executionsIn(terminal: vscode.Terminal): { lines: string[]; ended(): number; dispose(): void } {
  const lines: string[] = [];
  let ended = 0;
  const listeners = [
    vscode.window.onDidStartTerminalShellExecution(
      (e) => e.terminal === terminal && lines.push(e.execution.commandLine.value),
    ),
    vscode.window.onDidEndTerminalShellExecution((e) => e.terminal === terminal && (ended += 1)),
  ];
  return { lines, ended: () => ended, dispose: () => listeners.forEach((l) => l.dispose()) };
}

const logText = (): string =>
  extensionLogFiles()
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');

describe('Snippets in the terminal', function () {
  this.timeout(120_000);
  let folder: string;
  let marker: (name: string) => string;
  let theirs: Snippet;
  let own: Snippet;
  let exact: Snippet;
  /** A text longer than the dialog shows: 40 lines, then a marker. */
  const longText = (): string =>
    `${Array.from({ length: 40 }, (_, i) => `echo line ${i + 1}`).join('\n')}\ntouch ${marker('long-ran')}`;
  /** What the snippet with a tab and a `!` writes when it runs exactly as written. */
  const tabAndBang = 'tab\there!x';

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
    own = await apiAs('alice').createSnippet({
      name: 'alice: exit three',
      files: [{ name: 'exit.sh', content: `touch ${marker('exit-ran')}; (exit 3)\n` }],
    });
    exact = await apiAs('alice').createSnippet({
      name: 'alice: exactly as written',
      files: [
        // Its first character names the marker: a shell that lost it would run `ouch`, and create nothing.
        { name: 'first.sh', content: `touch ${marker('t-first-character')}\n` },
        // A tab typed at a prompt completes a name, and `!x` typed at a prompt is a history expansion.
        { name: 'tab-bang.sh', content: `printf '%s\\n' "${tabAndBang}" > ${marker('tab-bang')}\n` },
        { name: 'plain-tab-bang.sh', content: `printf '%s\\n' "${tabAndBang}" > ${marker('plain-tab-bang')}\n` },
        { name: 'zsh-tab-bang.sh', content: `printf '%s\\n' "${tabAndBang}" > ${marker('zsh-tab-bang')}\n` },
        { name: 'fish-tab-bang.sh', content: `printf '%s\\n' "${tabAndBang}" > ${marker('fish-tab-bang')}\n` },
        { name: 'long.sh', content: `${longText()}\n` },
        { name: 'refused.sh', content: `touch ${marker('refused')}\n` },
        // A soft hyphen (U+00AD) and a tag character (U+E0041): format characters that draw nothing.
        { name: 'invisible.sh', content: `touch ${marker('invis\u00adible')}\u{E0041}\n` },
        { name: 'early-paste.sh', content: `touch ${marker('early-paste')}\necho early second line\n` },
      ],
    });
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
      const sent = await vscode.commands.executeCommand<boolean>(Commands.pasteInTerminal, {
        snippetGuid: theirs.guid,
        fileName: 'paste.sh',
      });
      assert.equal(await unusedAnswers(), 1, 'pasting into a terminal with shell integration asks nothing');
      assert.equal(sent, true);
      // Enter runs what the shell holds in its line; then a last command, whose report comes after
      // every earlier one. Pasted line by line, the first line would have run on its own: three runs.
      // The last command is typed once the first run has ended: typed while it runs, it would be
      // echoed into that run's command line as shell integration reads it.
      terminal.sendText('', true);
      await until('the pasted text to run and end', () => executions.ended() >= 1, 30_000);
      terminal.sendText(`touch ${marker('sentinel')}`, true);
      await until(
        'the last command to run and be reported',
        () => fs.existsSync(marker('sentinel')) && executions.lines.some((line) => line.includes('sentinel')),
        30_000,
      );
      assert.ok(fs.existsSync(marker('pasted')), 'the pasted text ran when Enter was pressed');
      assert.equal(
        executions.lines.length,
        2,
        `the pasted block ran as one command line, then the last command: ${JSON.stringify(executions.lines)}`,
      );
    } finally {
      executions.dispose();
    }
  });

  it("asks before running a colleague's snippet: declining runs nothing, confirming runs it", async () => {
    const terminal = await readyTerminal('run target');
    const executions = executionsIn(terminal);
    try {
      await answerPrompts(false);
      assert.equal(
        await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
          snippetGuid: theirs.guid,
          fileName: 'run.sh',
        }),
        false,
      );
      assert.equal(await unusedAnswers(), 0, 'the run asked first');
      await answerPrompts(true);
      assert.equal(
        await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
          snippetGuid: theirs.guid,
          fileName: 'run.sh',
        }),
        true,
      );
      assert.equal(await unusedAnswers(), 0, 'the run asked again');
      await until('the confirmed run to create its marker', () => fs.existsSync(marker('ran')), 30_000);
      await until('shell integration to report the execution', () => executions.lines.length > 0);
      // The shell reads the text from a private file: one command line, which names that file.
      assert.equal(
        executions.lines.length,
        1,
        `the declined run sent nothing; the confirmed one ran once: ${JSON.stringify(executions.lines)}`,
      );
      assert.match(executions.lines[0].trim(), /^\. '\/[^']*\/bbs-run-[^/']+\/run\.sh'$/);
      const folder = path.dirname(executions.lines[0].trim().slice(3, -1));
      await until('the script file to be removed once its run ended', () => !fs.existsSync(folder), 30_000);
    } finally {
      executions.dispose();
    }
  });

  it('runs through shell integration and logs the exit code', async () => {
    await readyTerminal('exit code target');
    // The user's own snippet: asked too, while confirmRunningOwnSnippets is on (its default).
    await answerPrompts(true);
    assert.equal(
      await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
        snippetGuid: own.guid,
        fileName: 'exit.sh',
      }),
      true,
    );
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
    assert.equal(
      await vscode.commands.executeCommand<boolean>(Commands.pasteInTerminal, {
        snippetGuid: theirs.guid,
        fileName: 'run.sh',
      }),
      true,
    );
    assert.equal(await unusedAnswers(), 1, 'a one-line paste asks nothing');
    assert.deepEqual(
      vscode.window.terminals.map((t) => t.name),
      ['bob: two lines'],
    );
    assert.equal(vscode.window.activeTerminal?.name, 'bob: two lines', 'the new terminal is shown');
  });

  it('runs exactly the text shown in a terminal that has had input: no character lost, the exit code reported', async () => {
    const terminal = await readyTerminal('used terminal');
    const executions = executionsIn(terminal);
    try {
      terminal.sendText('echo used before', true);
      await until(
        'the earlier command to be reported',
        () => executions.lines.some((line) => line.includes('used before')),
        30_000,
      );
      // Text left at the prompt, as a user who typed half a command and then chose Run in Terminal.
      terminal.sendText('echo half typed', false);
      await answerPrompts(true);
      assert.equal(
        await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
          snippetGuid: exact.guid,
          fileName: 'first.sh',
        }),
        true,
      );
      assert.equal(await unusedAnswers(), 0, 'the run asked first');
      await until(
        'the snippet to create its marker (its first character "t" arrived)',
        () => fs.existsSync(marker('t-first-character')),
        30_000,
      );
      const line = '"first.sh" of snippet "alice: exactly as written" ended in the terminal with exit code 0';
      await until(`the extension's log to say: ${line}`, () => logText().includes(line), 30_000);
      assert.ok(
        !executions.lines.some((l) => l.includes('half typed')),
        `the half-typed text did not run: ${JSON.stringify(executions.lines)}`,
      );
    } finally {
      executions.dispose();
    }
  });

  it('runs a snippet with a tab and a "!" exactly as written, with shell integration', async () => {
    await readyTerminal('tab and bang');
    await answerPrompts(true);
    assert.equal(
      await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
        snippetGuid: exact.guid,
        fileName: 'tab-bang.sh',
      }),
      true,
    );
    await until(
      'the run to write its marker',
      () => fs.existsSync(marker('tab-bang')) && fs.readFileSync(marker('tab-bang'), 'utf8').endsWith('\n'),
      30_000,
    );
    assert.equal(fs.readFileSync(marker('tab-bang'), 'utf8'), `${tabAndBang}\n`);
  });

  it('runs a snippet with a tab and a "!" exactly as written, without shell integration, and says the exit code is unknown', async () => {
    const terminal = await plainBashTerminal('plain bash');
    // Something typed and run before, and something typed at the prompt, as in a terminal in use.
    terminal.sendText('echo used before', true);
    terminal.sendText('echo half typed', false);
    await answerPrompts(true);
    assert.equal(
      await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
        snippetGuid: exact.guid,
        fileName: 'plain-tab-bang.sh',
      }),
      true,
    );
    assert.equal(terminal.shellIntegration, undefined, 'the terminal had no shell integration');
    await until(
      'the run to write its marker',
      () => fs.existsSync(marker('plain-tab-bang')) && fs.readFileSync(marker('plain-tab-bang'), 'utf8').endsWith('\n'),
      30_000,
    );
    assert.equal(fs.readFileSync(marker('plain-tab-bang'), 'utf8'), `${tabAndBang}\n`);
    const logged = await until(
      "the extension's log to say the exit code is unknown",
      () =>
        /"plain-tab-bang\.sh" of snippet "alice: exactly as written"[^\n]*exit code is not known\): \. '([^']+)'/.exec(
          logText(),
        ) ?? undefined,
      30_000,
    );
    // Private to the user, never executable; kept while the terminal is open, removed when it closes.
    const script = logged[1];
    assert.equal(fs.statSync(path.dirname(script)).mode & 0o777, 0o700);
    assert.equal(fs.statSync(script).mode & 0o777, 0o600);
    terminal.dispose();
    await until(
      'the script file to be removed once its terminal closed',
      () => !fs.existsSync(path.dirname(script)),
      30_000,
    );
  });

  it('pastes into a terminal that is still starting once it is ready: no question, each line once', async () => {
    for (const terminal of vscode.window.terminals) terminal.dispose();
    await until('no terminal to be open', () => vscode.window.terminals.length === 0);
    const terminal = vscode.window.createTerminal({ name: 'just opened' });
    terminal.show(false);
    await until('the new terminal to be the active one', () => vscode.window.activeTerminal === terminal);
    const executions = executionsIn(terminal);
    try {
      // A question here would be the false "cannot take the text as one block": declined, and the test fails below.
      await answerPrompts(false);
      assert.equal(
        await vscode.commands.executeCommand<boolean>(Commands.pasteInTerminal, {
          snippetGuid: exact.guid,
          fileName: 'early-paste.sh',
        }),
        true,
      );
      assert.equal(await unusedAnswers(), 1, 'a paste into a terminal whose shell takes one block asks nothing');
      terminal.sendText('', true);
      await until('the pasted text to run and end', () => executions.ended() >= 1, 30_000);
      terminal.sendText(`touch ${marker('early-sentinel')}`, true);
      await until(
        'the last command to run and be reported',
        () =>
          fs.existsSync(marker('early-sentinel')) && executions.lines.some((line) => line.includes('early-sentinel')),
        30_000,
      );
      assert.ok(fs.existsSync(marker('early-paste')), 'the pasted text ran when Enter was pressed');
      assert.equal(
        executions.lines.length,
        2,
        `the pasted block ran as one command line, then the last command: ${JSON.stringify(executions.lines)}`,
      );
      const screen = await screenText();
      assert.equal(
        occurrences(screen, 'echo early second line'),
        1,
        `the terminal shows the pasted line once:\n${screen}`,
      );
      assert.ok(!screen.includes('[200~'), `no paste marker is echoed:\n${screen}`);
    } finally {
      executions.dispose();
    }
  });

  for (const shell of ['zsh', 'fish']) {
    it(`runs a snippet with a tab and a "!" exactly as written in ${shell}, after text typed at its prompt`, async function () {
      // The harness installs the shell (test/harness/systemPackages.ts): missing, the test fails.
      assert.ok(fs.existsSync(`/usr/bin/${shell}`), `/usr/bin/${shell} is installed`);
      const terminal = vscode.window.createTerminal({ name: `${shell} target`, shellPath: `/usr/bin/${shell}` });
      terminal.show(false);
      try {
        await until(`shell integration in ${shell} to see a prompt`, () => terminal.shellIntegration?.cwd, 30_000);
      } catch (err) {
        throw new Error(`${String(err)}; the terminal shows:\n${await screenText()}`);
      }
      await until(`VS Code to know the shell is ${shell}`, () => terminal.state.shell === shell);
      await until(`the ${shell} terminal to be the active one`, () => vscode.window.activeTerminal === terminal);
      terminal.sendText('echo half typed', false);
      await answerPrompts(true);
      assert.equal(
        await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
          snippetGuid: exact.guid,
          fileName: `${shell}-tab-bang.sh`,
        }),
        true,
      );
      const written = marker(`${shell}-tab-bang`);
      await until(
        'the run to write its marker',
        () => fs.existsSync(written) && fs.readFileSync(written, 'utf8').endsWith('\n'),
        30_000,
      );
      assert.equal(fs.readFileSync(written, 'utf8'), `${tabAndBang}\n`);
      const line = `"${shell}-tab-bang.sh" of snippet "alice: exactly as written" ended in the terminal with exit code 0`;
      await until(`the extension's log to say: ${line}`, () => logText().includes(line), 30_000);
    });
  }

  it('offers the whole text of a snippet too long for the dialog, read-only, and asks again beside it', async () => {
    await readyTerminal('long text');
    // The dialog's "Show Whole Text", then "Run" in the question asked beside the document.
    await answerPrompts('Show Whole Text', true);
    assert.equal(
      await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
        snippetGuid: exact.guid,
        fileName: 'long.sh',
      }),
      true,
    );
    assert.equal(await unusedAnswers(), 0, 'the dialog, then the question beside the whole text');
    const shown = await until('the whole text to open in an editor', () =>
      vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'bitbucket-snippets-terminal-text'),
    );
    assert.equal(shown.document.getText(), longText(), 'the exact text that runs');
    await until('the run to create its marker', () => fs.existsSync(marker('long-ran')), 30_000);
  });

  it('runs nothing where the terminal runs a program that is not a shell it knows (python), and sends it nothing', async () => {
    const terminal = await readyTerminal('python target');
    terminal.sendText('python3 -q', true);
    await until('VS Code to see python in the foreground', () => terminal.state.shell === 'python', 30_000);
    await answerPrompts(true);
    assert.equal(
      await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
        snippetGuid: exact.guid,
        fileName: 'refused.sh',
      }),
      false,
    );
    assert.equal(await unusedAnswers(), 0, 'the run was confirmed first, then refused');
    // Back in bash, a last command shows the terminal has read all it was sent.
    terminal.sendText('exit()', true);
    terminal.sendText(`touch ${marker('python-sentinel')}`, true);
    await until('the last command to run', () => fs.existsSync(marker('python-sentinel')), 30_000);
    assert.ok(!fs.existsSync(marker('refused')));
    const screen = await screenText();
    assert.ok(!screen.includes('bbs-run-') && !screen.includes('refused'), `nothing reached python:\n${screen}`);
  });

  it('asks before running a text with invisible format characters, even your own with its question turned off', async () => {
    await readyTerminal('invisible target');
    const config = vscode.workspace.getConfiguration('bitbucketSnippets');
    await config.update('terminal.confirmRunningOwnSnippets', false, vscode.ConfigurationTarget.Global);
    try {
      await until(
        'the setting to be off',
        () =>
          vscode.workspace.getConfiguration('bitbucketSnippets').get('terminal.confirmRunningOwnSnippets') === false,
      );
      await answerPrompts(false);
      assert.equal(
        await vscode.commands.executeCommand<boolean>(Commands.runInTerminal, {
          snippetGuid: exact.guid,
          fileName: 'invisible.sh',
        }),
        false,
      );
      assert.equal(await unusedAnswers(), 0, 'the run asked, though the snippet is your own and its question is off');
    } finally {
      await config.update('terminal.confirmRunningOwnSnippets', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
