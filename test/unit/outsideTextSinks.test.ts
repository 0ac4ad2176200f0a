// The wrong way to show outside text must fail lint: only the sinks in src/editor/ui/ call VS Code's
// notification, dialog, pick, input box, status bar and FileSystemError functions, and they
// neutralise what they show (src/util/outsideText.ts). This lints probe files as if they were in
// the views, with the project's own ESLint configuration.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../..');

async function ruleMessages(code: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = "import vscode = require('vscode');\ndeclare const name: string;\n";

describe('outside text reaches the user only through the sinks in src/editor/ui/', function () {
  this.timeout(60_000);
  const probes: Array<[string, string]> = [
    [
      'a notification with a name in it',
      "void vscode.window.showErrorMessage(vscode.l10n.t('Could not open {0}', name));",
    ],
    ['a warning', 'void vscode.window.showWarningMessage(name);'],
    ['an information message', "void vscode.window.showInformationMessage(vscode.l10n.t('{0}', name));"],
    ['a quick pick', 'void vscode.window.showQuickPick([{ label: name }]);'],
    ['a quick pick made by hand', 'vscode.window.createQuickPick();'],
    ['an input box', 'void vscode.window.showInputBox({ prompt: name });'],
    ['a status bar message', 'vscode.window.setStatusBarMessage(name);'],
    ['a status bar text', 'declare const item: vscode.StatusBarItem;\nitem.text = `$(repo) ${name}`;'],
    ['a file system error', 'throw vscode.FileSystemError.Unavailable(name);'],
    ['a file system error made with new', 'throw new vscode.FileSystemError(name);'],
  ];
  for (const [what, code] of probes) {
    it(`lint refuses ${what} in a view`, async () => {
      const messages = await ruleMessages(header + code, 'src/editor/snippets/outsideTextProbe.ts');
      assert.equal(messages.length, 1, `expected one refusal, got: ${JSON.stringify(messages)}`);
      assert.match(messages[0], /src\/editor\/ui\//);
    });
  }

  it('lint accepts the same through the sinks', async () => {
    const code = `${header}import { showErrorText } from '../../ui/notify';
import { showSafeQuickPick } from '../../ui/quickInputText';
import { statusText } from '../../ui/statusText';
import { fileSystemError } from '../../ui/fileSystemErrors';
declare const item: vscode.StatusBarItem;
void showErrorText(vscode.l10n.t('Could not open {0}', name));
void showSafeQuickPick([{ label: name }], {});
item.text = statusText('repo', name);
throw fileSystemError.unavailable(name);
`;
    assert.deepEqual(await ruleMessages(code, 'src/editor/snippets/outsideTextProbe.ts'), []);
  });

  it('no Markdown is trusted and no webview runs command links: outside text in tooltips, comments and completion stays inert', () => {
    const sources = fs
      .readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'));
    const found = sources.flatMap((file) => {
      const text = fs.readFileSync(path.join(ROOT, 'src', file), 'utf8');
      return [
        /isTrusted\s*[:=]\s*(true|\{)/,
        /supportHtml\s*[:=]\s*true/,
        /enableCommandUris\s*:\s*(true|\[)/,
        /new vscode\.MarkdownString\([^)]*,\s*true\s*\)/,
      ]
        .filter((pattern) => pattern.test(text))
        .map((pattern) => `${file}: ${pattern.source}`);
    });
    assert.deepEqual(found, []);
    assert.ok(sources.length > 100, 'the sources were read');
  });
});
