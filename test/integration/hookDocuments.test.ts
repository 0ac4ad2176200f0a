// Hook settings as JSON documents in real editors, against the local server: open (GET, 204 as
// {}), save (PUT) with local checks, server field errors at the field, the conflict check, and
// the JSON schemas the JSON language service applies to these virtual documents.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { adminRest as rest, localServerUrl, serverRequests, signInAs, until } from './support';
import { HookKeys } from '../server/hookCatalog';

const SCHEME = 'bitbucket-hook';
const EXTERNAL = HookKeys.externalPreReceive;
const MERGE = HookKeys.externalMergeCheck;
const YACC = HookKeys.yacc;
const APPROVERS = HookKeys.requiredApprovers;
const HOOKS = '/rest/api/latest/projects/PROJ/repos/repo2/settings/hooks';

const host = () => new URL(localServerUrl()).host;
const hookUri = (key: string, repo = 'repo2') =>
  vscode.Uri.from({ scheme: SCHEME, authority: host(), path: `/PROJ/${repo}/${key}.json` });

async function signIn(user: string): Promise<void> {
  await signInAs(user);
}

/** Opens the document and replaces its whole text (unsaved). */
async function openWith(uri: vscode.Uri, text?: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  if (text !== undefined) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
    assert.ok(await vscode.workspace.applyEdit(edit));
  }
  return doc;
}

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Bitbucket');
const putsSince = async (count: number) => (await serverRequests()).slice(count).filter((r) => r.method === 'PUT');

describe('Hook settings documents', function () {
  this.timeout(60_000);

  before(async () => {
    await signIn('admin');
  });

  afterEach(async () => {
    // Closing a dirty editor would ask whether to save, with nobody to answer: revert each first.
    for (let i = 0; i < 30 && vscode.window.tabGroups.all.some((g) => g.tabs.length > 0); i++) {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('opens a never-configured hook (204) as {} in a JSON editor', async () => {
    assert.equal((await rest('GET', `${HOOKS}/${MERGE}/settings`)).status, 204);
    const doc = await openWith(hookUri(MERGE));
    assert.equal(doc.getText(), '{}\n');
    assert.equal(doc.languageId, 'json');
  });

  it('refuses locally what Bitbucket would refuse or get wrong, marks it, keeps the document dirty and sends nothing', async () => {
    const uri = hookUri(EXTERNAL);
    const cases: Array<[string, RegExp, string]> = [
      ['[1, 2]', /must be a JSON object/, '[1, 2]'],
      ['{\n  "exe": "/bin/true",\n  "params": ["a", "b"]\n}\n', /"params" is a list/, '["a", "b"]'],
      ['{\n  "exe": "/bin/a",\n  "exe": "/bin/b"\n}\n', /given twice/, '"exe"'],
      [
        `{"exe": "/bin/true", "params": "${'x'.repeat(40 * 1024)}"}`,
        /40\.0 KB when sent; Bitbucket accepts at most 32 KB/,
        '{',
      ],
      ['{ "exe": "/bin/true", }', /Not valid JSON/, '}'],
    ];
    const before = (await serverRequests()).length;
    for (const [text, why, marked] of cases) {
      const doc = await openWith(uri, text);
      assert.equal(await doc.save(), false, `saving ${text.slice(0, 40)} must fail`);
      assert.equal(doc.isDirty, true);
      const [diagnostic] = ours(uri);
      assert.ok(diagnostic, `a diagnostic for ${text.slice(0, 40)}`);
      assert.match(diagnostic.message, why);
      assert.equal(doc.getText(diagnostic.range).slice(0, marked.length), marked, `the diagnostic marks ${marked}`);
    }
    assert.deepEqual(await putsSince(before), [], 'nothing was sent');
    assert.equal((await rest('GET', `${HOOKS}/${EXTERNAL}/settings`)).status, 204);
  });

  it("shows the server's field error at the field (External Hooks: empty exe), then saves the fixed settings (PUT)", async () => {
    const uri = hookUri(EXTERNAL);
    const doc = await openWith(uri, '{\n  "safe_path": false,\n  "exe": ""\n}\n');
    assert.equal(await doc.save(), false);
    assert.equal(doc.isDirty, true);
    const [diagnostic] = ours(uri);
    assert.equal(diagnostic.message, 'Executable does not exist');
    assert.equal(doc.getText(diagnostic.range), '"exe"');
    assert.equal(diagnostic.range.start.line, 2);
    assert.equal((await rest('GET', `${HOOKS}/${EXTERNAL}/settings`)).status, 204, 'nothing stored');

    const fixed = new vscode.WorkspaceEdit();
    fixed.replace(uri, doc.getWordRangeAtPosition(new vscode.Position(2, 10), /""/)!, '"/usr/bin/check-push"');
    assert.ok(await vscode.workspace.applyEdit(fixed));
    assert.equal(await doc.save(), true);
    assert.equal(doc.isDirty, false);
    assert.deepEqual(ours(uri), []);
    assert.deepEqual((await rest('GET', `${HOOKS}/${EXTERNAL}/settings`)).json, {
      safe_path: false,
      exe: '/usr/bin/check-push',
    });
  });

  /** Saves settings the server refuses with a field error, which is then marked at the field. */
  async function refusedByServer(uri: vscode.Uri): Promise<vscode.TextDocument> {
    const doc = await openWith(uri, '{\n  "exe": ""\n}\n');
    assert.equal(await doc.save(), false);
    assert.equal(ours(uri)[0]?.message, 'Executable does not exist');
    return doc;
  }

  /** True once no field error of ours is left on `uri`, else the messages still there. */
  const noneLeft = (uri: vscode.Uri, what: string) =>
    until(what, () => ours(uri).length === 0, 3_000).catch(() => ours(uri).map((d) => d.message));

  it("drops the server's field error when the document is reverted to the server's settings", async () => {
    const uri = hookUri(MERGE);
    const doc = await refusedByServer(uri);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(doc.isDirty, false);
    assert.equal(doc.getText(), '{}\n', "the document holds the server's settings again");
    assert.deepEqual(await noneLeft(uri, 'no field error after Revert'), true);
  });

  it("drops the server's field error when the document is closed", async () => {
    const uri = hookUri(MERGE);
    await refusedByServer(uri);
    // Closing a dirty editor asks whether to save, with nobody here to answer: Revert and Close.
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.ok(
      !vscode.window.tabGroups.all.some((g) =>
        g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString()),
      ),
      'the tab is closed',
    );
    assert.deepEqual(await noneLeft(uri, 'no field error after closing'), true);
  });

  it('shows YACC\'s "Invalid Regex" at the regex field', async () => {
    const uri = hookUri(YACC);
    const doc = await openWith(uri, '{\n  "requireJiraIssue": true,\n  "commitMessageRegex": "[A-Z+-\\\\d+ .*"\n}\n');
    assert.equal(await doc.save(), false);
    const [diagnostic] = ours(uri);
    assert.match(diagnostic.message, /^Invalid Regex/);
    assert.equal(doc.getText(diagnostic.range), '"commitMessageRegex"');
  });

  it('does not overwrite settings changed on the server since they were opened; Compare shows both, Overwrite saves', async () => {
    const uri = hookUri(EXTERNAL);
    const doc = await openWith(uri);
    const opened = doc.getText();
    assert.match(opened, /check-push/);
    assert.equal((await rest('PUT', `${HOOKS}/${EXTERNAL}/settings`, { exe: '/usr/bin/someone-else' })).status, 200);

    await openWith(uri, '{\n  "exe": "/usr/bin/mine"\n}\n');
    assert.equal(await doc.save(), false, 'the save is refused');
    assert.equal(doc.isDirty, true);
    assert.deepEqual(
      (await rest('GET', `${HOOKS}/${EXTERNAL}/settings`)).json,
      { exe: '/usr/bin/someone-else' },
      'their change is kept',
    );

    await vscode.commands.executeCommand('bitbucketSnippets.compareHookSettings', uri);
    const diff = await until(
      'a diff editor',
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === uri.toString()),
      15_000,
    );
    const left = (diff.input as vscode.TabInputTextDiff).original;
    assert.equal(left.scheme, SCHEME);
    assert.equal((await vscode.workspace.openTextDocument(left)).getText(), '{\n  "exe": "/usr/bin/someone-else"\n}\n');
    const stat = await vscode.workspace.fs.stat(left);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);

    assert.equal(await vscode.commands.executeCommand('bitbucketSnippets.overwriteHookSettings', uri), true);
    assert.equal(doc.isDirty, false);
    assert.deepEqual((await rest('GET', `${HOOKS}/${EXTERNAL}/settings`)).json, { exe: '/usr/bin/mine' });
  });

  it('refuses a non-admin with a clear message', async () => {
    await signIn('alice');
    try {
      await assert.rejects(
        Promise.resolve(vscode.workspace.openTextDocument(hookUri(APPROVERS))),
        /You need repository admin rights on PROJ\/repo2 to change hooks \(signed in as alice\)/,
      );
    } finally {
      await signIn('admin');
    }
  });

  describe('JSON schemas of the known hooks, applied by the JSON language service', () => {
    async function completions(uri: vscode.Uri, text: string, at: vscode.Position): Promise<string[]> {
      await openWith(uri, text);
      // The JSON language server starts lazily: ask until it answers.
      const end = Date.now() + 20_000;
      for (;;) {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          uri,
          at,
        );
        const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label).replace(/"/g, ''));
        if (labels.length > 0 || Date.now() > end) return labels;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    it('External Hooks: completion, hover text and validation', async () => {
      const uri = hookUri(MERGE);
      const labels = await completions(uri, '{\n  \n}\n', new vscode.Position(1, 2));
      for (const field of ['exe', 'safe_path', 'params', 'async']) {
        assert.ok(labels.includes(field), `completion offers ${field}: ${labels.join(', ')}`);
      }

      await openWith(uri, '{\n  "exe": "/bin/x",\n  "safe_path": "yes",\n  "nested": {"a": 1}\n}\n');
      const problems = await until(
        'schema diagnostics',
        () => {
          const d = vscode.languages.getDiagnostics(uri).filter((x) => x.source !== 'Bitbucket');
          return d.length >= 2 ? d : undefined;
        },
        15_000,
      );
      assert.ok(
        problems.some((d) => d.range.start.line === 2 && /boolean/i.test(d.message)),
        problems.map((d) => d.message).join(' | '),
      );
      assert.ok(
        problems.some((d) => d.range.start.line === 3),
        'a nested value is flagged',
      );

      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        uri,
        new vscode.Position(1, 4),
      );
      const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      assert.match(hoverText, /The program the hook runs/);
    });

    it('YACC and minimum approvals: completion of their own fields', async () => {
      const yacc = await completions(hookUri(YACC), '{\n  \n}\n', new vscode.Position(1, 2));
      for (const field of ['commitMessageRegex', 'requireJiraIssue', 'errorMessageHeader']) {
        assert.ok(yacc.includes(field), `${field}: ${yacc.join(', ')}`);
      }
      assert.ok(!yacc.includes('exe'));
      const approvers = await completions(hookUri(APPROVERS), '{\n  \n}\n', new vscode.Position(1, 2));
      assert.ok(approvers.includes('requiredCount'), approvers.join(', '));
    });
  });
});
