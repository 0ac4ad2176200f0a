import * as assert from 'node:assert/strict';
import { chooseAccounts } from '../../../src/model/agentTools/accountChoice';
import { listsToRead, mayRead } from '../../../src/model/agentTools/readable';
import { Bounds } from '../../../src/model/agentTools/bounds';
import { lineCount, proposal, shownProposal, tooLargeToConfirm } from '../../../src/model/agentTools/saveProposal';

const alice = { serverUrl: 'https://bb.example.com', username: 'alice', authType: 'basic' as const };
const bob = { serverUrl: 'https://bb.example.com', username: 'bob', authType: 'basic' as const };
const aliceStaging = { serverUrl: 'https://staging.example.com', username: 'alice', authType: 'basic' as const };

describe('agent tools: accounts, lists and what a save proposes', () => {
  it('uses every account unless one is named, by id, label or unambiguous user name', () => {
    assert.deepEqual(chooseAccounts(undefined, [alice, bob]), { ok: true, accounts: [alice, bob] });
    assert.deepEqual(chooseAccounts('bob', [alice, bob]), { ok: true, accounts: [bob] });
    assert.deepEqual(chooseAccounts('alice@staging.example.com', [alice, aliceStaging]), {
      ok: true,
      accounts: [aliceStaging],
    });
    assert.deepEqual(chooseAccounts('https://bb.example.com#alice', [alice, aliceStaging]), {
      ok: true,
      accounts: [alice],
    });
    const ambiguous = chooseAccounts('alice', [alice, aliceStaging]);
    assert.ok(!ambiguous.ok && /more than one signed-in account/.test(ambiguous.problem));
    const unknown = chooseAccounts('carol', [alice]);
    assert.ok(
      !unknown.ok &&
        /No signed-in account is "carol"\. Signed-in accounts: "alice @ bb\.example\.com"/.test(unknown.problem),
    );
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

  it("a save proposal is checked with the create commands' rules", () => {
    const bad = proposal({
      name: ' ',
      files: [
        { name: 'a/b', content: '' },
        { name: 'x', content: '' },
        { name: 'x', content: '' },
      ],
    });
    assert.ok(!bad.ok);
    assert.equal(bad.problems.length, 3);
    const good = proposal({
      name: ' n ',
      files: [{ name: 'a.sh', content: 'echo\n' }],
      description: ' d ',
      categories: ['ops', 'OPS', ' sql '],
    });
    assert.deepEqual(good, {
      ok: true,
      files: [{ name: 'a.sh', content: 'echo\n' }],
      details: { name: 'n', description: 'd', categories: ['ops', 'sql'] },
    });
  });

  it('the confirmation shows every field and file whole, long lines too, with what hides itself marked', () => {
    const long = 'z'.repeat(5000);
    const content = [
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      `${long}\u202E`,
      'a\u200Bb\rc',
      'last',
      '',
    ].join('\n');
    const shown = shownProposal([{ name: 'x\u2066.sh', content }], {
      name: 'n\u00A0n',
      description: 'one\ntwo\u200D',
      categories: ['c\u2028'],
    });
    assert.equal(
      shown.files[0].text,
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', `${long}⟨U+202E⟩`, 'a⟨U+200B⟩b⟨U+000D⟩c', 'last', ''].join(
        '\n',
      ),
    );
    assert.equal(shown.files[0].lines, 14, 'a lone carriage return ends a line in an editor too');
    assert.equal(shown.files[0].characters, content.length);
    assert.equal(shown.files[0].name, 'x⟨U+2066⟩.sh');
    assert.equal(shown.name, 'n⟨U+00A0⟩n');
    assert.equal(shown.description, 'one\ntwo⟨U+200D⟩');
    assert.deepEqual(shown.categories, ['c⟨U+2028⟩']);
    assert.equal(shown.marked, 7);
    // A name's line break is marked (a name is one line); tabs and Windows line ends are plain.
    assert.equal(
      shownProposal([{ name: 'a', content: 'x\ty\r\nz' }], { name: 'a\nb', description: '', categories: [] }).name,
      'a⟨U+000A⟩b',
    );
    assert.equal(
      shownProposal([{ name: 'a', content: 'x\ty\r\nz' }], { name: 'a', description: '', categories: [] }).marked,
      0,
    );
  });

  it('a proposal larger than its confirmation can show is refused, saying the limits and what to do', () => {
    assert.equal(lineCount(''), 1);
    assert.equal(lineCount('a\nb\n'), 2);
    assert.equal(lineCount('a\r\nb'), 2);
    assert.equal(tooLargeToConfirm([{ name: 'a', content: 'x'.repeat(100) }], 100, 10), undefined);
    assert.match(
      tooLargeToConfirm(
        [
          { name: 'a', content: 'x'.repeat(60) },
          { name: 'b', content: 'y'.repeat(41) },
        ],
        100,
        10,
      ) ?? '',
      /have 101 characters in 2 lines together[\s\S]*at most 100 characters and 10 lines\. Propose only what the user asked to keep, or split it/,
    );
    assert.match(tooLargeToConfirm([{ name: 'a', content: 'x\n'.repeat(11) }], 100, 10) ?? '', /in 11 lines/);
    const big = proposal({ name: 'n', files: [{ name: 'a.txt', content: 'x'.repeat(Bounds.proposalCharacters + 1) }] });
    assert.ok(!big.ok && /at most 20000 characters and 500 lines/.test(big.problems.join('\n')));
    assert.ok(proposal({ name: 'n', files: [{ name: 'a.txt', content: 'x'.repeat(Bounds.proposalCharacters) }] }).ok);
  });
});
