// How Run in Terminal makes a shell read the text from a file: the command line per shell, the
// path quoted so that the shell reads that path and nothing else, and the file's name and bytes.
// Where bash and sh are on the machine, the command lines are run by them.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  CLEAR_PROMPT_LINE,
  canSource,
  gitBashPath,
  quotedPath,
  scriptContent,
  scriptFileName,
  sourceCommandLine,
} from '../../../src/model/terminal/sourcedRun';

const hasShell = (name: string): boolean => fs.existsSync(`/bin/${name}`);

describe('terminal: a run reads the text from a file', () => {
  it('has a command line for the shells that read a file, and none for other programs', () => {
    assert.equal(sourceCommandLine('bash', '/tmp/bbs-run-x/deploy.sh'), ". '/tmp/bbs-run-x/deploy.sh'");
    assert.equal(sourceCommandLine('zsh', '/tmp/a b/c'), ". '/tmp/a b/c'");
    assert.equal(sourceCommandLine('sh', '/tmp/a'), ". '/tmp/a'");
    assert.equal(sourceCommandLine('ksh', '/tmp/a'), ". '/tmp/a'");
    assert.equal(sourceCommandLine('fish', "/tmp/it's\\x"), "source '/tmp/it\\'s\\\\x'");
    assert.equal(
      sourceCommandLine('pwsh', "C:\\Temp\\it's\u2019.ps1"),
      "'. 'C:\\Temp\\it''s\u2019\u2019.ps1'".slice(1),
    );
    assert.equal(
      sourceCommandLine('gitbash', 'C:\\Users\\me\\AppData\\Local\\Temp\\bbs-run-1\\a.sh'),
      ". '/c/Users/me/AppData/Local/Temp/bbs-run-1/a.sh'",
    );
    for (const other of ['python', 'node', 'cmd', 'csh', 'nu', 'julia', 'wsl', 'toString', '__proto__', undefined]) {
      assert.equal(canSource(other), false, String(other));
      if (other !== undefined) assert.equal(sourceCommandLine(other, '/tmp/a'), undefined, other);
    }
  });

  it('refuses a path with a line break or another control character', () => {
    for (const shell of ['bash', 'fish', 'pwsh']) {
      assert.equal(quotedPath('/tmp/a\n; rm -rf ~', shell), undefined, shell);
    }
    assert.equal(quotedPath('/tmp/a\u001b', 'bash'), undefined);
  });

  it('turns a Windows path into the one Git Bash reads', () => {
    assert.equal(gitBashPath('D:\\x\\y z'), '/d/x/y z');
    assert.equal(gitBashPath('/tmp/x'), '/tmp/x');
  });

  it('clears the prompt line with Ctrl+E, Ctrl+U and never with Ctrl+C', () => {
    assert.equal(CLEAR_PROMPT_LINE, '\u0005\u0015');
    assert.ok(!CLEAR_PROMPT_LINE.includes('\u0003'));
  });

  for (const shell of ['bash', 'sh']) {
    it(`a ${shell} given the command line reads exactly the quoted path, for any path (property, run by ${shell})`, function () {
      if (!hasShell(shell)) this.skip();
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-quote-'));
      try {
        const names = fc.sample(
          fc.string({
            unit: fc.constantFrom("'", '"', '\\', '$', '`', ' ', '!', '*', ';', '(', 'a', '~', '&'),
            minLength: 1,
            maxLength: 12,
          }),
          40,
        );
        for (const name of new Set(names)) {
          const file = path.join(folder, name.replace(/\//g, '_'));
          fs.writeFileSync(file, "printf '%s' read\n");
          const line = sourceCommandLine(shell, file);
          assert.ok(line);
          assert.equal(execFileSync(`/bin/${shell}`, ['-c', line], { encoding: 'utf8' }), 'read', JSON.stringify(name));
          fs.rmSync(file);
        }
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  }

  it('names the file after the snippet file, with nothing a shell or a path would read as special', () => {
    assert.equal(scriptFileName('deploy.sh', 'bash'), 'deploy.sh');
    assert.equal(scriptFileName("../.x y;$(rm)'.sh", 'bash'), 'x_y___rm__.sh');
    assert.equal(scriptFileName('--help', 'bash'), 'help');
    assert.equal(scriptFileName('...', 'zsh'), 'snippet');
    assert.equal(scriptFileName('setup', 'pwsh'), 'setup.ps1');
    assert.equal(scriptFileName('setup.PS1', 'pwsh'), 'setup.PS1');
    assert.equal(scriptFileName('a'.repeat(200), 'bash').length, 60);
  });

  it('holds the text with its line breaks as the shell reads them, and a final one', () => {
    assert.equal(scriptContent('echo a\tb!x\r\necho c\rd', 'bash'), 'echo a\tb!x\necho c\nd\n');
    assert.equal(scriptContent('echo a\necho b', 'pwsh'), '\uFEFFecho a\r\necho b\r\n');
  });

  it('runs a text with a tab, "!" and quotes exactly, read by bash as an interactive shell would', function () {
    if (!hasShell('bash')) this.skip();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-run-test-'));
    try {
      const file = path.join(folder, scriptFileName('t.sh', 'bash'));
      fs.writeFileSync(file, scriptContent(`printf '%s\\n' "tab\there!x" 'it''s'`, 'bash'));
      const out = execFileSync('/bin/bash', ['--norc', '-i', '-c', sourceCommandLine('bash', file) ?? ''], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      assert.equal(out, 'tab\there!x\nits\n');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
