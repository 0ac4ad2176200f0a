// Every setting the extension reads, with its default, besides the connection settings (their own
// table, src/api/connectionSettings.ts, which the API client follows too). The editor's settings
// module (src/editor/settings/settings.ts) reads them by these names; test/unit/settings/
// settingsTable.test.ts holds the defaults to package.json's. Two tables, not one, so that
// activation, which reads only VS Code's and the connection settings, does not carry the
// extension's.
import type { SortOrder } from '../snippets/query';
import type { CompletionList } from '../snippets/completion/completion';
import type { AgentList } from '../agentTools/schemas';
import { CONNECTION_SETTINGS, SERVERS_SETTING } from '../../api/connectionSettings';
import { SETTINGS_SECTION } from '../../util/constants';

/** The extension's own settings (`bitbucketSnippets.*`, named as in `Settings` of src/util/constants.ts) and their defaults. */
export const EXTENSION_SETTINGS = {
  serverUrl: '',
  pageSize: 25,
  sortOrder: 'updated' as SortOrder,
  preReceiveHookKey: 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook',
  mergeCheckHookKey: 'com.ngs.stash.externalhooks.external-hooks:external-merge-check-hook',
  'completion.enabled': true,
  'completion.lists': ['mine', 'starred'] as CompletionList[],
  'completion.categories': [] as string[],
  snippetSyntaxCategory: 'vscode-snippet',
  'terminal.confirmRunningOwnSnippets': true,
  followActiveEditor: false,
  snippetUrlTemplate: '{server}/plugins/servlet/snippets/{guid}',
  'cache.maxSizeMB': 32,
  concurrentPageRequests: 4,
  'agentTools.enabled': true,
  'agentTools.lists': ['mine', 'starred'] as AgentList[],
  'mcp.enabled': true,
  'mcp.readOnly': false,
  'mcp.promptCategory': 'prompt',
  'secretScan.mode': 'warn' as 'warn' | 'off',
  'secretScan.ignoredRules': [] as string[],
};

export type ExtensionSettings = typeof EXTENSION_SETTINGS;

/**
 * VS Code's settings the extension follows, with VS Code's defaults. `userOnly`: read as the user
 * set them, never a workspace's value (they choose the proxy, its credentials and the client);
 * `remakesClient`: a change makes every client anew.
 */
export const VSCODE_SETTINGS = {
  'http.proxy': { default: '', userOnly: true, remakesClient: true },
  'http.noProxy': { default: [] as string[], userOnly: true, remakesClient: true },
  'http.proxyAuthorization': { default: null as string | null, userOnly: true, remakesClient: true },
  'http.proxySupport': { default: 'override', userOnly: true, remakesClient: true },
  'http.proxyStrictSSL': { default: true, userOnly: true, remakesClient: true },
  'http.systemCertificates': { default: true, userOnly: true, remakesClient: true },
  /** Per resource: `overwriteFileOnDisk` turns the save conflict check off. */
  'files.saveConflictResolution': { default: 'askUser', userOnly: false, remakesClient: false },
  'workbench.welcomePage.walkthroughs.openOnInstall': { default: true, userOnly: false, remakesClient: false },
};

export type VscodeSettings = typeof VSCODE_SETTINGS;

/** The settings a client is made from, by their full names: a change to one makes every client anew. */
export const CLIENT_SETTINGS: readonly string[] = [
  ...Object.entries({ ...CONNECTION_SETTINGS, [SERVERS_SETTING.name]: SERVERS_SETTING })
    .filter(([, row]) => row.remakesClient)
    .map(([name]) => `${SETTINGS_SECTION}.${name}`),
  ...Object.entries(VSCODE_SETTINGS)
    .filter(([, row]) => row.remakesClient)
    .map(([name]) => name),
];
