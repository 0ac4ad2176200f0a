import * as assert from 'node:assert/strict';
import { formatCount, formatDateTime } from '../../../src/util/localeFormat';
import type { Snippet } from '../../../src/api/types';
import { iconForFileName } from '../../../src/model/snippets/tree/icons';
import { BitbucketError } from '../../../src/api/errors';
import {
  cachedListDescription,
  offlineListText,
  commentDescription,
  commentLabel,
  emptyListText,
  escapeMarkdown,
  listTitle,
  relativeTime,
  snippetDescription,
  snippetTooltip,
} from '../../../src/model/snippets/tree/presentation';
import { personLabel, type People } from '../../../src/model/snippets/people';
import { sanitizeUsers, validateUserName, withUser, withoutUser } from '../../../src/editor/snippets/tree/browsedUsers';
import { withComment, withoutComment } from '../../../src/model/snippets/comments/commentPatch';
import { aSnippet } from '../../support/snippets';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 5, 15, 12);

const snip = (extra: Partial<Snippet> = {}): Snippet =>
  aSnippet({
    name: 'deploy.sh',
    userId: 3,
    createdAt: NOW - 10 * DAY,
    updatedAt: NOW - 2 * DAY,
    files: [{ guid: 'f1', name: 'deploy.sh', content: 'echo' }],
    ...extra,
  });

const people = (names: Array<[number, string]> = [], ownUserId: number | undefined = 2): People => ({
  ownUserId,
  names: new Map(names),
});

describe('tree: icon by file type', () => {
  const cases: Array<[string | undefined, string]> = [
    ['config.json', 'json'],
    ['README.md', 'markdown'],
    ['deploy.sh', 'terminal'],
    ['Run.PS1', 'terminal'],
    ['schema.sql', 'database'],
    ['docker-compose.yml', 'settings-gear'],
    ['Dockerfile', 'package'],
    ['Makefile', 'tools'],
    ['.bashrc', 'terminal'],
    ['main.ts', 'file-code'],
    ['script.py', 'file-code'],
    ['notes', 'file'],
    ['trailing.', 'file'],
    ['logo.PNG', 'file-media'],
    ['fix.patch', 'diff'],
    [undefined, 'file'],
    ['', 'file'],
  ];
  for (const [name, icon] of cases) {
    it(`${JSON.stringify(name)} → ${icon}`, () => assert.equal(iconForFileName(name), icon));
  }
});

describe('tree: relative time', () => {
  it('says just now for the last seconds and for times in the future', () => {
    assert.equal(relativeTime(NOW - 10_000, NOW, 'en'), 'just now');
    assert.equal(relativeTime(NOW + HOUR, NOW, 'en'), 'just now');
  });
  it('counts minutes, hours, days, months and years with the right plural', () => {
    assert.equal(relativeTime(NOW - MIN, NOW, 'en'), '1 minute ago');
    assert.equal(relativeTime(NOW - 5 * MIN, NOW, 'en'), '5 minutes ago');
    assert.equal(relativeTime(NOW - 3 * HOUR, NOW, 'en'), '3 hours ago');
    assert.equal(relativeTime(NOW - DAY, NOW, 'en'), 'yesterday');
    assert.equal(relativeTime(NOW - 4 * DAY, NOW, 'en'), '4 days ago');
    assert.equal(relativeTime(NOW - 62 * DAY, NOW, 'en'), '2 months ago');
    assert.equal(relativeTime(NOW - 800 * DAY, NOW, 'en'), '2 years ago');
  });
});

describe('tree: labels, descriptions and tooltips', () => {
  it('marks other people\'s snippets: by name when known, "shared" otherwise', () => {
    assert.equal(snippetDescription(snip(), false, people([[3, 'bob']]), NOW), 'by bob · 2 days ago');
    assert.equal(snippetDescription(snip(), false, people(), NOW), 'shared · 2 days ago');
    assert.equal(snippetDescription(snip(), true, people(), NOW), '2 days ago');
  });

  it('names authors: you, a learned name, or the id', () => {
    assert.equal(personLabel(2, people()), 'you');
    assert.equal(personLabel(3, people([[3, 'bob']])), 'bob');
    assert.equal(personLabel(7, people()), 'user 7');
    assert.equal(personLabel(2, { ownUserId: undefined, names: new Map() }), 'user 2');
  });

  it('puts description, owner id, categories, file count and update time in the tooltip, escaped', () => {
    const md = snippetTooltip(
      snip({
        name: 'a*b',
        description: 'Deploys [prod]',
        categories: [{ guid: 'c', name: 'ops' }],
        files: [
          { guid: 'f', name: 'x', content: '' },
          { guid: 'g', name: 'y', content: '' },
        ],
      }),
      false,
      people(),
      NOW,
    );
    assert.match(md, /\*\*a\\\*b\*\*/);
    assert.match(md, /Deploys \\\[prod\\\]/);
    assert.match(md, /Owner: user 3/);
    assert.match(md, /Categories: ops/);
    assert.match(md, /2 files · 0 comments · updated 2 days ago/);
  });

  it('escapes markdown so server text cannot become links or markup', () => {
    assert.equal(escapeMarkdown('[x](http://e) *y* <b>'), '\\[x\\]\\(http://e\\) \\*y\\* \\<b\\>');
  });

  it('labels a comment with its first non-empty line, shortened', () => {
    assert.equal(commentLabel({ text: '\n  first line  \nsecond' }), 'first line');
    assert.equal(commentLabel({ text: 'x'.repeat(100) }, 10), `${'x'.repeat(9)}…`);
    assert.equal(commentLabel({ text: '   ' }), '(empty comment)');
  });

  it('describes a comment by author and time, and says when it was edited', () => {
    const c = { guid: 'c', text: 't', userId: 2, createdAt: NOW - 3 * HOUR, updatedAt: NOW - 3 * HOUR };
    assert.equal(commentDescription(c, people(), NOW), 'you · 3 hours ago');
    assert.equal(
      commentDescription({ ...c, userId: 3, updatedAt: NOW }, people([[3, 'bob']]), NOW),
      'bob · 3 hours ago (edited)',
    );
  });

  it('names lists and says what to do in empty ones', () => {
    assert.equal(listTitle('mine'), 'My Snippets');
    assert.equal(listTitle('user:bob'), "bob's snippets");
    assert.equal(listTitle('category:c1', 'ops'), 'category ops');
    assert.match(emptyListText('mine'), /Save Selection as Snippet/);
    assert.match(emptyListText('starred'), /star snippets in Bitbucket's web UI/);
  });
});

describe('tree: remembered browsed users', () => {
  it('adds a user once, ignoring case, and keeps the order', () => {
    const one = withUser([], 'bob');
    assert.deepEqual(withUser(one, ' admin '), ['bob', 'admin']);
    assert.equal(withUser(one, 'BOB'), one);
  });
  it('removes a user ignoring case', () => {
    assert.deepEqual(withoutUser(['bob', 'admin'], 'Bob'), ['admin']);
  });
  it('refuses empty names and names with spaces', () => {
    assert.ok(validateUserName('  '));
    assert.ok(validateUserName('bob smith'));
    assert.equal(validateUserName('bob'), undefined);
  });
  it('keeps only well-formed distinct names from stored state', () => {
    assert.deepEqual(sanitizeUsers(['bob', 3, 'Bob', '', 'a b', 'alice']), ['bob', 'alice']);
    assert.deepEqual(sanitizeUsers('bob'), []);
    assert.deepEqual(sanitizeUsers(undefined), []);
  });
});

describe('comments: patching a snippet without another request', () => {
  const c1 = { guid: 'c1', text: 'one', userId: 2, createdAt: 1, updatedAt: 1 };
  it('adds, replaces and removes comments without touching the original', () => {
    const s = snip({ comments: [c1] });
    const added = withComment(s, { ...c1, guid: 'c2', text: 'two' });
    assert.deepEqual(
      added.comments.map((c) => c.text),
      ['one', 'two'],
    );
    const edited = withComment(added, { ...c1, text: 'uno', updatedAt: 5 });
    assert.deepEqual(
      edited.comments.map((c) => c.text),
      ['uno', 'two'],
    );
    assert.deepEqual(
      withoutComment(edited, 'c1').comments.map((c) => c.guid),
      ['c2'],
    );
    assert.deepEqual(s.comments, [c1]);
  });
});

describe("a list root's description with the offline cache", () => {
  const now = 10 * 60_000;
  it('says how old cached rows are until the server answers, and offline while it does not', () => {
    assert.equal(
      cachedListDescription('3', { fromCache: true, fetchedAt: now - 5 * 60_000, error: undefined }, false, now),
      '3 · cached 5 minutes ago',
    );
    assert.equal(
      cachedListDescription('3', { fromCache: true, fetchedAt: now - 5 * 60_000, error: undefined }, true, now),
      '3 · offline (cached 5 minutes ago)',
    );
    assert.equal(
      cachedListDescription('25+', { fromCache: false, fetchedAt: now - 60_000, error: undefined }, false, now),
      '25+',
    );
    const failed = new BitbucketError('network', 'unreachable');
    assert.equal(
      cachedListDescription('25+', { fromCache: false, fetchedAt: now - 60 * 60_000, error: failed }, true, now),
      '25+ · offline (cached 1 hour ago)',
    );
    assert.equal(cachedListDescription('0', { fromCache: false, fetchedAt: undefined, error: failed }, true, now), '0');
  });

  it('the row under an offline list offers a retry', () => {
    assert.equal(
      offlineListText(now - 2 * 60_000, now),
      'Offline: showing what was loaded 2 minutes ago — click to retry',
    );
  });
});

describe('tree presentation: numbers and times in the display language', () => {
  const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it('says relative times in the display language, through Intl', () => {
    assert.equal(relativeTime(NOW - DAY, NOW, 'de'), 'gestern');
    assert.equal(relativeTime(NOW - 5 * 60_000, NOW, 'de'), 'vor 5 Minuten');
    assert.equal(relativeTime(NOW - 3 * HOUR, NOW, 'en'), '3 hours ago');
  });

  it('groups counts and writes dates the way the display language does', () => {
    assert.equal(formatCount(12345, 'de'), '12.345');
    assert.equal(formatCount(12345, 'en'), '12,345');
    // In the machine's time zone: a day either way.
    assert.match(formatDateTime(NOW, 'de'), /^2[234]\.11\.2026, \d\d:\d\d$/);
    assert.match(formatDateTime(NOW, 'en'), /^Nov 2[234], 2026, \d{1,2}:\d\d\s?[AP]M$/);
  });

  it('falls back to English for a language tag Intl does not know', () => {
    assert.equal(formatCount(12345, 'qq-invalid-!'), '12,345');
  });
});
