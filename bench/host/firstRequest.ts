// Inside the extension host: VS Code's own first request, with no extension code (Node's http
// module as VS Code patched it, the stack the extension's node wire uses), and the time the
// extension spends loading its code while it does something (its on-demand bundles).
import * as path from 'node:path';

/**
 * One GET through the host's patched `http` / `https` module, the answer read and parsed: what
 * any extension's first request costs, to the same server and URL as the sign-in's.
 */
export function bareRequest(url: string, authorization: string): Promise<number> {
  const started = performance.now();
  // 'http' and 'https' as written, as the extension's node wire asks for them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = (url.startsWith('https:') ? require('https') : require('http')) as typeof import('node:http');
  return new Promise((resolve, reject) => {
    const request = module.get(url, { headers: { authorization, accept: 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode}`);
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve(performance.now() - started);
        } catch (err) {
          reject(err);
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Waits until the host's thread has been free for `quietMs` (no timer late by more than
 * `maxLagMs`), at most `deadlineMs`; resolves to the time waited. Activation leaves work behind
 * in VS Code: creating the extension's log channel ends in VS Code loading its file logger, 14 to
 * 19 ms of the host's thread the first time in a host (seen in the first sign-in's profiles),
 * some milliseconds after activate() returned. A user's first request comes long after that;
 * without the wait, whichever of the two first requests ran into it paid for it.
 */
export async function settled(quietMs = 300, maxLagMs = 4, deadlineMs = 5000): Promise<number> {
  const started = performance.now();
  let quietSince = started;
  while (performance.now() - started < deadlineMs) {
    const before = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = performance.now();
    if (now - before - 10 > maxLagMs) quietSince = now;
    else if (now - quietSince >= quietMs) break;
  }
  return performance.now() - started;
}

interface ModuleLoader {
  _load(request: string, parent: { filename?: string } | undefined, isMain: boolean): unknown;
  _resolveFilename(request: string, parent: unknown, isMain: boolean): string;
}

/**
 * Runs `work` and adds up the time spent in outermost requires of files under `folder` (the
 * extension's dist/): the code it loads on demand. Node caches a module, so only its first load counts.
 */
export async function withCodeLoading<T>(
  folder: string,
  work: () => Promise<T>,
): Promise<{ result: T; codeLoadMs: number; loaded: string[] }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loader = require('node:module') as ModuleLoader;
  const original = loader._load;
  const inside = path.resolve(folder) + path.sep;
  let depth = 0;
  let codeLoadMs = 0;
  const loaded: string[] = [];
  loader._load = function (this: unknown, request, parent, isMain) {
    let file: string | undefined;
    try {
      file = loader._resolveFilename(request, parent, isMain);
    } catch {
      file = undefined;
    }
    const fresh = file !== undefined && file.startsWith(inside) && !(file in require.cache);
    if (depth > 0 || !fresh) return original.call(this, request, parent, isMain);
    depth++;
    const started = performance.now();
    try {
      return original.call(this, request, parent, isMain);
    } finally {
      depth--;
      codeLoadMs += performance.now() - started;
      loaded.push(path.relative(folder, file!));
    }
  };
  try {
    const result = await work();
    return { result, codeLoadMs, loaded };
  } finally {
    loader._load = original;
  }
}

/**
 * Runs `work` under the host's own CPU profiler and writes the profile to `file` (open it in
 * Chrome's DevTools or VS Code): where a first sign-in's time goes in the extension host.
 */
export async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Session } = require('node:inspector') as typeof import('node:inspector');
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('node:fs') as typeof import('node:fs')).writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
