// Strict JSON with the place of everything, for hook settings: jsonc-parser (the parser VS Code
// itself uses) with comments, trailing commas and empty text refused. JSON.parse cannot do what
// hook settings need: say at which offset a field is (for diagnostics at the field) and notice a
// key given twice (it silently keeps the last one); jsonc-parser's tree keeps every member, and
// its offsets. This turns its tree into the plain shape the checks read, and its first error into
// one sentence for the user. Pure logic, no `vscode`.
import * as l10n from '@vscode/l10n';
import { parseTree, ParseErrorCode, visit, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';
import { MAX_JSON_DEPTH } from '../../api/exactJson';

export type JsonNode =
  | { type: 'object'; offset: number; length: number; members: JsonMember[] }
  | { type: 'array'; offset: number; length: number; items: JsonNode[] }
  | { type: 'string'; offset: number; length: number; value: string }
  /** `text` is the number as written (9007199254740993, `1.0`, `1e400`); `value` the nearest JavaScript number. */
  | { type: 'number'; offset: number; length: number; value: number; text: string }
  | { type: 'boolean'; offset: number; length: number; value: boolean }
  | { type: 'null'; offset: number; length: number; value: null };

export interface JsonMember {
  key: string;
  /** Offset and length of the key including its quotes. */
  keyOffset: number;
  keyLength: number;
  value: JsonNode;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** JSON as JSON.parse reads it: no comments, no trailing commas, not empty. */
const STRICT: ParseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** Valid JSON, perhaps, but nested deeper than MAX_JSON_DEPTH: refused before anything recurses into it. */
export class JsonTooDeepError extends Error {
  constructor(readonly offset: number) {
    super(l10n.t('Values are nested more than {0} levels deep.', MAX_JSON_DEPTH));
    this.name = 'JsonTooDeepError';
  }
}

/**
 * Reads one JSON value spanning the whole text (whitespace around it allowed); throws
 * JsonSyntaxError at the first problem, JsonTooDeepError where nesting passes MAX_JSON_DEPTH.
 */
export function scanJson(text: string): JsonNode {
  // jsonc-parser and the walk below recurse once per level: a few thousand levels would overflow the stack.
  const tooDeep = deepNestingAt(text, MAX_JSON_DEPTH);
  if (tooDeep !== undefined) throw new JsonTooDeepError(tooDeep);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, STRICT);
  if (errors.length > 0 || !root) throw syntaxError(text);
  return toJsonNode(text, root);
}

/** The offset of the first `{` or `[` (outside strings, as jsonc-parser reads them) that opens a level deeper than `limit`, if any; a plain loop. */
function deepNestingAt(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let pos = 0; pos < text.length; pos++) {
    const ch = text[pos];
    if (inString) {
      if (ch === '\\') pos++;
      // jsonc-parser ends a string at a line break too (an error), and reads on after it.
      else if (ch === '"' || ch === '\n' || ch === '\r') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++depth > limit) return pos;
    } else if (ch === '}' || ch === ']') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

function toJsonNode(text: string, node: Node): JsonNode {
  const { offset, length } = node;
  switch (node.type) {
    case 'object':
      return {
        type: 'object',
        offset,
        length,
        // A property node's children are its key and its value; a key given twice stays twice.
        members: (node.children ?? []).map((property) => {
          const [key, value] = property.children ?? [];
          return {
            key: key.value as string,
            keyOffset: key.offset,
            keyLength: key.length,
            value: toJsonNode(text, value),
          };
        }),
      };
    case 'array':
      return { type: 'array', offset, length, items: (node.children ?? []).map((item) => toJsonNode(text, item)) };
    case 'string':
      return { type: 'string', offset, length, value: node.value as string };
    case 'number':
      return { type: 'number', offset, length, value: node.value as number, text: text.slice(offset, offset + length) };
    case 'boolean':
      return { type: 'boolean', offset, length, value: node.value as boolean };
    default:
      // parseTree gives properties only inside objects; anything else left is null.
      return { type: 'null', offset, length, value: null };
  }
}

/**
 * The first problem of a text that does not parse, in a sentence. A second pass with `visit`
 * knows what the parser was reading then: the enclosing object or array, and the last field name.
 */
function syntaxError(text: string): JsonSyntaxError {
  const containers: Array<'}' | ']'> = [];
  let lastKey = '';
  let first:
    { error: ParseErrorCode; offset: number; length: number; closer: '}' | ']' | undefined; key: string } | undefined;
  visit(
    text,
    {
      onObjectBegin: () => void containers.push('}'),
      onObjectEnd: () => void containers.pop(),
      onArrayBegin: () => void containers.push(']'),
      onArrayEnd: () => void containers.pop(),
      onObjectProperty: (property) => void (lastKey = property),
      onError: (error, offset, length) => {
        first ??= { error, offset, length, closer: containers[containers.length - 1], key: lastKey };
      },
    },
    STRICT,
  );
  if (!first) return new JsonSyntaxError(l10n.t('The text ends where a value was expected.'), text.length);
  const { error, offset, length, closer, key } = first;
  const found = describeAt(text, offset);
  const at = (message: string, where = offset) => new JsonSyntaxError(message, Math.min(where, text.length));
  switch (error) {
    case ParseErrorCode.PropertyNameExpected:
      if (text[offset] === '}' && text.slice(0, offset).trimEnd().endsWith(',')) {
        return at(l10n.t('A comma before "}" is not allowed in JSON.'));
      }
      return at(l10n.t('Expected a field name in double quotes, found {0}.', found));
    case ParseErrorCode.ColonExpected:
      return at(l10n.t('Expected ":" after the field name "{0}", found {1}.', key, found));
    case ParseErrorCode.CommaExpected:
    case ParseErrorCode.CloseBraceExpected:
    case ParseErrorCode.CloseBracketExpected: {
      const close =
        error === ParseErrorCode.CloseBraceExpected
          ? '}'
          : error === ParseErrorCode.CloseBracketExpected
            ? ']'
            : closer;
      return at(
        close === ']'
          ? l10n.t('Expected "," or "]", found {0}.', found)
          : l10n.t('Expected "," or "}", found {0}.', found),
      );
    }
    case ParseErrorCode.EndOfFileExpected:
      return at(l10n.t('Unexpected {0} after the end of the JSON value.', found));
    case ParseErrorCode.InvalidCommentToken:
    case ParseErrorCode.UnexpectedEndOfComment:
      return at(l10n.t('Comments are not allowed in JSON.'));
    case ParseErrorCode.UnexpectedEndOfString:
    case ParseErrorCode.InvalidUnicode:
    case ParseErrorCode.InvalidEscapeCharacter:
    case ParseErrorCode.InvalidCharacter:
      return stringProblem(text, offset);
    case ParseErrorCode.UnexpectedEndOfNumber:
    case ParseErrorCode.InvalidNumberFormat:
      return at(l10n.t('"{0}" is not a number as JSON writes them.', text.slice(offset, offset + length)));
    default:
      // ValueExpected, InvalidSymbol (a word that is no value, such as `tru` or a key without quotes).
      if (text.slice(offset).trim() === '') return at(l10n.t('The text ends where a value was expected.'));
      if (closer === '}' && text.slice(0, offset).trimEnd().match(/[{,]$/)) {
        return at(l10n.t('Expected a field name in double quotes, found {0}.', found));
      }
      return at(
        l10n.t(
          'Unexpected {0}: expected a value (text in double quotes, a number, true, false, an object or an array).',
          found,
        ),
      );
  }
}

/**
 * What is wrong inside the string that starts at `start`, at the character it is about (the
 * parser names the whole string): an escape, a raw line break or control character, or no end.
 */
function stringProblem(text: string, start: number): JsonSyntaxError {
  for (let pos = start + 1; pos < text.length; pos++) {
    const ch = text[pos];
    if (ch === '"') break;
    if (ch === '\\') {
      const next = text[pos + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) {
          return new JsonSyntaxError(l10n.t('A \\u escape needs four hexadecimal digits.'), pos);
        }
        pos += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
        pos++;
      } else {
        return new JsonSyntaxError(l10n.t('"\\{0}" is not a valid escape in a JSON string.', next ?? ''), pos);
      }
      continue;
    }
    if (ch < ' ') {
      return new JsonSyntaxError(
        l10n.t('A line break or control character inside a string must be escaped (for example \\n).'),
        pos,
      );
    }
  }
  return new JsonSyntaxError(l10n.t('A string is not closed: a quote (") is missing.'), start);
}

/** The character at `offset` as the messages quote it, or "the end of the text". */
function describeAt(text: string, offset: number): string {
  return offset >= text.length ? l10n.t('the end of the text') : `"${text[offset]}"`;
}
