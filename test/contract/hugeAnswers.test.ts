// A server answering with a snippet of nearly 50 MB (the largest answer the client takes) or a
// page of huge snippets: the client reads it a slice at a time (test/unit/api/slicedJson.test.ts
// counts the turns it gives the event loop) and hands back exactly what the server sent; the search finds what is in it, near the
// end of the largest file too. Memory stays bounded as before: an answer over the size limit is
// still cut off while it streams in (responseLimits.test.ts). How long each slice holds the thread
// is measured by the bench (`npm run bench -- --only search`), not here.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BitbucketClient } from '../../src/api';
import type { Snippet } from '../../src/api/types';
import { SnippetService } from '../../src/model/snippets/service';
import { aSnippet } from '../support/snippets';
import { testWire } from '../support/testWire';

const MB = 1024 * 1024;

function page(values: Snippet[]): Buffer {
  return Buffer.from(JSON.stringify({ size: values.length, limit: 1000, start: 0, isLastPage: true, values }), 'utf8');
}

/** A loopback server that answers every request with `body` (built once, sent as it is). */
async function serving(body: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('huge answers: a 50 MB snippet, a page of huge snippets', function () {
  this.timeout(60_000);
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  const clientOf = (url: string) => {
    const client = new BitbucketClient({
      wire: testWire(),
      baseUrl: url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    closers.push(() => client.dispose());
    return client;
  };

  it('a snippet of nearly 50 MB comes back whole, and the search finds a line near its end', async () => {
    const line = 'const value = "0123456789 \\"quoted\\" é 😀";\n';
    // Just under the limit as the server writes it (escaped, in UTF-8).
    const content = `${line.repeat(Math.floor((49 * MB) / (Buffer.byteLength(JSON.stringify(line)) - 2)))}the KAFKA line\n`;
    const big = aSnippet({ guid: 'big', name: 'big', files: [{ guid: 'f', name: 'big.js', content }] });
    const server = await serving(page([big]));
    closers.push(() => server.close());
    const client = clientOf(server.url);
    const result = await client.getMySnippets({ limit: 1000 });
    assert.equal(result.values[0].files[0].content, content);
    const service = new SnippetService(
      () => client,
      () => 25,
    );
    service.reset({ username: 'alice', userId: 2 });
    const found = await service.search.find('kafka', { lists: ['mine'] });
    assert.deepEqual(
      found.results[0].matches.map((m) => [m.field, m.line, m.text]),
      [['content', content.split('\n').length - 1, 'the KAFKA line']],
    );
    await service.dispose();
  });

  it('a page of ten snippets of 4.5 MB each comes back whole', async () => {
    const snippets = Array.from({ length: 10 }, (_, i) =>
      aSnippet({
        guid: `s${i}`,
        name: `huge ${i}`,
        files: [{ guid: `f${i}`, name: 'a.txt', content: `${i}`.repeat(4.5 * MB) }],
      }),
    );
    const server = await serving(page(snippets));
    closers.push(() => server.close());
    const result = await clientOf(server.url).getMySnippets({ limit: 1000 });
    assert.deepEqual(
      result.values.map((s) => s.files[0].content.length),
      snippets.map(() => 4.5 * MB),
    );
    assert.equal(result.values[9].files[0].content, '9'.repeat(4.5 * MB));
  });
});
