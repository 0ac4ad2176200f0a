import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runInstallStep } from '../../harness/installStep';
import {
  applyVsCodeArgument,
  selectedTarget,
  VSCODE_TARGET_ENV,
  VSCODE_TARGETS,
  vsCodeTarget,
} from '../../harness/vscodeTargets';

describe('The VS Code versions the real-editor suites run in', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env[VSCODE_TARGET_ENV];
    delete process.env[VSCODE_TARGET_ENV];
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[VSCODE_TARGET_ENV];
    else process.env[VSCODE_TARGET_ENV] = saved;
  });

  it('runs in the oldest VS Code the manifest claims unless told otherwise', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'),
    ) as { engines: { vscode: string } };
    const claimed = /^\^(\d+\.\d+)\./.exec(manifest.engines.vscode)?.[1];
    assert.equal(selectedTarget().name, 'oldest');
    // code-server 4.N ships VS Code 1.N.
    assert.equal(`1.${selectedTarget().codeServer.split('.')[1]}`, claimed);
    assert.equal(selectedTarget().node, 'system');
  });

  it('knows a newer code-server than the oldest, on a Node of its own', () => {
    const newest = vsCodeTarget('newest');
    const minor = (version: string) => Number(version.split('.')[1]);
    assert.ok(minor(newest.codeServer) > minor(vsCodeTarget('oldest').codeServer));
    assert.match(newest.node, /^\d+\.\d+\.\d+$/);
  });

  it('takes --vscode from the runner arguments, in both spellings, and hands it on through the environment', () => {
    assert.equal(applyVsCodeArgument(['--vscode', 'newest']).name, 'newest');
    assert.equal(process.env[VSCODE_TARGET_ENV], 'newest');
    assert.equal(applyVsCodeArgument(['--vscode=oldest']).name, 'oldest');
    assert.equal(selectedTarget().name, 'oldest');
    // A code-server version names its target too.
    assert.equal(vsCodeTarget(VSCODE_TARGETS[1].codeServer).name, 'newest');
  });

  it('refuses a name it does not know, and lists the ones it does', () => {
    assert.throws(
      () => applyVsCodeArgument(['--vscode', 'latest']),
      /BBS_VSCODE=latest names no VS Code the harness knows; it knows oldest \(code-server 4\.100\.3\), newest/,
    );
  });
});

describe('A step of a one-time install that fails', () => {
  it('says what was being installed, which command failed where, how, and the end of its output', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-install-step-'));
    const logFile = path.join(folder, 'install.log');
    fs.writeFileSync(logFile, '');
    try {
      assert.throws(
        () =>
          runInstallStep({
            what: 'code-server 9.9.9',
            logFile,
            cwd: folder,
            command: 'sh',
            args: ['-c', 'echo gyp ERR! no headers >&2; exit 7'],
            env: process.env,
          }),
        (err: Error) => {
          assert.match(
            err.message,
            /^Installing code-server 9\.9\.9 failed at `sh -c echo gyp ERR! no headers >&2; exit 7` in /,
          );
          assert.match(err.message, /\(exit 7\)/);
          assert.match(err.message, /gyp ERR! no headers/);
          assert.ok(err.message.endsWith(`Full log: ${logFile}`));
          return true;
        },
      );
      assert.match(fs.readFileSync(logFile, 'utf8'), /\[exit 7, /);
      assert.throws(
        () =>
          runInstallStep({
            what: 'Node 99',
            logFile,
            cwd: folder,
            command: 'no-such-command-bbs',
            args: [],
            env: process.env,
          }),
        /Installing Node 99 failed at `no-such-command-bbs ` in .*\(spawnSync no-such-command-bbs ENOENT\)/,
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
