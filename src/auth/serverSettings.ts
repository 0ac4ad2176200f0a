// Reads the connection settings of one server from VS Code's configuration: the raw values go to
// api/connectionSettings.ts, which decides which apply; what it had to ignore goes to the log.
import * as os from 'node:os';
import vscode = require('vscode');
import type { ResolvedConnectionSettings } from '../api/connectionSettings';
import { SETTINGS_SECTION, Settings } from '../constants';
import type { Log } from '../util/log';
import { loadApi } from './loadApi';

export function connectionSettingsFor(serverUrl: string, log?: Log): ResolvedConnectionSettings {
  // Loaded with the API client (dist/api.js), which anyone asking this is about to make.
  const { parseClientCertificate, resolveConnectionSettings } = loadApi();
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const certificate = parseClientCertificate(config.get<unknown>(Settings.clientCertificate));
  const ignored: string[] = certificate === 'invalid' ? [`${Settings.clientCertificate} needs either "pfxFile", or both "certFile" and "keyFile"`] : [];
  const resolved = resolveConnectionSettings(
    serverUrl,
    {
      caFiles: config.get<string[]>(Settings.caFiles, []),
      clientCertificate: certificate === 'invalid' ? undefined : certificate,
      snippetsRestPrefix: config.get<string>(Settings.snippetsRestPrefix) || undefined,
      pagesRestPrefix: config.get<string>(Settings.pagesRestPrefix) || undefined,
      requestTimeoutSeconds: config.get<number>(Settings.requestTimeoutSeconds, 30),
      maxResponseSizeMB: config.get<number>(Settings.maxResponseSizeMB, 50),
    },
    config.get<unknown>(Settings.servers),
    os.homedir(),
  );
  for (const problem of [...ignored, ...resolved.ignored]) log?.warn(`setting ${SETTINGS_SECTION}.${problem}: ignored`);
  return resolved;
}

/** The setting that holds a server's client certificate: its `servers` entry when it has one. */
export function clientCertificateSettingFor(serverUrl: string | undefined): string {
  return serverUrl !== undefined && connectionSettingsFor(serverUrl).entry !== undefined ? Settings.servers : Settings.clientCertificate;
}
