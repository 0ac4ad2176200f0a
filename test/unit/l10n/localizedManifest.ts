// package.json as VS Code shows it: every "%key%" replaced by its text from package.nls.json (or
// from package.nls.<language>.json, with English for a key it lacks), the way the editor and vsce
// read a localized manifest.
import * as fs from 'node:fs';
import * as path from 'node:path';

// Compiled to out/test/unit/l10n/; package.json is at the checkout's root.
export const ROOT = path.resolve(__dirname, '../../../..');

const NLS_KEY = /^%([^%\s]+)%$/;

export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

/** Every "%key%" string in the manifest, with where it is (a JSON path), in document order. */
export function manifestKeys(node: unknown = readJson('package.json'), at = '$'): Array<{ key: string; at: string }> {
  if (typeof node === 'string') {
    const m = NLS_KEY.exec(node);
    return m ? [{ key: m[1], at }] : [];
  }
  if (Array.isArray(node)) return node.flatMap((v, i) => manifestKeys(v, `${at}[${i}]`));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => manifestKeys(v, `${at}.${k}`));
  return [];
}

function substitute(node: unknown, texts: Record<string, string>): unknown {
  if (typeof node === 'string') {
    const m = NLS_KEY.exec(node);
    return m && m[1] in texts ? texts[m[1]] : node;
  }
  if (Array.isArray(node)) return node.map((v) => substitute(v, texts));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v, texts)]));
  }
  return node;
}

/** The manifest with its strings in `language` ('en' for the English package.nls.json). */
export function localizedManifest<T>(language = 'en'): T {
  const english = readJson<Record<string, string>>('package.nls.json');
  const texts =
    language === 'en' ? english : { ...english, ...readJson<Record<string, string>>(`package.nls.${language}.json`) };
  return substitute(readJson('package.json'), texts) as T;
}
