// What the Snippets view keeps per account (src/model/snippets/tree/accountBook.ts), with fake services:
// one row object per id, shown lists, expanded rows and subscriptions per account, the same for
// every account, and forgotten only for an account that signed out or signed in again.
import * as assert from 'node:assert/strict';
import { AccountBook, type Followable } from '../../../src/model/snippets/tree/accountBook';

type Row = { id: string; accountId?: string; label?: string };
type Change = { lists: string[] };

class FakeService implements Followable<Change> {
  readonly listeners = new Set<(change: Change) => void>();
  onDidChange(listener: (change: Change) => void) {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  fire(change: Change) {
    for (const l of this.listeners) l(change);
  }
}

const book = () =>
  new AccountBook<Row, Change, FakeService>(
    (r) => r.id,
    (r) => r.accountId,
  );

describe('AccountBook: what the Snippets view keeps per account', () => {
  it('hands back one object per row id, updated with the latest fields', () => {
    const b = book();
    const first = b.intern({ id: 'alice|root/mine', accountId: 'alice', label: 'My Snippets' });
    const again = b.intern({ id: 'alice|root/mine', accountId: 'alice', label: 'My Snippets 2' });
    assert.equal(again, first);
    assert.equal(first.label, 'My Snippets 2');
    assert.equal(b.row('alice|root/mine'), first);
  });

  it("follows each account's service once, and tells each change with its account", () => {
    const b = book();
    const alice = new FakeService();
    const admin = new FakeService();
    const told: string[] = [];
    assert.equal(
      b.follow('alice', alice, (c) => told.push(`alice ${c.lists}`)),
      true,
    );
    assert.equal(
      b.follow('alice', alice, () => told.push('twice')),
      false,
      'the same service is followed once',
    );
    b.follow('admin', admin, (c) => told.push(`admin ${c.lists}`));
    alice.fire({ lists: ['mine'] });
    admin.fire({ lists: ['browse'] });
    assert.deepEqual(told, ['alice mine', 'admin browse']);
    assert.equal(b.followed('admin'), admin);
  });

  it('keeps shown lists, rows and expanded rows of every account until that account signs out', () => {
    const b = book();
    const [alice, admin] = [new FakeService(), new FakeService()];
    b.follow('alice', alice, () => undefined);
    b.follow('admin', admin, () => undefined);
    const aliceMine = b.intern({ id: 'alice|root/mine', accountId: 'alice' });
    const adminMine = b.intern({ id: 'admin|root/mine', accountId: 'admin' });
    const search = b.intern({ id: 'search' });
    b.showList('alice', 'mine');
    b.showList('admin', 'mine');
    b.showList('admin', 'starred');
    b.markExpanded(aliceMine, true);
    b.markExpanded(adminMine, true);
    b.markExpanded(search, true);
    b.retain(['alice', 'admin']);
    assert.deepEqual(b.shownLists('alice'), ['mine']);
    assert.deepEqual(b.shownLists('admin'), ['mine', 'starred']);
    assert.deepEqual(b.expandedRows(), [aliceMine, adminMine, search]);
    b.retain(['alice']);
    assert.deepEqual(b.shownLists('admin'), []);
    assert.equal(b.row('admin|root/mine'), undefined, "admin's rows are forgotten");
    assert.equal(admin.listeners.size, 0, "admin's service is no longer listened to");
    assert.deepEqual(b.expandedRows(), [aliceMine, search], "alice's and the session's rows stay");
    assert.equal(alice.listeners.size, 1);
    b.markExpanded(aliceMine, false);
    assert.deepEqual(b.expandedRows(), [search]);
  });

  it('forgets what it kept of an account that signed in again (a new service)', () => {
    const b = book();
    const before = new FakeService();
    b.follow('alice', before, () => undefined);
    b.intern({ id: 'alice|root/mine', accountId: 'alice' });
    b.showList('alice', 'mine');
    const after = new FakeService();
    assert.equal(
      b.follow('alice', after, () => undefined),
      true,
    );
    assert.equal(before.listeners.size, 0);
    assert.deepEqual(b.shownLists('alice'), []);
    assert.equal(b.row('alice|root/mine'), undefined);
  });

  it("counts rows interned before their service was followed as the account's", () => {
    const b = book();
    b.intern({ id: 'account/admin', accountId: 'admin' });
    b.retain([]);
    assert.equal(b.row('account/admin'), undefined);
  });

  it('tells whether the categories an account shows changed', () => {
    const b = book();
    b.follow('alice', new FakeService(), () => undefined);
    assert.equal(b.categoriesChanged('alice', 'a=A'), true);
    assert.equal(b.categoriesChanged('alice', 'a=A'), false);
    assert.equal(b.categoriesChanged('alice', 'a=A\nb=B'), true);
  });
});
