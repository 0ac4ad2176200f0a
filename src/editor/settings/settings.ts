// The one place the extension reads and writes settings: its own (`bitbucketSnippets.*`) and the
// few of VS Code's it follows, each with its default in one table (src/model/settings/
// settingsTable.ts; the connection settings in src/api/connectionSettings.ts). Settings that decide
// trust or where requests go are read as the user set them, never from the workspace
// (src/util/trustSettings.ts). Whoever follows a change listens to onDidChangeConfiguration.
import * as os from 'node:os';
import vscode = require('vscode');
import {
  CONNECTION_SETTINGS,
  CONNECTION_SETTING_NAMES,
  SERVERS_SETTING,
  type ConnectionSettingName,
  type ConnectionSettings,
  type ResolvedConnectionSettings,
} from '../../api/connectionSettings';
import { SETTINGS_SECTION, Settings } from '../../util/constants';
import type { Log } from '../../util/log';
import { loadApi } from '../../util/loadApi';
import { TRUST_SETTINGS, userValue } from '../../util/trustSettings';
import { EXTENSION_SETTINGS, VSCODE_SETTINGS, type ExtensionSettings, type VscodeSettings } from '../../model/settings/settingsTable';

export { CLIENT_SETTINGS } from '../../model/settings/settingsTable';

/**
 * A setting's value. When only the user may decide: the user's (or remote machine's) value, else
 * the default. The manifest already keeps workspaces from setting those; this holds even where
 * VS Code would hand a workspace value over.
 */
function read<T>(section: string, name: string, fallback: T, userOnly: boolean, scope?: vscode.Uri, config = vscode.workspace.getConfiguration(section, scope)): T {
  return userOnly ? userValue(config.inspect<T>(name), fallback) : config.get<T>(name, fallback);
}

/** One of the extension's own settings; the connection settings of a server come from connectionSettingsFor. */
export function setting<K extends keyof ExtensionSettings>(name: K): ExtensionSettings[K] {
  return read(SETTINGS_SECTION, name, EXTENSION_SETTINGS[name], TRUST_SETTINGS.includes(name));
}

/** One of VS Code's settings the extension follows; `scope` is the resource of a per-resource one. */
export function vscodeSetting<K extends keyof VscodeSettings>(name: K, scope?: vscode.Uri): VscodeSettings[K]['default'] {
  const { default: fallback, userOnly } = VSCODE_SETTINGS[name];
  const dot = name.indexOf('.');
  return read<VscodeSettings[K]['default']>(name.slice(0, dot), name.slice(dot + 1), fallback, userOnly, scope);
}

/**
 * Several of VS Code's settings of one section (`http`), read from one configuration: each
 * `getConfiguration` costs the extension host a few milliseconds, and a client is made from six.
 */
export function vscodeSettings<K extends keyof VscodeSettings>(section: string, names: readonly K[]): { [P in K]: VscodeSettings[P]['default'] } {
  const config = vscode.workspace.getConfiguration(section);
  const values: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    const { default: fallback, userOnly } = VSCODE_SETTINGS[name];
    if (!name.startsWith(`${section}.`)) throw new Error(`${name} is not a setting of ${section}`);
    values[name] = read(section, name.slice(section.length + 1), fallback, userOnly, undefined, config);
  }
  return values as { [P in K]: VscodeSettings[P]['default'] };
}

/** Writes one of the extension's own settings a workspace may hold too (the panel's hook keys). */
export async function updateSetting<K extends keyof ExtensionSettings>(name: K, value: ExtensionSettings[K], target: vscode.ConfigurationTarget): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(name, value, target);
}

/** Keeps the server just signed in to as the user's `serverUrl`: the next sign-in offers it. */
export async function rememberServerUrl(serverUrl: string): Promise<void> {
  if (setting(Settings.serverUrl) !== serverUrl) await updateSetting(Settings.serverUrl, serverUrl, vscode.ConfigurationTarget.Global);
}

/** `config`: the section's configuration, read once by a caller that reads several (each read costs a few ms). */
function topLevelValue(name: ConnectionSettingName | typeof SERVERS_SETTING.name, config: vscode.WorkspaceConfiguration): unknown {
  const row = name === SERVERS_SETTING.name ? SERVERS_SETTING : CONNECTION_SETTINGS[name];
  return read<unknown>(SETTINGS_SECTION, name, row.default, row.trust, undefined, config);
}

/**
 * The connection settings as set at the top level, before a server's own `servers` entry and
 * before `~` is expanded. A value of the wrong shape is left out, and said in `ignored`.
 */
export function topLevelConnectionSettings(ignored: string[] = [], config = vscode.workspace.getConfiguration(SETTINGS_SECTION)): ConnectionSettings {
  // Loaded with the API client (dist/api.js), which anyone asking this is about to make.
  const { parseClientCertificate } = loadApi();
  const values: Record<string, unknown> = {};
  for (const name of CONNECTION_SETTING_NAMES) {
    const raw = topLevelValue(name, config);
    const kind = CONNECTION_SETTINGS[name].kind;
    if (kind === 'certificate') {
      const certificate = parseClientCertificate(raw);
      if (certificate === 'invalid') ignored.push(`${name} needs either "pfxFile", or both "certFile" and "keyFile"`);
      values[name] = certificate === 'invalid' ? undefined : certificate;
    } else {
      values[name] = kind === 'prefix' ? raw || undefined : raw;
    }
  }
  return values as unknown as ConnectionSettings;
}

/** The connection settings of a server: its `servers` entry over the top level; what had to be ignored goes to the log. */
export function connectionSettingsFor(serverUrl: string, log?: Log): ResolvedConnectionSettings {
  const ignored: string[] = [];
  // One configuration for all of them: a client is made from a dozen.
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const topLevel = topLevelConnectionSettings(ignored, config);
  const resolved = loadApi().resolveConnectionSettings(serverUrl, topLevel, topLevelValue(SERVERS_SETTING.name, config), os.homedir());
  for (const problem of [...ignored, ...resolved.ignored]) log?.warn(`setting ${SETTINGS_SECTION}.${problem}: ignored`);
  return resolved;
}

/** The setting that holds a server's client certificate: its `servers` entry when it has one. */
export function clientCertificateSettingFor(serverUrl: string | undefined): string {
  return serverUrl !== undefined && connectionSettingsFor(serverUrl).entry !== undefined ? SERVERS_SETTING.name : Settings.clientCertificate;
}
