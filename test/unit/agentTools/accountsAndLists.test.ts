import * as assert from 'node:assert/strict';
import { chooseAccounts } from '../../../src/model/agentTools/accountChoice';
import { listsToRead, mayRead } from '../../../src/model/agentTools/readable';
import { firstLines, proposal } from '../../../src/model/agentTools/saveProposal';

const alice = { serverUrl: 'https://bb.example.com', username: 'alice', authType: 'basic' as const };
const bob = { serverUrl: 'https://bb.example.com', username: 'bob', authType: 'basic' as const };
const aliceStaging = { serverUrl: 'https://staging.example.com', username: 'alice', authType: 'basic' as const };

describe('agent tools: accounts, lists and what a save proposes', () => {
  it('uses every account unless one is named, by id, label or unambiguous user name', () => {
    assert.deepEqual(chooseAccounts(undefined, [alice, bob]), { ok: true, accounts: [alice, bob] });
    assert.deepEqual(chooseAccounts('bob', [alice, bob]), { ok: true, accounts: [bob] });
    assert.deepEqual(chooseAccounts('alice@staging.example.com', [alice, aliceStaging]), { ok: true, accounts: [aliceStaging] });
    assert.deepEqual(chooseAccounts('https://bb.example.com#alice', [alice, aliceStaging]), { ok: true, accounts: [alice] });
    const ambiguous = chooseAccounts('alice', [alice, aliceStaging]);
    assert.ok(!ambiguous.ok && /more than one signed-in account/.test(ambiguous.problem));
    const unknown = chooseAccounts('carol', [alice]);
    assert.ok(!unknown.ok && /No signed-in account is "carol"\. Signed-in accounts: "alice @ bb\.example\.com"/.test(unknown.problem));
    const none = chooseAccounts(undefined, []);
    assert.ok(!none.ok && /Sign In/.test(none.problem));
  });

  it('reads only the lists the setting allows', async () => {
    assert.deepEqual(listsToRead(undefined, ['mine', 'starred']), { lists: ['mine', 'starred'], refused: [] });
    assert.deepEqual(listsToRead(['browse', 'mine'], ['mine', 'starred']), { lists: ['mine'], refused: ['browse'] });
    const own = { userId: 2, guid: 'g' };
    const other = { userId: 3, guid: 'g' };
    const never = async () => false;
    assert.equal(await mayRead(own, { allowed: ['mine'], ownUserId: 2 }, never), true);
    assert.equal(await mayRead(other, { allowed: ['mine'], ownUserId: 2 }, never), false);
    assert.equal(await mayRead(other, { allowed: ['mine', 'starred'], ownUserId: 2 }, async () => true), true);
    assert.equal(await mayRead(other, { allowed: ['browse'], ownUserId: 2 }, never), true);
    assert.equal(await mayRead(own, { allowed: ['starred'], ownUserId: 2 }, never), false);
  });

  it('a save proposal is checked with the create commands\' rules', () => {
    const bad = proposal({ name: ' ', files: [{ name: 'a/b', content: '' }, { name: 'x', content: '' }, { name: 'x', content: '' }] });
    assert.ok(!bad.ok);
    assert.equal(bad.problems.length, 3);
    const good = proposal({ name: ' n ', files: [{ name: 'a.sh', content: 'echo\n' }], description: ' d ', categories: ['ops', 'OPS', ' sql '] });
    assert.deepEqual(good, { ok: true, files: [{ name: 'a.sh', content: 'echo\n' }], details: { name: 'n', description: 'd', categories: ['ops', 'sql'] } });
  });

  it('the confirmation shows a few first lines, each cut, hidden characters removed', () => {
    assert.deepEqual(firstLines('1\n2\n3\n4\n', 2, 10), { text: '1\n2', more: 2 });
    assert.deepEqual(firstLines(`${'y'.repeat(20)}\u202E\n`, 8, 10), { text: `${'y'.repeat(9)}…`, more: 0 });
  });
});
