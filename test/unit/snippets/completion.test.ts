// The completion index: which loaded snippet files are offered in which editor, and when their
// text is VS Code snippet syntax.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import {
  CompletionIndex,
  languageLookup,
  shownCompletion,
  usesSnippetSyntax,
  type CompletionSettings,
} from '../../../src/model/snippets/completion/completion';

let n = 0;
const snippet = (name: string, files: string[], categories: string[] = []): Snippet => ({
  guid: `g${++n}`,
  name,
  description: '',
  categories: categories.map((c) => ({ guid: c, name: c })),
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: 0,
  updatedAt: 0,
  files: files.map((f) => ({ guid: `${f}-${n}`, name: f, content: `content of ${f}` })),
  comments: [],
});

const languageOf = languageLookup([
  { id: 'typescript', extensions: ['.ts', '.mts'] },
  { id: 'typescript-declaration', extensions: ['.d.ts'] },
  { id: 'shellscript', extensions: ['.sh', '.bashrc'] },
  { id: 'dockerfile', filenames: ['Dockerfile'] },
]);

const settings = (over: Partial<CompletionSettings> = {}): CompletionSettings => ({
  enabled: true,
  lists: ['mine', 'starred'],
  categories: [],
  snippetSyntaxCategory: 'vscode-snippet',
  ...over,
});

describe('completion: languages of file names', () => {
  it('by extension (longest first, any case), by whole name, or unknown', () => {
    assert.equal(languageOf('retry.TS'), 'typescript');
    assert.equal(languageOf('types.d.ts'), 'typescript-declaration');
    assert.equal(languageOf('dockerfile'), 'dockerfile');
    assert.equal(languageOf('.bashrc'), 'shellscript');
    assert.equal(languageOf('README'), undefined);
    assert.equal(languageOf('notes.unknownext'), undefined);
  });
});

describe('completion: the index', () => {
  const ts = snippet('retry', ['retry.ts', 'retry.sh']);
  const plain = snippet('notes', ['NOTES']);
  const starredTwice = snippet('shared', ['shared.ts']);
  const browsed = snippet('someone else', ['other.ts']);
  const lists = { mine: [ts, plain, starredTwice], starred: [starredTwice], browse: [browsed] };

  it('offers files in editors of their language, and files of no known language everywhere', () => {
    const index = new CompletionIndex(languageOf);
    index.rebuild(lists, settings());
    assert.deepEqual(
      index.entriesFor('typescript').map((e) => e.fileName),
      ['retry.ts', 'shared.ts', 'NOTES'],
    );
    assert.deepEqual(
      index.entriesFor('shellscript').map((e) => e.fileName),
      ['retry.sh', 'NOTES'],
    );
    assert.deepEqual(
      index.entriesFor('python').map((e) => e.fileName),
      ['NOTES'],
    );
  });

  it('takes a snippet in two lists once, and only the lists asked for', () => {
    const index = new CompletionIndex(languageOf);
    index.rebuild(lists, settings({ lists: ['starred', 'browse'] }));
    assert.deepEqual(
      index.entriesFor('typescript').map((e) => e.snippetName),
      ['shared', 'someone else'],
    );
    assert.equal(index.size, 2);
  });

  it('limited to categories (case ignored), and off when disabled', () => {
    const tagged = snippet('tagged', ['t.ts'], ['Tools']);
    const index = new CompletionIndex(languageOf);
    index.rebuild({ mine: [ts, tagged], starred: [], browse: [] }, settings({ categories: ['tools'] }));
    assert.deepEqual(
      index.entriesFor('typescript').map((e) => e.snippetName),
      ['tagged'],
    );
    index.rebuild({ mine: [ts, tagged], starred: [], browse: [] }, settings({ enabled: false }));
    assert.equal(index.size, 0);
    assert.deepEqual(index.entriesFor('typescript'), []);
  });

  it('plain text unless the snippet is in the marker category', () => {
    const marked = snippet('with tab stops', ['loop.ts'], ['VSCode-Snippet']);
    const index = new CompletionIndex(languageOf);
    index.rebuild({ mine: [ts, marked], starred: [], browse: [] }, settings());
    assert.deepEqual(
      index.entriesFor('typescript').map((e) => [e.snippetName, e.snippetSyntax]),
      [
        ['retry', false],
        ['with tab stops', true],
      ],
    );
    assert.equal(usesSnippetSyntax(marked, ''), false, 'an empty marker marks nothing');
  });

  it('a rebuild replaces what was offered before', () => {
    const index = new CompletionIndex(languageOf);
    index.rebuild(lists, settings());
    assert.equal(index.entriesFor('typescript').length, 3);
    index.rebuild({ mine: [plain], starred: [], browse: [] }, settings());
    assert.deepEqual(
      index.entriesFor('typescript').map((e) => e.fileName),
      ['NOTES'],
    );
  });

  it("several accounts: each account's snippets, even with the same guid, labelled with their account", () => {
    const index = new CompletionIndex(languageOf);
    const production = snippet('deploy', ['deploy.sh']);
    // A staging server copied from production holds a snippet with the same guid.
    const staging = { ...production, name: 'deploy (staging)' };
    index.rebuildFrom(
      [
        { account: 'alice @ prod', lists: { mine: [production], starred: [production], browse: [] } },
        { account: 'alice @ staging', lists: { mine: [], starred: [staging], browse: [] } },
      ],
      settings(),
    );
    assert.deepEqual(
      index.entriesFor('shellscript').map((e) => [e.snippetName, e.account]),
      [
        ['deploy', 'alice @ prod'],
        ['deploy (staging)', 'alice @ staging'],
      ],
    );
    index.rebuild({ mine: [production], starred: [], browse: [] }, settings());
    assert.equal(index.entriesFor('shellscript')[0].account, undefined, 'one account: no label');
  });
});

describe("completion: what an item shows of other users' names", () => {
  /** Control characters, line breaks and the bidi and invisible formatting marks. */
  const HIDDEN =
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
  const hostile = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc
      .array(
        fc.constantFrom(
          '\u202E',
          '\u2066',
          '\u200F',
          '\u061C',
          '\u0000',
          '\u001B',
          '\u0085',
          '\n',
          '\r',
          '\t',
          '\u2028',
          '$(',
          '\\$(',
          'zap)',
          '](command:x)',
          'gpj.exe',
          'a',
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join('')),
  );

  it('no control or bidi character, line break or live $(icon) reaches the label, description, detail or filter text; the inserted text is the file, byte for byte', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (name, fileName, account, content) => {
        const index = new CompletionIndex(() => undefined);
        const files = [{ guid: 'f', name: fileName, content }];
        index.rebuildFrom(
          [{ account, lists: { mine: [{ ...snippet(name, []), files }], starred: [], browse: [] } }],
          settings(),
        );
        const [entry] = index.entriesFor('typescript');
        assert.equal(entry.content, content, 'the file goes in as it is');
        const shown = shownCompletion(entry);
        for (const [part, text] of Object.entries(shown)) {
          assert.doesNotMatch(text ?? '', HIDDEN, `${part}: ${JSON.stringify(text)}`);
        }
        // The suggest widget draws a label's `$(name)` as an icon; description and detail are plain text.
        assert.doesNotMatch(shown.label, /(^|[^\\])\$\(/, shown.label);
      }),
      { numRuns: 300 },
    );
  });

  it('shows a name with a right-to-left override as its letters in order, and keeps what a user can type', () => {
    const shown = shownCompletion({
      snippetGuid: 'g',
      snippetName: 'deploy\u202Ehs.exe $(zap)',
      fileName: 'run\u2066.sh',
      content: '\t$x\r\n',
      snippetSyntax: false,
      account: 'mallory\u202E',
    });
    assert.deepEqual(shown, {
      label: 'deployhs.exe \\$(zap)',
      description: 'run.sh',
      account: 'mallory',
      filterText: 'deployhs.exe $(zap) run.sh',
      name: 'deployhs.exe $(zap)',
    });
  });
});
