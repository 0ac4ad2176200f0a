// The one way files made of outside data are written below a folder the user chose: never through
// a link, never into a tool's folder or a dot folder, an existing file replaced rather than written
// into. Real folders and real links, made here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  makeFolderBelow,
  readFileBelow,
  RefusedPath,
  refusedName,
  writeFileBelow,
  type Refusal,
} from '../../../src/model/localFiles/safeWriter';
import { isToolName } from '../../../src/model/localFiles/toolNames';

const refused = (refusal: Refusal) => (err: unknown) => {
  assert.ok(err instanceof RefusedPath, String(err));
  assert.equal(err.refusal, refusal);
  return true;
};

describe('local files: tool names', () => {
  it('knows the tool folders and files, in every form Windows and macOS resolve to them', () => {
    const tools = [
      '.git',
      '.GIT',
      '.Git',
      '.git.',
      '.git ',
      '.git. . ',
      '.git::$INDEX_ALLOCATION',
      '.g\u200cit',
      '\ufeff.git',
      'GIT~1',
      'git~12',
      'GI7EBA~1',
      '.vscode',
      'VSCODE~1',
      '.github',
      '.devcontainer',
      '.idea',
      '.hg',
      '.svn',
      '.gitlab',
      '.circleci',
      '.husky',
      '.bzr',
      '.jj',
      '_darcs',
      '.gitmodules',
      '.envrc',
      '.nvim.lua',
    ];
    for (const name of tools) assert.ok(isToolName(name), JSON.stringify(name));
  });

  it('leaves other names alone, dot files included', () => {
    for (const name of [
      '.env.example',
      '.gitignore',
      '.eslintrc.json',
      'git',
      'config',
      '.github-notes',
      'my.git',
      'GIT~',
      'notes~1',
      '_git',
      '_vscode',
    ]) {
      assert.ok(!isToolName(name), name);
    }
  });

  it('refuses a segment that is not one name, a tool name, and a folder starting with a dot', () => {
    for (const name of ['', '.', '..', 'a/b', 'a\\b', 'C:', 'a\0b']) {
      assert.equal(refusedName(name, 'file'), 'notAName', JSON.stringify(name));
    }
    assert.equal(refusedName('.git', 'file'), 'toolName');
    assert.equal(refusedName('GIT~1', 'folder'), 'toolName');
    assert.equal(refusedName('.cache', 'folder'), 'dotFolder');
    assert.equal(refusedName('.env.example', 'file'), undefined);
    assert.equal(refusedName('notes', 'folder'), undefined);
  });
});

describe('local files: the safe writer', () => {
  let parent: string;
  let outside: string;
  let root: string;

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-safe-writer-'));
    outside = path.join(parent, 'outside');
    root = path.join(parent, 'chosen');
    fs.mkdirSync(outside);
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(outside, 'target'), 'outside');
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  const outsideIsUntouched = () => {
    assert.deepEqual(fs.readdirSync(outside), ['target']);
    assert.equal(fs.readFileSync(path.join(outside, 'target'), 'utf8'), 'outside');
  };

  it('makes the folders and writes a new file, and reads it back', async () => {
    await writeFileBelow(root, ['a', 'b', 'file.txt'], 'hello');
    assert.equal(fs.readFileSync(path.join(root, 'a', 'b', 'file.txt'), 'utf8'), 'hello');
    assert.equal((await readFileBelow(root, ['a', 'b', 'file.txt']))?.toString(), 'hello');
    assert.equal(await readFileBelow(root, ['a', 'missing', 'file.txt']), undefined);
    assert.ok(!fs.existsSync(path.join(root, 'a', 'missing')), 'reading makes nothing');
  });

  it('refuses a folder that is a link, whether it points to a folder or nowhere', async () => {
    fs.symlinkSync(outside, path.join(root, 'linked'));
    fs.symlinkSync(path.join(outside, 'nowhere'), path.join(root, 'dangling'));
    await assert.rejects(writeFileBelow(root, ['linked', 'x'], 'evil'), refused('link'));
    await assert.rejects(makeFolderBelow(root, ['dangling', 'x']), refused('link'));
    await assert.rejects(readFileBelow(root, ['linked', 'target']), refused('link'));
    outsideIsUntouched();
    assert.ok(!fs.existsSync(path.join(outside, 'nowhere')));
  });

  it('refuses a file that is a link, or a dangling link where a new file would go, and leaves the link as it is', async () => {
    fs.symlinkSync(path.join(outside, 'target'), path.join(root, 'file'));
    fs.symlinkSync(path.join(outside, 'new'), path.join(root, 'dangling'));
    await assert.rejects(writeFileBelow(root, ['file'], 'evil'), refused('link'));
    await assert.rejects(writeFileBelow(root, ['dangling'], 'evil', { atomic: true }), refused('link'));
    await assert.rejects(readFileBelow(root, ['file']), refused('link'));
    outsideIsUntouched();
    assert.equal(fs.readlinkSync(path.join(root, 'file')), path.join(outside, 'target'));
  });

  it('refuses a file where a folder goes and a folder where a file goes', async () => {
    fs.writeFileSync(path.join(root, 'plain'), 'x');
    fs.mkdirSync(path.join(root, 'dir'));
    await assert.rejects(writeFileBelow(root, ['plain', 'x'], 'y'), refused('notFolder'));
    await assert.rejects(writeFileBelow(root, ['dir'], 'y'), refused('notFile'));
  });

  it('never enters or makes a tool folder or a dot folder, and never writes a tool-named file', async () => {
    fs.mkdirSync(path.join(root, '.git'));
    for (const segments of [
      ['.git', 'config'],
      ['GIT~1', 'config'],
      ['.Git.', 'config'],
      ['.vscode', 'tasks.json'],
      ['.cache', 'x'],
      ['snippet', '.git'],
      ['snippet', '.github'],
    ]) {
      await assert.rejects(writeFileBelow(root, segments, 'evil'), RefusedPath, segments.join('/'));
    }
    assert.deepEqual(fs.readdirSync(path.join(root, '.git')), []);
    assert.deepEqual(fs.readdirSync(root).sort(), ['.git']);
  });

  it('replaces an existing file instead of writing into it: a hard link to it keeps its content, and its permissions stay', async () => {
    const file = path.join(root, 'script.sh');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o750);
    fs.linkSync(file, path.join(outside, 'hard'));
    await writeFileBelow(root, ['script.sh'], 'new');
    assert.equal(fs.readFileSync(file, 'utf8'), 'new');
    assert.equal(fs.readFileSync(path.join(outside, 'hard'), 'utf8'), 'old');
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o750);
    assert.deepEqual(fs.readdirSync(root), ['script.sh'], 'no temporary file is left behind');
  });

  it('writes through a temporary file whose name nobody can prepare: links at predictable names are left alone', async () => {
    const target = path.join(root, 'manifest.json');
    for (const guess of [`${target}.${process.pid}.tmp`, `${target}.tmp`, `${target}.0.tmp`]) {
      fs.symlinkSync(path.join(outside, 'target'), guess);
    }
    await writeFileBelow(root, ['manifest.json'], 'first', { atomic: true });
    await writeFileBelow(root, ['manifest.json'], 'second', { atomic: true });
    assert.equal(fs.readFileSync(target, 'utf8'), 'second');
    outsideIsUntouched();
    assert.equal(fs.readdirSync(root).length, 4, 'the manifest and the three links, nothing more');
  });

  it("the chosen folder itself may be a link or inside a tool folder: it is the user's choice", async () => {
    fs.mkdirSync(path.join(parent, '.git', 'inside'), { recursive: true });
    fs.symlinkSync(root, path.join(parent, 'via-link'));
    await writeFileBelow(path.join(parent, '.git', 'inside'), ['a', 'b'], 'x');
    await writeFileBelow(path.join(parent, 'via-link'), ['a', 'b'], 'y');
    assert.equal(fs.readFileSync(path.join(parent, '.git', 'inside', 'a', 'b'), 'utf8'), 'x');
    assert.equal(fs.readFileSync(path.join(root, 'a', 'b'), 'utf8'), 'y');
  });
});
