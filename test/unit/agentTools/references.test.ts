import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatReference, parseReference } from '../../../src/model/agentTools/references';

describe('agent tools: file references', () => {
  it('reads back every account, snippet id and file name, whatever characters they hold', () => {
    // A reference is trimmed as it is read (a model may add spaces); none of its parts starts or ends with one.
    const part = fc.string({ minLength: 1 }).filter((s) => s.trim() === s);
    fc.assert(
      fc.property(part, part, fc.option(part, { nil: undefined }), (accountId, snippetGuid, fileName) => {
        const parsed = parseReference(formatReference({ accountId, snippetGuid, fileName }));
        assert.ok(parsed.ok);
        assert.deepEqual(parsed.reference, { accountId, snippetGuid, ...(fileName !== undefined ? { fileName } : {}) });
      }),
    );
  });

  it('reads a reference copied with the quotes a result gives it, escapes and all', () => {
    const part = fc.string({ minLength: 1 }).filter((s) => s.trim() === s);
    fc.assert(
      fc.property(part, part, part, (accountId, snippetGuid, fileName) => {
        const parsed = parseReference(JSON.stringify(formatReference({ accountId, snippetGuid, fileName })));
        assert.ok(parsed.ok);
        assert.deepEqual(parsed.reference, { accountId, snippetGuid, fileName });
      }),
    );
    assert.deepEqual(parseReference(' "snippet|https://bb.example.com#alice|g1|a \\"b\\".sh" '), {
      ok: true,
      reference: { accountId: 'https://bb.example.com#alice', snippetGuid: 'g1', fileName: 'a "b".sh' },
    });
  });

  it('names the account in the reference as it is', () => {
    assert.equal(
      formatReference({ accountId: 'https://bb.example.com#alice', snippetGuid: 'g1', fileName: 'deploy.sh' }),
      'snippet|https://bb.example.com#alice|g1|deploy.sh',
    );
  });

  it('refuses what is not a reference, saying what to give instead', () => {
    for (const text of ['deploy.sh', 'snippet|a|b', 'snippet||g|f', 'other|a|g|f', 'snippet|a|g|f|x']) {
      const parsed = parseReference(text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) assert.match(parsed.problem, /not a snippet reference.*snippetName/);
    }
  });
});
