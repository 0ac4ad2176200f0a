// One real VS Code for the tests: code-server (the run's version: vscodeTargets.ts) with this
// extension loaded from the checkout in development mode, the local Bitbucket server, and Chromium
// driven by playwright-core. Used by the integration runner (which adds extensionTestsPath, so VS
// Code runs the mocha suite in the extension host) and by the e2e runner (which clicks through the
// same page).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium as playwrightChromium, type Browser, type BrowserServer, type Page } from 'playwright-core';
import { killProcessGroup, trackProcessGroup, trackTempDir } from './cleanup';
import { ensureCodeServer, installExtension, startCodeServer, type CodeServer } from './codeServer';
import { handDevelopmentOptions } from './developmentOptions';
import { installStandInLanguagePack } from './displayLanguage';
import { startLocalServer, type LocalServer, type LocalServerOptions } from './localServer';
import { SETTINGS_SECTION } from '../../src/util/constants';
import { TRUST_SETTINGS } from '../../src/util/trustSettings';
import { REPO_ROOT, SERVER_URL_ENV } from './paths';
import { CHROMIUM_PATH, chromium, ensureSystemPackages } from './systemPackages';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface WorkbenchOptions {
  /** Absolute path of a suite module without .js: VS Code then calls its run() in the extension host. */
  extensionTestsPath?: string;
  /** The extension's folder (package.json and dist/); the checkout unless the benchmark compares another build. */
  extensionDevelopmentPath?: string;
  /** Extra environment for code-server; its extension host inherits it. */
  env?: Record<string, string>;
  /** Extra user settings on top of the deterministic defaults. */
  settings?: Record<string, unknown>;
  /** Each console message of the page (the extension host's console output arrives here too). */
  onConsole?: (type: string, text: string) => void;
  /** Each line the workbench sends to window.codeAutomationLog. */
  onAutomationLog?: (type: string, text: string) => void;
  /** code-server's own output (stdout and stderr). */
  onCodeServerOutput?: (line: string) => void;
  /** How long code-server may take to answer /healthz, and the browser to start. */
  startupTimeoutMs?: number;
  viewport?: { width: number; height: number };
  /** VS Code's display language, e.g. "de" (with a stand-in language pack: displayLanguage.ts); English when absent. */
  displayLanguage?: string;
  /** How the local server starts, e.g. from a data file (the screenshots' data set); empty and in memory when absent. */
  server?: Pick<LocalServerOptions, 'dataFile' | 'demo'>;
  /** Packaged extensions (.vsix) installed with `code-server --install-extension` before VS Code starts, as a user adds them. */
  installExtensions?: string[];
}

export interface Workbench {
  page: Page;
  browser: Browser;
  codeServer: CodeServer;
  server: LocalServer;
  /** The fresh folder opened in VS Code (a small git repository). */
  workspaceFolder: string;
  /** code-server's user data folder (settings, and the backups of dirty editors under Backups/). */
  userDataDir: string;
  /** The workbench URL the page opened. */
  url: string;
  /** With extensionTestsPath: resolves with the exit code VS Code reports when the suite's run() settles. */
  testsExitCode: Promise<number>;
  close(): Promise<void>;
}

/**
 * The settings every test run starts from: nothing that pops up, phones home or asks for trust,
 * and nothing saved unless a test saves it. VS Code for the Web saves a dirty editor a second after
 * each edit by default: on a loaded machine that save was still sending when a test called
 * document.save(), which VS Code then answered with false at once; and a UI test's edit was saved
 * before the reload it was meant to survive. The one test of auto-save turns it on for itself.
 */
export function testUserSettings(serverUrl: string): Record<string, unknown> {
  return {
    'bitbucketSnippets.serverUrl': serverUrl,
    'files.autoSave': 'off',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'git.openRepositoryInParentFolders': 'never',
    'chat.commandCenter.enabled': false,
    // VS Code 1.139 opens the Chat view in the secondary side bar on a first start: the editors would
    // be narrower than in 1.100 (a report's lines wrap), and the two versions' screens would differ.
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
  };
}

export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  // code-server is a remote window: there VS Code ignores machine-scoped settings (the trust
  // settings, src/util/trustSettings.ts) in User/settings.json and reads them from the remote machine's
  // Machine/settings.json, where ConfigurationTarget.Global writes them too. Desktop VS Code
  // ignores that file.
  const machine = Object.fromEntries(
    Object.entries(settings).filter(([key]) => TRUST_SETTINGS.some((s) => key === `${SETTINGS_SECTION}.${s}`)),
  );
  const machineFile = path.join(userDataDir, 'Machine', 'settings.json');
  fs.mkdirSync(path.dirname(machineFile), { recursive: true });
  fs.writeFileSync(machineFile, `${JSON.stringify(machine, null, 2)}\n`);
}

function makeWorkspace(folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'README.md'),
    '# Test workspace\n\nA throwaway folder opened by the test harness.\n',
  );
  spawnSync('git', ['init', '--quiet', folder], { stdio: 'ignore' });
}

/** The page URL that opens `folder` with this extension in development mode, optionally running a suite. */
export function workbenchUrl(
  codeServerUrl: string,
  folder: string,
  extensionTestsPath?: string,
  extensionDevelopmentPath = REPO_ROOT,
): string {
  const authority = new URL(codeServerUrl).host;
  const payload: [string, string][] = [
    ['extensionDevelopmentPath', `vscode-remote://${authority}${extensionDevelopmentPath}`],
  ];
  if (extensionTestsPath) payload.push(['extensionTestsPath', `vscode-remote://${authority}${extensionTestsPath}`]);
  return `${codeServerUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(stringify).join(' ');
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export async function launchBrowser(
  timeoutMs: number,
): Promise<{ browserServer: BrowserServer; browser: Browser; stop(): Promise<void> }> {
  ensureSystemPackages([chromium]);
  let browserServer: BrowserServer;
  try {
    browserServer = await playwrightChromium.launchServer({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: timeoutMs,
      // The harness's own handlers stop everything, in order, on these signals.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    throw new Error(
      `Chromium (${CHROMIUM_PATH}) did not start within ${timeoutMs / 1000} s: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const pid = browserServer.process().pid;
  // Playwright starts the browser as its own process group (renderers, GPU and zygote included).
  const untrack = pid !== undefined ? trackProcessGroup(pid, 'chromium') : () => undefined;
  const browser = await playwrightChromium.connect(browserServer.wsEndpoint(), { timeout: timeoutMs });
  return {
    browserServer,
    browser,
    stop: async () => {
      await browser.close().catch(() => undefined);
      await Promise.race([
        browserServer.close().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
      if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
      untrack();
    },
  };
}

export async function startWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const startupTimeoutMs = options.startupTimeoutMs ?? (Number(process.env.BBS_STARTUP_TIMEOUT_MS) || 60_000);
  ensureSystemPackages([chromium]);
  const entry = await ensureCodeServer();

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-workbench-'));
  trackTempDir(root);
  const workspaceFolder = path.join(root, 'workspace');
  makeWorkspace(workspaceFolder);

  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) {
      await stop().catch((err) => console.error('While stopping the workbench:', err));
    }
    stops.length = 0;
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    const server = await startLocalServer(options.server);
    stops.push(() => server.close());

    const userDataDir = path.join(root, 'user-data');
    writeUserSettings(userDataDir, { ...testUserSettings(server.url), ...options.settings });
    if (options.displayLanguage) installStandInLanguagePack(userDataDir, options.displayLanguage);
    const extensionsDir = path.join(root, 'extensions');
    for (const vsix of options.installExtensions ?? []) installExtension(entry, vsix, extensionsDir, userDataDir);
    const codeServer = await startCodeServer({
      entry,
      workDir: root,
      locale: options.displayLanguage,
      userDataDir,
      extensionsDir,
      folder: workspaceFolder,
      env: { [SERVER_URL_ENV]: server.url, ...options.env },
      healthTimeoutMs: startupTimeoutMs,
      onOutput: options.onCodeServerOutput,
    });
    stops.push(() => codeServer.stop());

    const browserHandle = await launchBrowser(startupTimeoutMs);
    stops.push(() => browserHandle.stop());
    const context = await browserHandle.browser.newContext({
      viewport: options.viewport ?? { width: 1440, height: 900 },
    });
    const extensionDevelopmentPath = options.extensionDevelopmentPath ?? REPO_ROOT;
    const checkHandedOver = await handDevelopmentOptions(context, {
      codeServerUrl: codeServer.url,
      extensionDevelopmentPath,
      extensionTestsPath: options.extensionTestsPath,
    });
    const page = await context.newPage();

    let reportExit: (code: number) => void = () => undefined;
    const testsExitCode = new Promise<number>((resolve) => (reportExit = resolve));
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) =>
      options.onAutomationLog?.(String(type), stringify(args)),
    );
    await page.exposeFunction('codeAutomationExit', (code: unknown) =>
      reportExit(typeof code === 'number' ? code : Number(code) || 1),
    );
    page.on('console', (message) => options.onConsole?.(message.type(), message.text()));
    page.on('pageerror', (err) => options.onConsole?.('pageerror', err.stack ?? err.message));

    const url = workbenchUrl(codeServer.url, workspaceFolder, options.extensionTestsPath, extensionDevelopmentPath);
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: startupTimeoutMs });
      await checkHandedOver(page);
      await page.locator('.monaco-workbench').waitFor({ state: 'attached', timeout: startupTimeoutMs });
    } catch (err) {
      throw new Error(
        `The VS Code workbench did not load from ${codeServer.url} within ${startupTimeoutMs / 1000} s: ${err instanceof Error ? err.message : String(err)}\ncode-server's last output:\n${codeServer.outputTail()}`,
      );
    }
    return {
      page,
      browser: browserHandle.browser,
      codeServer,
      server,
      workspaceFolder,
      userDataDir,
      url,
      testsExitCode,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
