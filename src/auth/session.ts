// The signed-in account and the one API client that goes with it. Activation only reads
// what is remembered (no network); the client is made on first use and remade when the
// account or a connection setting changes.
import vscode = require('vscode');
import type { BitbucketClient, ClientOptions } from '../api/client';
import type { Credentials, CurrentUser } from '../api/http';
import { ContextKeys, SETTINGS_SECTION, Settings } from '../constants';
import type { Log } from '../util/log';
import { type Account, type AccountStore } from './accounts';
import type { CertificatePassphrases } from './certificatePassphrases';
import { loadApi } from './loadApi';
import { connectionSettingsFor } from './serverSettings';

/** Settings the API client is built from: a change to one of them makes a new client. */
const CONNECTION_SETTINGS = [
  ...[Settings.caFiles, Settings.snippetsRestPrefix, Settings.pagesRestPrefix, Settings.requestTimeoutSeconds].map((k) => `${SETTINGS_SECTION}.${k}`),
  ...[Settings.clientCertificate, Settings.servers].map((k) => `${SETTINGS_SECTION}.${k}`),
  'http.proxy',
  'http.noProxy',
  'http.proxyAuthorization',
  'http.proxyStrictSSL',
  'http.systemCertificates',
];

export class Session implements vscode.Disposable {
  private current: Account | undefined;
  private cachedClient: BitbucketClient | undefined;
  private readonly changed = new vscode.EventEmitter<Account | undefined>();
  /** Fires when the user signs in, out, switches account, or a connection setting changes. */
  readonly onDidChange = this.changed.event;
  private readonly currentUser = new vscode.EventEmitter<CurrentUser>();
  /** Fires with what an answer's `X-AUSERID` / `X-AUSERNAME` said about the signed-in caller. */
  readonly onDidHearCurrentUser = this.currentUser.event;
  private readonly disposables: vscode.Disposable[] = [this.changed, this.currentUser];

  constructor(
    private readonly store: AccountStore,
    private readonly log: Log,
    /** Where the passphrases of client certificates are asked for and kept. */
    readonly passphrases?: CertificatePassphrases,
  ) {
    this.current = store.active();
    void this.updateContext();
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (CONNECTION_SETTINGS.some((key) => e.affectsConfiguration(key))) {
          this.resetClient();
          this.changed.fire(this.current);
        }
      }),
    );
  }

  get account(): Account | undefined {
    return this.current;
  }

  /** The API client of the signed-in account, or undefined when signed out. */
  get client(): BitbucketClient | undefined {
    if (!this.current) return undefined;
    if (!this.cachedClient) {
      const account = this.current;
      this.cachedClient = createClient(
        account.serverUrl,
        () => this.store.credentials(account),
        this.log,
        {
          onCurrentUser: (user) => {
            if (this.current === account) this.currentUser.fire(user);
          },
        },
        this.passphrases,
      );
    }
    return this.cachedClient;
  }

  /** The saved credentials of the signed-in account, for a client of the caller's own (the connection check). */
  credentials(): Promise<Credentials | undefined> {
    return this.current ? this.store.credentials(this.current) : Promise.resolve(undefined);
  }

  async signIn(account: Account, credentials: Credentials): Promise<void> {
    await this.store.save(account, credentials);
    await this.store.setActive(account);
    this.current = account;
    this.resetClient();
    await this.updateContext();
    this.log.info(`signed in to ${account.serverUrl} as ${account.username} (${account.authType})`);
    this.changed.fire(account);
  }

  async signOut(): Promise<void> {
    const account = this.current;
    if (!account) return;
    await this.store.remove(account);
    this.current = undefined;
    this.resetClient();
    await this.updateContext();
    this.log.info(`signed out of ${account.serverUrl} as ${account.username}`);
    this.changed.fire(undefined);
  }

  /** Makes another remembered account the active one. */
  async use(account: Account): Promise<void> {
    await this.store.setActive(account);
    this.current = account;
    this.resetClient();
    await this.updateContext();
    this.changed.fire(account);
  }

  accounts(): Account[] {
    return this.store.list();
  }

  private resetClient(): void {
    void this.cachedClient?.dispose();
    this.cachedClient = undefined;
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', ContextKeys.signedIn, this.current !== undefined);
  }

  dispose(): void {
    this.resetClient();
    for (const d of this.disposables) d.dispose();
  }
}

/** A client for a server, configured from the user's settings (the server's own entry first). */
export function createClient(
  serverUrl: string,
  credentials: ClientOptions['credentials'],
  log: Log,
  extra: Partial<ClientOptions> = {},
  passphrases?: CertificatePassphrases,
): BitbucketClient {
  const settings = connectionSettingsFor(serverUrl, log);
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.get<string>('proxy') || undefined;
  const noProxy = http.get<string[]>('noProxy', []);
  const proxyAuthorization = http.get<string | null>('proxyAuthorization') || undefined;
  if (http.get<boolean>('proxyStrictSSL', true) === false) {
    log.info('http.proxyStrictSSL is off: this extension still verifies every certificate (see the README, "Company networks")');
  }
  const timeoutMs = settings.requestTimeoutSeconds * 1000;
  const { BitbucketClient } = loadApi();
  return new BitbucketClient({
    baseUrl: serverUrl,
    credentials,
    caFiles: settings.caFiles,
    systemCertificates: http.get<boolean>('systemCertificates', true),
    clientCertificate: settings.clientCertificate && { certificate: settings.clientCertificate, passphrases: passphrases?.forServer(serverUrl) },
    prefixes: { snippets: settings.snippetsRestPrefix, pages: settings.pagesRestPrefix },
    // Without http.proxy, HTTP_PROXY / HTTPS_PROXY apply; http.noProxy and the authorization apply either way.
    proxy: { httpProxy: proxy, httpsProxy: proxy, noProxy: noProxy.join(','), authorization: proxyAuthorization, source: vscode.l10n.t('the http.proxy setting') },
    timeouts: { headersMs: timeoutMs, bodyMs: timeoutMs },
    userAgent: `vscode-bitbucket-snippets/${vscode.extensions.getExtension('bitbucket-snippets.bitbucket-snippets')?.packageJSON.version ?? 'dev'}`,
    log: log.forApi(),
    ...extra,
  });
}
