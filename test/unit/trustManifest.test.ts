// What package.json tells VS Code about trust: the settings that decide whom the extension trusts
// and where its requests go are `machine`-scoped (no workspace or folder can set them) and named
// as restricted, so that VS Code runs the extension in Restricted Mode with workspace values of
// them ignored, rather than disabling it. And what the code reads of them: the user's value only.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { localizedManifest } from './l10n/localizedManifest';
import { SETTINGS_SECTION, Settings } from '../../src/util/constants';
import { TRUST_SETTINGS, userValue, userValueIn } from '../../src/util/trustSettings';

interface Manifest {
  capabilities?: {
    untrustedWorkspaces?: { supported: boolean | 'limited'; description?: string; restrictedConfigurations?: string[] };
    virtualWorkspaces?: boolean | { supported: boolean | 'limited'; description?: string };
  };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
}

const manifest = localizedManifest<Manifest>();
const properties = manifest.contributes.configuration.properties;
const qualified = (setting: string) => `${SETTINGS_SECTION}.${setting}`;

// Decided here, not read from the code: the code's list must say the same.
// Whether Run in Terminal asks before running the user's own snippets is decided by the user alone too,
// and so are whether text is scanned for secrets before it is sent, which rules the scan skips, and
// whether chat agents may read the snippets and which lists, and whether the MCP server is offered and may write.
const DECIDED = [
  Settings.serverUrl,
  Settings.caFiles,
  Settings.clientCertificate,
  Settings.servers,
  Settings.snippetsRestPrefix,
  Settings.pagesRestPrefix,
  Settings.confirmRunningOwnSnippets,
  Settings.secretScanMode,
  Settings.secretScanIgnoredRules,
  Settings.agentToolsEnabled,
  Settings.agentToolsLists,
  Settings.mcpEnabled,
  Settings.mcpReadOnly,
];

describe('trust settings in the manifest', () => {
  it('the code reads as trust settings exactly the ones decided here', () => {
    assert.deepEqual([...TRUST_SETTINGS].sort(), [...DECIDED].sort());
  });

  it('every trust setting is machine-scoped, so no workspace or folder settings file can set it', () => {
    for (const setting of DECIDED) {
      assert.ok(properties[qualified(setting)], `${qualified(setting)} is contributed`);
      assert.equal(properties[qualified(setting)].scope, 'machine', qualified(setting));
    }
  });

  it('declares limited support of untrusted workspaces, with a description, restricting every trust setting', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.ok(
      untrusted,
      'capabilities.untrustedWorkspaces is declared (without it, Restricted Mode disables the whole extension)',
    );
    assert.equal(untrusted.supported, 'limited');
    assert.ok(
      untrusted.description && !untrusted.description.startsWith('%'),
      'its description has an English text in package.nls.json',
    );
    assert.deepEqual([...(untrusted.restrictedConfigurations ?? [])].sort(), DECIDED.map(qualified).sort());
  });

  it('restricts only settings the extension contributes (VS Code ignores any other name there)', () => {
    for (const name of manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? []) {
      assert.ok(properties[name], name);
    }
  });

  it('declares whether it works in virtual workspaces, saying what is limited there', () => {
    const virtual = manifest.capabilities?.virtualWorkspaces;
    assert.ok(virtual !== undefined, 'capabilities.virtualWorkspaces is declared');
    assert.ok(
      typeof virtual === 'object' && virtual.supported === 'limited',
      'limited: repository settings need a local clone',
    );
    assert.ok(
      virtual.description && !virtual.description.startsWith('%'),
      'its description has an English text in package.nls.json',
    );
  });
});

describe('reading a trust setting', () => {
  it('takes the user value over the default, and never a workspace or folder value', () => {
    assert.deepEqual(
      userValue(
        {
          defaultValue: [],
          globalValue: ['/user/ca.pem'],
          workspaceValue: ['/ws/ca.pem'],
          workspaceFolderValue: ['/f/ca.pem'],
        },
        [],
      ),
      ['/user/ca.pem'],
    );
    assert.deepEqual(
      userValue({ defaultValue: [], workspaceValue: ['/ws/ca.pem'], workspaceFolderValue: ['/f/ca.pem'] }, [
        'fallback',
      ]),
      [],
    );
    assert.equal(userValue(undefined, 'fallback'), 'fallback');
    assert.equal(userValue({ workspaceValue: 'https://evil.example' }, ''), '');
  });

  it('whatever a workspace or folder sets, the result is the user value, else the default, else the fallback', () => {
    const value = fc.option(fc.string(), { nil: undefined });
    fc.assert(
      fc.property(
        value,
        value,
        value,
        value,
        fc.string(),
        (defaultValue, globalValue, workspaceValue, workspaceFolderValue, fallback) => {
          const got = userValue({ defaultValue, globalValue, workspaceValue, workspaceFolderValue }, fallback);
          assert.equal(got, globalValue ?? defaultValue ?? fallback);
        },
      ),
    );
  });

  describe('read from a section inspected whole', () => {
    const http = {
      defaultValue: { proxy: '', noProxy: [], proxyStrictSSL: true },
      globalValue: { proxy: 'http://user.proxy:3128', proxyStrictSSL: false },
      workspaceValue: { proxy: 'http://evil.example:8080', noProxy: ['*'] },
      workspaceFolderValue: { noProxy: ['folder'] },
    };

    it("takes the user's value of the setting, else its default, and never the workspace's", () => {
      assert.equal(userValueIn(http, 'proxy', 'fallback'), 'http://user.proxy:3128');
      assert.equal(userValueIn(http, 'proxyStrictSSL', true), false);
      assert.deepEqual(userValueIn(http, 'noProxy', ['fallback']), []);
      assert.equal(userValueIn(http, 'proxySupport', 'override'), 'override');
      assert.equal(userValueIn(undefined, 'proxy', 'fallback'), 'fallback');
    });

    it('follows a dotted name into nested settings, and only own properties of objects', () => {
      const section = {
        defaultValue: { agentTools: { enabled: true, lists: ['mine'] } },
        globalValue: { agentTools: { enabled: false } },
      };
      assert.equal(userValueIn(section, 'agentTools.enabled', true), false);
      assert.deepEqual(userValueIn(section, 'agentTools.lists', []), ['mine']);
      assert.equal(userValueIn(section, 'agentTools.missing', 'fallback'), 'fallback');
      assert.equal(userValueIn({ globalValue: { caFiles: ['a.pem'] } }, 'caFiles.length', 'fallback'), 'fallback');
      assert.equal(userValueIn({ globalValue: {} }, 'constructor', 'fallback'), 'fallback');
      assert.equal(userValueIn({ globalValue: { servers: 'text' } }, 'servers.x', 'fallback'), 'fallback');
    });

    it('answers what inspecting the setting alone would answer', () => {
      const name = fc.constantFrom('a', 'b', 'c');
      const leaf = fc.option(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { nil: undefined });
      const tree = fc.dictionary(name, fc.oneof(leaf, fc.dictionary(name, leaf)));
      fc.assert(
        fc.property(
          fc.option(tree, { nil: undefined }),
          fc.option(tree, { nil: undefined }),
          tree,
          name,
          name,
          (defaults, user, workspace, outer, inner) => {
            const at = (t: Record<string, unknown> | undefined, n: string) => {
              const v = t?.[outer];
              return n === outer
                ? v
                : typeof v === 'object' && v !== null
                  ? (v as Record<string, unknown>)[inner]
                  : undefined;
            };
            for (const setting of [outer, `${outer}.${inner}`]) {
              const alone = userValue(
                {
                  defaultValue: at(defaults, setting),
                  globalValue: at(user, setting),
                  workspaceValue: at(workspace, setting),
                },
                'fallback',
              );
              assert.deepEqual(
                userValueIn(
                  { defaultValue: defaults, globalValue: user, workspaceValue: workspace },
                  setting,
                  'fallback',
                ),
                alone,
              );
            }
          },
        ),
      );
    });
  });
});
