// Drag and drop in the real editor: the Snippets view's controller with real DataTransfers, and the
// drop provider that inserts a dragged file into an editor. Files from disk dropped on an own
// snippet are added in one update; a folder, a binary file or someone else's snippet are refused
// with nothing changed; 200 files ask first; a snippet dropped on a category row gets it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import { apiAs, control, requestsSince, signInAsAlice } from './snippetHelpers';
import { answerPrompts, localServerUrl, serverRequests, unusedAnswers } from './support';
import { dropAndRead } from './extensionLog';

const ROWS = 'application/vnd.code.tree.bitbucketsnippets.explorer';

describe('Drag and drop', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let own: Snippet;
  let twoFiles: Snippet;
  let bobs: Snippet;
  let folder: string;
  const token = new vscode.CancellationTokenSource().token;
  /** Every row carries its account's id: here alice's on the run's server. */
  const alice = () => `${localServerUrl()}#alice`;
  const node = (snippet: Snippet, list: 'mine' | 'browse' = 'mine'): TreeNode => ({
    kind: 'snippet',
    list,
    snippetGuid: snippet.guid,
    own: list === 'mine',
    accountId: alice(),
  });
  const writes = async (before: number, guid: string) =>
    (await requestsSince(before, guid)).filter((r) => r.method !== 'GET');
  const filesDrop = (...names: string[]) => {
    const dt = new vscode.DataTransfer();
    dt.set(
      'text/uri-list',
      new vscode.DataTransferItem(names.map((n) => vscode.Uri.file(path.join(folder, n)).toString()).join('\r\n')),
    );
    return dt;
  };

  before(async () => {
    api = await signInAsAlice();
    own = await apiAs('alice').createSnippet({
      name: 'dnd own',
      files: [{ name: 'one.sh', content: 'echo "$HOME"\n' }],
    });
    twoFiles = await apiAs('alice').createSnippet({
      name: 'dnd two',
      files: [
        { name: 'a.txt', content: 'A\n' },
        { name: 'b.txt', content: 'B text\n' },
      ],
    });
    bobs = await apiAs('bob').createSnippet({ name: 'dnd bob', files: [{ name: 'bob.txt', content: 'bob\n' }] });
    await api.service.store.refresh('mine');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-dnd-'));
    fs.writeFileSync(path.join(folder, 'new.md'), '# dropped\n');
    fs.writeFileSync(path.join(folder, 'one.sh'), 'clashing name\n');
    fs.writeFileSync(path.join(folder, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
    fs.mkdirSync(path.join(folder, 'sub'));
    fs.mkdirSync(path.join(folder, 'many'));
    for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(folder, 'many', `f${i}.txt`), `file ${i}\n`);
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));
  afterEach(async () => {
    assert.equal(await unusedAnswers(), 0, 'every queued answer was asked for');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a dragged file row carries the row and no resource to open, and dropped into an editor inserts its text as it is', async () => {
    const dt = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag(
      [{ kind: 'file', snippetGuid: own.guid, fileName: 'one.sh', own: true, list: 'mine', accountId: alice() }],
      dt,
    );
    assert.deepEqual(JSON.parse(await dt.get(ROWS)!.asString()), [
      { snippetGuid: own.guid, fileName: 'one.sh', accountId: alice() },
    ]);
    // Replaces the URIs VS Code adds from the row, whose "insert path" edit would win in the editor.
    assert.match(await dt.get('text/uri-list')!.asString(), /^#[^\n]*$/, 'a uri-list with only a comment line');

    const doc = await vscode.workspace.openTextDocument({ content: 'before\n', language: 'shellscript' });
    // What the editor receives from a tree drag: the rows as text.
    const received = new vscode.DataTransfer();
    received.set(ROWS, new vscode.DataTransferItem(await dt.get(ROWS)!.asString()));
    const before = (await serverRequests()).length;
    const edit = await api.dropIntoEditor.provideDocumentDropEdits(doc, new vscode.Position(1, 0), received, token);
    const edits = Array.isArray(edit) ? edit[0] : edit;
    assert.equal(edits?.insertText, 'echo "$HOME"\n', 'plain text: $HOME is not a snippet variable');
    assert.deepEqual(await requestsSince(before), [], 'the text came from what is loaded');
  });

  it('a snippet row with several files asks which one to insert', async () => {
    const dt = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([node(twoFiles)], dt);
    const doc = await vscode.workspace.openTextDocument({ content: '' });
    await answerPrompts('b.txt');
    const edit = await api.dropIntoEditor.provideDocumentDropEdits(doc, new vscode.Position(0, 0), dt, token);
    assert.equal((Array.isArray(edit) ? edit[0] : edit)?.insertText, 'B text\n');
  });

  it('files from disk dropped on an own snippet are added in one update, a clashing name renamed', async () => {
    const before = (await serverRequests()).length;
    const outcome = await dropAndRead(api, node(own), filesDrop('new.md', 'one.sh'));
    assert.deepEqual(outcome, { done: 'filesAdded', snippets: [own.guid] });
    assert.deepEqual(
      (await writes(before, own.guid)).map((r) => r.method),
      ['PUT'],
      'one update',
    );
    const now = await apiAs('alice').getSnippet(own.guid);
    assert.deepEqual(
      now.files.map((f) => [f.name, f.content]),
      [
        ['one.sh', 'echo "$HOME"\n'],
        ['new.md', '# dropped\n'],
        ['one (2).sh', 'clashing name\n'],
      ],
    );
  });

  it('Create from File and a drop follow one text rule: both refuse Latin-1 and mostly control characters, both take UTF-8 alike', async () => {
    // Mostly ASCII, one Latin-1 "é": the secret scan would read it as text, with U+FFFD for the é.
    fs.writeFileSync(
      path.join(folder, 'latin1.txt'),
      Buffer.concat([Buffer.from('plain ascii line\n'.repeat(20)), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]),
    );
    fs.writeFileSync(path.join(folder, 'controls.txt'), Buffer.from('\x01\x02\x03\x04ab'));
    fs.writeFileSync(path.join(folder, 'utf8.txt'), Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('héllo 日本\n')]));
    const uri = (name: string) => vscode.Uri.file(path.join(folder, name));
    const target = await apiAs('alice').createSnippet({
      name: 'dnd text rule',
      files: [{ name: 'keep.txt', content: 'keep\n' }],
    });
    const before = (await serverRequests()).length;
    for (const [name, why] of [
      ['latin1.txt', 'is not UTF-8 text'],
      ['controls.txt', 'looks like a binary file'],
    ]) {
      const created = await vscode.commands.executeCommand('bitbucketSnippets.createFromFile', uri(name), [uri(name)], {
        name: `refused ${name}`,
      });
      assert.equal(created, undefined, `Create from File refused ${name}`);
      const dropped = await dropAndRead(api, node(target), filesDrop(name));
      assert.ok(
        dropped && 'refused' in dropped && dropped.refused.includes(`"${name}" ${why}`),
        JSON.stringify(dropped),
      );
    }
    assert.deepEqual(
      (await requestsSince(before)).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
      [],
      'nothing was sent',
    );

    const created = (await vscode.commands.executeCommand(
      'bitbucketSnippets.createFromFile',
      uri('utf8.txt'),
      [uri('utf8.txt')],
      { name: 'taken utf8' },
    )) as Snippet | undefined;
    assert.ok(created, 'Create from File took the UTF-8 file');
    assert.deepEqual(await dropAndRead(api, node(target), filesDrop('utf8.txt')), {
      done: 'filesAdded',
      snippets: [target.guid],
    });
    const added = (await apiAs('alice').getSnippet(target.guid)).files.find((f) => f.name === 'utf8.txt');
    assert.equal(added?.content, 'héllo 日本\n', 'the byte order mark dropped');
    assert.equal(
      (await apiAs('alice').getSnippet(created.guid)).files[0].content,
      added.content,
      'the same text both ways',
    );
  });

  it('a folder or a binary file is refused with nothing sent', async () => {
    const before = (await serverRequests()).length;
    const folderDrop = await dropAndRead(api, node(twoFiles), filesDrop('new.md', 'sub'));
    assert.ok(
      folderDrop && 'refused' in folderDrop && folderDrop.refused.includes('"sub" is a folder'),
      JSON.stringify(folderDrop),
    );
    const binaryDrop = await dropAndRead(api, node(twoFiles), filesDrop('logo.png'));
    assert.ok(
      binaryDrop && 'refused' in binaryDrop && binaryDrop.refused.includes('binary'),
      JSON.stringify(binaryDrop),
    );
    assert.deepEqual(await writes(before, twoFiles.guid), []);
  });

  it('200 files ask first: No adds nothing, Yes adds them all in one update', async () => {
    const names = Array.from({ length: 200 }, (_, i) => path.join('many', `f${i}.txt`));
    const before = (await serverRequests()).length;
    await answerPrompts(false);
    assert.deepEqual(await dropAndRead(api, node(twoFiles), filesDrop(...names)), { refused: 'not confirmed' });
    assert.deepEqual(await writes(before, twoFiles.guid), []);
    await answerPrompts(true);
    assert.deepEqual(await dropAndRead(api, node(twoFiles), filesDrop(...names)), {
      done: 'filesAdded',
      snippets: [twoFiles.guid],
    });
    assert.deepEqual(
      (await writes(before, twoFiles.guid)).map((r) => r.method),
      ['PUT'],
    );
    assert.equal((await apiAs('alice').getSnippet(twoFiles.guid)).files.length, 202);
  });

  it("files dropped on someone else's snippet are refused", async () => {
    await api.service.ensureLoaded('browse');
    const before = (await serverRequests()).length;
    const outcome = await dropAndRead(api, node(bobs, 'browse'), filesDrop('new.md'));
    assert.ok(
      outcome && 'refused' in outcome && outcome.refused.includes('belongs to another user'),
      JSON.stringify(outcome),
    );
    assert.deepEqual(await writes(before, bobs.guid), []);
  });

  it("a snippet dropped on a category row gets that category in one update; others' snippets are refused", async () => {
    const tagged = await apiAs('alice').createSnippet({ name: 'dnd tagged', files: [{ name: 't.txt', content: 't' }] });
    await apiAs('alice').updateSnippet(tagged.guid, {
      name: tagged.name,
      description: '',
      categories: ['dnd-category'],
      files: [{ name: 't.txt', content: 't' }],
    });
    await api.service.store.refresh('mine');
    const category = api.service.store.categories().find((c) => c.name === 'dnd-category');
    assert.ok(category, 'the category is known from the loaded list');
    const target: TreeNode = {
      kind: 'root',
      list: `category:${category.guid}`,
      label: category.name,
      accountId: alice(),
    };

    const dt = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([node(own)], dt);
    const before = (await serverRequests()).length;
    assert.deepEqual(await dropAndRead(api, target, dt), { done: 'categoryAdded', snippets: [own.guid] });
    assert.deepEqual(
      (await writes(before, own.guid)).map((r) => r.method),
      ['PUT'],
    );
    const now = await apiAs('alice').getSnippet(own.guid);
    assert.deepEqual(
      now.categories.map((c) => c.name),
      ['dnd-category'],
    );
    assert.equal(now.files.length, 3, 'the files are kept');

    const theirs = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([node(bobs, 'browse')], theirs);
    const refused = await dropAndRead(api, target, theirs);
    assert.ok(
      refused && 'refused' in refused && refused.refused.includes('belongs to another user'),
      JSON.stringify(refused),
    );
  });

  describe('several rows, and files from outside VS Code', () => {
    let first: Snippet;
    let second: Snippet;
    let target: Snippet;
    const fileRow = (snippet: Snippet, fileName: string): TreeNode => ({
      kind: 'file',
      snippetGuid: snippet.guid,
      fileName,
      own: true,
      list: 'mine',
      accountId: alice(),
    });
    /** A file dropped from the file manager: a name and bytes, no URI (as in VS Code in a browser). */
    const osFile = (name: string, data: Uint8Array | Error, uri?: vscode.Uri): vscode.DataTransferItem => {
      const item = new vscode.DataTransferItem('');
      item.asFile = () => ({ name, uri, data: async () => (data instanceof Error ? Promise.reject(data) : data) });
      return item;
    };
    const osDrop = (...items: Array<[string, vscode.DataTransferItem]>) => {
      const dt = new vscode.DataTransfer();
      for (const [mime, item] of items) dt.set(mime, item);
      return dt;
    };
    const text = (s: string) => new TextEncoder().encode(s);
    const writesTo = async (before: number) =>
      (await requestsSince(before, '/rest/snippets')).filter((r) => r.method !== 'GET');

    beforeEach(async () => {
      first = await apiAs('alice').createSnippet({
        name: 'many first',
        files: [
          { name: 'f1.sh', content: 'echo "$1"\n' },
          { name: 'f2.txt', content: 'two' },
        ],
      });
      second = await apiAs('alice').createSnippet({ name: 'many second', files: [{ name: 's.md', content: '# s\n' }] });
      target = await apiAs('alice').createSnippet({
        name: 'many target',
        files: [{ name: 'keep.txt', content: 'kept\n' }],
      });
      await api.service.store.refresh('mine');
    });

    it('several rows dropped into an editor insert their files one after another, without asking', async () => {
      const dt = new vscode.DataTransfer();
      // A file row selected beside its own snippet's row is not inserted twice.
      await api.explorer.dragAndDrop.handleDrag([fileRow(second, 's.md'), node(first), fileRow(first, 'f2.txt')], dt);
      const received = new vscode.DataTransfer();
      received.set(ROWS, new vscode.DataTransferItem(await dt.get(ROWS)!.asString()));
      const doc = await vscode.workspace.openTextDocument({ content: '' });
      const before = (await serverRequests()).length;
      const edit = await api.dropIntoEditor.provideDocumentDropEdits(doc, new vscode.Position(0, 0), received, token);
      const inserted = (Array.isArray(edit) ? edit[0] : edit)?.insertText;
      assert.equal(
        inserted,
        '# s\necho "$1"\ntwo',
        'the snippet row inserts all its files, each on its own line, plain text as it is',
      );
      assert.deepEqual(await requestsSince(before), [], 'from what is loaded');
    });

    it("several snippets dropped on a category: one update per own snippet, others' left alone and counted", async () => {
      await apiAs('alice').updateSnippet(target.guid, {
        name: target.name,
        description: '',
        categories: ['many-category'],
        files: [{ name: 'keep.txt', content: 'kept\n' }],
      });
      await api.service.store.refresh('mine');
      await api.service.ensureLoaded('browse');
      const category = api.service.store.categories().find((c) => c.name === 'many-category');
      assert.ok(category);
      const dt = new vscode.DataTransfer();
      await api.explorer.dragAndDrop.handleDrag(
        [node(first), fileRow(first, 'f2.txt'), node(second), node(bobs, 'browse')],
        dt,
      );
      const before = (await serverRequests()).length;
      const outcome = await dropAndRead(
        api,
        { kind: 'root', list: `category:${category.guid}`, label: category.name, accountId: alice() },
        dt,
      );
      assert.deepEqual(outcome, { done: 'categoryAdded', snippets: [first.guid, second.guid], skipped: 1 });
      const writes = await writesTo(before);
      assert.deepEqual(writes.map((r) => r.method).sort(), ['PUT', 'PUT']);
      // Each update reads the snippet fresh first (the API has no conditional update): 2 per own snippet.
      assert.deepEqual((await requestsSince(before)).map((r) => r.method).sort(), ['GET', 'GET', 'PUT', 'PUT']);
      assert.deepEqual(
        new Set(writes.map((r) => r.path.split('/').pop())),
        new Set([first.guid, second.guid]),
        "one update each, none for bob's",
      );
      for (const s of [first, second]) {
        assert.deepEqual(
          (await apiAs('alice').getSnippet(s.guid)).categories.map((c) => c.name),
          ['many-category'],
        );
      }
    });

    it('a category drop where one update fails still gives the others the category, and says it failed', async () => {
      await apiAs('alice').updateSnippet(target.guid, {
        name: target.name,
        description: '',
        categories: ['half-category'],
        files: [{ name: 'keep.txt', content: 'kept\n' }],
      });
      await api.service.store.refresh('mine');
      const category = api.service.store.categories().find((c) => c.name === 'half-category');
      assert.ok(category);
      const dt = new vscode.DataTransfer();
      await api.explorer.dragAndDrop.handleDrag([node(first), node(second)], dt);
      await control('POST', 'faults', { kind: 'status', status: 500, method: 'PUT', path: second.guid, count: 1 });
      try {
        const outcome = await dropAndRead(
          api,
          { kind: 'root', list: `category:${category.guid}`, label: category.name, accountId: alice() },
          dt,
        );
        assert.ok(outcome && 'refused' in outcome, JSON.stringify(outcome));
      } finally {
        await control('DELETE', 'faults');
      }
      assert.deepEqual(
        (await apiAs('alice').getSnippet(first.guid)).categories.map((c) => c.name),
        ['half-category'],
      );
      assert.deepEqual(
        (await apiAs('alice').getSnippet(second.guid)).categories.map((c) => c.name),
        [],
      );
    });

    it('file rows of two snippets dropped on another own snippet are copied into it in one update', async () => {
      const dt = new vscode.DataTransfer();
      await api.explorer.dragAndDrop.handleDrag(
        [fileRow(first, 'f1.sh'), fileRow(second, 's.md'), fileRow(target, 'keep.txt')],
        dt,
      );
      const before = (await serverRequests()).length;
      assert.deepEqual(await dropAndRead(api, node(target), dt), { done: 'filesCopied', snippets: [target.guid] });
      const writes = await writesTo(before);
      assert.deepEqual(
        writes.map((r) => [r.method, r.path.split('/').pop()]),
        [['PUT', target.guid]],
        'one update, of the target only',
      );
      assert.deepEqual(
        (await requestsSince(before)).map((r) => r.method),
        ['GET', 'PUT'],
        'the copied files come from what is loaded',
      );
      assert.deepEqual(
        (await apiAs('alice').getSnippet(target.guid)).files.map((f) => [f.name, f.content]),
        [
          ['keep.txt', 'kept\n'],
          ['f1.sh', 'echo "$1"\n'],
          ['s.md', '# s\n'],
        ],
      );
      assert.equal((await apiAs('alice').getSnippet(first.guid)).files.length, 2, 'the source keeps its files');
    });

    it('files from the file manager on an own snippet are added in one update, a file also in the uri-list once', async () => {
      const onDisk = vscode.Uri.file(path.join(folder, 'new.md'));
      const dt = osDrop(
        ['text/plain', osFile('notes.txt', text('from the desktop\n'))],
        ['files', osFile('new.md', text('# dropped\n'), onDisk)],
        ['text/uri-list', new vscode.DataTransferItem(onDisk.toString())],
      );
      const before = (await serverRequests()).length;
      assert.deepEqual(await dropAndRead(api, fileRow(target, 'keep.txt'), dt), {
        done: 'filesAdded',
        snippets: [target.guid],
      });
      assert.deepEqual(
        (await writesTo(before)).map((r) => r.method),
        ['PUT'],
      );
      const names = (await apiAs('alice').getSnippet(target.guid)).files.map((f) => f.name).sort();
      assert.deepEqual(names, ['keep.txt', 'new.md', 'notes.txt']);
    });

    it('files from the file manager on My Snippets make one new snippet with one create', async () => {
      const dt = osDrop(
        ['text/x-a', osFile('deploy.sh', text('deploy\n'))],
        ['text/x-b', osFile('README.md', text('read me\n'))],
      );
      const before = (await serverRequests()).length;
      const outcome = await dropAndRead(
        api,
        { kind: 'root', list: 'mine', label: 'My Snippets', accountId: alice() },
        dt,
      );
      assert.ok(outcome && 'done' in outcome && outcome.done === 'snippetCreated', JSON.stringify(outcome));
      assert.deepEqual(
        (await requestsSince(before)).map((r) => r.method),
        ['POST'],
        'one create, and no other request',
      );
      const created = await apiAs('alice').getSnippet(outcome.snippets[0]);
      assert.equal(created.name, 'deploy.sh and 1 more');
      assert.deepEqual(
        created.files.map((f) => [f.name, f.content]),
        [
          ['deploy.sh', 'deploy\n'],
          ['README.md', 'read me\n'],
        ],
      );
      assert.ok(
        api.service.store.snippetsOf('mine').some((s) => s.guid === created.guid),
        'shown in My Snippets at once',
      );
    });

    it("from the file manager too: a binary file, a folder and someone else's snippet are refused with nothing sent", async () => {
      await api.service.ensureLoaded('browse');
      const before = (await serverRequests()).length;
      const binary = await dropAndRead(
        api,
        node(target),
        osDrop(['files', osFile('logo.png', new Uint8Array([0x89, 0x50, 0, 1]))]),
      );
      assert.ok(
        binary && 'refused' in binary && binary.refused.includes('"logo.png" looks like a binary file'),
        JSON.stringify(binary),
      );
      const folderDrop = await dropAndRead(
        api,
        { kind: 'root', list: 'mine', label: 'My Snippets', accountId: alice() },
        osDrop(['text/plain', osFile('a.txt', text('a'))], ['files', osFile('photos', new Error('is a directory'))]),
      );
      assert.ok(
        folderDrop && 'refused' in folderDrop && folderDrop.refused.includes('"photos" is a folder'),
        JSON.stringify(folderDrop),
      );
      const theirs = await dropAndRead(api, node(bobs, 'browse'), osDrop(['files', osFile('a.txt', text('a'))]));
      assert.ok(
        theirs && 'refused' in theirs && theirs.refused.includes('belongs to another user'),
        JSON.stringify(theirs),
      );
      assert.deepEqual(await writesTo(before), []);
    });

    it('60 files from the file manager on My Snippets ask first: No creates nothing, Yes one snippet with all of them', async () => {
      const many = () =>
        osDrop(
          ...Array.from({ length: 60 }, (_, i): [string, vscode.DataTransferItem] => [
            `text/x-${i}`,
            osFile(`n${i}.txt`, text(`note ${i}\n`)),
          ]),
        );
      const mine: TreeNode = { kind: 'root', list: 'mine', label: 'My Snippets', accountId: alice() };
      const before = (await serverRequests()).length;
      await answerPrompts(false);
      assert.deepEqual(await dropAndRead(api, mine, many()), { refused: 'not confirmed' });
      assert.deepEqual(await writesTo(before), []);
      await answerPrompts(true);
      const outcome = await dropAndRead(api, mine, many());
      assert.ok(outcome && 'done' in outcome, JSON.stringify(outcome));
      assert.deepEqual(
        (await writesTo(before)).map((r) => r.method),
        ['POST'],
      );
      assert.equal((await apiAs('alice').getSnippet(outcome.snippets[0])).files.length, 60);
    });

    it('Delete Snippet on a selection: one confirmation, then one DELETE per own snippet; No deletes nothing', async () => {
      await api.service.ensureLoaded('browse');
      const rows = [node(first), node(second), node(bobs, 'browse')];
      const before = (await serverRequests()).length;
      await answerPrompts(false);
      assert.equal(await vscode.commands.executeCommand('bitbucketSnippets.deleteSnippet', rows[1], rows), 0);
      assert.deepEqual(await writesTo(before), []);
      await answerPrompts(true);
      assert.equal(await vscode.commands.executeCommand('bitbucketSnippets.deleteSnippet', rows[1], rows), 2);
      const writes = await writesTo(before);
      assert.deepEqual(
        writes.map((r) => r.method),
        ['DELETE', 'DELETE'],
      );
      assert.deepEqual(
        (await requestsSince(before)).map((r) => r.method),
        ['DELETE', 'DELETE'],
        'nothing else: the snippets were loaded',
      );
      assert.deepEqual(new Set(writes.map((r) => r.path.split('/').pop())), new Set([first.guid, second.guid]));
      assert.ok(
        !api.service.store.snippetsOf('mine').some((s) => s.guid === first.guid || s.guid === second.guid),
        'gone from My Snippets',
      );
      assert.equal((await apiAs('bob').getSnippet(bobs.guid)).guid, bobs.guid, "bob's snippet is still there");
    });

    it('other row commands act on the clicked row when several are selected', async () => {
      await vscode.commands.executeCommand('bitbucketSnippets.copySnippetGuid', node(second), [
        node(first),
        node(second),
      ]);
      assert.equal(await vscode.env.clipboard.readText(), second.guid);
    });
  });
});
