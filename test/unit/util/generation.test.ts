// The stale-answer ticket, keyed (src/util/generation.ts's Generations): the snippet store keeps a
// generation per list, so refreshing one list makes only that list's answers in flight stale.
// Generation itself is held by test/unit/settingsPanel/generation.test.ts.
import * as assert from 'node:assert/strict';
import { Generations } from '../../../src/util/generation';

describe('Generations: a stale-answer ticket per key', () => {
  it('starting over one key leaves the tickets of the others current', () => {
    const lists = new Generations<string>();
    const mine = lists.next('mine');
    const starred = lists.next('starred');
    lists.next('mine');
    assert.equal(lists.isCurrent('mine', mine), false, 'an answer to the older load of the list is dropped');
    assert.equal(lists.isCurrent('starred', starred), true);
    assert.equal(lists.isCurrent('mine', lists.ticket('mine')), true);
  });

  it('a ticket taken without starting over (Load more) stays current until the key starts over', () => {
    const lists = new Generations<string>();
    const loaded = lists.next('mine');
    const more = lists.ticket('mine');
    assert.equal(more, loaded);
    assert.equal(lists.isCurrent('mine', more), true);
    lists.next('mine');
    assert.equal(lists.isCurrent('mine', more), false);
  });

  it('a key nothing was started for has ticket 0, and no answer of it is current', () => {
    const lists = new Generations<string>();
    assert.equal(lists.ticket('browse'), 0);
    assert.equal(lists.isCurrent('browse', 0), false);
    assert.equal(lists.next('browse'), 1);
  });
});
