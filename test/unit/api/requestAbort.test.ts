// The per-request abort of the transport: no AbortController (nor AbortSignal.any) per request,
// which cost more than the rest of the pipeline above the wire, and still every way a request
// ends early: the caller's signal, before and during the answer, and the deadline.
import * as assert from 'node:assert/strict';
import { BitbucketClient, type ClientOptions } from '../../../src/api';
import { RequestAbort } from '../../../src/api/wire/requestAbort';
import { hang, json, startScriptedServer, type ScriptedServer } from '../../support/scriptedServer';
import { failure } from '../../support/failures';
import { testWire } from '../../support/testWire';

const emptyPage = { size: 0, limit: 25, isLastPage: true, values: [], start: 0 };

/** Counts the AbortControllers made and the AbortSignal.any calls while `work` runs. */
async function countingAborts(work: () => Promise<unknown>): Promise<{ controllers: number; joins: number }> {
  const counts = { controllers: 0, joins: 0 };
  const OriginalController = globalThis.AbortController;
  const originalAny = AbortSignal.any;
  globalThis.AbortController = class extends OriginalController {
    constructor() {
      super();
      counts.controllers++;
    }
  };
  AbortSignal.any = (signals) => {
    counts.joins++;
    return originalAny.call(AbortSignal, signals);
  };
  try {
    await work();
  } finally {
    globalThis.AbortController = OriginalController;
    AbortSignal.any = originalAny;
  }
  return counts;
}

describe('the per-request abort', () => {
  let server: ScriptedServer;
  let client: BitbucketClient;
  const make = (extra: Partial<ClientOptions> = {}) =>
    new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
      ...extra,
    });

  beforeEach(async () => {
    server = await startScriptedServer();
    client = make();
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
  });

  it('makes no AbortController and no AbortSignal.any per request, with or without a caller signal', async () => {
    // The first request makes the wire (and loads undici); the counted ones are the steady state.
    server.script(json(200, emptyPage));
    await client.getMySnippets();
    const caller = new AbortController();
    server.script(...Array.from({ length: 20 }, () => json(200, emptyPage)));
    const counts = await countingAborts(async () => {
      for (let i = 0; i < 10; i++) await client.getMySnippets();
      for (let i = 0; i < 10; i++) await client.getMySnippets({}, { signal: caller.signal });
    });
    assert.deepEqual(counts, { controllers: 0, joins: 0 });
  });

  it('a caller signal aborted before the request cancels it', async () => {
    server.script(hang(5_000));
    const err = await failure(client.getMySnippets({}, { signal: AbortSignal.abort() }));
    assert.equal(err.kind, 'cancelled');
  });

  it('a caller signal aborted while the server is silent cancels it, and later requests still work', async () => {
    server.script(hang(5_000), json(200, emptyPage));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await failure(client.getMySnippets({}, { signal: controller.signal }));
    assert.equal(err.kind, 'cancelled');
    assert.deepEqual((await client.getMySnippets()).values, []);
  });

  it('the deadline ends a request the server never answers, as a timeout', async () => {
    client = make({ timeouts: { headersMs: 5_000, bodyMs: 5_000, totalMs: 300 } });
    server.script(hang(5_000));
    const started = Date.now();
    const err = await failure(client.getMySnippets());
    assert.equal(err.kind, 'timeout');
    assert.ok(Date.now() - started < 3_000);
  });

  it('RequestAbort follows a signal once, keeps its reason, and stops listening when told', () => {
    const abort = new RequestAbort();
    let heard = 0;
    abort.on('abort', () => heard++);
    const controller = new AbortController();
    const unfollow = abort.follow(controller.signal);
    controller.abort('why');
    abort.abort('again');
    assert.equal(abort.aborted, true);
    assert.equal(abort.reason, 'why');
    assert.equal(heard, 1);
    unfollow();

    const other = new RequestAbort();
    const later = new AbortController();
    other.follow(later.signal)();
    later.abort();
    assert.equal(other.aborted, false);
  });
});
