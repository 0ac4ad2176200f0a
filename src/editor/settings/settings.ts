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
import { TRUST_SETTINGS, userValueIn, type InspectedSetting } from '../../util/trustSettings';
import {
  EXTENSION_SETTINGS,
  VSCODE_SETTINGS,
  type ExtensionSettings,
  type VscodeSettings,
} from '../../model/settings/settingsTable';

export { CLIENT_SETTINGS } from '../../model/settings/settingsTable';

/**
 * Reads several settings from one configuration. On every call, VS Code's `getConfiguration` builds
 * the whole configuration and its `inspect` walks every language override in it: one to three
 * milliseconds each in a fresh extension host, and a client is made from a dozen settings, most of
 * them the user's alone. A reader takes the configuration once and inspects each section once, whole.
 */
export class SettingsReader {
  private readonly config: vscode.WorkspaceConfiguration;
  private readonly sections = new Map<string, InspectedSetting<unknown> | undefined>();

  /** `scope`: the resource of per-resource settings. */
  constructor(scope?: vscode.Uri) {
    this.config = vscode.workspace.getConfiguration(undefined, scope);
  }

  /**
   * A setting's value (`fullName`: `section.name`). When only the user may decide (`userOnly`): the
   * user's (or remote machine's) value, else the default. The manifest already keeps workspaces
   * from setting those; this holds even where VS Code would hand a workspace value over.
   */
  value<T>(fullName: string, fallback: T, userOnly: boolean): T {
    if (!userOnly) return this.config.get<T>(fullName, fallback);
    const dot = fullName.indexOf('.');
    const section = fullName.slice(0, dot);
    if (!this.sections.has(section)) this.sections.set(section, this.config.inspect<unknown>(section));
    return userValueIn(this.sections.get(section), fullName.slice(dot + 1), fallback);
  }
}

/** One of the extension's own settings; the connection settings of a server come from connectionSettingsFor. */
export function setting<K extends keyof ExtensionSettings>(name: K): ExtensionSettings[K] {
  return new SettingsReader().value(
    `${SETTINGS_SECTION}.${name}`,
    EXTENSION_SETTINGS[name],
    TRUST_SETTINGS.includes(name),
  );
}

/** One of VS Code's settings the extension follows; `scope` is the resource of a per-resource one. */
export function vscodeSetting<K extends keyof VscodeSettings>(
  name: K,
  scope?: vscode.Uri,
): VscodeSettings[K]['default'] {
  const { default: fallback, userOnly } = VSCODE_SETTINGS[name];
  return new SettingsReader(scope).value<VscodeSettings[K]['default']>(name, fallback, userOnly);
}

/** Several of VS Code's settings of one section (`http`); `reader`: one a caller reads others from too. */
export function vscodeSettings<K extends keyof VscodeSettings>(
  section: string,
  names: readonly K[],
  reader = new SettingsReader(),
): { [P in K]: VscodeSettings[P]['default'] } {
  const values: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    const { default: fallback, userOnly } = VSCODE_SETTINGS[name];
    if (!name.startsWith(`${section}.`)) throw new Error(`${name} is not a setting of ${section}`);
    values[name] = reader.value(name, fallback, userOnly);
  }
  return values as { [P in K]: VscodeSettings[P]['default'] };
}

/**
 * The user's own value of a setting of the extension by any name (`name` below
 * `bitbucketSnippets`), one it contributes or one it used to: never a workspace's.
 */
export function userSettingValue(name: string): unknown {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(name)?.globalValue;
}

/** Writes (or, with undefined, removes) the user's value of a setting of the extension, by any name. */
export async function updateUserSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(name, value, vscode.ConfigurationTarget.Global);
}

/** Writes one of the extension's own settings a workspace may hold too (the panel's hook keys). */
export async function updateSetting<K extends keyof ExtensionSettings>(
  name: K,
  value: ExtensionSettings[K],
  target: vscode.ConfigurationTarget,
): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(name, value, target);
}

/** Keeps the server just signed in to as the user's `serverUrl`: the next sign-in offers it. */
export async function rememberServerUrl(serverUrl: string): Promise<void> {
  if (setting(Settings.serverUrl) !== serverUrl) {
    await updateSetting(Settings.serverUrl, serverUrl, vscode.ConfigurationTarget.Global);
  }
}

function topLevelValue(name: ConnectionSettingName | typeof SERVERS_SETTING.name, reader: SettingsReader): unknown {
  const row = name === SERVERS_SETTING.name ? SERVERS_SETTING : CONNECTION_SETTINGS[name];
  return reader.value<unknown>(`${SETTINGS_SECTION}.${name}`, row.default, row.trust);
}

/**
 * The connection settings as set at the top level, before a server's own `servers` entry and
 * before `~` is expanded. A value of the wrong shape is left out, and said in `ignored`.
 */
export function topLevelConnectionSettings(ignored: string[] = [], reader = new SettingsReader()): ConnectionSettings {
  // Loaded with the API client (dist/api.js), which anyone asking this is about to make.
  const { parseClientCertificate } = loadApi();
  const values: Record<string, unknown> = {};
  for (const name of CONNECTION_SETTING_NAMES) {
    const raw = topLevelValue(name, reader);
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

/**
 * The connection settings of a server: its `servers` entry over the top level; what had to be
 * ignored goes to the log. `reader`: one the caller reads VS Code's settings from too.
 */
export function connectionSettingsFor(
  serverUrl: string,
  log?: Log,
  reader = new SettingsReader(),
): ResolvedConnectionSettings {
  const ignored: string[] = [];
  const topLevel = topLevelConnectionSettings(ignored, reader);
  const resolved = loadApi().resolveConnectionSettings(
    serverUrl,
    topLevel,
    topLevelValue(SERVERS_SETTING.name, reader),
    os.homedir(),
  );
  for (const problem of [...ignored, ...resolved.ignored]) log?.warn(`setting ${SETTINGS_SECTION}.${problem}: ignored`);
  return resolved;
}

/** The setting that holds a server's client certificate: its `servers` entry when it has one. */
export function clientCertificateSettingFor(serverUrl: string | undefined): string {
  return serverUrl !== undefined && connectionSettingsFor(serverUrl).entry !== undefined
    ? SERVERS_SETTING.name
    : Settings.clientCertificate;
}
