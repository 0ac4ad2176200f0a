// A server's secret-scanning expressions are written for Java (Bitbucket compiles them with RE2/J).
// Most read the same in JavaScript; this carries over the few forms that differ only in spelling
// and refuses the ones JavaScript would read as something else, rather than guess: a rule that
// matched other text than its author meant would report noise or miss its secret silently.

/** What JavaScript cannot take, named by the construct (for the log; never shown as prose). */
export type JavaRegexRefusal =
  | 'possessive-quantifier'
  | 'atomic-group'
  | 'inline-flags'
  | 'unsupported-flag'
  | 'unsupported-escape'
  | 'nested-class'
  | 'class-intersection'
  | 'comment-mode';

export type JavaRegexTranslation = { ok: true; source: string; flags: string } | { ok: false; refusal: JavaRegexRefusal; construct: string };

/** Inline flags at the start that JavaScript has as flags; Java's COMMENTS (x) and the rest are refused. */
const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;
const FLAG_OF: Record<string, string> = { i: 'i', s: 's', m: 'm' };

/** Escapes Java reads as a class or an anchor and JavaScript (without the `u` flag) as a plain letter, or not at all. */
const REFUSED_ESCAPES = new Set(['p', 'P', 'G', 'R', 'X', 'h', 'H', 'v', 'V', 'e', 'a', 'c', 'N', 'K', 'Z', '0']);
/** Java's anchors for the whole input; a line is the whole input here. */
const ANCHORS: Record<string, string> = { A: '(?<![\\s\\S])', z: '(?![\\s\\S])' };

const refuse = (refusal: JavaRegexRefusal, construct: string): JavaRegexTranslation => ({ ok: false, refusal, construct });
const escapeLiteral = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

export function javaRegexToJs(java: string): JavaRegexTranslation {
  let flags = '';
  let i = 0;
  const leading = LEADING_FLAGS.exec(java);
  if (leading) {
    for (const f of leading[1]) {
      if (f === 'x') return refuse('comment-mode', leading[0]);
      const js = FLAG_OF[f];
      if (js === undefined) return refuse('unsupported-flag', leading[0]);
      if (!flags.includes(js)) flags += js;
    }
    i = leading[0].length;
  }
  let out = '';
  let inClass = false;
  let afterQuantifier = false;
  while (i < java.length) {
    const c = java[i];
    if (c === '\\') {
      const next = java[i + 1] ?? '';
      if (next === 'Q') {
        const end = java.indexOf('\\E', i + 2);
        const literal = java.slice(i + 2, end < 0 ? java.length : end);
        out += escapeLiteral(literal);
        i = end < 0 ? java.length : end + 2;
        afterQuantifier = false;
        continue;
      }
      if (REFUSED_ESCAPES.has(next)) return refuse('unsupported-escape', `\\${next}`);
      if (!inClass && ANCHORS[next] !== undefined) out += ANCHORS[next];
      else if (inClass && ANCHORS[next] !== undefined) return refuse('unsupported-escape', `\\${next}`);
      else out += c + next;
      i += 2;
      afterQuantifier = false;
      continue;
    }
    if (inClass) {
      if (c === '[') return refuse('nested-class', java.slice(i, i + 2));
      if (c === '&' && java[i + 1] === '&') return refuse('class-intersection', '&&');
      if (c === ']') inClass = false;
      out += c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A `]` or `^]` right at the start is a literal in Java, an empty class in JavaScript.
      if (java[i + 1] === ']' || (java[i + 1] === '^' && java[i + 2] === ']')) return refuse('nested-class', java.slice(i, i + 3));
      i++;
      afterQuantifier = false;
      continue;
    }
    if (c === '(' && java[i + 1] === '?') {
      const rest = java.slice(i + 2);
      if (rest.startsWith('>')) return refuse('atomic-group', '(?>');
      if (rest.startsWith('P<')) {
        out += '(?<';
        i += 4;
        afterQuantifier = false;
        continue;
      }
      if (/^[a-zA-Z-]+[):]/.test(rest)) return refuse('inline-flags', `(?${/^[a-zA-Z-]+[):]/.exec(rest)?.[0]}`);
    }
    if ((c === '+' || c === '*' || c === '?') && !afterQuantifier) {
      out += c;
      i++;
      if (java[i] === '+') return refuse('possessive-quantifier', `${c}+`);
      afterQuantifier = true;
      continue;
    }
    const counted = c === '{' ? /^\{\d+(?:,\d*)?\}/.exec(java.slice(i)) : null;
    if (counted) {
      out += counted[0];
      i += counted[0].length;
      if (java[i] === '+') return refuse('possessive-quantifier', `${counted[0]}+`);
      afterQuantifier = true;
      continue;
    }
    // `?` after a quantifier makes it lazy, as in JavaScript; anything else ends the quantifier.
    out += c;
    i++;
    afterQuantifier = false;
  }
  return { ok: true, source: out, flags };
}
