// The signed-in accounts, an API client per account, and the default account (the one the
// Command Palette and views that show one account use; `account` names it). Activation
// only reads what is remembered (no network); a client is made on first use and remade when a
// connection setting changes.
import vscode = require('vscode');
import { Disposable } from '../ui/disposable';
import type { BitbucketClient, ClientOptions } from '../../api/client';
import type { Credentials, CurrentUser } from '../../api/http';
import type { WireChoice } from '../../api/wire/chooseWire';
import { ContextKeys } from '../../util/constants';
import type { Log } from '../../util/log';
import { accountId, type Account } from '../../model/accounts/accounts';
import type { AccountStore } from './accountStore';
import type { CertificatePassphrases } from './certificatePassphrases';
import { loadApi } from '../../util/loadApi';
import { CLIENT_SETTINGS, SettingsReader, connectionSettingsFor, vscodeSettings } from '../settings/settings';
import { errorMessage } from '../../util/errorMessage';

export class Session extends Disposable {
  private current: Account | undefined;
  private documentAccounts: ((uri: vscode.Uri) => Account | undefined) | undefined;
  /** One client per signed-in account, by account id. */
  private readonly clients = new Map<string, BitbucketClient>();
  private readonly changed = new vscode.EventEmitter<Account | undefined>();
  /**
   * Fires with the default account when the user signs in or out of any account, switches the
   * default, or a connection setting changes.
   */
  readonly onDidChange = this.changed.event;
  private readonly accountUser = new vscode.EventEmitter<{ account: Account; user: CurrentUser }>();
  /** Fires with what an answer's `X-AUSERID` / `X-AUSERNAME` said about the caller, for any account's client. */
  readonly onDidHearAccountUser = this.accountUser.event;
  private readonly signedIn = new vscode.EventEmitter<Account>();
  /** Fires with an account signed in (again, when it was already): a new session of that account begins. */
  readonly onDidSignIn = this.signedIn.event;

  constructor(
    private readonly store: AccountStore,
    private readonly log: Log,
    /** Where the passphrases of client certificates are asked for and kept. */
    readonly passphrases?: CertificatePassphrases,
  ) {
    super();
    this.register(this.changed, this.accountUser, this.signedIn);
    // Every remembered account is signed in; an earlier version could leave none marked default.
    this.current = store.active() ?? store.list()[0];
    void this.updateContext();
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (CLIENT_SETTINGS.some((key) => e.affectsConfiguration(key))) {
          this.resetClients();
          this.changed.fire(this.current);
        }
      }),
    );
  }

  get account(): Account | undefined {
    return this.current;
  }

  /** The API client of a signed-in account (made on first use, kept until it signs out). */
  clientFor(account: Account): BitbucketClient {
    const id = accountId(account);
    let client = this.clients.get(id);
    if (!client) {
      client = createClient(
        account.serverUrl,
        () => this.store.credentials(account),
        this.log,
        {
          onCurrentUser: (user) => {
            this.accountUser.fire({ account, user });
          },
        },
        this.passphrases,
      );
      this.clients.set(id, client);
    }
    return client;
  }

  /**
   * Which account a document belongs to: the snippets bundle answers for its documents once it is
   * loaded (a snippet document cannot be open before), so activation parses no snippet URI.
   */
  accountOfDocument(uri: vscode.Uri): Account | undefined {
    return this.documentAccounts?.(uri);
  }

  setDocumentAccounts(resolve: (uri: vscode.Uri) => Account | undefined): vscode.Disposable {
    this.documentAccounts = resolve;
    return new vscode.Disposable(() => {
      if (this.documentAccounts === resolve) this.documentAccounts = undefined;
    });
  }

  /** The signed-in account with this id. */
  accountById(id: string): Account | undefined {
    return this.accounts().find((a) => accountId(a) === id);
  }

  /** The saved credentials of an account (the default one), for a client of the caller's own (the connection check). */
  credentials(account: Account | undefined = this.current): Promise<Credentials | undefined> {
    return account ? this.store.credentials(account) : Promise.resolve(undefined);
  }

  /**
   * Adds the account (or renews its credentials) and makes it the default, at once: nothing here
   * waits for VS Code. The credentials are held in memory and the global state answers the new
   * values as soon as they are written; storing them (SecretStorage, global state on disk) goes on
   * behind, and `stored` tells the caller when it is done or failed. The default account and the
   * views' context key are written behind it too: VS Code applies context keys in the order they are set.
   */
  signIn(account: Account, credentials: Credentials): { stored: Promise<void> } {
    const { stored } = this.store.save(account, credentials);
    this.current = account;
    this.resetClient(account);
    void Promise.all([this.store.setActive(account), this.updateContext()]).catch((err: unknown) =>
      this.log.warn(`the default account could not be recorded: ${errorMessage(err)}`),
    );
    this.log.info(`signed in to ${account.serverUrl} as ${account.username} (${account.authType})`);
    this.signedIn.fire(account);
    this.changed.fire(account);
    return { stored };
  }

  /**
   * Signs one account out (the default one when none is given). The other accounts stay signed
   * in; when the default signs out, the first remaining account becomes the default.
   */
  async signOut(account: Account | undefined = this.current): Promise<void> {
    if (!account) return;
    const id = accountId(account);
    await this.store.remove(account);
    this.resetClient(account);
    // The server's certificate passphrases go with its last account: nothing secret stays behind.
    if (!this.store.list().some((a) => a.serverUrl === account.serverUrl)) {
      await this.passphrases?.forget(
        account.serverUrl,
        connectionSettingsFor(account.serverUrl, this.log).clientCertificate,
      );
    }
    if (!this.current || accountId(this.current) === id) {
      this.current = this.store.list()[0];
      await this.store.setActive(this.current);
    }
    await this.updateContext();
    this.log.info(`signed out of ${account.serverUrl} as ${account.username}`);
    this.changed.fire(this.current);
  }

  /** Makes another signed-in account the default one. */
  async use(account: Account): Promise<void> {
    await this.store.setActive(account);
    this.current = account;
    await this.updateContext();
    this.changed.fire(account);
  }

  accounts(): Account[] {
    return this.store.list();
  }

  private resetClient(account: Account): void {
    const id = accountId(account);
    void this.clients.get(id)?.dispose();
    this.clients.delete(id);
  }

  private resetClients(): void {
    for (const client of this.clients.values()) void client.dispose();
    this.clients.clear();
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', ContextKeys.signedIn, this.current !== undefined);
  }

  override dispose(): void {
    this.resetClients();
    super.dispose();
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
  // One configuration for all of them (each read of one costs the extension host milliseconds).
  const reader = new SettingsReader();
  const settings = connectionSettingsFor(serverUrl, log, reader);
  // VS Code keeps workspaces from setting these; read as the user set them all the same.
  const http = vscodeSettings(
    'http',
    [
      'http.proxy',
      'http.noProxy',
      'http.proxyAuthorization',
      'http.proxySupport',
      'http.proxyStrictSSL',
      'http.systemCertificates',
    ],
    reader,
  );
  const proxy = http['http.proxy'] || undefined;
  const noProxy = http['http.noProxy'];
  const proxyAuthorization = http['http.proxyAuthorization'] || undefined;
  const wire = editorWireChoice(http);
  logWireOnce(serverUrl, wire, log);
  if (http['http.proxyStrictSSL'] === false) {
    log.info(
      'http.proxyStrictSSL is off: this extension still verifies every certificate (see the README, "Company networks")',
    );
  }
  const timeoutMs = settings.requestTimeoutSeconds * 1000;
  const { BitbucketClient } = loadApi();
  return new BitbucketClient({
    baseUrl: serverUrl,
    credentials,
    caFiles: settings.caFiles,
    systemCertificates: http['http.systemCertificates'],
    clientCertificate: settings.clientCertificate && {
      certificate: settings.clientCertificate,
      passphrases: passphrases?.forServer(serverUrl),
    },
    prefixes: { snippets: settings.snippetsRestPrefix, pages: settings.pagesRestPrefix },
    wire: wire.kind,
    // Without http.proxy, HTTP_PROXY / HTTPS_PROXY apply; http.noProxy and the authorization apply either way.
    proxy: {
      httpProxy: proxy,
      httpsProxy: proxy,
      noProxy: noProxy.join(','),
      authorization: proxyAuthorization,
      source: vscode.l10n.t('the http.proxy setting'),
      authorizationSource: vscode.l10n.t('the http.proxyAuthorization setting'),
    },
    // The setting bounds the whole request; the idle timers can be no longer than that.
    timeouts: { headersMs: timeoutMs, bodyMs: timeoutMs, totalMs: timeoutMs },
    maxResponseBytes: settings.maxResponseSizeMB * 1024 * 1024,
    userAgent: `vscode-bitbucket-snippets/${vscode.extensions.getExtension('bitbucket-snippets.bitbucket-snippets')?.packageJSON.version ?? 'dev'}`,
    log: log.forApi(),
    ...extra,
  });
}

/** Which wire carries requests, from VS Code's settings as the user set them (editor/settings); `http`: those already read. */
export function editorWireChoice(
  http = vscodeSettings('http', ['http.proxySupport', 'http.proxyAuthorization']),
): WireChoice {
  // From the API bundle, which whoever asks is about to load: activation stays without it.
  return loadApi().chooseWire({
    proxySupport: http['http.proxySupport'],
    proxyAuthorization: Boolean(http['http.proxyAuthorization']),
  });
}

const loggedWires = new Map<string, string>();

/** Each server's wire is logged when it is first chosen and when it changes, not for every client made. */
function logWireOnce(serverUrl: string, choice: WireChoice, log: Log): void {
  const said = loadApi().describeWireChoice(choice);
  if (loggedWires.get(serverUrl) === said) return;
  loggedWires.set(serverUrl, said);
  log.info(`requests to ${serverUrl} go through ${said}`);
}
