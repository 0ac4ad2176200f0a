// Activation loads dist/extension.js only; the snippets, the API client, undici, the repository
// settings and the connection check come from bundles of their own on first use (esbuild.js). This builds the bundles the way `npm run package` does
// and checks what landed where, so an innocent-looking import cannot pull them back into activation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent } from 'undici';
import { CONNECTION_SETTING_NAMES, SERVERS_SETTING } from '../../src/api/connectionSettings';
import { Settings } from '../../src/util/constants';
import { LIBRARY_RULE_IDS, SUPERSEDED_LIBRARY_RULE_IDS } from '../../src/model/secretScan/libraryRules';

// Compiled to out/test/unit/; esbuild.js is at the checkout's root.
const ROOT = path.resolve(__dirname, '../../..');

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildBundles } = require(path.join(ROOT, 'esbuild.js')) as {
  buildBundles(options: {
    production?: boolean;
    singleBundle?: boolean;
    outdir: string;
    quiet?: boolean;
  }): Promise<Record<string, Metafile>>;
};

/** The sources (and packages) that ended up in a bundle's JavaScript. */
function inputsOf(meta: Metafile): string[] {
  const js = Object.entries(meta.outputs).find(([file]) => file.endsWith('.js'));
  assert.ok(js, 'the bundle has a .js output');
  return Object.entries(js[1].inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([file]) => file.split(path.sep).join('/'));
}

describe('bundles', function () {
  this.timeout(60_000);
  let outdir: string;
  let bundles: Record<string, Metafile>;

  before(async () => {
    outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-bundles-'));
    bundles = await buildBundles({ production: true, outdir, quiet: true });
  });
  after(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('activation loads only the wiring, the session and the stand-ins', () => {
    const main = inputsOf(bundles.extension);
    assert.deepEqual(
      main.filter((f) => f.includes('node_modules/')),
      [],
    );
    // Except the rule that an account signing out leaves no offline cache (a few lines, no imports):
    // it follows sign-outs from activation on, and loads the snippets only when there is a cache.
    const followsSignOuts = /(^|\/)src\/snippets\/core\/cache\/signOut\.ts$/;
    assert.deepEqual(
      main.filter(
        (f) => /(^|\/)src\/(settingsPanel|hooks|git|snippets|connectionCheck)\//.test(f) && !followsSignOuts.test(f),
      ),
      [],
    );
    assert.deepEqual(
      main.filter((f) =>
        /(^|\/)src\/api\/(client|http|undici|validate|dispatcher|clientCertificate|clientCertificateFailure)\.ts$/.test(
          f,
        ),
      ),
      [],
    );
    // The OS trust store is read with the first request, never at activation.
    assert.deepEqual(
      main.filter((f) => /(^|\/)src\/api\/(trust|proxy)\//.test(f)),
      [],
    );
    // Sign-in flows and their messages load with the first sign-in command.
    assert.deepEqual(
      main.filter((f) => /(^|\/)src\/(auth\/signIn|util\/describeError|util\/clientCertificateMessages)\.ts$/.test(f)),
      [],
    );
    // So do the authentication provider's answers to other extensions: activation only lists accounts.
    assert.deepEqual(
      main.filter((f) => /(^|\/)src\/editor\/auth\/(signIn|sessionsForExtensions)\.ts$/.test(f)),
      [],
    );
    assert.ok(
      main.some((f) => f.endsWith('src/editor/accounts/authProvider.ts')),
      'the provider is registered at activation',
    );
    assert.ok(
      main.some((f) => f.endsWith('src/onDemand/snippets.ts')),
      'the stand-ins are in it',
    );
    // A budget, not a goal: it grew from 24 to 26 KiB when activation learnt to tick the walkthrough's
    // view step and to keep the stand-ins registered when a bundle fails to load, and to 28 KiB with
    // the authentication provider (VS Code's Accounts menu lists only registered providers; its
    // answers to other extensions load with the sign-in bundle). Activation time is what `npm run bench` measures.
    const size = fs.statSync(path.join(outdir, 'extension.js')).size;
    assert.ok(size < 28 * 1024, `under 28 KiB: ${size} bytes`);
  });

  it("activation carries neither the extension's own settings nor the list of those that decide trust", () => {
    // Activation reads VS Code's settings and the connection settings (tables of their own); the
    // rest of `Settings` and TRUST_SETTINGS belong to the bundles that read them (issue 31).
    const code = fs.readFileSync(path.join(outdir, 'extension.js'), 'utf8');
    const ownSettings = Object.values(Settings).filter(
      (name) => name !== SERVERS_SETTING.name && !(CONNECTION_SETTING_NAMES as readonly string[]).includes(name),
    );
    assert.deepEqual(
      ownSettings.filter((name) => code.includes(`"${name}"`)),
      [],
    );
  });

  it('the main bundle requires the on-demand bundles by their file names, and nothing else of ours', () => {
    const code = fs.readFileSync(path.join(outdir, 'extension.js'), 'utf8');
    const local = [...code.matchAll(/require\("(\.[^"]+)"\)/g)].map((m) => m[1]).sort();
    assert.deepEqual(local, [
      './api.js',
      './connectionCheck.js',
      './l10n.js',
      './repositorySettings.js',
      './signIn.js',
      './snippets.js',
      './testing.js',
    ]);
    for (const file of local) assert.ok(fs.existsSync(path.join(outdir, file)), `${file} was built`);
  });

  it('the snippets bundle has the core and the views, and neither the HTTP client nor the settings panel', () => {
    const inputs = inputsOf(bundles.snippets);
    for (const want of [
      'src/model/snippets/service.ts',
      'src/editor/snippets/tree/provider.ts',
      'src/editor/snippets/files/provider.ts',
      'src/editor/snippets/comments/threads.ts',
    ]) {
      assert.ok(
        inputs.some((f) => f.endsWith(want)),
        `${want} is in it`,
      );
    }
    assert.deepEqual(
      inputs.filter((f) => /src\/api\/(http|client)\.ts$|src\/(settingsPanel|hooks|git)\/|node_modules\//.test(f)),
      [],
    );
  });

  it('the test API is a bundle of its own, which reaches the prompts of the snippets bundle', () => {
    // activate() requires dist/testing.js outside Production mode only; the activation bundle holds none of it.
    assert.deepEqual(
      inputsOf(bundles.extension).filter((f) => /(^|\/)src\/(onDemand\/testingApi|editor\/ui\/prompts)\.ts$/.test(f)),
      [],
    );
    const inputs = inputsOf(bundles.testing);
    assert.ok(
      inputs.some((f) => f.endsWith('src/onDemand/testingApi.ts')),
      inputs.join(', '),
    );
    // A copy of the prompts of its own would be another module: answers queued there would reach no prompt.
    assert.deepEqual(
      inputs.filter((f) => !f.endsWith('src/onDemand/testingApi.ts')),
      [],
    );
    assert.match(
      fs.readFileSync(path.join(outdir, 'testing.js'), 'utf8'),
      /require\("\.\/snippets\.js"\)\.answerPromptsFrom\(/,
    );
  });

  it('the API client loads undici on demand too', () => {
    assert.ok(inputsOf(bundles.api).some((f) => f.endsWith('src/api/http.ts')));
    // Client certificates are read with the first request, not at activation.
    assert.ok(inputsOf(bundles.api).some((f) => f.endsWith('src/api/clientCertificate.ts')));
    assert.deepEqual(
      inputsOf(bundles.api).filter((f) => f.includes('node_modules/')),
      [],
    );
    assert.match(fs.readFileSync(path.join(outdir, 'api.js'), 'utf8'), /require\("\.\/undici\.js"\)/);
  });

  it('undici is in its own bundle', () => {
    assert.ok(inputsOf(bundles.undici).some((f) => f.includes('node_modules/undici/lib/dispatcher/agent.js')));
  });

  it("undici's bundle reads answers as the package does, with llhttp.wasm beside it and of llhttp's constants only the two it reads", async () => {
    assert.deepEqual(
      inputsOf(bundles.undici).filter((f) => f.includes('/llhttp/')),
      [],
    );
    // Each answer after the request's head: a good one, and one whose length is not a number.
    const server = net.createServer((socket) => {
      socket.once('data', (head) => {
        socket.end(
          head.includes('/bad')
            ? 'HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n'
            : 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok',
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const answers = async (undici: { Agent: typeof Agent }) => {
      const agent = new undici.Agent({ pipelining: 0 });
      try {
        const good = await agent.request({ origin, path: '/', method: 'GET' });
        const bad = await agent.request({ origin, path: '/bad', method: 'GET' }).then(
          () => undefined,
          (err: Error & { code?: string }) => ({ name: err.name, code: err.code, message: err.message }),
        );
        return { status: good.statusCode, body: await good.body.text(), bad };
      } finally {
        await agent.close();
      }
    };
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const bundled = await answers(require(path.join(outdir, 'undici.js')) as { Agent: typeof Agent });
      assert.deepEqual(bundled, await answers({ Agent }));
      assert.equal(bundled.body, 'ok');
      assert.ok(bundled.bad, 'the malformed answer fails');
    } finally {
      server.close();
    }
  });

  it("the secret scan's worker is a bundle of its own with the library, which no other bundle holds, and without node-forge", () => {
    const inputs = inputsOf(bundles.secretScanWorker);
    for (const want of [
      'src/model/secretScan/secretScanWorker.ts',
      'src/model/secretScan/textScan.ts',
      'node_modules/@secretlint/core/',
    ]) {
      assert.ok(
        inputs.some((f) => f.includes(want)),
        `${want} is in it`,
      );
    }
    // Without the preset's copy of node-forge (290 KiB), which only reads .p12 files from the disk, never asked for (esbuild.js).
    // With re2js (about 100 KiB), the engine the server's rules run with (src/model/secretScan/serverRuleEngine.ts),
    // without its Unicode tables (45 KiB), which the worker makes at run time (src/model/secretScan/re2UnicodeTables.ts).
    const size = fs.statSync(path.join(outdir, 'secretScanWorker.js')).size;
    assert.ok(size < 210 * 1024, `under 210 KiB: ${size} bytes`);
    assert.ok(
      inputsOf(bundles.secretScanWorker).some((f) => f.includes('node_modules/re2js/')),
      're2js is in it',
    );
    for (const [name, meta] of Object.entries(bundles)) {
      if (name === 'secretScanWorker') continue;
      assert.deepEqual(
        inputsOf(meta).filter((f) =>
          /node_modules\/@secretlint\/|node_modules\/re2js\/|src\/model\/secretScan\/(libraryRules|textScan|secretScanWorker|serverRuleEngine)\.ts$/.test(
            f,
          ),
        ),
        [],
        `${name} has none of it`,
      );
    }
  });

  it('the worker holds the library rules the scan runs, not the ten its own rules supersede (esbuild.js)', () => {
    const worker = fs.readFileSync(path.join(outdir, 'secretScanWorker.js'), 'utf8');
    // Each of the preset's rules names its documentation.
    const bundled = [...worker.matchAll(/secretlint-rule-([\w-]+)\/README\.md/g)].map(
      (m) => `@secretlint/secretlint-rule-${m[1]}`,
    );
    const run = LIBRARY_RULE_IDS.filter((id) => !SUPERSEDED_LIBRARY_RULE_IDS.includes(id));
    assert.ok(run.length > 0 && SUPERSEDED_LIBRARY_RULE_IDS.length > 0);
    assert.deepEqual(bundled.sort(), [...run, '@secretlint/secretlint-rule-filter-comments'].sort());
  });

  it('the repository settings bundle carries the panel, hooks and git, but not the HTTP client or the snippet views', () => {
    const inputs = inputsOf(bundles.repositorySettings);
    for (const want of [
      'src/editor/settingsPanel/controller.ts',
      'src/editor/hooks/hookDocuments.ts',
      'src/editor/repositories/gitApi.ts',
    ]) {
      assert.ok(
        inputs.some((f) => f.endsWith(want)),
        `${want} is in it`,
      );
    }
    assert.deepEqual(
      inputs.filter((f) => /src\/api\/(http|client)\.ts$|src\/snippets\/|node_modules\/undici/.test(f)),
      [],
    );
    // Hook settings documents read JSON with jsonc-parser: it loads with them, never at activation.
    // Its ES module build, all of it inlined: its `main` is a UMD build whose own files are required
    // at run time, which esbuild does not follow (dist/ has no ./impl/format.js).
    assert.ok(
      inputs.some((f) => f.includes('node_modules/jsonc-parser/lib/esm/impl/parser.js')),
      'jsonc-parser is in it',
    );
    assert.deepEqual(
      inputs.filter((f) => f.includes('node_modules/jsonc-parser/lib/umd/')),
      [],
    );
  });

  it('the connection check bundle has the check and its command, and loads the API client from its own bundle', () => {
    const inputs = inputsOf(bundles.connectionCheck);
    for (const want of [
      'src/model/connectionCheck/runCheck.ts',
      'src/model/connectionCheck/certificate.ts',
      'src/model/connectionCheck/report.ts',
      'src/editor/connectionCheck/command.ts',
    ]) {
      assert.ok(
        inputs.some((f) => f.endsWith(want)),
        `${want} is in it`,
      );
    }
    assert.deepEqual(
      inputs.filter((f) => /src\/api\/(http|client)\.ts$|src\/snippets\/|src\/settingsPanel\/|node_modules\//.test(f)),
      [],
    );
    // Through src/util/loadApi.ts, which the bundles that make clients share (in dist/common.js).
    assert.ok(inputsOf(bundles.connectionCheck).some((f) => f.endsWith('src/util/loadApi.ts')));
    assert.match(fs.readFileSync(path.join(outdir, 'common.js'), 'utf8'), /require\("\.\/api\.js"\)/);
  });

  it('@vscode/l10n is one bundle every other one shares, so the translations given to it reach them all', () => {
    assert.ok(inputsOf(bundles.l10n).some((f) => f.includes('node_modules/@vscode/l10n/')));
    for (const [name, meta] of Object.entries(bundles)) {
      if (name === 'l10n') continue;
      assert.deepEqual(
        inputsOf(meta).filter((f) => f.includes('node_modules/@vscode/l10n')),
        [],
        `${name} has no copy of its own`,
      );
    }
    // Each bundle that translates loads it, itself or through dist/common.js, which holds what several share.
    for (const bundle of ['api', 'snippets', 'repositorySettings', 'connectionCheck', 'signIn', 'common']) {
      const code = fs.readFileSync(path.join(outdir, `${bundle}.js`), 'utf8');
      assert.match(
        bundle === 'common'
          ? code
          : `${code}${/require\("\.\/common\.js"\)/.test(code) ? fs.readFileSync(path.join(outdir, 'common.js'), 'utf8') : ''}`,
        /require\("\.\/l10n\.js"\)/,
        `${bundle}.js loads it`,
      );
    }
  });

  it('code that several on-demand bundles share is built once, into dist/common.js, and activation loads none of it', () => {
    const sharing = ['signIn', 'snippets', 'api', 'repositorySettings', 'connectionCheck', 'testing'];
    const own = (name: string) =>
      inputsOf(bundles[name]).filter((f) => /(^|\/)src\//.test(f) && !f.startsWith('common:'));
    const holders = new Map<string, string[]>();
    for (const name of sharing) {
      for (const source of own(name)) holders.set(source, [...(holders.get(source) ?? []), name]);
    }
    assert.deepEqual(
      [...holders].filter(([, names]) => names.length > 1),
      [],
      'no source is in two of them',
    );
    const common = inputsOf(bundles.common);
    for (const want of ['src/util/constants.ts', 'src/util/describeError.ts', 'src/api/errors.ts']) {
      assert.ok(
        common.some((f) => f.endsWith(want)),
        `${want} is in common.js`,
      );
    }
    assert.ok(
      inputsOf(bundles.snippets).includes('common:src/util/constants.ts'),
      'the snippets bundle takes constants.ts from it',
    );
    assert.doesNotMatch(fs.readFileSync(path.join(outdir, 'extension.js'), 'utf8'), /common\.js/);
  });

  it("the settings page's script is a bundle for the browser: its sources and at most the protocol, no package, no require", () => {
    // The words come as types only (lint holds the imports to that): @vscode/l10n stays in the extension.
    const inputs = inputsOf(bundles['webview/settingsPanel']);
    assert.ok(
      inputs.some((f) => f.endsWith('src/webview/settingsPanel.ts')),
      inputs.join(', '),
    );
    assert.deepEqual(
      inputs.filter((f) => !/(^|\/)src\/(webview\/|model\/settingsPanel\/protocol\.ts$)/.test(f)),
      [],
    );
    const code = fs.readFileSync(path.join(outdir, 'webview', 'settingsPanel.js'), 'utf8');
    // A classic script, strict as the source is, with no module system to find in the page.
    assert.match(code, /^"use strict";/);
    assert.doesNotMatch(code, /\brequire\(|\bexports\b|\bimport\(/);
    assert.match(code, /acquireVsCodeApi\(\)/);
  });

  it('the single-bundle layout (the benchmark baseline) inlines everything', async () => {
    const single = path.join(outdir, 'single');
    const metas = await buildBundles({ production: true, singleBundle: true, outdir: single, quiet: true });
    // The webview's script is the page's, not the extension host's: every layout has it.
    assert.deepEqual(Object.keys(metas), ['extension', 'webview/settingsPanel']);
    const inputs = inputsOf(metas.extension);
    assert.ok(inputs.some((f) => f.includes('node_modules/undici')));
    assert.ok(inputs.some((f) => f.endsWith('src/editor/settingsPanel/controller.ts')));
    assert.doesNotMatch(fs.readFileSync(path.join(single, 'extension.js'), 'utf8'), /require\("\.\//);
  });
});
