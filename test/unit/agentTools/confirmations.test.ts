import * as assert from 'node:assert/strict';
import {
  CONFIRMATION_LIFETIME_MS,
  ConfirmedProposals,
  proposalDigest,
} from '../../../src/model/agentTools/confirmations';

const details = { name: 'Retry', description: 'd', categories: ['ops'] };
const files = [{ name: 'retry.ts', content: 'export const retries = 3;\n' }];
const account = 'https://bb.example.com#alice';

describe('agent tools: a save is bound to the proposal its confirmation showed', () => {
  it('the digest covers the account, every field and every file, and nothing else', () => {
    const digest = proposalDigest(account, details, files);
    assert.match(digest, /^[0-9a-f]{64}$/);
    assert.equal(
      proposalDigest(account, { ...details }, [{ ...files[0] }]),
      digest,
      'the same proposal, the same digest',
    );
    const changed = [
      proposalDigest('https://bb.example.com#bob', details, files),
      proposalDigest(account, { ...details, name: 'Retry ' }, files),
      proposalDigest(account, { ...details, description: '' }, files),
      proposalDigest(account, { ...details, categories: ['ops', 'sql'] }, files),
      proposalDigest(account, details, [{ name: 'retry.js', content: files[0].content }]),
      proposalDigest(account, details, [{ name: 'retry.ts', content: 'export const retries = 4;\n' }]),
      proposalDigest(account, details, [...files, { name: 'b.ts', content: '' }]),
      // Parts that would read the same joined: the serialisation keeps them apart.
      proposalDigest(account, details, [
        { name: 'retry.ts', content: '' },
        { name: files[0].content, content: '' },
      ]),
    ];
    for (const other of changed) assert.notEqual(other, digest);
    assert.equal(new Set(changed).size, changed.length);
  });

  it('a proposal not shown is unknown; a shown one is confirmed once, then unknown', () => {
    const confirmations = new ConfirmedProposals(() => 0);
    const digest = proposalDigest(account, details, files);
    assert.equal(confirmations.take(digest), 'unknown');
    confirmations.shown(digest);
    assert.equal(confirmations.take(proposalDigest(account, { ...details, name: 'Other' }, files)), 'unknown');
    assert.equal(confirmations.take(digest), 'confirmed');
    assert.equal(confirmations.take(digest), 'unknown', 'single use');
    confirmations.shown(digest);
    confirmations.shown(digest);
    assert.equal(confirmations.take(digest), 'confirmed');
    assert.equal(confirmations.take(digest), 'confirmed', 'shown twice, saved twice');
    assert.equal(confirmations.take(digest), 'unknown');
  });

  it('a confirmation older than its lifetime has expired, and says so once', () => {
    let now = 1_000;
    const confirmations = new ConfirmedProposals(() => now);
    const digest = proposalDigest(account, details, files);
    confirmations.shown(digest);
    now += CONFIRMATION_LIFETIME_MS;
    assert.equal(confirmations.take(digest), 'confirmed', 'at the very end of its lifetime');
    confirmations.shown(digest);
    now += CONFIRMATION_LIFETIME_MS + 1;
    assert.equal(confirmations.take(digest), 'expired');
    assert.equal(confirmations.take(digest), 'unknown', 'the stale one was dropped');
    assert.equal(CONFIRMATION_LIFETIME_MS, 10 * 60_000);
  });

  it('keeps at most 20 confirmations, the oldest going first', () => {
    const confirmations = new ConfirmedProposals(() => 0);
    const digests = Array.from({ length: 21 }, (_, i) => proposalDigest(account, { ...details, name: `n${i}` }, files));
    for (const digest of digests) confirmations.shown(digest);
    assert.equal(confirmations.take(digests[0]), 'unknown');
    for (const digest of digests.slice(1)) assert.equal(confirmations.take(digest), 'confirmed');
  });
});
