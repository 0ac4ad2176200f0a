// The webview panel of one repository's settings: its HTML shell (a strict CSP, only media/ and
// the webviews' scripts in dist/webview/ loadable), and the wiring between the webview and its
// controller. One panel per repository and server, whichever of the server's accounts it shows;
// opening it again brings it back. Its title names the account it shows when several are signed in.
import { randomBytes } from 'node:crypto';
import vscode = require('vscode');
import type { RepositoryRef } from '../../api/types';
import { Ids } from '../../util/constants';
import { accountLabel } from '../../util/accountLabels';
import type { Log } from '../../util/log';
import { Disposable } from '../ui/disposable';
import { SettingsPanelController } from './controller';
import type { RepositorySettingsContext } from './context';
import type { PanelAccount } from '../../model/settingsPanel/panelAccount';
import type { ExtensionMessage } from '../../model/settingsPanel/protocol';
import { panelStrings } from '../../model/settingsPanel/webviewStrings';

/** Several state changes in quick succession (refs loading 4 at a time) go out as one message. */
const POST_DELAY_MS = 30;

const nonce = (): string => randomBytes(18).toString('base64').replace(/[+/=]/g, '');

export class SettingsPanel extends Disposable {
  private postTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly controller: SettingsPanelController,
    private readonly extensionUri: vscode.Uri,
    private readonly log: Log,
    onDispose: () => void,
    title: () => string,
    session: RepositorySettingsContext['session'],
  ) {
    super();
    panel.webview.html = this.html();
    const retitle = () => {
      if (!this.disposed) panel.title = title();
    };
    this.register(
      controller,
      controller.onDidSwitchAccount(retitle),
      // Another account signed in or out: the label may need the account's name, or no longer.
      session.onDidChange(retitle),
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        controller.handleMessage(raw).catch((err) => this.log.error('handling a settings webview message failed', err));
      }),
      controller.onDidChangeState(() => this.schedulePost()),
      controller.onDidAnswer((message) => {
        // The words and the switch must agree when a screen reader reads them: a state still
        // waiting to go out goes first, so "Pages for main: published." never comes with the switch still off.
        this.flushState();
        this.post(message);
      }),
      panel.onDidDispose(() => {
        onDispose();
        this.dispose();
      }),
    );
  }

  private schedulePost(): void {
    if (this.postTimer) return;
    this.postTimer = setTimeout(() => this.flushState(), POST_DELAY_MS);
  }

  /** Sends the state now if a change of it is waiting to go out. */
  private flushState(): void {
    if (!this.postTimer) return;
    clearTimeout(this.postTimer);
    this.postTimer = undefined;
    this.post({ type: 'state', state: this.controller.state });
  }

  private post(message: ExtensionMessage): void {
    if (this.disposed) return;
    // A hidden webview (retainContextWhenHidden is off) drops messages; it asks again with `ready` when shown.
    void this.panel.webview
      .postMessage(message)
      .then(undefined, (err) => this.log.warn(`posting to the settings webview failed: ${String(err)}`));
  }

  private html(): string {
    const webview = this.panel.webview;
    // The script is src/webview/settingsPanel.ts, bundled by esbuild.js.
    const script = webview.asWebviewUri(vscode.Uri.joinPath(webviewScripts(this.extensionUri), 'settingsPanel.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'settingsPanel', 'panel.css'));
    const n = nonce();
    // Nothing from the server or from git goes into this HTML: the script builds the page from
    // the state messages with textContent only. Its words come translated, as JSON in data-strings
    // (escaped like any attribute value), so the script needs no language of its own.
    return `<!DOCTYPE html>
<html lang="${htmlLanguage(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${n}'; font-src ${webview.cspSource};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeHtml(vscode.l10n.t('Repository settings'))}</title>
</head>
<body>
<main id="app" aria-busy="true" data-strings="${escapeHtml(JSON.stringify(panelStrings()))}"><p class="muted">${escapeHtml(vscode.l10n.t('Loading…'))}</p></main>
<script nonce="${n}" src="${script.toString()}"></script>
</body>
</html>`;
  }

  override dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.postTimer) clearTimeout(this.postTimer);
    super.dispose();
    this.panel.dispose();
  }
}

/** The open panels, one per server and repository. */
export class SettingsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, SettingsPanel>();

  constructor(private readonly deps: RepositorySettingsContext) {}

  static key(account: PanelAccount, repo: RepositoryRef): string {
    return `${account.serverUrl}|${repo.projectKey.toUpperCase()}/${repo.repositorySlug}`;
  }

  /** The open panel of a repository on the account's server, if any. */
  find(account: PanelAccount, repo: RepositoryRef): SettingsPanelController | undefined {
    return this.panels.get(SettingsPanels.key(account, repo))?.controller;
  }

  /** "Settings: PROJ/repo", naming the account when several are signed in. */
  private title(account: PanelAccount, repo: RepositoryRef): string {
    const name = `${repo.projectKey}/${repo.repositorySlug}`;
    const all = this.deps.session.accounts();
    return all.length > 1
      ? vscode.l10n.t('Settings: {0} ({1})', name, accountLabel(account, all))
      : vscode.l10n.t('Settings: {0}', name);
  }

  /** Shows the panel of a repository on the account's server, creating it for the account when there is none; answers its controller. */
  show(account: PanelAccount, repo: RepositoryRef): SettingsPanelController {
    const key = SettingsPanels.key(account, repo);
    const existing = this.panels.get(key);
    if (existing) {
      existing.panel.reveal();
      return existing.controller;
    }
    const panel = vscode.window.createWebviewPanel(
      Ids.settingsWebview,
      this.title(account, repo),
      vscode.ViewColumn.Active,
      {
        enableScripts: true,
        enableCommandUris: false,
        retainContextWhenHidden: false,
        localResourceRoots: [
          vscode.Uri.joinPath(this.deps.extensionUri, 'media'),
          webviewScripts(this.deps.extensionUri),
        ],
      },
    );
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'activitybar.svg');
    const controller = new SettingsPanelController(account, repo, this.deps);
    // After a sign-out the panel may show where the user is signed in instead: the title keeps its own server.
    const title = () => {
      const current = controller.currentAccount;
      return this.title(current && current.serverUrl === account.serverUrl ? current : account, repo);
    };
    this.panels.set(
      key,
      new SettingsPanel(
        panel,
        controller,
        this.deps.extensionUri,
        this.deps.log,
        () => this.panels.delete(key),
        title,
        this.deps.session,
      ),
    );
    // Loaded as it opens, not when its page first asks: an action taken before would be sent again by that load.
    void controller.open();
    return controller;
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.dispose();
    this.panels.clear();
  }
}

/** Where esbuild.js puts the webviews' scripts: the pages may load these, not the extension's own bundles beside them. */
const webviewScripts = (extensionUri: vscode.Uri): vscode.Uri => vscode.Uri.joinPath(extensionUri, 'dist', 'webview');

/**
 * The display language as the page's `lang`: the script formats dates with it (Intl), so the
 * panel's dates follow VS Code's language rather than the browser engine's. Only a tag's letters,
 * digits and hyphens reach the HTML.
 */
const htmlLanguage = (language: string): string => (/^[A-Za-z0-9-]{1,35}$/.test(language) ? language : 'en');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
