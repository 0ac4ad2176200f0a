import * as assert from 'node:assert/strict';
import {
  LIST_CATEGORY_SCHEMA,
  READ_FILE_SCHEMA,
  SAVE_SCHEMA,
  SEARCH_SCHEMA,
} from '../../../src/model/agentTools/schemas';
import { validateInput } from '../../../src/model/agentTools/validate';

const problems = (input: unknown, schema = SEARCH_SCHEMA): string[] => {
  const checked = validateInput(input, schema);
  return checked.ok ? [] : checked.problems;
};

describe('agent tools: input checked against the schema', () => {
  it('takes input that matches', () => {
    assert.deepEqual(
      problems({ query: 'retry', lists: ['mine', 'browse'], user: 'bob', account: 'alice', maxResults: 5 }),
      [],
    );
    assert.deepEqual(problems({ reference: 'snippet|a|g|f' }, READ_FILE_SCHEMA), []);
    assert.deepEqual(
      problems({ name: 'n', files: [{ name: 'a.sh', content: '' }], categories: ['ops'] }, SAVE_SCHEMA),
      [],
    );
  });

  it('says what is wrong, field by field, in words a model can correct', () => {
    assert.deepEqual(problems(undefined), ['the input must be an object, but is undefined.']);
    assert.deepEqual(problems({}), ['the input needs "query".']);
    assert.deepEqual(problems({ query: '   ' }), ['"query" is empty: give it some text.']);
    assert.deepEqual(problems({ query: 42 }), ['"query" must be a string, but is an integer.']);
    assert.deepEqual(problems({ query: 'x', lists: 'mine' }), ['"lists" must be an array, but is a string.']);
    assert.deepEqual(problems({ query: 'x', lists: ['all'] }), [
      '"lists"[0] is "all", but must be one of: mine, starred, browse.',
    ]);
    assert.deepEqual(problems({ query: 'x', maxResults: 500 }), ['"maxResults" must be at most 50.']);
    assert.deepEqual(problems({ query: 'x', maxResults: 2.5 }), ['"maxResults" must be an integer, but is a number.']);
    assert.deepEqual(problems({ query: 'x', text: 'y' }), [
      'the input has "text", which this tool does not take (it takes: query, lists, user, account, maxResults).',
    ]);
    assert.deepEqual(problems({ category: null }, LIST_CATEGORY_SCHEMA), ['"category" must be a string, but is null.']);
    assert.deepEqual(problems({ name: 'n', files: [] }, SAVE_SCHEMA), ['"files" needs at least 1 item(s).']);
    assert.deepEqual(problems({ name: 'n', files: [{ name: 'a' }] }, SAVE_SCHEMA), ['"files"[0] needs "content".']);
  });

  it('shows a made-up field name on one short line', () => {
    const [problem] = problems({ query: 'x', [`a\nb${'c'.repeat(100)}`]: 1 });
    assert.ok(!problem.includes('\n'));
    assert.ok(problem.length < 250, problem);
  });

  it('reports at most ten problems', () => {
    const input = { query: 'x', ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i])) };
    assert.equal(problems(input).length, 10);
  });
});
