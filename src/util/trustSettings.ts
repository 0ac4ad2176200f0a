// The settings that decide whom the extension trusts and where its requests (and the user's
// credentials) go. A workspace is outside text: a cloned repository's .vscode/settings.json must not
// add a certificate authority for the user's real server, swap the client certificate, point the
// REST prefixes elsewhere or put another server in the sign-in prompt. So these settings are
// `machine`-scoped and restricted in package.json (test/unit/manifest.test.ts holds that), and the
// code reads only their user (or remote machine) value, never a workspace or folder value, even
// if VS Code would hand one over. No `vscode` here: the editor layer passes what `inspect()` gave.
import { CONNECTION_SETTINGS, CONNECTION_SETTING_NAMES, SERVERS_SETTING } from '../api/connectionSettings';
import { Settings } from './constants';
import { isRecord } from './isRecord';

/**
 * Every `bitbucketSnippets.*` setting a workspace must not be able to set. Built in a call marked
 * pure so that a bundle that never reads the list leaves it out, and `Settings` with it: activation
 * imports this module for `userValue` only (the connection settings' trust is in their own table).
 */
export const TRUST_SETTINGS: readonly string[] = /* @__PURE__ */ (() => [
  // Sign In's prefilled server and the server Check Connection and the panel fall back to.
  Settings.serverUrl,
  // Holds the connection settings per server.
  SERVERS_SETTING.name,
  // The CA files, the client certificate and the REST prefixes (paths on the server that receive
  // requests with the user's credentials): their table marks them.
  ...CONNECTION_SETTING_NAMES.filter((name) => CONNECTION_SETTINGS[name].trust),
  // Whether Run in Terminal asks before running the user's own snippets: a cloned repository must
  // not turn the question off.
  Settings.confirmRunningOwnSnippets,
  // Whether text is scanned for secrets before it is sent, and which rules are ignored: a cloned
  // repository must not switch the scan off or silence a rule.
  Settings.secretScanMode,
  Settings.secretScanIgnoredRules,
  // Whether chat agents may read the snippets through the language model tools, and which lists.
  Settings.agentToolsEnabled,
  Settings.agentToolsLists,
  // Whether the MCP server is offered, and whether it may write: a cloned repository must not turn writes on.
  Settings.mcpEnabled,
  Settings.mcpReadOnly,
])();

/** What `WorkspaceConfiguration.inspect()` answers, as far as it matters here. */
export interface InspectedSetting<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/**
 * The value that applies when only the user may decide: the user's (in a remote window, the
 * remote machine's user settings are part of it), else the default, else `fallback`. Workspace
 * and folder values are never taken.
 */
export function userValue<T>(inspected: InspectedSetting<T> | undefined, fallback: T): T {
  if (inspected?.globalValue !== undefined) return inspected.globalValue;
  if (inspected?.defaultValue !== undefined) return inspected.defaultValue;
  return fallback;
}

/**
 * `userValue` of one setting of a section inspected whole (`inspect('http')`): its user and default
 * values are trees, and `name` (`proxy`, `agentTools.enabled`) is looked up in them by its dotted
 * segments, the way VS Code looks a setting up. Only own properties of plain objects are followed.
 */
export function userValueIn<T>(section: InspectedSetting<unknown> | undefined, name: string, fallback: T): T {
  return userValue<T>(
    {
      globalValue: lookUp(section?.globalValue, name) as T | undefined,
      defaultValue: lookUp(section?.defaultValue, name) as T | undefined,
    },
    fallback,
  );
}

function lookUp(tree: unknown, name: string): unknown {
  let node = tree;
  for (const segment of name.split('.')) {
    if (!isRecord(node) || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
