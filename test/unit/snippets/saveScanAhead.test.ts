// A save's secret scan starts with its fresh GET, on the body the store's copy makes, and the
// save's check takes that result only when it checks exactly what is sent, against exactly the
// server's text it replaces; otherwise it scans again as it always did. The API and the scan are
// fakes the test steps through (no timing): the GET answers when the test says so, and the scan
// records what it was asked and finds each "ghp_…" token that is not in the text it replaces.
import * as assert from 'node:assert/strict';
import type { BitbucketClient } from '../../../src/api/client';
import type { Snippet, UpdateSnippetRequest } from '../../../src/api/types';
import { withFileContent } from '../../../src/model/snippets/edits';
import { expectedSave } from '../../../src/model/snippets/files/saveLogic';
import { SendDeclinedError, type Outgoing, type OutgoingCheck } from '../../../src/model/snippets/outgoing';
import { SnippetService } from '../../../src/model/snippets/service';
import { ScansAhead, type ScanInputs } from '../../../src/model/secretScan/gate/scansAhead';
import type { ScanResult } from '../../../src/model/secretScan/types';

const GUID = 'g1';

function snippetOf(updatedAt: number, files: Record<string, string>): Snippet {
  return {
    guid: GUID,
    name: 'S',
    description: '',
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: 1,
    updatedAt,
    files: Object.entries(files).map(([name, content]) => ({ guid: `f-${name}`, name, content })),
    comments: [],
  };
}

/** A promise the test resolves. */
function gate<T>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Finds each ghp_ token of a text that its previous text does not hold, as the real scan's `previous` does. */
function fakeFindings(inputs: ScanInputs): ScanResult {
  const findings = inputs.texts.flatMap((t, textIndex) =>
    [...t.text.matchAll(/ghp_\w+/g)]
      .filter((m) => !(t.previous ?? '').includes(m[0]))
      .map((m) => ({
        ruleId: 'github-token',
        ruleName: 'GitHub token',
        label: t.label,
        textIndex,
        line: 1,
        column: (m.index ?? 0) + 1,
        masked: 'gh…xx',
        confidence: 'known' as const,
      })),
  );
  return { findings, notScanned: [] };
}

interface Call {
  texts: Array<[string, string | undefined]>;
  signal?: AbortSignal;
}

function rig(cached: Snippet) {
  const requests: string[] = [];
  const puts: UpdateSnippetRequest[] = [];
  let fresh = gate<Snippet>();
  const calls: Call[] = [];
  let failScans = 0;
  const scans = new ScansAhead((inputs, signal) => {
    calls.push({ texts: inputs.texts.map((t) => [t.text, t.previous]), ...(signal ? { signal } : {}) });
    if (failScans > 0) {
      failScans--;
      return Promise.reject(new Error('the worker ended'));
    }
    return Promise.resolve(fakeFindings(inputs));
  });
  const prompts: Outgoing[] = [];
  const inputsOf = (outgoing: Outgoing): ScanInputs => ({
    texts: outgoing.texts,
    serverRules: [],
    allowlist: [],
    ignoredRuleIds: [],
  });
  // As the secret gate composes it: a scan ahead, and the check, which shows its findings and is declined.
  const check: OutgoingCheck = Object.assign(
    async (outgoing: Outgoing) => {
      const result = await scans.scan(inputsOf(outgoing));
      if (result.findings.length === 0) return;
      prompts.push(outgoing);
      throw new SendDeclinedError(false);
    },
    { ahead: (outgoing: Outgoing) => scans.start(inputsOf(outgoing)) },
  );
  const api = {
    getSnippet: async () => {
      requests.push('GET');
      return fresh.promise;
    },
    updateSnippet: async (_guid: string, body: UpdateSnippetRequest) => {
      requests.push('PUT');
      puts.push(body);
      return { ...snippetOf(99, Object.fromEntries(body.files.map((f) => [f.name, f.content]))) };
    },
  } as unknown as BitbucketClient;
  const service = new SnippetService(
    () => api,
    () => 25,
    { checkOutgoing: check },
  );
  service.reset({ username: 'alice', userId: 2 });
  service.store.put(cached);
  return {
    service,
    requests,
    puts,
    calls,
    prompts,
    scans,
    answer: (snippet: Snippet) => fresh.open(snippet),
    failNextScans: (n: number) => (failScans = n),
    nextGet: () => (fresh = gate<Snippet>()),
  };
}

/** A save of a.txt as the file provider makes it: the real build on the fresh copy, the expected one on the store's. */
const save = (r: ReturnType<typeof rig>, text: string) =>
  r.service.writes.update(GUID, (fresh) => withFileContent(fresh, 'a.txt', text), {
    expected: expectedSave('a.txt', text),
  });

describe("a save's secret scan starts with its GET, and is used only for exactly what is sent", () => {
  it('the scan starts before the GET answers; an unchanged snippet is scanned once, with one GET and one PUT', async () => {
    const base = snippetOf(10, { 'a.txt': 'one', 'b.txt': 'two' });
    const r = rig(base);
    const saved = save(r, 'one\nmore');
    await tick();
    assert.deepEqual(r.requests, ['GET']);
    assert.deepEqual(
      r.calls.map((c) => c.texts),
      [[['one\nmore', 'one']]],
      'the scan runs while the GET is still waiting',
    );
    r.answer(snippetOf(10, { 'a.txt': 'one', 'b.txt': 'two' }));
    await saved;
    assert.equal(r.calls.length, 1, 'the check took the scan that was started ahead');
    assert.deepEqual(r.requests, ['GET', 'PUT']);
    assert.equal(r.puts[0].files.find((f) => f.name === 'a.txt')?.content, 'one\nmore');
    assert.equal(r.scans.size, 0, 'nothing of the save is kept');
  });

  it("a server version that changed since the store's copy is scanned again, against the fresh text", async () => {
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    const saved = save(r, 'mine');
    await tick();
    r.answer(snippetOf(11, { 'a.txt': 'theirs' }));
    await saved;
    assert.deepEqual(
      r.calls.map((c) => c.texts),
      [[['mine', 'one']], [['mine', 'theirs']]],
    );
    assert.equal(r.calls[0].signal?.aborted, true, 'the scan ahead that was not used is stopped');
    assert.deepEqual(r.requests, ['GET', 'PUT']);
    assert.equal(r.scans.size, 0);
  });

  it('a secret the server had in the cached copy but no longer has is found, as without the scan ahead', async () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    // The store's copy holds the token, so the scan ahead (against it) finds nothing…
    const r = rig(snippetOf(10, { 'a.txt': `key=${token}` }));
    const saved = save(r, `key=${token}\nmore`);
    await tick();
    // …but the server took it out meanwhile: sending it now is new, and the check must say so.
    r.answer(snippetOf(11, { 'a.txt': 'key=<removed>' }));
    await assert.rejects(saved, SendDeclinedError);
    assert.equal(r.calls.length, 2);
    assert.equal(r.prompts.length, 1, 'the findings are shown once, for the real check');
    assert.deepEqual(r.requests, ['GET'], 'declined, nothing is sent');
  });

  it('a secret put on the server meanwhile, which the save keeps, is not reported: the fresh text is what it replaces', async () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    const saved = save(r, `key=${token}`);
    await tick();
    r.answer(snippetOf(11, { 'a.txt': `token ${token}` }));
    await saved;
    assert.deepEqual(
      r.calls.map((c) => c.texts[0][1]),
      ['one', `token ${token}`],
    );
    assert.equal(r.prompts.length, 0);
    assert.deepEqual(r.requests, ['GET', 'PUT']);
  });

  it('a secret in an unchanged snippet is shown once, from the scan ahead, and nothing is sent', async () => {
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    const saved = save(r, 'one ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    await tick();
    r.answer(snippetOf(10, { 'a.txt': 'one' }));
    await assert.rejects(saved, SendDeclinedError);
    assert.equal(r.calls.length, 1);
    assert.equal(r.prompts.length, 1);
    assert.deepEqual(r.requests, ['GET']);
  });

  it('a scan ahead that failed is not an answer: the check scans again', async () => {
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    r.failNextScans(1);
    const saved = save(r, 'two');
    await tick();
    r.answer(snippetOf(10, { 'a.txt': 'one' }));
    await saved;
    assert.equal(r.calls.length, 2);
    assert.deepEqual(r.requests, ['GET', 'PUT']);
  });

  it('a save that ends before its check (refused by its build, or the GET failing) stops its scan ahead', async () => {
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    const refused = r.service.writes.update(
      GUID,
      () => {
        throw new Error('changed on the server');
      },
      { expected: expectedSave('a.txt', 'two') },
    );
    await tick();
    r.answer(snippetOf(11, { 'a.txt': 'other' }));
    await assert.rejects(refused, /changed on the server/);
    assert.equal(r.calls.length, 1);
    assert.equal(r.calls[0].signal?.aborted, true);
    assert.equal(r.scans.size, 0);
  });

  it("a build with side effects is never run on the store's copy: without `expected` the scan waits for the GET", async () => {
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    const seen: Snippet[] = [];
    const saved = r.service.writes.update(GUID, (fresh) => {
      seen.push(fresh);
      return withFileContent(fresh, 'a.txt', 'two');
    });
    await tick();
    assert.deepEqual(r.calls, []);
    r.answer(snippetOf(10, { 'a.txt': 'one' }));
    await saved;
    assert.equal(seen.length, 1);
    assert.equal(r.calls.length, 1);
    assert.deepEqual(r.requests, ['GET', 'PUT']);
  });

  it('the edits of the snippet core (details, add, rename, files, a category) start their scan with the GET', async () => {
    const r = rig(snippetOf(10, { 'a.txt': 'one' }));
    const writes = r.service.writes;
    const steps: Array<() => Promise<unknown>> = [
      () => writes.editDetails(GUID, { name: 'S2', description: 'd', categories: [] }),
      () => writes.addFile(GUID, 'c.txt', 'three'),
      () => writes.renameFile(GUID, 'a.txt', 'z.txt'),
      () => writes.addFiles(GUID, [{ name: 'd.txt', content: 'four' }]),
      () => writes.addCategory(GUID, 'ops'),
    ];
    for (const step of steps) {
      r.service.store.put(snippetOf(10, { 'a.txt': 'one' }));
      r.calls.length = 0;
      const done = step();
      await tick();
      assert.equal(r.calls.length, 1, 'scanning while the GET waits');
      r.answer(snippetOf(10, { 'a.txt': 'one' }));
      await done;
      assert.equal(r.calls.length, 1);
      r.nextGet();
    }
  });
});
