import * as assert from 'node:assert/strict';
import { contextValue, nodeId, type TreeNode } from '../../../src/model/snippets/tree/nodes';

describe('tree row ids across accounts', () => {
  const rows = (accountId: string): TreeNode[] => [
    { kind: 'root', list: 'mine', label: 'My Snippets', accountId },
    { kind: 'categories', label: 'Categories', accountId },
    { kind: 'snippet', list: 'mine', snippetGuid: 'same-guid', own: true, accountId },
    { kind: 'file', snippetGuid: 'same-guid', fileName: 'a.sh', own: true, list: 'mine', accountId },
    { kind: 'comments', snippetGuid: 'same-guid', own: true, list: 'mine', accountId },
    { kind: 'comment', snippetGuid: 'same-guid', commentGuid: 'c', mine: true, list: 'mine', accountId },
    { kind: 'loadMore', list: 'mine', accountId },
    { kind: 'message', list: 'mine', text: 'x', isError: false, accountId },
    { kind: 'searchSnippet', snippetGuid: 'same-guid', own: true, accountId },
    { kind: 'searchMatch', snippetGuid: 'same-guid', index: 0, fileName: 'a.sh', own: true, accountId },
  ];

  it("starts every row's id with its account's id, whichever account is the default", () => {
    const alice = 'http://127.0.0.1:7990#alice';
    assert.deepEqual(rows(alice).map(nodeId), [
      `${alice}|root/mine`,
      `${alice}|categories`,
      `${alice}|mine/same-guid`,
      `${alice}|mine/file/same-guid/a.sh`,
      `${alice}|mine/comments/same-guid`,
      `${alice}|mine/comment/same-guid/c`,
      `${alice}|more/mine`,
      `${alice}|message/mine`,
      `${alice}|search/same-guid`,
      `${alice}|search/same-guid/0`,
    ]);
  });

  it('gives the same snippet guid on two accounts different ids, for every kind of row', () => {
    const ids = [
      ...rows('http://127.0.0.1:7991#alice'),
      ...rows('http://127.0.0.1:7990/bitbucket#alice'),
      ...rows('http://127.0.0.1:7991#admin'),
    ].map(nodeId);
    assert.equal(new Set(ids).size, ids.length, ids.join('\n'));
  });

  it('names account roots by their account id, and the Search results root by none', () => {
    const root: TreeNode = { kind: 'account', accountId: 'http://h#alice', label: 'alice @ host' };
    assert.equal(nodeId(root), 'account/http://h#alice');
    assert.equal(contextValue(root), 'account');
    assert.equal(nodeId({ kind: 'searchRoot', label: 'Search results' }), 'search');
  });
});
