// The bundled MCP server against a client that misbehaves: lines that are not JSON or not
// JSON-RPC, batches, unknown methods, a message past the size bound, more requests at once than
// it takes, and a host that never answers. Each gets a protocol error; the server stays up, and it
// exits cleanly when its stdin closes.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ChannelHost } from '../../../../src/model/agentTools/mcp/channel';
import { RpcErrors } from '../../../../src/model/agentTools/mcp/jsonRpc';
import { serverLaunch } from '../../../../src/model/agentTools/mcp/protocol';
import { serverBundle } from './support';

interface Answer {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

describe('MCP server: malformed, huge and too many messages', function () {
  this.timeout(60_000);
  let channel: ChannelHost;
  let child: ChildProcessWithoutNullStreams;
  let answers: Answer[];
  /** Calls the host is holding, each released when its call is aborted. */
  let held: number;

  const waitFor = async (what: string, test: () => boolean) => {
    const until = Date.now() + 20_000;
    while (!test()) {
      if (Date.now() > until) {
        throw new Error(`timed out waiting for ${what}; answers: ${JSON.stringify(answers).slice(0, 2000)}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const send = (line: string) => child.stdin.write(`${line}\n`);
  const answerTo = (id: unknown) => answers.find((a) => a.id === id);

  beforeEach(async () => {
    held = 0;
    // A host that answers tools/list at once and holds every other call until its deadline.
    channel = await ChannelHost.start(
      (method, _params, signal) =>
        method === 'tools/list'
          ? Promise.resolve({ tools: [] })
          : new Promise((_resolve, reject) => {
              held++;
              signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
      () => 60_000,
    );
    const launch = serverLaunch(process.execPath, await serverBundle(), channel.address, channel.issueKey());
    child = spawn(launch.command, launch.args, { env: { ...launch.env, PATH: process.env.PATH ?? '' } });
    answers = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        answers.push(JSON.parse(buffer.slice(0, end)) as Answer);
        buffer = buffer.slice(end + 1);
      }
    });
  });
  afterEach(() => {
    child.kill();
    channel.close();
  });

  it('answers each bad message with its protocol error, and goes on serving', async () => {
    send('this is not json');
    send('[{"jsonrpc":"2.0","id":1,"method":"ping"}]');
    send('{"id":2,"method":"ping"}');
    send('{"jsonrpc":"2.0","id":3,"method":"no/such/method"}');
    send('{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}');
    send('{"jsonrpc":"2.0","id":4,"method":"ping","params":[1]}');
    send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"${'x'.repeat(2 * 1024 * 1024)}"}}`);
    send('{"jsonrpc":"2.0","id":6,"method":"ping"}');
    send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    send('{"jsonrpc":"2.0","id":7,"method":"tools/list"}');
    await waitFor('the answer to the last request', () => answerTo(7) !== undefined && answerTo(6) !== undefined);
    const nulls = answers.filter((a) => a.id === null).map((a) => a.error?.code);
    assert.deepEqual(
      nulls.sort(),
      [RpcErrors.parseError, RpcErrors.invalidRequest, RpcErrors.invalidRequest, RpcErrors.busy].sort(),
      JSON.stringify(answers),
    );
    assert.equal(answerTo(2)?.error?.code, RpcErrors.invalidRequest);
    assert.equal(answerTo(3)?.error?.code, RpcErrors.methodNotFound);
    assert.equal(answerTo(4)?.error?.code, RpcErrors.invalidRequest);
    assert.equal(answerTo(5), undefined, 'the huge message was dropped whole, never read');
    assert.match(
      String(answers.find((a) => a.error?.code === RpcErrors.busy)?.error?.message),
      /dropped: at most 1048576 bytes/,
    );
    assert.deepEqual(answerTo(6)?.result, {});
    assert.deepEqual(answerTo(7)?.result, { tools: [] });
    assert.equal(child.exitCode, null, 'still running');
  });

  it('takes 16 requests at once and refuses the rest until answers come', async () => {
    for (let id = 1; id <= 20; id++) send(`{"jsonrpc":"2.0","id":${id},"method":"resources/list"}`);
    await waitFor('four refusals', () => answers.length >= 4 && held >= 16);
    assert.deepEqual(
      answers.map((a) => a.error?.code),
      [RpcErrors.busy, RpcErrors.busy, RpcErrors.busy, RpcErrors.busy],
    );
    assert.match(String(answers[0].error?.message), /More than 16 requests at once/);
  });

  it('exits cleanly when its stdin closes, even with calls still held by the host', async () => {
    send('{"jsonrpc":"2.0","id":1,"method":"prompts/list"}');
    await waitFor('the call to reach the host', () => held === 1);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.end();
    assert.equal(await exited, 0);
  });
});
