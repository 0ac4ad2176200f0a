// The extension's git runs nothing of the repository's: no hook from `.git/hooks` or from
// `core.hooksPath`. A post-index-change hook that leaves a marker shows it: git runs it when the
// index is written, which Save as Patch Snippet with a new file (its temporary index), a three-way
// apply and a three-way revert do. The test first shows the hook runs for plain git.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from '../../../src/model/patches/applyPatch';
import { makePatch } from '../../../src/model/patches/makePatch';
import { commitAll, git, Scratch, write } from './gitRepos';

describe('patches: git runs no hook of the repository', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let marker: string;
  beforeEach(() => {
    scratch = new Scratch();
    marker = path.join(scratch.parent, 'hook-ran');
  });
  afterEach(() => scratch.dispose());

  /** A post-index-change hook in `folder` that appends to the marker file. */
  function hookIn(folder: string): void {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'post-index-change'), `#!/bin/sh\necho "$0" >> '${marker}'\n`, { mode: 0o755 });
  }

  /** Save with a new file, then a three-way apply and a three-way revert of that patch in `other`, whose base differs. */
  async function everyIndexWriter(origin: string, other: string): Promise<void> {
    write(origin, 'notes.txt', 'one\nTWO\nthree\nfour\nfive\n');
    write(origin, 'new.txt', 'a new file\n');
    const made = await makePatch(scratch.context, { folder: origin, scope: 'all', untracked: ['new.txt'] });
    assert.equal((await applyPatch(scratch.context, made.text, other, { threeWay: true })).kind, 'applied');
    assert.equal(
      (await applyPatch(scratch.context, made.text, other, { reverse: true, threeWay: true })).kind,
      'applied',
    );
  }

  for (const where of ['.git/hooks', 'core.hooksPath'] as const) {
    it(`a post-index-change hook in ${where} never runs`, async () => {
      const origin = scratch.repo('origin');
      write(origin, 'notes.txt', 'one\ntwo\nthree\nfour\nfive\n');
      commitAll(origin, 'base');
      const other = scratch.clone(origin, 'other');
      write(other, 'notes.txt', 'one\ntwo\nthree\nfour\nFIVE\n');
      commitAll(other, 'local change, so only a three-way apply takes the patch');
      for (const repo of [origin, other]) {
        if (where === '.git/hooks') hookIn(path.join(repo, '.git', 'hooks'));
        else {
          hookIn(path.join(repo, 'shared-hooks'));
          git(repo, 'config', 'core.hooksPath', 'shared-hooks');
          fs.writeFileSync(path.join(repo, '.git', 'info', 'exclude'), 'shared-hooks/\n');
        }
      }
      // The hook is real: plain git runs it.
      git(origin, 'update-index', '--refresh');
      write(origin, 'probe.txt', 'x\n');
      git(origin, 'add', 'probe.txt');
      assert.ok(fs.existsSync(marker), 'plain git ran the hook');
      git(origin, 'rm', '-q', '--cached', 'probe.txt');
      fs.rmSync(path.join(origin, 'probe.txt'));
      fs.rmSync(marker);
      await everyIndexWriter(origin, other);
      assert.equal(fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : '', '', 'no hook ran');
    });
  }
});
