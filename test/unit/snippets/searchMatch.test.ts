// Matching of one snippet: fields, literal text, case, line numbers and bounded work on big files.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import {
  LARGE_CONTENT,
  MAX_LINE_TEXT,
  MAX_LINES_PER_FILE,
  matchContent,
  matchSnippet,
  normalizeQuery,
} from '../../../src/model/snippets/search/match';

const snippet = (over: Partial<Snippet> = {}): Snippet => ({
  guid: 'g',
  name: 'Nightly backup',
  description: 'Copies the database\nthen compresses it',
  categories: [{ guid: 'c', name: 'Ops' }],
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: 0,
  updatedAt: 0,
  comments: [],
  files: [{ guid: 'f', name: 'backup.sh', content: '#!/bin/sh\npg_dump db > out.sql\ngzip OUT.sql\n' }],
  ...over,
});

describe('search matching (match.ts)', () => {
  it('finds the text in the name, description, categories, file names and content, ignoring case', () => {
    assert.deepEqual(
      matchSnippet(snippet(), 'nightly').map((m) => m.field),
      ['name'],
    );
    assert.deepEqual(
      matchSnippet(snippet(), normalizeQuery(' COMPRESSES ')).map((m) => [m.field, m.text]),
      [['description', 'then compresses it']],
    );
    assert.deepEqual(
      matchSnippet(snippet(), 'ops').map((m) => m.field),
      ['category'],
    );
    const backup = matchSnippet(snippet(), 'backup');
    assert.deepEqual(
      backup.map((m) => m.field),
      ['name', 'fileName'],
    );
    assert.equal(backup[1].fileName, 'backup.sh');
    const content = matchSnippet(snippet(), 'out.sql');
    assert.deepEqual(
      content.map((m) => [m.field, m.fileName, m.line, m.column, m.text]),
      [
        ['content', 'backup.sh', 2, 13, 'pg_dump db > out.sql'],
        ['content', 'backup.sh', 3, 5, 'gzip OUT.sql'],
      ],
    );
    assert.deepEqual(matchSnippet(snippet(), 'absent'), []);
  });

  it('takes regular expression characters literally', () => {
    const s = snippet({ files: [{ guid: 'f', name: 'a.txt', content: 'abc\na.*c\n(x|y)+ [z]\n' }] });
    assert.deepEqual(
      matchSnippet(s, 'a.*c').map((m) => m.line),
      [2],
    );
    assert.deepEqual(
      matchSnippet(s, '(x|y)+').map((m) => m.line),
      [3],
    );
    assert.deepEqual(
      matchSnippet(s, '[z]').map((m) => m.line),
      [3],
    );
    assert.deepEqual(
      matchSnippet(s, '.'),
      matchSnippet(s, '.').filter((m) => m.text.includes('.')),
    );
    assert.equal(matchSnippet(s, '\\d').length, 0);
  });

  it('treats an empty or blank search as nothing to match', () => {
    assert.equal(normalizeQuery('   '), '');
    assert.deepEqual(matchSnippet(snippet(), ''), []);
  });

  it('keeps CRLF out of the line text and counts lines past many matches', () => {
    const lines = Array.from({ length: 50 }, (_, i) => (i % 10 === 9 ? `hit ${i + 1}` : `line ${i + 1}`));
    const found = matchContent(lines.join('\r\n'), 'hit');
    assert.deepEqual(
      found.map((m) => [m.line, m.text]),
      [
        [10, 'hit 10'],
        [20, 'hit 20'],
        [30, 'hit 30'],
        [40, 'hit 40'],
        [50, 'hit 50'],
      ],
    );
  });

  it('reports one result per line and at most a few lines per file', () => {
    const found = matchContent('x x x\n'.repeat(100), 'x');
    assert.equal(found.length, MAX_LINES_PER_FILE);
    assert.deepEqual(
      found.map((m) => m.line),
      [1, 2, 3, 4, 5],
    );
  });

  it('matches text whose lower case is longer (İ) line by line, with the right line', () => {
    const found = matchContent('İstanbul\nfoo\nİzmir foo', 'foo');
    assert.deepEqual(
      found.map((m) => [m.line, m.text]),
      [
        [2, 'foo'],
        [3, 'İzmir foo'],
      ],
    );
  });

  it('cuts a long line around the match', () => {
    const line = `${'a'.repeat(5000)}NEEDLE${'b'.repeat(5000)}`;
    const [m] = matchContent(line, 'needle');
    assert.equal(m.column, 5000);
    assert.ok(m.text.length <= MAX_LINE_TEXT + 2, `text of ${m.text.length} characters`);
    assert.ok(m.text.includes('NEEDLE') && m.text.startsWith('…') && m.text.endsWith('…'));
  });

  it('finds a match at the end of a 5 MB file, with its line, and stops early on a file that matches everywhere', () => {
    const line = 'const value = "0123456789abcdefghijklmnopqrstuvwxyz";\n';
    const count = Math.ceil((5 * 1024 * 1024) / line.length);
    const content = `${line.repeat(count)}the last line\n`;
    const found = matchContent(content, normalizeQuery('LAST LINE'));
    assert.deepEqual(
      found.map((m) => [m.line, m.column, m.text]),
      [[count + 1, 4, 'the last line']],
    );
    assert.equal(matchContent(content, 'value').length, MAX_LINES_PER_FILE);
  });

  it('finds in a large file what it finds in the same lines of a small one: İ, the Kelvin sign and other cases included', () => {
    const padLines = LARGE_CONTENT / 2;
    const pad = '-\n'.repeat(padLines);
    const text = fc
      .array(fc.constantFrom('k', 'K', '\u212a', 'a', 'A', 'i', 'I', '\u0130', 'ı', 'ß', 'Σ', '.', ' ', '\n', '\r'), {
        maxLength: 60,
      })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, text, (content, query) => {
        const needle = normalizeQuery(query);
        fc.pre(needle !== '' && !needle.includes('\n') && !needle.includes('-'));
        const small = matchContent(content, needle);
        const large = matchContent(pad + content, needle);
        assert.deepEqual(
          large,
          small.map((m) => ({ ...m, line: m.line + padLines })),
        );
      }),
      { numRuns: 500 },
    );
  });
});
