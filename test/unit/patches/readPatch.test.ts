// Read a Patch: the files a git or unified diff touches, and a refusal naming what is wrong with a
// text that is no patch or was cut short. Patches here are written by hand, as git writes them.
import * as assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { PatchError, type PatchReason } from '../../../src/model/patches/patchErrors';
import { readPatch } from '../../../src/model/patches/readPatch';

const refused = (reason: PatchReason, message?: RegExp) => (err: unknown) => {
  assert.ok(err instanceof PatchError, String(err));
  assert.equal(err.reason, reason, err.message);
  if (message) assert.match(err.message, message);
  return true;
};

const MODIFY = [
  'diff --git a/src/app.ts b/src/app.ts',
  'index 4cb29ea38f70d7c61b2a3a25b02e3bdf44905402..ddc897f039f57aa91e16efa6dfde386c4255206f 100644',
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -1,3 +1,3 @@',
  ' one',
  '-two',
  '+TWO',
  ' three',
  '',
].join('\n');

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** A `literal` block the way git writes one: zlib, base85 in lines of up to 52 bytes. */
function literal(content: Buffer): string[] {
  const data = deflateSync(content);
  const lines = [`literal ${content.length}`];
  for (let at = 0; at < data.length; at += 52) {
    const part = data.subarray(at, at + 52);
    const padded = Buffer.concat([part, Buffer.alloc((4 - (part.length % 4)) % 4)]);
    let line = part.length <= 26 ? String.fromCharCode(64 + part.length) : String.fromCharCode(96 + part.length - 26);
    for (let g = 0; g < padded.length; g += 4) {
      let acc = padded.readUInt32BE(g);
      const chars: string[] = [];
      for (let k = 0; k < 5; k++) {
        chars.unshift(ALPHABET[acc % 85]);
        acc = Math.floor(acc / 85);
      }
      line += chars.join('');
    }
    lines.push(line);
  }
  return [...lines, ''];
}

const image = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256));
const BINARY =
  [
    'diff --git a/logo.png b/logo.png',
    'new file mode 100644',
    'index 0000000000000000000000000000000000000000..1111111111111111111111111111111111111111',
    'GIT binary patch',
    ...literal(image),
    ...literal(Buffer.alloc(0)),
  ].join('\n') + '\n';

describe('patches: reading a patch', () => {
  it('reads modified, created, deleted, renamed files and mode changes', () => {
    const text = [
      MODIFY.trimEnd(),
      'diff --git a/new.sh b/new.sh',
      'new file mode 100755',
      'index 0000000..ce01362',
      '--- /dev/null',
      '+++ b/new.sh',
      '@@ -0,0 +1 @@',
      '+echo hi',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      'index ce01362..0000000',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      '\\ No newline at end of file',
      'diff --git a/from name.txt b/to name.txt',
      'similarity index 100%',
      'rename from from name.txt',
      'rename to to name.txt',
      'diff --git a/run b/run',
      'old mode 100644',
      'new mode 100755',
      '',
    ].join('\n');
    const { files, lineEndings } = readPatch(text);
    assert.equal(lineEndings, 'lf');
    assert.deepEqual(
      files.map((f) => [f.change, f.oldPath, f.newPath, f.oldMode, f.newMode, f.hunks]),
      [
        ['modified', 'src/app.ts', 'src/app.ts', '100644', '100644', 1],
        ['created', undefined, 'new.sh', undefined, '100755', 1],
        ['deleted', 'old.txt', undefined, '100644', undefined, 1],
        ['renamed', 'from name.txt', 'to name.txt', undefined, undefined, 0],
        ['modified', 'run', 'run', '100644', '100755', 0],
      ],
    );
  });

  it('reads quoted names, names with spaces and a unified diff with times', () => {
    const quoted = readPatch(
      MODIFY.replace(/src\/app\.ts/g, 'x')
        .replace('--- a/x', '--- "a/caf\\303\\251 \\"1\\".txt"')
        .replace('+++ b/x', '+++ "b/caf\\303\\251 \\"1\\".txt"'),
    );
    assert.equal(quoted.files[0].newPath, 'café "1".txt');
    const spaced = readPatch('diff --git a/my file.txt b/my file.txt\nold mode 100644\nnew mode 100755\n');
    assert.equal(spaced.files[0].oldPath, 'my file.txt');
    const unified = readPatch(
      '--- a/doc.md\t2024-01-01 10:00:00\n+++ b/doc.md\t2024-01-02 10:00:00\n@@ -1 +1 @@\n-x\n+y\n',
    );
    assert.deepEqual([unified.files[0].oldPath, unified.files[0].newPath], ['doc.md', 'doc.md']);
  });

  it('reads a binary patch whose blocks are whole, and says it is binary', () => {
    const { files } = readPatch(BINARY);
    assert.deepEqual([files[0].change, files[0].newPath, files[0].binary], ['created', 'logo.png', true]);
  });

  it('reads a patch whose every line ends in CRLF (made or pasted on Windows)', () => {
    const { files, lineEndings } = readPatch(MODIFY.replace(/\n/g, '\r\n'));
    assert.equal(lineEndings, 'crlf');
    assert.deepEqual([files[0].newPath, files[0].hunks], ['src/app.ts', 1]);
    assert.equal(readPatch(BINARY.replace(/\n/g, '\r\n')).files[0].binary, true);
  });

  it('skips what is around the changes: a mail header, a commit message, a signature', () => {
    const mail = `From 1234 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] change\n\n---\n src/app.ts | 2 +-\n\n${MODIFY}-- \n2.39.5\n\n`;
    assert.equal(readPatch(mail).files.length, 1);
  });

  it('refuses a text that is not a patch', () => {
    for (const text of ['', 'hello world\n', 'const x = 1;\n--- not a marker\n', '+++ b/x\n@@ -1 +1 @@\n']) {
      assert.throws(() => readPatch(text), refused('notAPatch', /not a patch/), JSON.stringify(text));
    }
  });

  it('refuses a patch cut short, naming the file and the line', () => {
    const lines = MODIFY.split('\n');
    for (const keep of [5, 6, 7, 8]) {
      assert.throws(
        () => readPatch(lines.slice(0, keep).join('\n') + '\n'),
        refused('cutShort', /src\/app\.ts.*line \d+/),
        `cut after ${keep} lines`,
      );
    }
    // Cut after the header or the markers: nothing tells what changes.
    assert.throws(() => readPatch(lines.slice(0, 2).join('\n')), refused('cutShort'));
    assert.throws(() => readPatch(lines.slice(0, 4).join('\n')), refused('cutShort'));
    assert.throws(() => readPatch(lines.slice(0, 3).join('\n')), refused('cutShort'));
  });

  it('refuses a binary patch cut anywhere in its data', () => {
    const lines = BINARY.split('\n');
    const dataEnd = lines.indexOf('', 5);
    for (let keep = 4; keep < dataEnd; keep++) {
      assert.throws(
        () => readPatch(lines.slice(0, keep).join('\n') + '\n'),
        refused('cutShort', /logo\.png/),
        `cut after ${keep} lines`,
      );
    }
    // Cut within the last data line.
    const cutLine = lines.slice(0, dataEnd);
    cutLine[dataEnd - 1] = cutLine[dataEnd - 1].slice(0, -3);
    assert.throws(() => readPatch(cutLine.join('\n') + '\n'), refused('cutShort'));
  });

  it('refuses a hunk with a line that belongs to no hunk, and a binary change with no data', () => {
    assert.throws(() => readPatch(MODIFY.replace(' three', 'three')), refused('corrupt', /line 9/));
    assert.throws(
      () =>
        readPatch(
          'diff --git a/a.png b/a.png\nindex 1111111..2222222 100644\nBinary files a/a.png and b/a.png differ\n',
        ),
      refused('binaryWithoutData', /a\.png/),
    );
  });
});
