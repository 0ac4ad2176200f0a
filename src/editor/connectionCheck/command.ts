// The Check Connection command: which server to check, the settings and saved credentials the
// check needs, progress while it runs, and the report opened as a read-only Markdown document the
// user can read, copy into a support ticket, save with Save As…, or close without a question.
// The diagnosis is src/model/connectionCheck/.
import vscode = require('vscode');
import { showSafeInputBox, showSafeQuickPick } from '../ui/quickInputText';
import type { PassphraseSource } from '../../api/clientCertificate';
import type { RepositoryRef } from '../../api/types';
import { loadApi } from '../../util/loadApi';
import {
  clientCertificateSettingFor,
  connectionSettingsFor,
  setting,
  topLevelConnectionSettings,
  vscodeSetting,
} from '../settings/settings';
import type { Account } from '../../model/accounts/accounts';
import { defaultFirst } from '../../model/accounts/defaultFirst';
import type { createClient, editorWireChoice, Session } from '../accounts/session';
import { Commands, EXTENSION_ID, Settings } from '../../util/constants';
import { withProgress } from '../ui/progress';
import { accountItems } from '../ui/accountPick';
import type { Log } from '../../util/log';
import { normaliseServerUrl, sameServer, serverHost } from '../../util/serverUrl';
import type { ClientFactory } from '../../model/connectionCheck/apiSteps';
import { formatReport } from '../../model/connectionCheck/report';
import { runConnectionCheck } from '../../model/connectionCheck/runCheck';
import { connectionCheckTrustSources } from '../../model/connectionCheck/editorTrustSources';
import { ConnectionReports } from './reportDocument';

/** Each attempt of the network steps; the API steps use the request timeout of the settings. */
const NETWORK_TIMEOUT_MS = 10_000;

/** The first clone in the workspace of a repository on a server, for the hook permission step (the wiring asks git). */
export type FirstClone = (serverUrl: string) => Promise<RepositoryRef | undefined>;

/** What the wiring hands the check: the session, the workspace's clones, and the accounts' way to make a client and choose its wire. */
export interface CheckContext {
  session: Session;
  log: Log;
  firstClone: FirstClone;
  createClient: typeof createClient;
  wireChoice: typeof editorWireChoice;
}

export function registerConnectionCheck(context: CheckContext): vscode.Disposable {
  const { session } = context;
  const reports = new ConnectionReports();
  // Takes the server URL to check (sign-in passes the one that failed), or a row of the Snippets
  // view (its account is checked); the palette passes none.
  const command = vscode.commands.registerCommand(Commands.checkConnection, async (arg?: unknown) => {
    const target = await targetOf(session, arg);
    return target && checkConnection(context, reports, target);
  });
  return vscode.Disposable.from(command, reports);
}

/** What to check: a server URL, and the signed-in account on it whose credentials the check uses. */
interface CheckTarget {
  serverUrl: string;
  account?: Account;
}

/**
 * A URL given → that server (with its account when one is signed in there, the default first); a
 * row → its account; otherwise the only account, or the one picked when there are several (or
 * another server), or the configured server, or a URL the user types.
 */
async function targetOf(session: Session, arg: unknown): Promise<CheckTarget | undefined> {
  const accounts = session.accounts();
  if (typeof arg === 'string') {
    return {
      serverUrl: arg,
      account: defaultFirst(accounts, session.account).find((a) => sameServer(a.serverUrl, arg)),
    };
  }
  const row = rowAccount(session, arg);
  if (row) return { serverUrl: row.serverUrl, account: row };
  if (accounts.length > 1) return pickTarget(session);
  if (session.account) return { serverUrl: session.account.serverUrl, account: session.account };
  const configured = setting(Settings.serverUrl) || (await askServerUrl());
  return configured ? { serverUrl: configured } : undefined;
}

/** The account of a Snippets view row: an account root (`key`), or a row of a non-default account (`accountId`). */
function rowAccount(session: Session, arg: unknown): Account | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { kind, key, accountId } = arg as { kind?: unknown; key?: unknown; accountId?: unknown };
  if (typeof accountId === 'string') return session.accountById(accountId);
  if (kind === 'account' && typeof key === 'string') return session.accountById(key);
  return undefined;
}

async function pickTarget(session: Session): Promise<CheckTarget | undefined> {
  const all = session.accounts();
  type Item = vscode.QuickPickItem & { account?: Account };
  const items: Item[] = [
    ...accountItems(all, session.account),
    { iconPath: new vscode.ThemeIcon('globe'), label: vscode.l10n.t('Another server…') },
  ];
  const picked = await showSafeQuickPick(items, {
    title: vscode.l10n.t('Bitbucket Snippets: Check Connection'),
    placeHolder: vscode.l10n.t('Which server do you want to check?'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.account) return { serverUrl: picked.account.serverUrl, account: picked.account };
  const typed = await askServerUrl();
  return typed ? { serverUrl: typed, account: all.find((a) => sameServer(a.serverUrl, typed)) } : undefined;
}

/** Resolves with the report document, or undefined when the user cancelled. */
async function checkConnection(
  { session, log, firstClone, createClient, wireChoice }: CheckContext,
  reports: ConnectionReports,
  target: CheckTarget,
): Promise<vscode.TextDocument | undefined> {
  const { serverUrl, account } = target;
  const credentials = account ? await session.credentials(account) : undefined;
  const makeClient: ClientFactory = (request) =>
    createClient(request.baseUrl, request.credentials, log, request, session.passphrases);
  // The server's own entry of bitbucketSnippets.servers (CA files, client certificate, REST
  // prefixes) applies, as for its requests; a URL that does not parse is the check's own first
  // finding, checked with the top-level settings and no client certificate.
  const normalised = normaliseServerUrl(serverUrl);
  const settings = normalised !== undefined ? connectionSettingsFor(normalised, log) : topLevelConnectionSettings();
  const certificate = normalised !== undefined ? settings.clientCertificate : undefined;
  const proxy = {
    setting: vscodeSetting('http.proxy') || undefined,
    settingNoProxy: vscodeSetting('http.noProxy'),
    env: process.env,
  };
  // Every passphrase given to the check (a wrong one too): the report hides them, whatever a server echoes.
  const passphrases: string[] = [];
  const passphraseSource = normalised !== undefined ? session.passphrases?.forServer(normalised) : undefined;
  const recordedPassphrases: PassphraseSource | undefined = passphraseSource && {
    get: async (file, wrong) => {
      const given = await passphraseSource.get(file, wrong);
      if (given !== undefined) passphrases.push(given);
      return given;
    },
    accepted: (file, passphrase) => passphraseSource.accepted?.(file, passphrase),
  };

  const result = await withProgress(
    'notification',
    vscode.l10n.t('Checking the connection to {0}…', hostOf(serverUrl)),
    async (signal) => {
      const checked = await runConnectionCheck({
        serverUrl,
        credentials,
        trustSources: connectionCheckTrustSources(settings.caFiles, vscodeSetting('http.systemCertificates')),
        clientCertificate:
          certificate && normalised !== undefined
            ? {
                label: loadApi().certificateLabel(certificate),
                setting: clientCertificateSettingFor(normalised),
                load: () => loadApi().loadClientCertificate({ certificate, passphrases: recordedPassphrases }),
              }
            : undefined,
        proxy,
        transport: wireChoice(),
        // The prefixes the server's client uses: its own `servers` entry first, then the top level.
        snippetsPrefix: settings.snippetsRestPrefix,
        pagesPrefix: settings.pagesRestPrefix,
        repository: credentials ? await firstClone(serverUrl).catch(() => undefined) : undefined,
        hookKey: setting(Settings.preReceiveHookKey),
        timeoutMs: NETWORK_TIMEOUT_MS,
        makeClient,
        signal,
      });
      // A cancelled check would report its cancelled requests as failures: no report then.
      return signal.aborted ? undefined : checked;
    },
    { cancellable: true },
  );
  if (!result) return undefined;
  const failed = result.steps.filter((s) => s.status === 'fail').map((s) => s.id);
  const limits = result.steps.filter((s) => s.status === 'limit').map((s) => s.id);
  log.info(
    `connection check of ${result.target}: ${failed.length === 0 ? 'no failures' : `failed: ${failed.join(', ')}`}${limits.length > 0 ? `; limits: ${limits.join(', ')}` : ''}`,
  );
  const content = formatReport(result, {
    credentials,
    serverUrl,
    proxy,
    proxyAuthorization: vscodeSetting('http.proxyAuthorization') || undefined,
    passphrases,
    versions: {
      Extension: vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.version ?? 'dev',
      'VS Code': vscode.version,
      Node: process.versions.node,
      Platform: `${process.platform} ${process.arch}`,
      ...(account
        ? {
            [vscode.l10n.t('Account')]:
              account.authType === 'basic'
                ? vscode.l10n.t('"{0}" (user name and password)', account.username)
                : vscode.l10n.t('"{0}" (token)', account.username),
          }
        : {}),
    },
  });
  return reports.open(hostOf(serverUrl), result.checkedAt, content);
}

async function askServerUrl(): Promise<string | undefined> {
  return showSafeInputBox({
    title: vscode.l10n.t('Bitbucket Snippets: Check Connection'),
    prompt: vscode.l10n.t(
      'The Bitbucket Data Center URL to check (a page address works too: the check finds the base URL)',
    ),
    placeHolder: 'https://bitbucket.example.com/bitbucket',
    ignoreFocusOut: true,
  });
}

function hostOf(serverUrl: string): string {
  try {
    return serverHost(serverUrl);
  } catch {
    return vscode.l10n.t('the server');
  }
}
