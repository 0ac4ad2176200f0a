// Reads the connection settings of one server from VS Code's configuration: the raw values go to
// api/connectionSettings.ts, which decides which apply; what it had to ignore goes to the log.
// Settings that decide trust or where requests go are read as the user set them, never from the
// workspace (src/util/trustSettings.ts).
import * as os from 'node:os';
import vscode = require('vscode');
import type { ResolvedConnectionSettings } from '../../api/connectionSettings';
import { SETTINGS_SECTION, Settings } from '../../util/constants';
import { userValue } from '../../util/trustSettings';
import type { Log } from '../../util/log';
import { loadApi } from '../../util/loadApi';

/**
 * A setting whose workspace or folder value must not count: the user's (or remote machine's)
 * value, else the default. The manifest already keeps workspaces from setting them; this holds
 * even where VS Code would hand a workspace value over.
 */
export function userSetting<T>(key: string, fallback: T, section: string = SETTINGS_SECTION): T {
  return userValue(vscode.workspace.getConfiguration(section).inspect<T>(key), fallback);
}

export function connectionSettingsFor(serverUrl: string, log?: Log): ResolvedConnectionSettings {
  // Loaded with the API client (dist/api.js), which anyone asking this is about to make.
  const { parseClientCertificate, resolveConnectionSettings } = loadApi();
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const certificate = parseClientCertificate(userSetting<unknown>(Settings.clientCertificate, undefined));
  const ignored: string[] = certificate === 'invalid' ? [`${Settings.clientCertificate} needs either "pfxFile", or both "certFile" and "keyFile"`] : [];
  const resolved = resolveConnectionSettings(
    serverUrl,
    {
      caFiles: userSetting<string[]>(Settings.caFiles, []),
      clientCertificate: certificate === 'invalid' ? undefined : certificate,
      snippetsRestPrefix: userSetting<string>(Settings.snippetsRestPrefix, '') || undefined,
      pagesRestPrefix: userSetting<string>(Settings.pagesRestPrefix, '') || undefined,
      requestTimeoutSeconds: config.get<number>(Settings.requestTimeoutSeconds, 30),
      maxResponseSizeMB: config.get<number>(Settings.maxResponseSizeMB, 50),
    },
    userSetting<unknown>(Settings.servers, undefined),
    os.homedir(),
  );
  for (const problem of [...ignored, ...resolved.ignored]) log?.warn(`setting ${SETTINGS_SECTION}.${problem}: ignored`);
  return resolved;
}

/** The setting that holds a server's client certificate: its `servers` entry when it has one. */
export function clientCertificateSettingFor(serverUrl: string | undefined): string {
  return serverUrl !== undefined && connectionSettingsFor(serverUrl).entry !== undefined ? Settings.servers : Settings.clientCertificate;
}
