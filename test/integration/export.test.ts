// Export Snippets… in the real editor: the command writes My Snippets to a folder on disk with
// list requests only, run again it writes nothing new, and a folder that cannot be written ends
// in a message without anything sent to the server but reads.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { serverRequests } from './support';

interface ExportResult {
  snippets: number;
  added: number;
  unchanged: number;
  filesWritten: number;
}

describe('Export Snippets', function () {
  this.timeout(60_000);
  let dir: string;

  before(async () => {
    await signInAsAlice();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-export-it-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a folder per snippet and a manifest, with list requests only; again, nothing changes', async () => {
    const made = await apiAs('alice').createSnippet({
      name: 'export: a/b "quoted"',
      files: [{ name: 'con.txt', content: 'reserved name\n' }],
    });
    const mine = (await apiAs('alice').getMySnippets({ limit: 1000 })).values.length;
    const before = (await serverRequests()).length;
    const first = await vscode.commands.executeCommand<ExportResult>(
      'bitbucketSnippets.exportSnippets',
      vscode.Uri.file(dir),
      ['mine'],
    );
    assert.equal(first.snippets, mine);
    const sent = await requestsSince(before);
    assert.ok(
      sent.length >= 1 && sent.every((r) => r.method === 'GET' && /\/snippets$/.test(r.path)),
      `list requests only: ${sent.map((r) => `${r.method} ${r.path}`).join(', ')}`,
    );
    assert.equal(fs.readFileSync(path.join(dir, 'export_ a_b _quoted_', '_con.txt'), 'utf8'), 'reserved name\n');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'bitbucket-snippets.json'), 'utf8')) as {
      snippets: Array<{ guid: string; folder: string }>;
    };
    assert.equal(manifest.snippets.find((e) => e.guid === made.guid)?.folder, 'export_ a_b _quoted_');

    const again = await vscode.commands.executeCommand<ExportResult>(
      'bitbucketSnippets.exportSnippets',
      vscode.Uri.file(dir),
      ['mine'],
    );
    assert.deepEqual([again.unchanged, again.added, again.filesWritten], [mine, 0, 0]);
  });

  it('a folder that cannot be made ends in a message, not an exception, and writes nothing to the server', async () => {
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, 'x');
    const before = (await serverRequests()).length;
    const result = await vscode.commands.executeCommand(
      'bitbucketSnippets.exportSnippets',
      vscode.Uri.file(path.join(blocker, 'inside')),
      ['mine'],
    );
    assert.equal(result, undefined);
    assert.ok((await requestsSince(before)).every((r) => r.method === 'GET'));
    assert.equal(fs.readFileSync(blocker, 'utf8'), 'x');
  });
});
