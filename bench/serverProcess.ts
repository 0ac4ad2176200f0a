// The local Bitbucket server in its own process, so the server's work does not share the event
// loop (and core) with the client being measured. With `--scale` it starts with an account of
// 10,000 snippets (`--count N` for another number), one snippet with 200 files and one with a
// 5 MB file (made in memory, never saved to a file; `--no-specials` leaves those two out). Prints `ready <json>` with its URL and the guids of the special snippets.
import { randomUUID } from 'node:crypto';
import type { Snippet } from '../src/api/types';
import { startServer } from '../test/server/server';

function snippet(name: string, userId: number, files: Array<{ name: string; content: string }>, at: number): Snippet {
  return {
    guid: randomUUID(),
    name,
    description: `${name}, made for the benchmark`,
    categories: [],
    isVisible: true,
    isPublic: false,
    userId,
    createdAt: at,
    updatedAt: at,
    files: files.map((f) => ({ guid: randomUUID(), ...f })),
    comments: [],
  };
}

async function main(): Promise<void> {
  const scale = process.argv.includes('--scale');
  const countAt = process.argv.indexOf('--count');
  const count = countAt > 0 ? Number(process.argv[countAt + 1]) : 10_000;
  const specials = !process.argv.includes('--no-specials');
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const info: Record<string, string> = { url: server.url };
  if (scale) {
    const data = server.state.data;
    const category = { guid: randomUUID(), name: 'bench' };
    data.categories.push(category);
    const base = Date.now() - 20_000_000;
    const words = ['retry', 'parser', 'deploy', 'query', 'helper', 'config', 'script', 'docker', 'kafka', 'nginx'];
    for (let i = 0; i < count; i++) {
      const s = snippet(
        `${words[i % 10]} ${words[(i * 7) % 10]} snippet ${i}`,
        2,
        [
          { name: `file${i}.sh`, content: `#!/bin/sh\n# snippet ${i}\n${'echo "line"\n'.repeat(20)}` },
          { name: 'README.md', content: `# Snippet ${i}\n\nWhat it does, in a few words.\n` },
        ],
        base + i * 1000,
      );
      if (i % 10 === 0) s.categories = [category];
      data.snippets.push(s);
    }
    const many = snippet(
      'two hundred files',
      2,
      Array.from({ length: 200 }, (_, i) => ({
        name: `part-${i}.ts`,
        content: `export const part${i} = ${i};\n`.repeat(10),
      })),
      base - 1000,
    );
    const line = 'const value = "0123456789abcdefghijklmnopqrstuvwxyz";\n';
    const big = snippet(
      'five megabytes',
      2,
      [{ name: 'big.js', content: line.repeat(Math.ceil((5 * 1024 * 1024) / line.length)) }],
      base - 2000,
    );
    if (specials) {
      data.snippets.push(many, big);
      info.manyFiles = many.guid;
      info.bigFile = big.guid;
    }
    info.category = category.guid;
  }
  console.log(`ready ${JSON.stringify(info)}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Ends with its parent.
  process.on('disconnect', stop);
  // The CPU time this process has used so far (user + system, ms), for the bench's floor of a search.
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMs: (user + system) / 1000 });
    }
  });
}

void main();
