import * as assert from 'node:assert/strict';
import { contextValue, nodeId, type TreeNode } from '../../../src/snippets/tree/nodes';

describe('tree row ids across accounts', () => {
  const rows = (accountId?: string): TreeNode[] => {
    const a = accountId === undefined ? {} : { accountId };
    return [
      { kind: 'root', list: 'mine', label: 'My Snippets', ...a },
      { kind: 'categories', label: 'Categories', ...a },
      { kind: 'snippet', list: 'mine', snippetGuid: 'same-guid', own: true, ...a },
      { kind: 'file', snippetGuid: 'same-guid', fileName: 'a.sh', own: true, list: 'mine', ...a },
      { kind: 'comments', snippetGuid: 'same-guid', own: true, list: 'mine', ...a },
      { kind: 'comment', snippetGuid: 'same-guid', commentGuid: 'c', mine: true, list: 'mine', ...a },
      { kind: 'loadMore', list: 'mine', ...a },
      { kind: 'message', list: 'mine', text: 'x', isError: false, ...a },
    ];
  };

  it("keeps the default account's ids as they were (no account in them)", () => {
    assert.deepEqual(rows().map(nodeId), [
      'root/mine',
      'categories',
      'mine/same-guid',
      'mine/file/same-guid/a.sh',
      'mine/comments/same-guid',
      'mine/comment/same-guid/c',
      'more/mine',
      'message/mine',
    ]);
  });

  it('gives the same snippet guid on two accounts different ids, for every kind of row', () => {
    const ids = [...rows(), ...rows('http://127.0.0.1:7991#alice'), ...rows('http://127.0.0.1:7990/bitbucket#alice')].map(nodeId);
    assert.equal(new Set(ids).size, ids.length, ids.join('\n'));
  });

  it('names account roots by their key, with a context value for their menu', () => {
    const root: TreeNode = { kind: 'account', key: 'default', label: 'alice @ host' };
    assert.equal(nodeId(root), 'account/default');
    assert.equal(contextValue(root), 'account');
  });
});
