// How the web workbench learns which extension to load from its folder (development mode) and which
// suite to run in its extension host. VS Code 1.100 reads both from the page's `payload` query
// parameter. VS Code 1.139, when built (as in code-server), ignores that parameter unless the server
// runs with --enable-smoke-test-driver, which also hides notification toasts and changes focus and
// dialogs. Both versions also read them from the workbench's web configuration
// (`developmentOptions.extensions` / `.extensionTestsPath`, what @vscode/test-web serves): the
// harness writes them into that configuration as the page is loaded, and keeps the payload, which
// 1.100 reads first. Reloads and pages opened later in the same browser context get it too.
import type { BrowserContext, Page } from 'playwright-core';

interface UriComponents {
  scheme: string;
  authority: string;
  path: string;
}

export interface DevelopmentTarget {
  /** The code-server's base URL, e.g. http://127.0.0.1:1234. */
  codeServerUrl: string;
  /** Absolute folder of the extension in development. */
  extensionDevelopmentPath: string;
  /** Absolute path of the suite module (no .js), when a suite is to run. */
  extensionTestsPath?: string;
}

/** Set on the page's window: what the init script did, for the harness to check. */
const STATUS_KEY = '__bbsDevelopmentOptions';

/**
 * Runs in the page before any of its scripts: when the parser adds the configuration's <meta>, a
 * mutation observer (its callback runs before the next parser-inserted script) writes the options
 * into it. A document without that <meta> (a webview's frame) is left alone.
 */
function writeIntoConfiguration(options: {
  extensions: UriComponents[];
  extensionTestsPath?: UriComponents;
  statusKey: string;
}): void {
  const status = window as unknown as Record<string, string>;
  const rewrite = (meta: Element) => {
    try {
      const config = JSON.parse(meta.getAttribute('data-settings') ?? '') as {
        developmentOptions?: Record<string, unknown>;
      };
      config.developmentOptions = {
        ...config.developmentOptions,
        extensions: options.extensions,
        ...(options.extensionTestsPath ? { extensionTestsPath: options.extensionTestsPath } : {}),
      };
      meta.setAttribute('data-settings', JSON.stringify(config));
      status[options.statusKey] = 'handed';
    } catch (err) {
      status[options.statusKey] = `failed: ${String(err)}`;
    }
  };
  const observer = new MutationObserver(() => {
    const meta = document.getElementById('vscode-workbench-web-configuration');
    if (!meta) return;
    observer.disconnect();
    rewrite(meta);
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Hands the extension (and the suite) to every workbench page the context loads. Returns a check
 * for a loaded page that throws when the page did not get them: then the extension would silently
 * not be loaded, and every test would fail for a reason far from the cause.
 */
export async function handDevelopmentOptions(
  context: BrowserContext,
  target: DevelopmentTarget,
): Promise<(page: Page) => Promise<void>> {
  const authority = new URL(target.codeServerUrl).host;
  const uri = (file: string): UriComponents => ({ scheme: 'vscode-remote', authority, path: file });
  await context.addInitScript(writeIntoConfiguration, {
    extensions: [uri(target.extensionDevelopmentPath)],
    ...(target.extensionTestsPath ? { extensionTestsPath: uri(target.extensionTestsPath) } : {}),
    statusKey: STATUS_KEY,
  });
  return async (page) => {
    const status = await page.evaluate(
      (key) => (window as unknown as Record<string, string | undefined>)[key],
      STATUS_KEY,
    );
    if (status !== 'handed') {
      throw new Error(
        `The extension in development could not be handed to the workbench page (${status ?? 'the page has no <meta id="vscode-workbench-web-configuration">'}).`,
      );
    }
  };
}
