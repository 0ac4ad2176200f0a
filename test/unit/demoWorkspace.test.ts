// `npm start`'s workspace and printed instructions: auto-save is off for the workspace (VS Code for
// the Web saves on every pause in typing, and each save of a snippet file is a PUT colleagues
// see), the person's other workspace settings are kept, and the instructions say so.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { demoInstructions, writeDemoWorkspaceSettings } from '../harness/demoWorkspace';

describe('the demo workspace', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-demo-ws-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  const read = () =>
    JSON.parse(fs.readFileSync(path.join(folder, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;

  it('turns auto-save off for the workspace', () => {
    writeDemoWorkspaceSettings(folder);
    assert.deepEqual(read(), { 'files.autoSave': 'off' });
  });

  it("keeps the workspace's other settings, and sets auto-save off again on every start", () => {
    fs.mkdirSync(path.join(folder, '.vscode'));
    fs.writeFileSync(
      path.join(folder, '.vscode', 'settings.json'),
      JSON.stringify({ 'editor.tabSize': 2, 'files.autoSave': 'afterDelay' }),
    );
    writeDemoWorkspaceSettings(folder);
    assert.deepEqual(read(), { 'editor.tabSize': 2, 'files.autoSave': 'off' });
  });

  it('says so in the printed instructions, with the addresses to open', () => {
    const text = demoInstructions({
      workbenchUrl: 'http://127.0.0.1:8080/?folder=x',
      serverUrl: 'http://127.0.0.1:7990',
      dataDir: '.demo',
    });
    assert.match(text, /Auto-save:\s+off in the demo's workspace \(files\.autoSave\)/);
    assert.match(text, /every save is a PUT/);
    assert.ok(text.includes('http://127.0.0.1:8080/?folder=x') && text.includes('http://127.0.0.1:7990'));
  });
});
