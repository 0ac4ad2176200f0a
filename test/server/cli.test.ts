import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const CLI = join(__dirname, 'cli.js');

/** Starts the CLI and resolves with its first `count` stdout lines. */
function startCli(args: string[], count: number): { child: ChildProcessWithoutNullStreams; lines: Promise<string[]> } {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args]);
  const lines = new Promise<string[]>((resolve, reject) => {
    const seen: string[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`cli exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      seen.push(line);
      if (seen.length === count) resolve(seen);
    });
  });
  return { child, lines };
}

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('local server: command line', () => {
  let child: ChildProcessWithoutNullStreams | undefined;

  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    child = undefined;
  });

  it('prints "listening on <url>" with the context path, serves there and stops on SIGTERM', async () => {
    const started = startCli(['--context-path', '/bitbucket', '--demo'], 1);
    child = started.child;
    const [line] = await started.lines;
    const match = /^listening on (http:\/\/127\.0\.0\.1:\d+\/bitbucket)$/.exec(line);
    assert.ok(match, line);
    const response = await fetch(`${match[1]}/rest/snippets/1.0/snippets/browse?limit=1`, {
      headers: { Authorization: 'Bearer bob-token' },
    });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { size: number }).size, 1);

    const exited = exitCode(child);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  it('serves HTTPS with --tls and prints the certificate to trust', async () => {
    const started = startCli(['--tls'], 2);
    child = started.child;
    const [listening, caLine] = await started.lines;
    const url = /^listening on (https:\/\/\S+)$/.exec(listening)?.[1];
    const caPath = /^ca (.+)$/.exec(caLine)?.[1];
    assert.ok(url && caPath, `${listening} / ${caLine}`);
    const ca = readFileSync(caPath);

    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        `${url}/rest/snippets/1.0/snippets`,
        { ca, headers: { Authorization: 'Bearer alice-token' } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end();
    });
    assert.equal(status, 200);

    const exited = exitCode(child);
    child.kill('SIGINT');
    assert.equal(await exited, 0);
    assert.equal(existsSync(caPath), false, 'the temporary certificate is removed on stop');
  });

  it('fails with a message on a bad option value', async () => {
    const bad = spawn(process.execPath, [CLI, '--port', 'abc']);
    let stderr = '';
    bad.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => bad.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(stderr, /--port needs a whole number/);
  });
});
