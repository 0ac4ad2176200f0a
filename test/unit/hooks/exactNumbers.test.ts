// Numbers in hook settings go from the server to the editor and back as the server wrote them,
// along the path of a hook settings document (src/editor/hooks/hookDocuments.ts): the client reads the
// settings from a server that answers exactly the text a test gives, the document shows them
// (formatSettings), the user edits another field, the text is checked (checkSettingsText), the
// save logic compares with the server's settings, and the client sends them. JSON.parse would
// round a 64-bit id and make `1e400` Infinity, which JSON.stringify sends as null.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { BitbucketClient, BitbucketError, type RepositoryRef } from '../../../src/api';
import type { HookSettings } from '../../../src/api/types';
import { decideHookSave, hookSettingsBaseOf } from '../../../src/model/hooks/hookSaveLogic';
import { checkSettingsText, formatSettings, type SettingsProblem } from '../../../src/model/hooks/settingsValidator';
import { jsonNumberText } from '../../support/jsonNumberTexts';
import { startScriptedServer, text, type Handler, type ScriptedServer } from '../../support/scriptedServer';
import { testWire } from '../../support/testWire';

const repo: RepositoryRef = { projectKey: 'PROJ', repositorySlug: 'repo1' };
const HOOK = 'com.example:hook';
const answer = (body: string): Handler => text(200, body, 'application/json;charset=UTF-8');
/** Bitbucket answers a PUT of settings with what it stored. */
const echo: Handler = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(req.body);
};

/** The number texts of a JSON text, in order (keys and other strings left out). */
const numbersIn = (json: string): string[] =>
  json.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/-?[0-9][0-9.eE+-]*/g) ?? [];

describe('hook settings: numbers go back as the server wrote them', () => {
  let server: ScriptedServer;
  let client: BitbucketClient;

  beforeEach(async () => {
    server = await startScriptedServer();
    client = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'admin', password: 'admin' }),
      retry: { baseDelayMs: 5 },
    });
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
  });

  /** Opens the settings the server answers as `serverText`, as a document's text. */
  async function open(serverText: string): Promise<{ served: HookSettings | undefined; shown: string }> {
    server.script(answer(serverText));
    const served = await client.getHookSettings(repo, HOOK);
    return { served, shown: formatSettings(served) };
  }

  /** Saves the edited text the way the document does: check, read the server's again, decide, send; answers the body sent. */
  async function save(serverText: string, served: HookSettings | undefined, edited: string): Promise<string> {
    const checked = checkSettingsText(edited, served);
    assert.ok(checked.ok, `refused: ${checked.ok ? '' : checked.problems.map((p) => p.message).join('; ')}`);
    server.script(answer(serverText), echo);
    const current = await client.getHookSettings(repo, HOOK);
    assert.deepEqual(decideHookSave({ base: hookSettingsBaseOf(served), current, edited: checked.settings }), {
      kind: 'write',
    });
    const stored = await client.replaceHookSettings(repo, HOOK, checked.settings);
    const sent = server.seen[server.seen.length - 1];
    assert.equal(sent.method, 'PUT');
    assert.equal(
      formatSettings(stored),
      formatSettings(checked.settings),
      'the answer is read as exactly as the settings were sent',
    );
    return sent.body;
  }

  it('shows 64-bit numbers, 1e400, 1.0, 1E2 and -0 as written, and sends them back unchanged after another field is edited', async () => {
    const serverText =
      '{"exe":"/opt/a.sh","id":9007199254740993,"least":-9223372036854775808,"most":18446744073709551615,"huge":1e400,"one":1.0,"hundred":1E2,"zero":-0}';
    const { served, shown } = await open(serverText);
    assert.equal(
      shown,
      '{\n  "exe": "/opt/a.sh",\n  "id": 9007199254740993,\n  "least": -9223372036854775808,\n  "most": 18446744073709551615,\n  "huge": 1e400,\n  "one": 1.0,\n  "hundred": 1E2,\n  "zero": -0\n}\n',
    );
    const sent = await save(serverText, served, shown.replace('/opt/a.sh', '/opt/b.sh'));
    assert.equal(sent, serverText.replace('/opt/a.sh', '/opt/b.sh'), 'byte for byte, only the edited field changed');
  });

  it('shows numbers inside nested arrays and objects as the server wrote them', async () => {
    const { shown } = await open('{"ids":[9007199254740993,{"n":1.0,"m":[1E2,-0]}],"limits":{"max":1e400}}');
    assert.deepEqual(numbersIn(shown), ['9007199254740993', '1.0', '1E2', '-0', '1e400']);
  });

  it('sees a change of a 64-bit number on the server as a change, though both round to the same JavaScript number', async () => {
    const { served, shown } = await open('{"id":9007199254740993}');
    const edited = checkSettingsText(shown.replace('9007199254740993', '9007199254740995'), served);
    assert.ok(edited.ok);
    server.script(answer('{"id":9007199254740992}'));
    const current = await client.getHookSettings(repo, HOOK);
    assert.deepEqual(decideHookSave({ base: hookSettingsBaseOf(served), current, edited: edited.settings }), {
      kind: 'conflict',
    });
    assert.deepEqual(
      decideHookSave({ base: undefined, current: served, edited: edited.settings }),
      { kind: 'conflict' },
      "nor is the edit the same as the server's",
    );
  });

  it('sends a 64-bit number the user types as typed', async () => {
    const serverText = '{"id":1}';
    const { served, shown } = await open(serverText);
    const sent = await save(serverText, served, shown.replace('1', '-9223372036854775807'));
    assert.equal(sent, '{"id":-9223372036854775807}');
  });

  it('refuses at its field a number the user types that the server would read as another (1e400, 1e-400), instead of sending null or 0', async () => {
    const { served, shown } = await open('{"exe":"/opt/a.sh"}');
    for (const [typed, becomes] of [
      ['1e400', 'Infinity'],
      ['-1e400', '-Infinity'],
      ['1e-400', '0'],
      ['0.1000000000000000055511151231257827', '0.1'],
    ]) {
      const edited = shown.replace('\n}', `,\n  "limit": ${typed}\n}`);
      const checked = checkSettingsText(edited, served);
      assert.equal(checked.ok, false, typed);
      const [problem] = (checked as { problems: SettingsProblem[] }).problems;
      assert.equal(problem.field, 'limit');
      assert.equal(edited.slice(problem.offset, problem.offset + problem.length), typed);
      assert.match(
        problem.message,
        new RegExp(
          `"limit": the number ${typed.replace(/[.+-]/g, '\\$&')} cannot be held exactly; it would become ${becomes.replace(/[.+-]/g, '\\$&')}\\.`,
        ),
      );
    }
    assert.equal(
      checkSettingsText(shown.replace('\n}', ',\n  "limit": 1e400\n}'), { exe: '/opt/a.sh', limit: 'x' }).ok,
      false,
      'text where the number stands on the server is no licence',
    );
  });

  it('refuses settings nested 5,000 levels deep with a message, from the server and from the user, not a stack overflow', async () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    server.script(answer(deep));
    const read = await client.getHookSettings(repo, HOOK).then(
      (settings) => formatSettings(settings),
      (err: unknown) => err,
    );
    assert.ok(read instanceof BitbucketError, `got ${String(read)}`);
    assert.equal(read.kind, 'unexpected-response');
    assert.match(read.message, /nested more than 256 levels deep/);

    for (const typed of [
      deep,
      '['.repeat(5000) + ']'.repeat(5000),
      `{"a":${'['.repeat(5000)}`,
      `{"a":${'{"b":'.repeat(5000)}1${'}'.repeat(5001)}`,
    ]) {
      const checked = checkSettingsText(typed);
      assert.equal(checked.ok, false);
      assert.match(
        (checked as { problems: SettingsProblem[] }).problems[0].message,
        /nested more than 256 levels deep/,
      );
    }
  });

  it('never overflows the stack on deep text the user types, whatever its brackets, quotes and line breaks (property)', () => {
    const chunk = fc.tuple(
      fc.constantFrom('[', '{', ']', '}', '"', '\n', '\\', ',', ':', '1', '{"a":', '"x"'),
      fc.integer({ min: 1, max: 3000 }),
    );
    fc.assert(
      fc.property(fc.array(chunk, { minLength: 1, maxLength: 8 }), (chunks) => {
        const typed = chunks.map(([piece, times]) => piece.repeat(times)).join('');
        const checked = checkSettingsText(typed);
        if (!checked.ok) assert.ok(checked.problems.length > 0);
      }),
      { numRuns: 300 },
    );
  });

  it('sends an unchanged number back as the server wrote it, for any number text (property)', async () => {
    const settings = fc.array(fc.tuple(jsonNumberText, fc.constantFrom('', ' ', '\n  ')), {
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(settings, async (numbers) => {
        const serverText = `{"note":"before"${numbers.map(([n, space], i) => `,${space}"n${i}":${space}${n}`).join('')}}`;
        const { served, shown } = await open(serverText);
        assert.deepEqual(
          numbersIn(shown),
          numbers.map(([n]) => n),
          'shown as written',
        );
        const sent = await save(serverText, served, shown.replace('"before"', '"after"'));
        assert.deepEqual(
          numbersIn(sent),
          numbers.map(([n]) => n),
          'sent as written',
        );
      }),
      { numRuns: 60 },
    );
  });
});
