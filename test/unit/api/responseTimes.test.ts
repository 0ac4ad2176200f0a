// Times in server answers: only what a JavaScript `Date` holds gets in. Beyond ±8.64e15 ms every
// date format throws, and one such snippet or comment used to empty its whole level of the tree
// (My Snippets, Browse, search results) without a word. Now the answer is refused with a message
// naming the field and the snippet, the way every other malformed field is.
import * as assert from 'node:assert/strict';
import { BitbucketClient } from '../../../src/api';
import type { Page, Snippet, StarredEntry } from '../../../src/api/types';
import { describeError } from '../../../src/util/describeError';
import { startScriptedServer, text, type ScriptedServer } from '../../support/scriptedServer';
import { failure } from '../../support/failures';
import { testWire } from '../../support/testWire';

/** Times no `Date` holds, as a server could write them in JSON (1e400 is not JSON; 1e308 is). */
const BEYOND: Array<[string, string]> = [
  ['8.64e15 + 1 (just past the range)', '8640000000000001'],
  ['-8.64e15 - 1 (just before it)', '-8640000000000001'],
  ['1e16', '1e16'],
  ['1e308', '1e308'],
  ['1.5 (a fraction)', '1.5'],
];

/** The ends of the range, 1970 itself and a time before it: a `Date` holds them all. */
const HELD = ['8640000000000000', '-8640000000000000', '0', '-1', '1718452800000'];

const comment = (guid: string, createdAt: string, updatedAt = '1718452800000') =>
  `{"guid":"${guid}","text":"looks good","userId":3,"createdAt":${createdAt},"updatedAt":${updatedAt}}`;

const snippet = (
  guid: string,
  name: string,
  times: { createdAt?: string; updatedAt?: string; comments?: string[] } = {},
) =>
  `{"guid":"${guid}","name":"${name}","isVisible":true,"isPublic":false,"userId":2,` +
  `"createdAt":${times.createdAt ?? '1718452800000'},"updatedAt":${times.updatedAt ?? '1718452800000'},` +
  `"files":[{"guid":"f-${guid}","name":"a.sh","content":"echo"}],"categories":[],"comments":[${(times.comments ?? []).join(',')}]}`;

const star = (snippetText: string, starredAt = '1718452800000') =>
  `{"snippet":${snippetText},"userId":2,"starredAt":${starredAt}}`;

const page = (values: string[]) =>
  `{"size":${values.length},"limit":25,"isLastPage":true,"start":0,"values":[${values.join(',')}]}`;

describe('response checks: times a Date can hold', () => {
  let server: ScriptedServer;
  let client: BitbucketClient;

  beforeEach(async () => {
    server = await startScriptedServer();
    client = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'pw' }),
      retry: { baseDelayMs: 1 },
    });
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
  });

  const answer = (body: string) => server.script(text(200, body, 'application/json'));

  /** The lists whose rows show times, each with the time field of its second entry set to `at`. */
  const lists: Array<{
    list: string;
    field: string;
    call: () => Promise<Page<Snippet> | Page<StarredEntry>>;
    body: (at: string) => string;
  }> = [
    {
      list: 'My Snippets',
      field: 'values[1].updatedAt',
      call: () => client.getMySnippets(),
      body: (at) => page([snippet('g1', 'first'), snippet('g2', 'deploy.sh', { updatedAt: at })]),
    },
    {
      list: 'Browse (what search reads)',
      field: 'values[1].createdAt',
      call: () => client.browseSnippets(),
      body: (at) => page([snippet('g1', 'first'), snippet('g2', 'deploy.sh', { createdAt: at })]),
    },
    {
      list: 'Starred',
      field: 'values[1].starredAt',
      call: () => client.getStarredSnippets(),
      body: (at) => page([star(snippet('g1', 'first')), star(snippet('g2', 'deploy.sh'), at)]),
    },
    {
      list: 'a starred snippet',
      field: 'values[1].snippet.updatedAt',
      call: () => client.getStarredSnippets(),
      body: (at) => page([star(snippet('g1', 'first')), star(snippet('g2', 'deploy.sh', { updatedAt: at }))]),
    },
    {
      list: "a snippet's comments",
      field: 'values[1].comments[1].createdAt',
      call: () => client.getMySnippets(),
      body: (at) =>
        page([
          snippet('g1', 'first'),
          snippet('g2', 'deploy.sh', { comments: [comment('c1', '1'), comment('c2', at)] }),
        ]),
    },
  ];

  for (const { list, field, call, body } of lists) {
    for (const [what, at] of BEYOND) {
      it(`${list}: a time of ${what} refuses the page, naming ${field} and the snippet; the ends of the range pass`, async () => {
        for (const held of HELD) {
          answer(body(held));
          assert.equal((await call()).values.length, 2, `${held} is a time a Date holds`);
        }
        answer(body(at));
        const err = await failure(call());
        assert.equal(err.kind, 'unexpected-response');
        const named = `field ${field} of snippet "deploy.sh" (guid "g2") should be a time in whole milliseconds that a date can hold`;
        assert.ok(err.message.includes(named), err.message);
        // What the list's error row says: what failed, which field of which snippet.
        assert.ok(describeError(err, { action: 'load My Snippets' }).includes(named));
      });
    }
  }

  it('a comment answered alone (after an edit) with a time no Date holds is refused, naming the field', async () => {
    answer(comment('c1', '1718452800000', '1e16'));
    const err = await failure(client.getComment('g1', 'c1'));
    assert.equal(err.kind, 'unexpected-response');
    assert.match(err.message, /field updatedAt should be a time in whole milliseconds that a date can hold/);
  });

  it('names a snippet by its guid when it has no name, and keeps a long or odd name short and quoted', async () => {
    const long = `${'x'.repeat(200)}"](command:evil)`;
    answer(page([`{"guid":"g9","isVisible":true,"isPublic":false,"userId":2,"createdAt":1,"updatedAt":1,"files":[]}`]));
    assert.match(
      (await failure(client.getMySnippets())).message,
      /field values\[0\]\.name of snippet with guid "g9" should be a string/,
    );
    answer(page([snippet('g3', long.replace(/"/g, '\\"'), { updatedAt: '1e16' })]));
    const message = (await failure(client.getMySnippets())).message;
    assert.match(message, /of snippet "x{79}…" \(guid "g3"\)/);
    assert.ok(!message.includes('command:evil'));
  });
});
