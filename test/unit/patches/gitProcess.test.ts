// How the patch core runs git: the program the caller names, no shell, a deadline, a bound on the
// output it keeps, and an environment where nothing inherited points git elsewhere. A stand-in
// "git" (a Node script) shows what git would receive.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runGit } from '../../../src/model/patches/gitProcess';
import { PatchError } from '../../../src/model/patches/patchErrors';
import { Scratch } from './gitRepos';

describe('patches: running git', function () {
  this.timeout(30_000);
  let scratch: Scratch;
  beforeEach(() => (scratch = new Scratch()));
  afterEach(() => scratch.dispose());

  /** An executable that runs `body` as Node, standing in for git. */
  function fakeGit(body: string): string {
    const at = path.join(scratch.parent, 'fake-git');
    fs.writeFileSync(at, `#!${process.execPath}\n${body}\n`, { mode: 0o755 });
    return at;
  }

  it('passes the arguments as they are, after the options that keep config from running programs, with a clean environment', async () => {
    const gitPath = fakeGit('process.stdout.write(JSON.stringify({ args: process.argv.slice(2), env: process.env }))');
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = '/elsewhere';
    try {
      const out = await runGit({ gitPath }, ['apply', '$(touch x)', 'a b;c'], {
        cwd: scratch.parent,
        env: { GIT_INDEX_FILE: '/tmp/index' },
      });
      const seen = JSON.parse(out.stdout.toString()) as { args: string[]; env: Record<string, string> };
      assert.deepEqual(seen.args.slice(-3), ['apply', '$(touch x)', 'a b;c']);
      assert.deepEqual(seen.args.slice(0, 2), ['-c', 'core.fsmonitor=false']);
      // Hooks are looked for in an empty folder of the run's own, removed afterwards.
      const hooks = seen.args.find((arg) => arg.startsWith('core.hooksPath='))?.slice('core.hooksPath='.length);
      assert.ok(hooks && path.isAbsolute(hooks), String(hooks));
      assert.ok(!fs.existsSync(hooks), 'the empty hooks folder is removed after the run');
      assert.equal(seen.env.GIT_DIR, undefined);
      assert.equal(seen.env.GIT_TERMINAL_PROMPT, '0');
      assert.equal(seen.env.GIT_LITERAL_PATHSPECS, '1');
      assert.equal(seen.env.GIT_INDEX_FILE, '/tmp/index');
      assert.equal(seen.env.LC_ALL, 'C');
      assert.ok(!fs.existsSync(path.join(scratch.parent, 'x')));
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });

  it('keeps no more output than asked, and counts all of it', async () => {
    const gitPath = fakeGit("process.stdout.write('x'.repeat(200000))");
    const out = await runGit({ gitPath }, [], { cwd: scratch.parent, maxOutputBytes: 1000 });
    assert.equal(out.stdout.length, 1000);
    assert.equal(out.stdoutBytes, 200000);
  });

  it('stops git at its deadline, and says so', async () => {
    const gitPath = fakeGit('setTimeout(() => undefined, 20000)');
    const started = Date.now();
    await assert.rejects(
      runGit({ gitPath, timeoutMs: 300 }, [], { cwd: scratch.parent }),
      (err: unknown) => err instanceof PatchError && err.reason === 'timeout',
    );
    assert.ok(Date.now() - started < 10_000);
  });

  it('says when git is not where the caller said', async () => {
    const gitPath = path.join(scratch.parent, 'no-git-here');
    await assert.rejects(
      runGit({ gitPath }, ['status'], { cwd: scratch.parent }),
      (err: unknown) => err instanceof PatchError && err.reason === 'gitMissing' && err.message.includes(gitPath),
    );
  });
});
