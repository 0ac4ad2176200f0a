// A vscode:// snippet link must reach the extension even before anything else woke it: VS Code
// activates an extension for its links only with the `onUri` activation event, and the handler
// must be registered by activation itself (src/onDemand/snippets.ts), not by the snippets bundle.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Compiled to out/test/unit/; package.json and the compiled sources are found from there.
const ROOT = path.resolve(__dirname, '../../..');

describe('link activation', () => {
  it('package.json activates the extension for its vscode:// links', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      activationEvents?: string[];
    };
    assert.ok(
      manifest.activationEvents?.includes('onUri'),
      `activationEvents: ${JSON.stringify(manifest.activationEvents)}`,
    );
  });

  it('activation registers the URI handler, and the snippets bundle does not', () => {
    const registers = (file: string) =>
      /registerUriHandler\(/.test(fs.readFileSync(path.join(ROOT, 'out', file), 'utf8'));
    assert.ok(registers('src/onDemand/snippets.js'), 'the stand-in handler is registered at activation');
    assert.ok(
      !registers('src/onDemand/snippets/bundle.js') && !registers('src/onDemand/snippets/documents.js'),
      'a second registration would throw',
    );
  });
});
