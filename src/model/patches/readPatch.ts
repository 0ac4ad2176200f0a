// Read a Patch: the files a unified or git diff touches, and whether it is whole. A text with no
// file change in it is not a patch; a hunk whose lines end before its header's counts, or a binary
// block that does not decode, was cut short (a paste that lost its tail); a line that belongs to
// no hunk where one must is damage. Lines ending in CRLF (a patch that passed through Windows) are
// read like any other: only the structure is read here, and the CRs in the content are left to
// `git apply` and the repository's settings.
import * as l10n from '@vscode/l10n';
import { binaryBlockProblem } from './binaryPatch';
import { PatchError } from './patchErrors';
import { nameOfMarkerLine, namesOfGitHeader, withoutPrefix } from './patchNames';

export type FileChange = 'modified' | 'created' | 'deleted' | 'renamed' | 'copied';

export interface PatchFile {
  /** The path before, relative to the repository's top; undefined for a created file. */
  oldPath: string | undefined;
  /** The path after; undefined for a deleted file. */
  newPath: string | undefined;
  change: FileChange;
  binary: boolean;
  /** Modes as git writes them (`100644`, `100755`, `120000`), where the patch says. */
  oldMode: string | undefined;
  newMode: string | undefined;
  hunks: number;
}

export interface ReadPatch {
  files: PatchFile[];
  /** How the patch's own lines end: a patch whose lines all end in CRLF went through Windows. */
  lineEndings: 'lf' | 'crlf' | 'mixed';
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const EXTENDED =
  /^(old mode|new mode|deleted file mode|new file mode|copy from|copy to|rename from|rename to|rename old|rename new|similarity index|dissimilarity index|index) ?(.*)$/;
const DEV_NULL = '/dev/null';

interface FileDraft extends PatchFile {
  /** Names from `diff --git`, used when nothing more precise says. */
  headerNames?: { oldName: string; newName: string };
}

class Reader {
  private readonly lines: string[];
  at = 0;

  constructor(text: string) {
    this.lines = text.split('\n');
    if (this.lines[this.lines.length - 1] === '') this.lines.pop();
  }

  get done(): boolean {
    return this.at >= this.lines.length;
  }

  /** The line at `at` (or `offset` lines further) without its CR; undefined past the end. */
  bare(offset = 0): string | undefined {
    const line = this.lines[this.at + offset];
    return line === undefined ? undefined : line.replace(/\r$/, '');
  }

  lineEndings(): ReadPatch['lineEndings'] {
    const crlf = this.lines.filter((line) => line.endsWith('\r')).length;
    return crlf === 0 ? 'lf' : crlf === this.lines.length ? 'crlf' : 'mixed';
  }
}

const nameOf = (file: PatchFile) => file.newPath ?? file.oldPath ?? '?';

function cutShort(file: PatchFile, line: number): PatchError {
  return new PatchError(
    'cutShort',
    l10n.t('The patch is cut short: the change of {0} ends at line {1} before it is complete.', nameOf(file), line),
    { path: nameOf(file) },
  );
}

function corrupt(file: PatchFile, line: number): PatchError {
  return new PatchError(
    'corrupt',
    l10n.t('The patch is damaged at line {0}, in the change of {1}.', line, nameOf(file)),
    { path: nameOf(file) },
  );
}

function readHunks(reader: Reader, file: PatchFile): void {
  while (!reader.done && HUNK.test(reader.bare()!)) {
    const [, , oldCount = '1', , newCount = '1'] = HUNK.exec(reader.bare()!)!;
    let oldLeft = Number(oldCount);
    let newLeft = Number(newCount);
    reader.at++;
    file.hunks++;
    while (oldLeft > 0 || newLeft > 0) {
      const line = reader.bare();
      if (line === undefined) throw cutShort(file, reader.at);
      const kind = line === '' ? ' ' : line[0];
      if (kind === ' ') {
        oldLeft--;
        newLeft--;
      } else if (kind === '-') {
        oldLeft--;
      } else if (kind === '+') {
        newLeft--;
      } else if (kind !== '\\') {
        throw HUNK.test(line) || line.startsWith('diff ') ? cutShort(file, reader.at) : corrupt(file, reader.at + 1);
      }
      if (oldLeft < 0 || newLeft < 0) throw corrupt(file, reader.at + 1);
      reader.at++;
    }
    // "\ No newline at end of file" after the hunk's last line.
    if (reader.bare()?.startsWith('\\')) reader.at++;
  }
}

function readBinary(reader: Reader, file: PatchFile): void {
  file.binary = true;
  reader.at++;
  let blocks = 0;
  for (;;) {
    const header = /^(literal|delta) (\d+)$/.exec(reader.bare() ?? '');
    if (!header) break;
    reader.at++;
    const data: string[] = [];
    for (; !reader.done && reader.bare() !== ''; reader.at++) data.push(reader.bare()!);
    const problem = binaryBlockProblem(data, Number(header[2]));
    if (problem === 'cutShort') throw cutShort(file, reader.at);
    if (problem) throw corrupt(file, reader.at);
    reader.at++;
    blocks++;
  }
  if (blocks === 0) throw cutShort(file, reader.at);
}

/** The `---`/`+++` pair at the reader, with the hunks after it. */
function readMarkers(reader: Reader, file: PatchFile): void {
  const oldName = nameOfMarkerLine(reader.bare()!.slice(4));
  const plus = reader.bare(1);
  if (plus === undefined) throw cutShort(file, reader.at + 1);
  if (!plus.startsWith('+++ ')) throw corrupt(file, reader.at + 2);
  const newName = nameOfMarkerLine(plus.slice(4));
  if (oldName === DEV_NULL) file.change = 'created';
  else if (file.change !== 'renamed' && file.change !== 'copied') file.oldPath = withoutPrefix(oldName);
  if (newName === DEV_NULL) file.change = 'deleted';
  else if (file.change !== 'renamed' && file.change !== 'copied') file.newPath = withoutPrefix(newName);
  reader.at += 2;
  if (!HUNK.test(reader.bare() ?? '')) throw cutShort(file, reader.at);
  readHunks(reader, file);
}

function applyExtended(file: FileDraft, key: string, value: string): void {
  const name = () => (value.startsWith('"') ? nameOfMarkerLine(value) : value);
  switch (key) {
    case 'old mode':
      file.oldMode = value;
      break;
    case 'new mode':
      file.newMode = value;
      break;
    case 'deleted file mode':
      file.change = 'deleted';
      file.oldMode = value;
      break;
    case 'new file mode':
      file.change = 'created';
      file.newMode = value;
      break;
    case 'rename from':
    case 'rename old':
      file.change = 'renamed';
      file.oldPath = name();
      break;
    case 'rename to':
    case 'rename new':
      file.change = 'renamed';
      file.newPath = name();
      break;
    case 'copy from':
      file.change = 'copied';
      file.oldPath = name();
      break;
    case 'copy to':
      file.change = 'copied';
      file.newPath = name();
      break;
    case 'index': {
      const mode = / (\d{6})$/.exec(value);
      if (mode) {
        file.oldMode ??= mode[1];
        file.newMode ??= mode[1];
      }
      break;
    }
  }
}

/** A file as its headers start it: modified, no path, mode or hunk known yet. */
function unchangedFile(): PatchFile {
  return {
    oldPath: undefined,
    newPath: undefined,
    change: 'modified',
    binary: false,
    oldMode: undefined,
    newMode: undefined,
    hunks: 0,
  };
}

function readGitFile(reader: Reader): PatchFile {
  const headerNames = namesOfGitHeader(reader.bare()!.slice('diff --git '.length));
  const file: FileDraft = { ...unchangedFile(), headerNames };
  reader.at++;
  let extended = 0;
  for (let match; !reader.done && (match = EXTENDED.exec(reader.bare()!)); reader.at++, extended++) {
    applyExtended(file, match[1], match[2]);
  }
  if (file.change !== 'renamed' && file.change !== 'copied' && headerNames) {
    if (file.change !== 'created') file.oldPath = headerNames.oldName;
    if (file.change !== 'deleted') file.newPath = headerNames.newName;
  }
  const next = reader.bare() ?? '';
  if (next.startsWith('--- ')) readMarkers(reader, file);
  else if (next === 'GIT binary patch') readBinary(reader, file);
  else if (/^Binary files .* differ$/.test(next)) {
    throw new PatchError(
      'binaryWithoutData',
      l10n.t('The patch holds no data for the binary file {0}: it was made without --binary.', nameOf(file)),
      { path: nameOf(file) },
    );
  } else {
    // Nothing but headers is whole only for a rename, a copy, a mode change or an empty file made or removed.
    const headersOnly =
      file.change !== 'modified' ||
      (file.oldMode !== undefined && file.newMode !== undefined && file.oldMode !== file.newMode);
    if (!headersOnly || extended === 0) throw cutShort(file, reader.at);
  }
  if (file.oldPath === undefined && file.newPath === undefined) throw corrupt(file, reader.at);
  if (file.change === 'created') file.oldPath = undefined;
  if (file.change === 'deleted') file.newPath = undefined;
  return {
    oldPath: file.oldPath,
    newPath: file.newPath,
    change: file.change,
    binary: file.binary,
    oldMode: file.oldMode,
    newMode: file.newMode,
    hunks: file.hunks,
  };
}

function readUnifiedFile(reader: Reader): PatchFile {
  const file = unchangedFile();
  readMarkers(reader, file);
  if (file.change === 'created') file.oldPath = undefined;
  if (file.change === 'deleted') file.newPath = undefined;
  return file;
}

/** The files `text` changes; a PatchError ('notAPatch', 'cutShort', 'corrupt', 'binaryWithoutData') when it is not a whole patch. */
export function readPatch(text: string): ReadPatch {
  const reader = new Reader(text);
  const files: PatchFile[] = [];
  while (!reader.done) {
    const line = reader.bare()!;
    if (line.startsWith('diff --git ')) files.push(readGitFile(reader));
    else if (line.startsWith('--- ') && reader.bare(1)?.startsWith('+++ ')) files.push(readUnifiedFile(reader));
    // Anything else outside a file's change (a mail's header, a commit message, a signature) is not the patch's.
    else reader.at++;
  }
  if (files.length === 0) throw new PatchError('notAPatch', l10n.t('This text is not a patch: it changes no file.'));
  return { files, lineEndings: reader.lineEndings() };
}
