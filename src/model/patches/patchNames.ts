// File names as a git patch writes them: C-quoted when they hold special characters
// ("a/caf\303\251.txt"), followed by a tab when they hold a space (for GNU patch), prefixed with
// `a/` and `b/`, and both in one `diff --git` line where only equal names can be told apart. Read
// here the way `git apply` reads them, because the paths the hostile check judges must be the
// paths git will write.

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A C-quoted name at the start of `text` and what follows it, or undefined when it is not one. */
export function unquote(text: string): { name: string; rest: string } | undefined {
  if (!text.startsWith('"')) return undefined;
  const bytes: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return { name: Buffer.from(bytes).toString('utf8'), rest: text.slice(i + 1) };
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = text[++i];
    if (next !== undefined && next in ESCAPES) {
      bytes.push(ESCAPES[next]);
    } else if (/^[0-3][0-7][0-7]$/.test(text.slice(i, i + 3))) {
      bytes.push(parseInt(text.slice(i, i + 3), 8));
      i += 2;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The name of a `---` or `+++` line's rest: quoted, or up to a tab (git and GNU diff put the time or a tab after it). */
export function nameOfMarkerLine(rest: string): string {
  const quoted = unquote(rest);
  if (quoted) return quoted.name;
  const tab = rest.indexOf('\t');
  return tab >= 0 ? rest.slice(0, tab) : rest.replace(/ +$/, '');
}

/** `name` without its first folder (`a/`, `b/`), as `git apply -p1` takes it; a name without one stays whole. */
export function withoutPrefix(name: string): string {
  const slash = name.indexOf('/');
  return slash >= 0 ? name.slice(slash + 1) : name;
}

/** The two names of a `diff --git` line's rest, without prefixes; undefined when they cannot be told apart. */
export function namesOfGitHeader(rest: string): { oldName: string; newName: string } | undefined {
  const first = unquote(rest);
  if (first) {
    const second = rest.slice(rest.length - first.rest.length).replace(/^ /, '');
    const secondName = unquote(second)?.name ?? second;
    return { oldName: withoutPrefix(first.name), newName: withoutPrefix(secondName) };
  }
  const quotedSecond = rest.indexOf(' "');
  if (quotedSecond >= 0) {
    const second = unquote(rest.slice(quotedSecond + 1));
    if (second) return { oldName: withoutPrefix(rest.slice(0, quotedSecond)), newName: withoutPrefix(second.name) };
  }
  // Unquoted names with spaces: git takes the split at which both names are the same.
  for (let at = rest.indexOf(' '); at >= 0; at = rest.indexOf(' ', at + 1)) {
    const oldName = withoutPrefix(rest.slice(0, at));
    const newName = withoutPrefix(rest.slice(at + 1));
    if (oldName === newName) return { oldName, newName };
  }
  return undefined;
}
