// Patch snippets as the tree, completion and the patch commands tell them: a file is a patch by its
// `.patch` or `.diff` name, its row says so to the menus, completion never offers it, and a new
// patch snippet's name, file name and description come from the repository.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import { PatchError, type PreviewFile } from '../../../src/model/patches';
import {
  defaultPatchSnippetName,
  isPatchFileName,
  isPatchSnippet,
  patchDescription,
  patchFileName,
} from '../../../src/model/patches/patchFiles';
import { fileList, previewNotes } from '../../../src/model/patches/patchReport';
import { fileNameProblem } from '../../../src/model/snippets/edits';
import { CompletionIndex, languageLookup } from '../../../src/model/snippets/completion/completion';
import { contextValue } from '../../../src/model/snippets/tree/nodes';
import { iconForFileName } from '../../../src/model/snippets/tree/icons';

const snippet = (files: string[]): Snippet => ({
  guid: `g-${files.join('-')}`,
  name: 'fix',
  description: '',
  categories: [],
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: 0,
  updatedAt: 0,
  files: files.map((f) => ({ guid: f, name: f, content: `content of ${f}` })),
  comments: [],
});

describe('patch snippets: a patch by its name', () => {
  it('.patch and .diff in any case are patches; other names are not', () => {
    for (const name of ['fix.patch', 'FIX.PATCH', 'a.b.diff', 'x.Diff']) assert.ok(isPatchFileName(name), name);
    for (const name of ['patch', 'fix.patch.txt', 'diff.sh', '.patches', 'fix.patchx']) {
      assert.ok(!isPatchFileName(name), name);
    }
  });

  it('a snippet is a patch snippet when it has files and all of them are patches', () => {
    assert.ok(isPatchSnippet(snippet(['a.patch', 'b.diff'])));
    assert.ok(!isPatchSnippet(snippet(['a.patch', 'notes.md'])));
    assert.ok(!isPatchSnippet(snippet([])));
  });

  it('shows a patch file and a snippet of patches with the diff icon', () => {
    assert.equal(iconForFileName('shop: main changes.patch'), 'diff');
    assert.equal(iconForFileName('fix.DIFF'), 'diff');
  });
});

describe('patch snippets: the rows the patch menus show on', () => {
  const PATCH_MENU = /^file\..*\.patch$/;
  const file = (fileName: string, own: boolean) => ({
    kind: 'file' as const,
    accountId: 'a',
    snippetGuid: 'g',
    fileName,
    own,
  });

  it("marks file rows of patches, own and others', in lists and in search results", () => {
    assert.equal(contextValue(file('fix.patch', true)), 'file.own.patch');
    assert.equal(contextValue(file('fix.diff', false)), 'file.other.patch');
    assert.equal(
      contextValue({
        kind: 'searchMatch',
        accountId: 'a',
        snippetGuid: 'g',
        index: 0,
        fileName: 'fix.patch',
        own: false,
      }),
      'file.other.search.patch',
    );
    for (const row of [file('fix.patch', true), file('fix.diff', false)]) assert.match(contextValue(row), PATCH_MENU);
  });

  it('leaves every other row as it was, so the patch menus never show there', () => {
    assert.equal(contextValue(file('deploy.sh', true)), 'file.own');
    assert.equal(contextValue(file('notes.patch.md', false)), 'file.other');
    assert.equal(
      contextValue({
        kind: 'searchMatch',
        accountId: 'a',
        snippetGuid: 'g',
        index: 0,
        fileName: 'deploy.sh',
        own: true,
      }),
      'file.own.search',
    );
    assert.equal(contextValue({ ...file('fix.patch', true), occurrence: 2 }), 'sameNameFile');
    for (const row of [file('deploy.sh', true), file('x.patch.txt', false)]) {
      assert.doesNotMatch(contextValue(row), PATCH_MENU);
    }
  });

  it('keeps the prefixes the other file menus match', () => {
    assert.match(contextValue(file('fix.patch', true)), /^file\.own/);
    assert.match(contextValue(file('fix.patch', false)), /^(snippet|file)\.other/);
  });
});

describe('patch snippets: completion', () => {
  it('never offers a patch file as text to insert, in any editor, and still offers the other files of its snippet', () => {
    const index = new CompletionIndex(
      languageLookup([
        { id: 'diff', extensions: ['.patch', '.diff'] },
        { id: 'shellscript', extensions: ['.sh'] },
      ]),
    );
    index.rebuild(
      { mine: [snippet(['fix.patch', 'apply.sh']), snippet(['other.diff'])], starred: [], browse: [] },
      { enabled: true, lists: ['mine'], categories: [], snippetSyntaxCategory: '' },
    );
    assert.deepEqual(
      index.entriesFor('diff').map((e) => e.fileName),
      [],
    );
    assert.deepEqual(
      index.entriesFor('plaintext').map((e) => e.fileName),
      [],
    );
    assert.deepEqual(
      index.entriesFor('shellscript').map((e) => e.fileName),
      ['apply.sh'],
    );
    assert.equal(index.size, 1);
  });
});

describe('patch snippets: name, file name and description of a new one', () => {
  it('names it after the repository and branch, and describes repository, branch and base commit', () => {
    const origin = { repository: 'shop', branch: 'feature/cart', head: '0123456789abcdef0123456789abcdef01234567' };
    assert.equal(defaultPatchSnippetName(origin), 'shop: feature/cart changes');
    assert.equal(patchDescription(origin), 'Patch of shop on branch feature/cart, against commit 0123456.');
    assert.equal(
      patchDescription({ ...origin, branch: undefined }),
      'Patch of shop at commit 0123456 (detached HEAD).',
    );
    assert.equal(
      patchDescription({ ...origin, head: undefined }),
      'Patch of shop on branch feature/cart, made before its first commit.',
    );
    assert.equal(defaultPatchSnippetName({ ...origin, branch: undefined }), 'shop: changes');
  });

  it('makes the file name from the name: separators and what Windows refuses become dashes, then .patch', () => {
    assert.equal(patchFileName('shop: feature/cart changes'), 'shop- feature-cart changes.patch');
    assert.equal(patchFileName('fix.diff'), 'fix.diff');
    assert.equal(patchFileName('  ../.. '), 'changes.patch');
    assert.equal(patchFileName('a\u0000b\nc'), 'a-b-c.patch');
  });

  it('gives a file name the snippet rules take, and a patch, whatever the name (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const file = patchFileName(name);
        assert.equal(fileNameProblem(file, []), undefined, JSON.stringify(file));
        assert.ok(isPatchFileName(file));
      }),
    );
  });
});

describe('patch snippets: what a preview says beside its diffs', () => {
  const base: PreviewFile = {
    path: 'a.txt',
    fromPath: 'a.txt',
    toPath: 'a.txt',
    change: 'modified',
    binary: false,
    tooLarge: false,
    before: Buffer.from('a'),
    after: Buffer.from('b'),
    problem: undefined,
    notes: [],
  };

  it('names each file the patch does not apply to with the reason, binary files, and files that become executable', () => {
    const { problems, notes } = previewNotes([
      base,
      {
        ...base,
        path: 'b.txt',
        after: undefined,
        problem: new PatchError(
          'doesNotApply',
          'b.txt has changed since the patch was made, so the patch does not apply to it.',
        ),
      },
      {
        ...base,
        path: 'c.txt',
        after: undefined,
        problem: new PatchError('corrupt', 'The patch is damaged: git cannot read it.'),
      },
      { ...base, path: 'logo.png', binary: true },
      { ...base, path: 'run.sh', notes: ['becomesExecutable'] },
      { ...base, path: 'huge.log', tooLarge: true, before: undefined, after: undefined },
      { ...base, path: 'package.json', notes: ['changesScripts'] },
    ]);
    assert.deepEqual(problems, [
      'b.txt has changed since the patch was made, so the patch does not apply to it.',
      'c.txt: The patch is damaged: git cannot read it.',
    ]);
    assert.deepEqual(notes, [
      'logo.png is a binary file: the preview does not show it.',
      'run.sh becomes executable.',
      'huge.log is larger than 5 MB: the preview does not show it.',
      'package.json: the patch changes the scripts or hooks a package manager runs.',
    ]);
  });

  it('lists at most eight names, then how many more', () => {
    assert.equal(fileList(['a', 'b']), 'a, b');
    assert.equal(fileList(Array.from({ length: 10 }, (_, i) => `f${i}`)), 'f0, f1, f2, f3, f4, f5, f6, f7 and 2 more');
  });
});
