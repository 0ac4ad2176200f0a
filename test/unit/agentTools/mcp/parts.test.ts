// The MCP server's plain parts: confirmation codes, resource URIs, prompt names and arguments,
// the edit's exact find, and the private channel's keys and deadlines.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import {
  ChannelClient,
  ChannelHost,
  ChannelLimits,
  ChannelUnavailableError,
} from '../../../../src/model/agentTools/mcp/channel';
import { CODE_LIFETIME_MS, ConfirmationCodes } from '../../../../src/model/agentTools/mcp/confirmationCodes';
import { editDigest, replaceOnce } from '../../../../src/model/agentTools/mcp/fileEdit';
import { promptArguments, promptBody, promptName } from '../../../../src/model/agentTools/mcp/prompts';
import { mimeTypeOf, parseResourceUri, resourceUri } from '../../../../src/model/agentTools/mcp/resourceUris';

describe('MCP confirmation codes', () => {
  it('a code is good once, for the digest it was issued for, within its lifetime', () => {
    let now = 0;
    const codes = new ConfirmationCodes(() => now);
    const a = codes.issue('digest-a');
    const b = codes.issue('digest-a');
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9_-]{16}$/);
    assert.equal(codes.take(a, 'digest-a'), 'valid');
    assert.equal(codes.take(a, 'digest-a'), 'used');
    assert.equal(codes.take(b, 'digest-b'), 'other-content');
    assert.equal(codes.take(b, 'digest-a'), 'used', 'a code tried with other content cannot be tried again');
    assert.equal(codes.take('never-issued', 'digest-a'), 'unknown');
    const c = codes.issue('digest-c');
    now = CODE_LIFETIME_MS + 1;
    assert.equal(codes.take(c, 'digest-c'), 'expired');
  });

  it('keeps a bounded number of codes, the oldest going first', () => {
    const codes = new ConfirmationCodes();
    const first = codes.issue('d');
    for (let i = 0; i < 40; i++) codes.issue('d');
    assert.equal(codes.take(first, 'd'), 'unknown');
  });
});

describe('MCP resource URIs', () => {
  it('read back to the account, snippet and file they name, whatever those hold', () => {
    const file = {
      accountId: 'https://bb.example.com:8443/ctx#ali ce',
      snippetGuid: 'abc/../def',
      fileName: 'a b#?%/.\u202e(x)',
    };
    const uri = resourceUri(file);
    assert.match(uri, /^bitbucket-snippets:\/\/[A-Za-z0-9%._~-]+\/[A-Za-z0-9%._~-]+\/[A-Za-z0-9%._~-]+$/);
    assert.deepEqual(parseResourceUri(uri), file);
  });

  it('refuse what is not one of them', () => {
    for (const bad of [
      'file:///etc/passwd',
      'bitbucket-snippets://a/b',
      'bitbucket-snippets://a/b/c/d',
      'bitbucket-snippets://a//c',
      'bitbucket-snippets://a/b/%E0%A4%A',
    ]) {
      assert.equal(parseResourceUri(bad), undefined, bad);
    }
  });

  it('give a MIME type by language, text/plain when none is known', () => {
    assert.equal(mimeTypeOf('python'), 'text/x-python');
    assert.equal(mimeTypeOf('shellscript'), 'application/x-sh');
    assert.equal(mimeTypeOf(undefined), 'text/plain');
    assert.equal(mimeTypeOf('__proto__'), 'text/plain');
  });
});

describe('MCP prompts from snippets', () => {
  it('are named by safe, unique identifiers', () => {
    const taken = new Set<string>();
    assert.equal(promptName('Review: Go code!', taken), 'review-go-code');
    assert.equal(promptName('review go code', taken), 'review-go-code-2');
    assert.equal(promptName('</system>\u202e\n\u0000', taken), 'system');
    assert.equal(promptName('日本語', taken), 'prompt');
    assert.equal(promptName('Crème brûlée', taken), 'creme-brulee');
    assert.equal(promptName('x'.repeat(500), taken).length, 48);
  });

  it('take an argument for each tab stop, and put values in as text', () => {
    const source =
      'Explain ${1:topic} to a ${2|beginner,expert|} in \\${3:not a stop} ${1} with ${4:nested ${5:inner}} $9 $0';
    const args = promptArguments(source);
    assert.deepEqual(
      args.map((a) => [a.name, a.index]),
      [
        ['topic', 1],
        ['beginner_expert', 2],
        ['nested_inner', 4],
        ['arg9', 9],
      ].map(([n, i]) => (n === 'beginner_expert' ? ['arg2', i] : [n, i])),
    );
    assert.match(args[1].description, /beginner, expert/);
    assert.equal(
      promptBody(source, args, { topic: 'closures $1 ${2:x}', arg2: 'expert' }),
      'Explain closures $1 ${2:x} to a expert in ${3:not a stop} closures $1 ${2:x} with nested inner  ',
    );
    assert.equal(
      promptBody(source, args, {}),
      'Explain topic to a beginner in ${3:not a stop} topic with nested inner  ',
    );
  });
});

describe('MCP edit: exact find and replace', () => {
  it('replaces a text that occurs once, and refuses none or several', () => {
    assert.deepEqual(replaceOnce('a = 1\nb = 2\n', 'b = 2', 'b = 3'), { ok: true, text: 'a = 1\nb = 3\n' });
    assert.deepEqual(replaceOnce('x x', 'x', 'y'), { ok: false, occurrences: 2 });
    assert.deepEqual(replaceOnce('aaa', 'aa', 'b'), { ok: false, occurrences: 2 }, 'overlapping matches count');
    assert.deepEqual(replaceOnce('abc', 'd', 'e'), { ok: false, occurrences: 0 });
    assert.deepEqual(replaceOnce('abc', '', 'e'), { ok: false, occurrences: 0 });
    assert.deepEqual(replaceOnce('$&', '$&', '$1'), { ok: true, text: '$1' }, 'no replacement patterns');
  });

  it('binds its digest to the text it was made from', () => {
    const d = editDigest('acc', 'g', 'f', 'base', 'new');
    assert.notEqual(editDigest('acc', 'g', 'f', 'base2', 'new'), d);
    assert.notEqual(editDigest('acc', 'g', 'f2', 'base', 'new'), d);
    assert.equal(editDigest('acc', 'g', 'f', 'base', 'new'), d);
  });
});

describe('MCP private channel', function () {
  this.timeout(20_000);
  let host: ChannelHost;
  let now = 0;
  beforeEach(async () => {
    now = 0;
    host = await ChannelHost.start(
      async (method, params, signal) => {
        if (method === 'echo') return params;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        throw new Error('the host gave up at its deadline');
      },
      (method) => (method === 'slow' ? 200 : 1000),
      () => now,
    );
  });
  afterEach(() => host.close());

  it('lives in a folder only this user can enter', function () {
    if (process.platform === 'win32') this.skip();
    const folder = host.address.slice(0, host.address.lastIndexOf('/'));
    assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
    host.close();
    assert.equal(fs.existsSync(folder), false, 'closing removes it');
  });

  it('hears a connection only with an issued key, each key once, none after it expired', async () => {
    const key = host.issueKey();
    const client = await ChannelClient.connect(host.address, key, 5000, 'gone');
    assert.deepEqual(await client.call('echo', { a: 1 }, 5000, 'late'), { a: 1 });
    await assert.rejects(ChannelClient.connect(host.address, key, 5000, 'gone'), ChannelUnavailableError);
    await assert.rejects(ChannelClient.connect(host.address, 'f'.repeat(64), 5000, 'gone'), ChannelUnavailableError);
    const stale = host.issueKey();
    now += ChannelLimits.keyLifetimeMs + 1;
    await assert.rejects(ChannelClient.connect(host.address, stale, 5000, 'gone'), ChannelUnavailableError);
    client.close();
  });

  it('ends a call at its deadline on either side, and every call at once when the channel closes', async () => {
    const client = await ChannelClient.connect(host.address, host.issueKey(), 5000, 'the host is gone');
    await assert.rejects(client.call('slow', {}, 5000, 'late'), /gave up at its deadline/);
    await assert.rejects(client.call('hang', {}, 100, 'no answer in time'), /no answer in time/);
    const pending = client.call('hang', {}, 10_000, 'late');
    host.close();
    await assert.rejects(pending, /the host is gone/);
    await assert.rejects(client.call('echo', {}, 1000, 'late'), /the host is gone/);
  });

  it('closes a connection as soon as a line passes the bound, before its end', async () => {
    const socket = net.createConnection(host.address);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    const started = Date.now();
    socket.write('x'.repeat(ChannelLimits.lineBytes + 10));
    await closed;
    assert.ok(Date.now() - started < ChannelLimits.helloMs, 'closed for the size, not for the missing key');
  });
});
