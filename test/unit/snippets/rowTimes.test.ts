// The snippet tree's words for a row whose time no `Date` holds. VS Code builds a level's rows
// together, so one row that throws while formatting its time shows none of them: each text a row
// is made of (description, tooltip, a comment's description and tooltip, a cached list's age)
// renders, and says "unknown time" where the time cannot be shown.
import * as assert from 'node:assert/strict';
import type { Comment, Snippet } from '../../../src/api/types';
import {
  cachedListDescription,
  commentDescription,
  commentTooltipHeading,
  offlineListText,
  snippetDescription,
  snippetTooltip,
} from '../../../src/model/snippets/tree/presentation';
import type { People } from '../../../src/model/snippets/people';
import { aSnippet } from '../../support/snippets';

const NOW = Date.UTC(2025, 5, 15, 12);
const people: People = { ownUserId: 2, names: new Map([[3, 'bob']]) };
/** Times a hand-edited cache or a hostile server could still put in front of a row. */
const BEYOND = [8.64e15 + 1, -8.64e15 - 1, 1e16, 1e308, Infinity, NaN];

const snip = (updatedAt: number): Snippet => aSnippet({ name: 'deploy.sh', userId: 3, createdAt: NOW, updatedAt });
const comment = (createdAt: number): Comment => ({
  guid: 'c1',
  text: 'looks good',
  userId: 3,
  createdAt,
  updatedAt: createdAt,
});

describe('tree rows with a time no Date holds', () => {
  for (const at of BEYOND) {
    it(`a snippet row updated at ${at}: its description and tooltip render, saying "unknown time"`, () => {
      assert.equal(snippetDescription(snip(at), false, people, NOW), 'by bob · unknown time');
      assert.equal(snippetDescription(snip(at), true, people, NOW, 'de'), 'unknown time');
      const tooltip = snippetTooltip(snip(at), false, people, NOW);
      assert.match(tooltip, /\*\*deploy\\\.sh\*\*/);
      assert.match(tooltip, /updated unknown time \(unknown time\)/);
      // The ends of the range still read as dates (in the machine's time zone: a day either way).
      assert.match(snippetTooltip(snip(8.64e15), false, people, NOW), /updated just now \(Sep 1[23], 275760/);
      assert.match(
        snippetTooltip(snip(-8.64e15), false, people, NOW),
        /updated \d[\d,]* years ago \(Apr (19|20), 271822/,
      );
    });

    it(`a comment row written at ${at}: its description and tooltip render, saying "unknown time"`, () => {
      assert.equal(commentDescription(comment(at), people, NOW), 'bob · unknown time');
      assert.equal(commentTooltipHeading(comment(at), people), '**bob**, unknown time');
      // A time before 1970 is still a date.
      assert.match(commentTooltipHeading(comment(-1), people), /^\*\*bob\*\*, (Dec 31|Jan 1), (1969|1970)/);
    });

    it(`a cached list fetched at ${at}: its root's description and offline row render`, () => {
      const state = { fromCache: true, fetchedAt: at, error: undefined };
      assert.equal(cachedListDescription('3', state, true, NOW), '3 · offline (cached unknown time)');
      assert.equal(offlineListText(at, NOW), 'Offline: showing what was loaded unknown time — click to retry');
    });
  }
});
