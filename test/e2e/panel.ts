// The repository settings webview as UI tests reach it: its frame inside the workbench, waiting
// for its rows to settle, and the local server's REST API to check what was saved.
import type { Frame } from 'playwright-core';
import { session } from './session';
import { callAs } from '../server/callAs';

/** A REST call to the local server as admin, to check what the panel saved. */
export const rest = (method: string, urlPath: string, body?: unknown) =>
  callAs('admin', session().workbench.server.url, method, urlPath, body);

/** The webview's own document: VS Code nests it two iframes deep; ours is the one with the status line and this repository's title. */
export async function panelFrame(title = 'PROJ/repo1', timeoutMs = 20_000): Promise<Frame> {
  const { ui } = session();
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of ui.page.frames()) {
      const found = await frame
        .evaluate((t) => !!document.getElementById('status') && document.querySelector('h1')?.textContent === t, title)
        .catch(() => false);
      if (found) return frame;
    }
    if (Date.now() > end) throw new Error(`No settings webview for ${title} within ${timeoutMs / 1000} s`);
    await ui.page.waitForTimeout(200);
  }
}

/** Waits until nothing in the panel says Loading… or Changing…. */
export async function settled(frame: Frame): Promise<void> {
  await frame.waitForFunction(
    () => !/Loading…|Changing…/.test(document.getElementById('content')?.textContent ?? ''),
    undefined,
    { timeout: 15_000 },
  );
}
