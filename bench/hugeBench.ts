// A server answering with a snippet of nearly 50 MB (the largest answer the client takes) and with
// a page of ten snippets of 4.5 MB: the longest hold of the thread while the client reads the
// answer and the search matches it, as in the extension host. The server is in this process but
// only hands a prepared buffer to the socket, so its share of the thread is a moment.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BitbucketClient } from '../src/api/client';
import type { Snippet } from '../src/api/types';
import { SnippetService } from '../src/model/snippets/service';
import { holdFigure, idleHold, longestHold, type Hold } from './holds';
import type { Figure } from './lib';

const MB = 1024 * 1024;

function snippet(guid: string, content: string): Snippet {
  return {
    guid,
    name: guid,
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: 1,
    updatedAt: 1,
    files: [{ guid: `${guid}-f`, name: 'big.js', content }],
    comments: [],
  };
}

/** The longest hold while a fresh service searches My Snippets, answered with `values` as one page. */
async function searchHold(values: Snippet[]): Promise<Hold> {
  const body = Buffer.from(
    JSON.stringify({ size: values.length, limit: 1000, start: 0, isLastPage: true, values }),
    'utf8',
  );
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new BitbucketClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
  });
  try {
    await client.getMySnippets({ limit: 1 }).catch(() => undefined);
    const service = new SnippetService(
      () => client,
      () => 25,
    );
    service.reset({ username: 'alice', userId: 2 });
    const hold = await longestHold(() => service.search.find('kafka', { lists: ['mine'] }));
    await service.dispose();
    return hold;
  } finally {
    await client.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function hugeAnswerFigures(section: string): Promise<Figure[]> {
  const line = 'const value = "0123456789 \\"quoted\\"";\n';
  const lines = Math.floor((49 * MB) / (JSON.stringify(line).length - 2));
  const idle = await idleHold();
  const one = await searchHold([snippet('huge', `${line.repeat(lines)}the kafka line\n`)]);
  const ten = await searchHold(
    Array.from({ length: 10 }, (_, i) => snippet(`large-${i}`, `${line.repeat(Math.floor(lines / 11))}kafka\n`)),
  );
  const how =
    'a fresh service searches My Snippets on a server in this process that answers with one page: the client reads the answer (50 MB at most), parses it (from 8 MB on a slice at a time, src/api/slicedJson.ts) and checks it, and the search matches it (a file of megabytes a window of lines at a time, largeMatch.ts)';
  return [
    holdFigure(section, 'a server answering with a snippet of 49 MB', one, idle, how),
    holdFigure(section, 'a server answering with a page of ten snippets of 4.5 MB', ten, idle, how),
  ];
}
