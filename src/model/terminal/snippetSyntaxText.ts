// The plain text of a file in VS Code snippet syntax, for a place that has no tab stops: the
// terminal. Each tab stop becomes its default (`${1:default}` → `default`, `${1|a,b|}` → `a`,
// `$1` → what another `$1` placeholder says, else nothing), each variable its default or nothing
// (a terminal has no file name or selection to give `$TM_FILENAME`), transforms nothing, and the
// escapes `\$`, `\}` and `\\` their character. What is not snippet syntax stays as written, as
// VS Code's own parser leaves it (src/vs/editor/contrib/snippet/browser/snippetParser.ts).
// Plain logic without `vscode`.

type Part =
  | { kind: 'text'; value: string }
  /** A tab stop, a placeholder (`parts`), a choice (`choice`: its first option) or a transform of one. */
  | { kind: 'tabStop'; index: number; parts?: Part[]; choice?: string; transform?: true }
  /** A variable; `parts` is its default. */
  | { kind: 'variable'; parts?: Part[] };

const INT = /\d+/y;
const VARIABLE = /[_a-zA-Z][_a-zA-Z0-9]*/y;

class SnippetReader {
  private pos = 0;

  constructor(private readonly source: string) {}

  /** Parts up to the end, or inside a placeholder up to its unescaped `}` (left unread). */
  parts(inside: boolean): Part[] {
    const parts: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push({ kind: 'text', value: text });
      text = '';
    };
    while (this.pos < this.source.length) {
      const char = this.source[this.pos];
      const next = this.source[this.pos + 1];
      if (char === '\\' && next !== undefined && '$}\\'.includes(next)) {
        text += next;
        this.pos += 2;
      } else if (inside && char === '}') {
        break;
      } else if (char === '$') {
        const start = this.pos;
        const part = this.dollar();
        if (part) {
          flush();
          parts.push(part);
        } else {
          // Not snippet syntax: the `$` is text, and reading goes on after it.
          this.pos = start + 1;
          text += '$';
        }
      } else {
        text += char;
        this.pos += 1;
      }
    }
    flush();
    return parts;
  }

  /** The construct starting at a `$`, or undefined when there is none (the caller rewinds). */
  private dollar(): Part | undefined {
    this.pos += 1;
    const bareIndex = this.match(INT);
    if (bareIndex !== undefined) return { kind: 'tabStop', index: Number(bareIndex) };
    if (this.match(VARIABLE) !== undefined) return { kind: 'variable' };
    if (this.source[this.pos] !== '{') return undefined;
    this.pos += 1;
    const index = this.match(INT);
    const name = index === undefined ? this.match(VARIABLE) : undefined;
    if (index === undefined && name === undefined) return undefined;
    const mark = this.source[this.pos];
    this.pos += 1;
    if (mark === '}') return index === undefined ? { kind: 'variable' } : { kind: 'tabStop', index: Number(index) };
    if (mark === ':') {
      const parts = this.parts(true);
      if (this.source[this.pos] !== '}') return undefined;
      this.pos += 1;
      return index === undefined ? { kind: 'variable', parts } : { kind: 'tabStop', index: Number(index), parts };
    }
    if (mark === '|' && index !== undefined) {
      const choice = this.firstChoice();
      return choice === undefined ? undefined : { kind: 'tabStop', index: Number(index), choice };
    }
    if (mark === '/') {
      if (!this.skipTransform()) return undefined;
      return index === undefined ? { kind: 'variable' } : { kind: 'tabStop', index: Number(index), transform: true };
    }
    return undefined;
  }

  /** After `${1|`: the first option, with the rest read up to `|}`. `\,`, `\|` and `\\` are escapes. */
  private firstChoice(): string | undefined {
    const options = [''];
    while (this.pos < this.source.length) {
      const char = this.source[this.pos];
      const next = this.source[this.pos + 1];
      if (char === '\\' && next !== undefined && ',|\\'.includes(next)) {
        options[options.length - 1] += next;
        this.pos += 2;
      } else if (char === '|' && next === '}') {
        this.pos += 2;
        return options[0];
      } else if (char === '|') {
        return undefined;
      } else {
        if (char === ',') options.push('');
        else options[options.length - 1] += char;
        this.pos += 1;
      }
    }
    return undefined;
  }

  /** After `${1/` or `${NAME/`: reads `regex/format/options}`; false when it does not close. */
  private skipTransform(): boolean {
    let slashes = 0;
    while (this.pos < this.source.length) {
      const char = this.source[this.pos];
      if (char === '\\') {
        this.pos += 2;
        continue;
      }
      this.pos += 1;
      if (char === '/') slashes += 1;
      else if (char === '}' && slashes === 2) return true;
    }
    return false;
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.source);
    if (!found) return undefined;
    this.pos += found[0].length;
    return found[0];
  }
}

/** The first placeholder or choice of each index, in reading order: what its other tab stops show. */
function defaultsOf(parts: Part[], found = new Map<number, Part>()): Map<number, Part> {
  for (const part of parts) {
    if (
      part.kind === 'tabStop' &&
      !found.has(part.index) &&
      (part.choice !== undefined || (part.parts?.length ?? 0) > 0)
    ) {
      found.set(part.index, part);
    }
    if (part.kind !== 'text' && part.parts) defaultsOf(part.parts, found);
  }
  return found;
}

function render(parts: Part[], defaults: Map<number, Part>, within: ReadonlySet<number>): string {
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.value;
      if (part.kind === 'variable') return part.parts ? render(part.parts, defaults, within) : '';
      if (part.transform || within.has(part.index)) return '';
      const shown = defaults.get(part.index) ?? part;
      if (shown.kind !== 'tabStop') return '';
      if (shown.choice !== undefined) return shown.choice;
      // A placeholder that holds its own tab stop would show itself for ever: inside it, that one is empty.
      return shown.parts ? render(shown.parts, defaults, new Set([...within, part.index])) : '';
    })
    .join('');
}

/** The text a snippet in VS Code snippet syntax inserts with every tab stop left at its default. */
export function snippetSyntaxAsPlainText(source: string): string {
  const parts = new SnippetReader(source).parts(false);
  return render(parts, defaultsOf(parts), new Set());
}
