// The settings webview's script is checked against the messages of src/model/settingsPanel/protocol.ts,
// both ways, with the DOM and without Node (src/webview/tsconfig.json, as `npm run typecheck`
// and `npm run lint` run it): a message with a field the protocol does not have fails the check.
// And lint keeps the page's imports to what a browser page has.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import * as ts from 'typescript';

// Compiled to out/test/unit/settingsPanel/; the sources are at the checkout's root.
const ROOT = path.resolve(__dirname, '../../../..');
const CONFIG = path.join(ROOT, 'src', 'webview', 'tsconfig.json');
const SCRIPTS = path.join(ROOT, 'src', 'webview');
/** The entry esbuild bundles; the modules it is split into sit beside it. */
const SCRIPT = path.join(SCRIPTS, 'settingsPanel.ts');

function webviewConfig(): ts.ParsedCommandLine {
  const read = ts.readConfigFile(CONFIG, (file) => ts.sys.readFile(file));
  assert.equal(read.error, undefined);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(CONFIG), undefined, CONFIG);
}

/** Every file of the check but the probed one, parsed once for all the probes (the DOM's types are large). */
const parsed = new Map<string, ts.SourceFile>();

/** A change to one file of the script, `file` relative to src/webview/. */
interface Edit {
  file: string;
  edit: (text: string) => string;
}

/** The type check's errors for the webview, one of its script's files changed by `change`. */
function typeErrors(change?: Edit): { errors: string[]; program: ts.Program } {
  const config = webviewConfig();
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  const changed = change && path.join(SCRIPTS, change.file);
  host.getSourceFile = (file, language, onError) => {
    if (change && path.resolve(file) === changed) {
      return ts.createSourceFile(file, change.edit(ts.sys.readFile(file) ?? ''), language);
    }
    if (!parsed.has(file)) parsed.set(file, getSourceFile(file, language, onError)!);
    return parsed.get(file);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return { errors, program };
}

/** `file`'s text with `from` replaced once; fails when the file no longer has it, so a probe never passes by finding nothing to change. */
function probe(file: string, from: string, to: string): Edit {
  return {
    file,
    edit: (text) => {
      assert.ok(text.includes(from), `src/webview/${file} still has ${from}`);
      return text.replace(from, to);
    },
  };
}

async function lintMessages(code: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('settings webview types', function () {
  this.timeout(60_000);
  let checked: ts.Program;

  before(() => {
    const { errors, program } = typeErrors();
    checked = program;
    assert.deepEqual(errors, [], 'the webview script type-checks as it is');
    assert.ok(program.getSourceFile(SCRIPT), 'the check reads the webview script');
    const modules = fs.readdirSync(SCRIPTS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    assert.ok(modules.length > 1, modules.join(', '));
    for (const file of modules) {
      assert.ok(program.getSourceFile(path.join(SCRIPTS, file)), `the check reads src/webview/${file}`);
    }
  });

  it('is checked with the DOM and without Node', () => {
    const { lib, types } = checked.getCompilerOptions();
    assert.ok(
      lib?.some((l) => /dom/i.test(l)),
      JSON.stringify(lib),
    );
    assert.deepEqual(types, []);
    const { errors } = typeErrors(
      probe(
        'vscodeApi.ts',
        'const vscode = acquireVsCodeApi();',
        'const vscode = acquireVsCodeApi();\nexport const nodeVersion = process.version;',
      ),
    );
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /Cannot find name 'process'/);
  });

  it('an action with a field name the protocol does not have fails the check', () => {
    const { errors } = typeErrors(
      probe('pagesSection.ts', "send('setPagesForRef', { refId: r.refId,", "send('setPagesForRef', { refID: r.refId,"),
    );
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /'refID' does not exist/);
  });

  it('so does an action without a field the protocol requires, and one of an unknown type', () => {
    assert.equal(
      typeErrors(probe('hooksSection.ts', "send('changeHook', { role: h.role })", "send('changeHook')")).errors.length,
      1,
    );
    assert.equal(typeErrors(probe('pagesSection.ts', "send('showMoreRefs')", "send('showMore')")).errors.length, 1);
  });

  it('and so does reading a field of a message from the extension that the protocol does not have', () => {
    const { errors } = typeErrors(probe('settingsPanel.ts', 'message.error === true', 'message.isError === true'));
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /'isError' does not exist/);
  });

  it('and using a word the extension does not send', () => {
    const { errors } = typeErrors(probe('pagesSection.ts', 't.kindTag', 't.tagKind'));
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /'tagKind' does not exist/);
  });

  it('lint refuses vscode, Node and the words module at run time in a webview script, and accepts the protocol', async () => {
    const file = 'src/webview/newProbe.ts';
    const notInAPage = /^@typescript-eslint\/no-restricted-imports: .*A webview's script runs in a browser page/;
    for (const code of [
      "import type * as vscode from 'vscode';\nexport type X = typeof vscode;\n",
      "import * as fs from 'node:fs';\nexport const x = fs;\n",
      "import { EventEmitter } from 'events';\nexport const x = EventEmitter;\n",
    ]) {
      const messages = await lintMessages(code, file);
      assert.equal(messages.length, 1, messages.join('\n'));
      assert.match(messages[0], notInAPage);
    }
    const words = await lintMessages(
      "import { panelStrings } from '../model/settingsPanel/webviewStrings';\nexport const x = panelStrings;\n",
      file,
    );
    assert.equal(words.length, 1, words.join('\n'));
    assert.match(words[0], /^@typescript-eslint\/no-restricted-imports: .*Only its types/);
    assert.deepEqual(
      await lintMessages(
        "import type { PanelStrings } from '../model/settingsPanel/webviewStrings';\nexport type X = PanelStrings;\n",
        file,
      ),
      [],
    );
    assert.deepEqual(
      await lintMessages(
        "import type { PanelState } from '../model/settingsPanel/protocol';\nexport type X = PanelState;\n",
        file,
      ),
      [],
    );
  });

  it('lint refuses a webview script importing the extension, and the extension importing it', async () => {
    const [up] = await lintMessages("export * from '../editor/settingsPanel/controller';\n", 'src/webview/newProbe.ts');
    assert.match(up, /^layers\/imports-flow-down: src\/webview\/ may not import src\/editor\/settingsPanel\//);
    const [down] = await lintMessages("export * from '../webview/settingsPanel';\n", 'src/onDemand/newProbe.ts');
    assert.match(
      down,
      /^layers\/imports-flow-down: src\/onDemand\/ may not import src\/webview\/: it is a webview's script/,
    );
  });
});
