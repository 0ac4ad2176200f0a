// A create's secret scan does not wait for its worker to start (about 100 ms cold): every path
// that makes a new snippet or sends files asks the check to get ready when it begins, while the
// user is still naming or confirming it (SnippetWrites.prepareCheck, which the secret gate's check
// answers by starting the worker). The model part runs here; the editor entry points need VS Code,
// so their sources are read: each asks before its first wait.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Outgoing, OutgoingCheck } from '../../../../src/model/snippets/outgoing';
import { SnippetService } from '../../../../src/model/snippets/service';

// Compiled to out/test/unit/secretScan/gate/; the sources are at the checkout's root.
const SRC = path.resolve(__dirname, '../../../../../src');

/** The body of `name` in a source file: from its declaration to the next declaration at the file's top level. */
function body(file: string, declaration: RegExp): string {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8');
  const start = text.search(declaration);
  assert.ok(start >= 0, `${file} has no ${String(declaration)}`);
  const rest = text.slice(start);
  const end = rest.slice(1).search(/\n(?:export |function |async function | {2}(?:private |async )*\w+\(.*\).*\{\n)/);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

describe('a create gets the secret scan ready when it begins', () => {
  it('SnippetWrites.prepareCheck asks the check to get ready, and sends nothing', () => {
    let prepared = 0;
    const seen: Outgoing[] = [];
    const check: OutgoingCheck = Object.assign(async (outgoing: Outgoing) => void seen.push(outgoing), {
      prepare: () => void prepared++,
    });
    // No client: a request would throw.
    const service = new SnippetService(
      () => undefined,
      () => 25,
      { checkOutgoing: check },
    );
    service.writes.prepareCheck();
    assert.equal(prepared, 1);
    assert.deepEqual(seen, []);
  });

  it('a check that has nothing to get ready, or none at all, is fine', () => {
    assert.doesNotThrow(() =>
      new SnippetService(
        () => undefined,
        () => 25,
        { checkOutgoing: async () => undefined },
      ).writes.prepareCheck(),
    );
    assert.doesNotThrow(() =>
      new SnippetService(
        () => undefined,
        () => 25,
      ).writes.prepareCheck(),
    );
  });

  const entries: Array<[string, string, RegExp]> = [
    [
      'the create commands (New Snippet, from Selection, from File, from Clipboard, the patches)',
      'onDemand/snippets/commandKinds.ts',
      /\n {4}create: \(id, run\)/,
    ],
    [
      'files dropped on the view (a new snippet, or added to one)',
      'editor/snippets/tree/dragAndDrop.ts',
      /private async dropFiles\(/,
    ],
    ["the chat tools' save proposal, as it is shown", 'editor/agentTools/saveTool.ts', /export function prepareSave\(/],
    ["the MCP server's save proposal", 'editor/agentTools/mcp/confirmWrite.ts', /export async function confirmSave\(/],
    ["the MCP server's edit proposal", 'editor/agentTools/mcp/confirmWrite.ts', /export async function confirmEdit\(/],
  ];
  for (const [what, file, declaration] of entries) {
    it(`${what}: asks before its first wait`, () => {
      const text = body(file, declaration);
      const asked = text.indexOf('.prepareCheck()');
      assert.ok(asked > 0, `${file}: ${String(declaration)} does not call prepareCheck()`);
      const firstWait = text.search(/\bawait\b|\brun\(/);
      assert.ok(firstWait < 0 || asked < firstWait, `${file}: prepareCheck() comes after the first wait`);
    });
  }
});
