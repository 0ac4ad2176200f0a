import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import {
  asUpdate,
  defaultSnippetName,
  fileNameProblem,
  parseCategories,
  SnippetEditError,
  uniqueFileNames,
  withDetails,
  withFileAdded,
  withFileContent,
  withFileDeleted,
  withFileRenamed,
} from '../../../src/model/snippets/edits';
import { DocumentBases, type BaseStorage } from '../../../src/util/documentBases';
import {
  decideSave,
  editBaseOf,
  isEditBase,
  isUnchangedSave,
  type EditBase,
} from '../../../src/model/snippets/files/saveLogic';

const snippet = (extra: Partial<Snippet> = {}): Snippet => ({
  guid: 'g1',
  name: 'Deploy helpers',
  description: 'What we run on release day',
  categories: [
    { guid: 'c1', name: 'shell scripts' },
    { guid: 'c2', name: 'ops' },
  ],
  isVisible: true,
  isPublic: false,
  userId: 1,
  createdAt: 100,
  updatedAt: 200,
  files: [
    { guid: 'f1', name: 'deploy.sh', content: 'echo deploy\n' },
    { guid: 'f2', name: 'README.md', content: '# Deploy\n' },
    { guid: 'f3', name: '.env', content: 'A=1' },
  ],
  comments: [],
  ...extra,
});

describe('save logic: update bodies', () => {
  it('saving one file keeps name, description, category names and every other file in order', () => {
    assert.deepEqual(withFileContent(snippet(), 'README.md', '# New\n'), {
      name: 'Deploy helpers',
      description: 'What we run on release day',
      categories: ['shell scripts', 'ops'],
      files: [
        { name: 'deploy.sh', content: 'echo deploy\n' },
        { name: 'README.md', content: '# New\n' },
        { name: '.env', content: 'A=1' },
      ],
    });
  });

  it('sends an empty description when the snippet has none, and never file guids', () => {
    const body = asUpdate(snippet({ description: undefined }));
    assert.equal(body.description, '');
    assert.ok(body.files.every((f) => !('guid' in f)));
  });

  it('refuses to save a file the snippet no longer has', () => {
    assert.throws(() => withFileContent(snippet(), 'gone.txt', 'x'), SnippetEditError);
  });

  it('adds a file at the end, refusing a name in use', () => {
    const body = withFileAdded(snippet(), 'notes.txt', '');
    assert.deepEqual(
      body.files.map((f) => f.name),
      ['deploy.sh', 'README.md', '.env', 'notes.txt'],
    );
    assert.deepEqual(body.categories, ['shell scripts', 'ops']);
    assert.throws(() => withFileAdded(snippet(), 'README.md', ''), /already has a file named "README.md"/);
  });

  it('renames a file in place, keeping its content', () => {
    const body = withFileRenamed(snippet(), 'deploy.sh', 'deploy v2.sh');
    assert.deepEqual(body.files[0], { name: 'deploy v2.sh', content: 'echo deploy\n' });
    assert.equal(body.files.length, 3);
    assert.throws(() => withFileRenamed(snippet(), 'deploy.sh', '.env'), /already has/);
    assert.throws(() => withFileRenamed(snippet(), 'nope', 'x'), /no file named "nope"/);
  });

  it('deletes a file, but never the last one', () => {
    assert.deepEqual(
      withFileDeleted(snippet(), 'README.md').files.map((f) => f.name),
      ['deploy.sh', '.env'],
    );
    const single = snippet({ files: [{ guid: 'f', name: 'only.txt', content: '' }] });
    assert.throws(() => withFileDeleted(single, 'only.txt'), /only file .* Delete the snippet instead/);
  });

  it('changes details and keeps the files', () => {
    const body = withDetails(snippet(), { name: '  Renamed ', description: '', categories: ['a b'] });
    assert.deepEqual(body, { name: 'Renamed', description: '', categories: ['a b'], files: asUpdate(snippet()).files });
    assert.throws(() => withDetails(snippet(), { name: ' ', description: '', categories: [] }), /needs a name/);
  });
});

describe('save logic: names and categories', () => {
  it('parses comma-separated categories: trimmed, inner spaces kept, empties and duplicates dropped', () => {
    assert.deepEqual(parseCategories(' shell scripts, ops ,, Ops,  ci   cd '), ['shell scripts', 'ops', 'ci cd']);
    assert.deepEqual(parseCategories(''), []);
    assert.deepEqual(parseCategories(' , '), []);
  });

  it('checks file names', () => {
    assert.equal(fileNameProblem('snippet.txt', []), undefined);
    assert.equal(fileNameProblem('.bashrc', []), undefined);
    assert.equal(fileNameProblem('my file #1 (100%).md', []), undefined);
    assert.match(fileNameProblem('', []) ?? '', /needs a name/);
    assert.match(fileNameProblem(' a.txt', []) ?? '', /spaces/);
    assert.match(fileNameProblem('a/b.txt', []) ?? '', /"\/"/);
    assert.match(fileNameProblem('a.txt', ['a.txt']) ?? '', /already/);
  });

  it('offers a default snippet name from the file name and the selected lines', () => {
    assert.equal(defaultSnippetName(['utils.ts']), 'utils.ts');
    assert.equal(defaultSnippetName(['utils.ts'], { first: 3, last: 9 }), 'utils.ts lines 3-9');
    assert.equal(defaultSnippetName(['utils.ts'], { first: 4, last: 4 }), 'utils.ts line 4');
    assert.equal(defaultSnippetName(['a.ts', 'b.ts', 'c.ts']), 'a.ts and 2 more');
    assert.equal(defaultSnippetName([]), '');
  });

  it('makes file names unique before the extension', () => {
    assert.deepEqual(uniqueFileNames(['index.ts', 'index.ts', 'Dockerfile', 'Dockerfile', 'index.ts']), [
      'index.ts',
      'index (2).ts',
      'Dockerfile',
      'Dockerfile (2)',
      'index (3).ts',
    ]);
  });
});

describe('save logic: when a save goes ahead', () => {
  const loaded = editBaseOf(200, 'echo deploy\n');
  const base = {
    fileName: 'deploy.sh',
    text: 'echo deploy --dry-run\n',
    reported: { mtime: 200, size: 12 },
    overwriteApproved: undefined,
    overwriteWithoutAsking: false,
  };

  it('sends nothing for text equal to what was loaded, and something otherwise', () => {
    assert.equal(isUnchangedSave(loaded, 'echo deploy\n'), true);
    assert.equal(isUnchangedSave(loaded, 'echo deploy'), false);
    assert.equal(isUnchangedSave(loaded, 'echo DEPLOY\n'), false, 'same length, other text');
    assert.equal(isUnchangedSave(undefined, 'echo deploy\n'), false);
  });

  it('writes when the server still has the loaded version', () => {
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh: snippet() }), { kind: 'write' });
  });

  it('writes when others changed only other files or fields (they are kept from the fresh snippet)', () => {
    const fresh = snippet({ updatedAt: 300, name: 'Renamed elsewhere' });
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh }), { kind: 'write' });
  });

  it('reports a conflict when this file changed on the server, saying whether the editor can compare', () => {
    const longer = snippet({
      updatedAt: 300,
      files: [{ guid: 'x', name: 'deploy.sh', content: 'echo deploy --prod\n' }],
    });
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh: longer }), {
      kind: 'conflict',
      editorCanCompare: true,
    });
    const sameSize = snippet({ updatedAt: 300, files: [{ guid: 'x', name: 'deploy.sh', content: 'echo DEPLOY\n' }] });
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh: sameSize }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
  });

  it('writes after the editor showed its own "file is newer" check (the user chose Overwrite)', () => {
    const fresh = snippet({
      updatedAt: 300,
      files: [{ guid: 'x', name: 'deploy.sh', content: 'echo deploy --prod\n' }],
    });
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh, reported: { mtime: 300, size: 19 } }), {
      kind: 'write',
    });
    // Same mtime but the same size as loaded: the editor could not have noticed.
    const sameSize = snippet({ updatedAt: 300, files: [{ guid: 'x', name: 'deploy.sh', content: 'echo DEPLOY\n' }] });
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh: sameSize, reported: { mtime: 300, size: 12 } }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
  });

  it('writes only once the user chose to overwrite this very server version, or turned the check off', () => {
    const fresh = snippet({ updatedAt: 300, files: [{ guid: 'x', name: 'deploy.sh', content: 'echo DEPLOY\n' }] });
    assert.deepEqual(
      decideSave({ ...base, base: loaded, fresh }),
      { kind: 'conflict', editorCanCompare: false },
      'a second save alone (auto-save) is no choice',
    );
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh, overwriteApproved: 300 }), { kind: 'write' });
    assert.deepEqual(
      decideSave({ ...base, base: loaded, fresh, overwriteApproved: 250 }),
      { kind: 'conflict', editorCanCompare: false },
      'changed again since the choice',
    );
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh, overwriteWithoutAsking: true }), { kind: 'write' });
  });

  it('says so when the file is gone from the server', () => {
    assert.deepEqual(decideSave({ ...base, base: loaded, fresh: snippet({ files: [] }) }), { kind: 'file-gone' });
  });
});

describe('save logic: an edit restored after the window was reloaded', () => {
  const uri = 'bitbucket-snippet://alice@bitbucket.example.com/Deploy%20helpers/deploy.sh?guid=g1';
  const choices = {
    fileName: 'deploy.sh',
    reported: undefined,
    overwriteApproved: undefined,
    overwriteWithoutAsking: false,
  };
  /** The workspace state, kept by VS Code from one window to the next. */
  const storage = (): BaseStorage & { values: Map<string, unknown> } => {
    const values = new Map<string, unknown>();
    return {
      values,
      get: <T>(key: string) => values.get(key) as T | undefined,
      update: async (key, value) => void values.set(key, value),
    };
  };
  const sameLength = snippet({ updatedAt: 300, files: [{ guid: 'f1', name: 'deploy.sh', content: 'echo DEPLOY\n' }] });
  const longer = snippet({
    updatedAt: 300,
    files: [{ guid: 'f1', name: 'deploy.sh', content: 'echo deploy --prod\n' }],
  });

  it('with the base the file was loaded from in this window: a change on the server of the same length is a conflict', () => {
    const base = editBaseOf(200, 'echo deploy\n');
    assert.deepEqual(decideSave({ ...choices, base, text: 'echo deploy now\n', fresh: sameLength }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
    assert.deepEqual(decideSave({ ...choices, base, text: 'echo deploy now\n', fresh: snippet() }), { kind: 'write' });
  });

  it('with the base restored from storage by the next window: the same decisions as before the reload', () => {
    const state = storage();
    new DocumentBases<EditBase>(state, 'bases', isEditBase).set(uri, editBaseOf(200, 'echo deploy\n'));
    // The window reloads: a new provider over the same workspace state, and nothing in memory.
    const restored = new DocumentBases<EditBase>(state, 'bases', isEditBase).get(uri);
    assert.deepEqual(restored, editBaseOf(200, 'echo deploy\n'));
    assert.deepEqual(decideSave({ ...choices, base: restored, text: 'echo deploy now\n', fresh: sameLength }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
    assert.deepEqual(decideSave({ ...choices, base: restored, text: 'echo deploy now\n', fresh: longer }), {
      kind: 'conflict',
      editorCanCompare: true,
    });
    assert.deepEqual(
      decideSave({ ...choices, base: restored, text: 'echo deploy now\n', fresh: snippet() }),
      { kind: 'write' },
      'nobody changed it',
    );
    assert.deepEqual(
      decideSave({
        ...choices,
        base: restored,
        text: 'echo deploy now\n',
        fresh: snippet({ updatedAt: 300, name: 'Renamed' }),
      }),
      { kind: 'write' },
      'only the name changed',
    );
    assert.equal(isUnchangedSave(restored, 'echo deploy\n'), true, 'text typed and undone sends nothing');
    assert.ok(!JSON.stringify([...state.values]).includes('echo deploy'), 'no file text is stored');
  });

  it("with no base at all, and the server holding the editor's text: nothing to send", () => {
    assert.deepEqual(
      decideSave({ ...choices, base: undefined, text: 'echo deploy\n', fresh: snippet({ updatedAt: 300 }) }),
      { kind: 'unchanged' },
    );
  });

  it('with no base at all, and other text on the server: a conflict, whatever the lengths, until the user chooses Overwrite', () => {
    const text = 'echo deploy now\n';
    assert.deepEqual(decideSave({ ...choices, base: undefined, text, fresh: snippet() }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
    assert.deepEqual(decideSave({ ...choices, base: undefined, text: 'echo DEPLOY\n', fresh: snippet() }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
    assert.deepEqual(decideSave({ ...choices, base: undefined, text, fresh: longer }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
    assert.deepEqual(decideSave({ ...choices, base: undefined, text, fresh: longer, overwriteApproved: 300 }), {
      kind: 'write',
    });
    assert.deepEqual(decideSave({ ...choices, base: undefined, text, fresh: longer, overwriteApproved: 250 }), {
      kind: 'conflict',
      editorCanCompare: false,
    });
    assert.deepEqual(decideSave({ ...choices, base: undefined, text, fresh: longer, overwriteWithoutAsking: true }), {
      kind: 'write',
    });
    assert.deepEqual(decideSave({ ...choices, base: undefined, text, fresh: snippet({ files: [] }) }), {
      kind: 'file-gone',
    });
  });

  it('never writes over a server text other than the one the edit started from, unless the user chose to (any texts)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.boolean(),
        fc.integer({ min: 201, max: 400 }),
        (loadedText, serverText, editorText, known, updatedAt) => {
          fc.pre(serverText !== loadedText && serverText !== editorText);
          const fresh = snippet({ updatedAt, files: [{ guid: 'f1', name: 'deploy.sh', content: serverText }] });
          const decision = decideSave({
            ...choices,
            base: known ? editBaseOf(200, loadedText) : undefined,
            text: editorText,
            fresh,
          });
          assert.equal(decision.kind, 'conflict');
        },
      ),
    );
  });
});
