// The settings webview's words all come from the extension, translated: its script (every file of
// src/webview/, which esbuild bundles from settingsPanel.ts) writes no English of its own, uses only
// keys the extension sends, and the extension sends no key the webview never uses. The files are
// read with TypeScript's parser, so comments never count and every string literal and template
// text does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import * as ts from 'typescript';
import { panelStrings } from '../../../src/model/settingsPanel/webviewStrings';

// Compiled to out/test/unit/settingsPanel/; the sources are at the checkout's root.
const ROOT = path.resolve(__dirname, '../../../..');
const SCRIPTS = path.join(ROOT, 'src', 'webview');

function parse(text: string, file = 'settingsPanel.ts'): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Every TypeScript file of the webview's script, parsed. */
function scriptFiles(): ts.SourceFile[] {
  const files = fs
    .readdirSync(SCRIPTS, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort();
  return files.map((f) => parse(fs.readFileSync(path.join(SCRIPTS, f), 'utf8'), f));
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The keys the script reads from its strings object `t`, as `t.key`. */
function keysUsed(source: ts.SourceFile): Set<string> {
  const keys = new Set<string>();
  walk(source, (n) => {
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 't') {
      keys.add(n.name.text);
    }
    if (ts.isElementAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 't') {
      keys.add(`[${n.argumentExpression.getText(source)}]`);
    }
  });
  return keys;
}

/** Whether a piece of literal text reads as words to a person: two words, a capitalised word, or an ellipsis. */
const looksLikeWords = (text: string): boolean =>
  /\p{L}{2,}\s+\p{L}/u.test(text) || /^\s*\p{Lu}\p{Ll}+/u.test(text) || text.includes('…');

/** A string is markup, not words, when it is a `class` value or the 'use strict' directive. */
function isMarkup(n: ts.Node): boolean {
  let at: ts.Node = n;
  while (ts.isConditionalExpression(at.parent) || ts.isTemplateSpan(at.parent) || ts.isTemplateExpression(at.parent)) {
    at = at.parent;
  }
  if (ts.isPropertyAssignment(at.parent) && at.parent.initializer === at && at.parent.name.getText() === 'class') {
    return true;
  }
  return ts.isExpressionStatement(at.parent) && ts.isStringLiteral(at) && at.text === 'use strict';
}

/** Every literal text of a file that reads as words, with its line. */
function wordsWritten(source: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(source, (n) => {
    const texts =
      ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)
        ? [n.text]
        : ts.isTemplateExpression(n)
          ? [n.head.text, ...n.templateSpans.map((s) => s.literal.text)]
          : [];
    for (const text of texts) {
      if (looksLikeWords(text) && !isMarkup(n)) {
        found.push(
          `${source.fileName} line ${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${JSON.stringify(text)}`,
        );
      }
    }
  });
  return found;
}

describe('settings webview strings', () => {
  const sources = scriptFiles();

  it('reads the whole script: the entry esbuild bundles and every module it is split into', () => {
    const names = sources.map((f) => f.fileName);
    assert.ok(names.includes('settingsPanel.ts'), names.join(', '));
    assert.ok(names.length > 1, names.join(', '));
  });

  it('the webview script writes no words of its own: every label, heading and status comes from the extension', () => {
    assert.deepEqual(sources.flatMap(wordsWritten), []);
  });

  it('the check finds English wherever the script could put it', () => {
    const planted = parse(`
      el('h2', { id: 'pages-title', text: 'Static pages' });
      button(\`Show \${n} more\`, 'more', go);
      const s = busy ? 'Changing…' : 'Unknown';
      el('span', { class: 'muted kind', attrs: { 'aria-label': 'publish pages' } });
      'use strict';
    `);
    assert.deepEqual(
      wordsWritten(planted).map((f) => f.replace(/^\S+ line \d+: /, '')),
      ['"Static pages"', '"Show "', '"Changing…"', '"Unknown"', '"publish pages"'],
    );
  });

  it('the webview script uses only keys the extension sends, and the extension sends none it does not use', () => {
    const sent = Object.keys(panelStrings());
    const used = new Set(sources.flatMap((source) => [...keysUsed(source)]));
    assert.ok(used.size > 30, `only ${used.size} keys found: is the strings object still called t?`);
    assert.deepEqual([...used].filter((k) => !sent.includes(k)).sort(), [], 'used by the webview script but not sent');
    assert.deepEqual(sent.filter((k) => !used.has(k)).sort(), [], 'sent but never used by the webview script');
  });

  it('follows the bundle VS Code gives for the display language', () => {
    const german = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.de.json'), 'utf8'),
    ) as l10n.l10nJsonFormat;
    try {
      l10n.config({ contents: german });
      const strings = panelStrings();
      assert.equal(strings.staticPages, 'Statische Seiten');
      assert.equal(strings.publishNewBranches, 'Neue Branches veröffentlichen');
      // Templates reach the webview with their placeholders, for it to fill.
      assert.match(strings.onHostSignedInAs, /\{0\}.*\{1\}|\{1\}.*\{0\}/);
      assert.match(strings.publishPagesFor, /\{0\}/);
    } finally {
      l10n.config({ contents: {} });
    }
    assert.equal(panelStrings().staticPages, 'Static pages');
  });
});
