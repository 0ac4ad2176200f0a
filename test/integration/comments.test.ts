// Comments on snippets inside a real VS Code, against the local server: add, edit and delete
// through the commands, one request each, and what the tree shows afterwards.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Comment, Snippet } from '../../src/api/types';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { CommentNode, CommentsNode, SnippetNode } from '../../src/model/snippets/tree/nodes';
import {
  SNIPPETS,
  childrenOf,
  clearRequestLog,
  commentAs,
  createSnippet,
  eventually,
  extensionApi,
  itemOf,
  tooltipOf,
  labelOf,
  requestsSince,
  rest,
  rootOf,
  serverUrl,
  signInAs,
} from './treeFixtures';
import { answerPrompts, unusedAnswers } from './support';

/**
 * What the server was sent, but the secret scan's one read of the server's rules per session and
 * account, which comes with the first comment or snippet sent (whichever suite sends first).
 */
const sent = async () => (await requestsSince()).filter((r) => !r.path.endsWith('/secret-scanning/rules'));

describe('snippet comments', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let snippet: Snippet;
  let bobComment: Comment;

  before(async () => {
    api = await extensionApi();
    snippet = await createSnippet('alice', `comments-${Date.now().toString(36)}`, 'notes.md');
    bobComment = await commentAs('bob', snippet.guid, 'Nice one, from bob');
    await signInAs('alice');
  });

  /** The Comments row of the test snippet under My Snippets, loading the list as the tree would. */
  async function commentsRow(): Promise<CommentsNode> {
    await api.explorer.reveal(snippet.guid);
    const row = (await childrenOf(api, await rootOf(api, 'mine'))).find(
      (r): r is SnippetNode => r.kind === 'snippet' && r.snippetGuid === snippet.guid,
    );
    assert.ok(row, 'the snippet is under My Snippets');
    const comments = (await childrenOf(api, row)).find((r): r is CommentsNode => r.kind === 'comments');
    assert.ok(comments, 'a Comments row');
    return comments;
  }

  const serverComments = async () => (await rest<Snippet>('alice', 'GET', `${SNIPPETS}/${snippet.guid}`)).comments;

  it("shows others' comments as not one's own, with their author", async () => {
    const comments = await commentsRow();
    assert.equal(labelOf(await itemOf(api, comments)), 'Comments (1)');
    const [row] = (await childrenOf(api, comments)) as CommentNode[];
    assert.equal(row.commentGuid, bobComment.guid);
    assert.equal(row.mine, false);
    const item = await itemOf(api, row);
    assert.equal(labelOf(item), 'Nice one, from bob');
    assert.match(String(item.description), /^(user 3|bob) · /);
    assert.equal(item.contextValue, 'comment.other');
    // Its Markdown tooltip, made when hovered: the heading, then the text as text.
    const tooltip = await tooltipOf(api, row);
    assert.ok(tooltip instanceof vscode.MarkdownString, String(tooltip));
    assert.match(tooltip.value, /^\*\*(user 3|bob)\*\*, .+\n\nNice(&nbsp;| )one/);
  });

  it('adds, edits and deletes a comment with one request each, and the tree follows', async () => {
    let comments = await commentsRow();

    await clearRequestLog();
    const added = await vscode.commands.executeCommand<Comment | undefined>(
      'bitbucketSnippets.addComment',
      comments,
      'First from alice',
    );
    assert.ok(added, 'the command returns the new comment');
    let requests = await sent();
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`POST ${SNIPPETS}/${snippet.guid}/comments`],
    );
    assert.deepEqual((await serverComments()).map((c) => c.text).sort(), ['First from alice', 'Nice one, from bob']);
    comments = await commentsRow();
    assert.equal(labelOf(await itemOf(api, comments)), 'Comments (2)');
    const mine = ((await childrenOf(api, comments)) as CommentNode[]).find((c) => c.commentGuid === added.guid);
    assert.ok(mine, 'the new comment is listed');
    assert.equal(mine.mine, true);
    const mineItem = await itemOf(api, mine);
    assert.equal(mineItem.contextValue, 'comment.mine');
    assert.match(String(mineItem.description), /^you · /);

    await clearRequestLog();
    await answerPrompts('Edited by alice');
    await vscode.commands.executeCommand('bitbucketSnippets.editComment', mine);
    requests = await sent();
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`PUT ${SNIPPETS}/${snippet.guid}/comments/${added.guid}`],
    );
    assert.ok((await serverComments()).some((c) => c.guid === added.guid && c.text === 'Edited by alice'));
    assert.equal(labelOf(await itemOf(api, mine)), 'Edited by alice');

    await clearRequestLog();
    await answerPrompts(true);
    const deleted = await vscode.commands.executeCommand<boolean>('bitbucketSnippets.deleteComment', mine);
    assert.equal(deleted, true);
    requests = await sent();
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`DELETE ${SNIPPETS}/${snippet.guid}/comments/${added.guid}`],
    );
    assert.deepEqual(
      (await serverComments()).map((c) => c.guid),
      [bobComment.guid],
    );
    comments = await commentsRow();
    assert.equal(labelOf(await itemOf(api, comments)), 'Comments (1)');
  });

  it("refuses to edit or delete someone else's comment", async () => {
    const comments = await commentsRow();
    const [bobs] = (await childrenOf(api, comments)) as CommentNode[];
    await clearRequestLog();
    await answerPrompts('hijacked', true);
    await vscode.commands.executeCommand('bitbucketSnippets.editComment', bobs);
    await vscode.commands.executeCommand('bitbucketSnippets.deleteComment', bobs);
    assert.equal(await unusedAnswers(), 2, 'neither command asked anything');
    assert.deepEqual(await sent(), [], 'nothing was sent');
    assert.deepEqual(
      (await serverComments()).map((c) => c.text),
      ['Nice one, from bob'],
    );
  });

  it("adds a comment from the reply box of a file editor's comment thread", async () => {
    const uri = vscode.Uri.from({
      scheme: 'bitbucket-snippet',
      authority: new URL(serverUrl()).host,
      path: `/${snippet.guid}/notes.md`,
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    let disposed = false;
    // What VS Code hands the reply command: the thread the box belongs to (here one the user
    // started from the gutter, which ours replaces) and the typed text.
    const reply = { thread: { uri, dispose: () => (disposed = true) }, text: 'Reply from the editor' };
    await clearRequestLog();
    await vscode.commands.executeCommand('bitbucketSnippets.replyToSnippet', reply);
    const requests = await sent();
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`POST ${SNIPPETS}/${snippet.guid}/comments`],
    );
    assert.ok((await serverComments()).some((c) => c.text === 'Reply from the editor'));
    assert.equal(disposed, true, 'the gutter thread gives way to the snippet thread');
    assert.ok(api.service.store.get(snippet.guid)?.comments.some((c) => c.text === 'Reply from the editor'));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  it('drops a snippet deleted elsewhere from the tree when a comment on it fails with 404', async () => {
    const doomed = await createSnippet('alice', `doomed-${Date.now().toString(36)}`, 'gone.md');
    await api.explorer.reveal(doomed.guid);
    assert.ok(api.service.store.get(doomed.guid), 'loaded in the tree');
    await rest('alice', 'DELETE', `${SNIPPETS}/${doomed.guid}`);
    const added = await vscode.commands.executeCommand<Comment | undefined>(
      'bitbucketSnippets.addComment',
      { kind: 'comments', snippetGuid: doomed.guid, own: true, list: 'mine' },
      'too late',
    );
    assert.equal(added, undefined);
    // The GET that finds the snippet gone follows the failed comment; a loaded host takes its time.
    await eventually(
      () => api.service.store.get(doomed.guid) === undefined,
      'the snippet left the store, so the tree',
      15_000,
    );
    assert.ok(!api.service.store.list('mine').guids.includes(doomed.guid));
  });
});
