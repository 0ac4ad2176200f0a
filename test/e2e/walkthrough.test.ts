// The "Get started" walkthrough as a person meets it: it opens by itself the first time the extension
// starts, the signed-out welcome view's Get Started button brings it back, and its steps tick
// themselves off as they are done. The runner puts this file first (test/harness/runE2E.ts), so no
// other suite has signed in or saved a snippet file yet. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { session } from './session';

const TITLE = 'Get started with Bitbucket Snippets';
// Step ids as package.json names them; VS Code prefixes them with the extension's and walkthrough's ids.
const SIGN_IN_STEP = 'signIn';
const OPEN_VIEW_STEP = 'openMySnippets';
const EDIT_FILE_STEP = 'editSnippetFile';
const SNIPPETS = '/rest/snippets/1.0/snippets';
const aliceAuth = {
  Authorization: `Basic ${Buffer.from('alice:alice').toString('base64')}`,
  'Content-Type': 'application/json',
  'X-Atlassian-Token': 'no-check',
};

interface ServerSnippet {
  guid: string;
  files: Array<{ name: string; content: string }>;
}

async function aliceRequest<T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session().workbench.server.url}${SNIPPETS}${pathAndQuery}`, {
    method,
    headers: aliceAuth,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${pathAndQuery} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Brings the walkthrough's tab to the front after another editor took it. VS Code 1.100 names the
 * tab "Walkthrough: <title>"; 1.139 names it "Welcome", as its Welcome editor shows the walkthrough.
 */
async function showWalkthroughTab(): Promise<void> {
  await session()
    .ui.page.getByRole('tab', { name: /^(Walkthrough: |Welcome\b)/ })
    .first()
    .click();
  await walkthroughPage().waitFor({ state: 'visible' });
}

/** The walkthrough's page in the editor area (VS Code's Welcome editor showing our walkthrough). */
function walkthroughPage(): Locator {
  return session().ui.page.locator('.gettingStartedContainer').filter({ hasText: TITLE }).first();
}

/** A step's row: its title, and when selected its description and button. */
function step(stepId: string): Locator {
  return walkthroughPage().locator(`.getting-started-step[data-step-id$="#${stepId}"]`).first();
}

/** A step's checkbox; VS Code sets aria-checked="true" when its completion event happened. */
function stepCheckbox(stepId: string): Locator {
  return walkthroughPage().locator(`[role="checkbox"][data-done-step-id$="#${stepId}"]`).first();
}

async function waitForStepChecked(stepId: string, checked: 'true' | 'false'): Promise<void> {
  const checkbox = stepCheckbox(stepId);
  for (let i = 0; i < 50; i++) {
    if ((await checkbox.getAttribute('aria-checked')) === checked) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(
    `the step "${stepId}" is not marked ${checked === 'true' ? 'done' : 'to do'}: ${await checkbox.getAttribute('aria-label')}`,
  );
}

async function waitForStepDone(stepId: string): Promise<void> {
  await waitForStepChecked(stepId, 'true');
}

/**
 * Waits until the focus has stayed on one element for half a second. The walkthrough moves the focus
 * after it renders and after a step completes (to the next step); a command palette opened before
 * that would lose the focus and close.
 */
async function waitForFocusToSettle(): Promise<void> {
  const { page } = session().ui;
  let last: unknown = undefined;
  let stableSince = Date.now();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const focused = await page.evaluateHandle(() => document.activeElement);
    const same = last !== undefined && (await page.evaluate(([a, b]) => a === b, [focused, last] as const));
    if (!same) {
      last = focused;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 500) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('the focus kept moving for 15 s');
}

/** Whether the walkthrough opened by itself when the root hook below first activated the extension. */
let openedOnFirstStart = false;

// A root hook (outside any describe), so it runs before every suite of the run, also when
// BBS_TEST_GREP leaves this file's tests out: the profile is fresh, so the extension's first
// activation opens the walkthrough, and it had better happen here than in the middle of another
// suite, where the focus it takes would close that suite's command palette. It leaves the workbench
// as the suites expect it: no editors open.
before(async function () {
  this.timeout(60_000);
  const { ui } = session();
  // Showing the Snippets view is what first activates the extension.
  await ui.openViewContainer();
  openedOnFirstStart = await walkthroughPage()
    .waitFor({ state: 'visible', timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  await waitForFocusToSettle();
  if (openedOnFirstStart) await ui.screenshot('walkthrough-opened-on-first-start');
  await ui.runCommand('View: Close All Editors');
  await walkthroughPage().waitFor({ state: 'hidden' });
});

describe('Getting started walkthrough', function () {
  this.timeout(120_000);
  let signedIn = false;

  after(async () => {
    // One VS Code serves the whole run: leave it signed out with no editors open, as the other suites expect.
    const { ui } = session();
    await ui.dismiss();
    if (signedIn) {
      await ui.runCommand('View: Revert and Close Editor').catch(() => undefined);
      await ui.runCommand('Bitbucket Snippets: Sign Out');
      await ui.waitForNotification(/Signed out/);
    }
    await ui.runCommand('View: Close All Editors');
  });

  it('opened by itself the first time the extension started', () => {
    assert.ok(openedOnFirstStart, 'the walkthrough did not open when the extension was first activated');
  });

  it('comes back from the Get Started button of the signed-out welcome view, the sign-in step still to do', async () => {
    const { ui } = session();
    const sideBar = await ui.openViewContainer();
    await sideBar.locator('.welcome-view-content').getByRole('button', { name: 'Get Started' }).click();
    await walkthroughPage().waitFor({ state: 'visible' });
    await waitForFocusToSettle();
    await stepCheckbox(SIGN_IN_STEP).waitFor({ state: 'visible' });
    assert.equal(
      await stepCheckbox(SIGN_IN_STEP).getAttribute('aria-checked'),
      'false',
      'signed out, the sign-in step is still to do',
    );
    await ui.screenshot('walkthrough-from-welcome-view');
  });

  it("shows the selected step's picture, a WebP the editor loaded", async () => {
    // The sign-in step is selected: its picture is docs/images/welcome(-dark).webp (package.json).
    const picture = walkthroughPage().locator('.getting-started-media img').first();
    await picture.waitFor({ state: 'visible' });
    let loaded = { src: '', width: 0 };
    for (let i = 0; i < 50 && loaded.width === 0; i++) {
      loaded = await picture.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc || img.src,
        width: img.complete ? img.naturalWidth : 0,
      }));
      if (loaded.width === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // code-server serves it by its path in a query (vscode-remote-resource?path=…), the desktop as a file URL.
    const shown = decodeURIComponent(loaded.src);
    assert.match(shown, /\/docs\/images\/welcome(-dark)?\.webp\b/, `the step shows its WebP, not ${shown}`);
    // A picture that did not load (no file, or a format the editor cannot read) has no width.
    assert.ok(loaded.width > 0, `${shown} did not load`);
  });

  it('ticks "Open My Snippets" off when its button shows the Snippets view', async () => {
    const { ui } = session();
    // Showing the view (the root hook did, to activate the extension) ticked the step already. The
    // checkbox takes it back, as a person can; the view stays showing, so the tick is the button's doing.
    await waitForStepDone(OPEN_VIEW_STEP);
    await stepCheckbox(OPEN_VIEW_STEP).click();
    await waitForStepChecked(OPEN_VIEW_STEP, 'false');
    await step(OPEN_VIEW_STEP).click();
    await step(OPEN_VIEW_STEP).getByRole('button', { name: 'Open the Snippets View' }).click();
    await waitForStepDone(OPEN_VIEW_STEP);
    await waitForFocusToSettle();
    await ui.screenshot('walkthrough-open-view-step-done');
  });

  it('ticks "Open My Snippets" off when the Snippets view was already showing as the window started', async () => {
    const { ui } = session();
    // The step is done from the test above: the checkbox takes it back, as a person can.
    await stepCheckbox(OPEN_VIEW_STEP).click();
    await waitForStepChecked(OPEN_VIEW_STEP, 'false');
    await ui.runCommand('View: Close All Editors');
    await walkthroughPage().waitFor({ state: 'hidden' });
    // The Snippets view stays showing in the side bar: the new window starts with it visible.
    await ui.openViewContainer();
    await ui.sideBar
      .locator('.welcome-view-content')
      .getByRole('button', { name: 'Get Started' })
      .waitFor({ state: 'visible' });
    const reloaded = ui.page.waitForEvent('load', { timeout: 60_000 });
    await ui.runCommand('Developer: Reload Window');
    await reloaded;
    await ui.waitForReady();
    const getStarted = ui.sideBar.locator('.welcome-view-content').getByRole('button', { name: 'Get Started' });
    await getStarted.waitFor({ state: 'visible', timeout: 30_000 });
    // Nothing is done after the start but opening the walkthrough: the view showed by itself.
    await getStarted.click();
    await walkthroughPage().waitFor({ state: 'visible' });
    await waitForStepDone(OPEN_VIEW_STEP);
    await waitForFocusToSettle();
    await ui.screenshot('walkthrough-open-view-step-done-after-reload');
  });

  it('ticks the sign-in step off once signed in through the palette', async () => {
    const { ui, workbench } = session();
    await ui.signIn(workbench.server.url, 'alice');
    signedIn = true;
    await waitForStepDone(SIGN_IN_STEP);
    await waitForFocusToSettle();
    await ui.screenshot('walkthrough-sign-in-step-done');
  });

  it('ticks "Edit a snippet file" off when an edit is saved to the server, not when the file is opened', async () => {
    const { ui } = session();
    const snippet = await aliceRequest<ServerSnippet>('POST', '', {
      name: 'e2e walkthrough notes',
      files: [{ name: 'tour.md', content: '# Tour\n' }],
    });
    await ui.openViewContainer();
    await ui.runCommand('Bitbucket Snippets: Refresh');
    await ui.expandTreeRow('My Snippets');
    await ui.expandTreeRow('e2e walkthrough notes');
    await (await ui.findTreeRow('tour.md')).click();
    const editor = ui.page.locator('.editor-group-container.active .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await showWalkthroughTab();
    assert.equal(
      await stepCheckbox(EDIT_FILE_STEP).getAttribute('aria-checked'),
      'false',
      'opening a file is not editing it',
    );

    await ui.page
      .getByRole('tab', { name: /^tour\.md/ })
      .first()
      .click();
    await editor.locator('.view-lines').click();
    await ui.page.keyboard.press('Control+End');
    await ui.page.keyboard.type('Edited on the tour.');
    await ui.page.keyboard.press('Control+S');
    let now = await aliceRequest<ServerSnippet>('GET', `/${snippet.guid}`);
    for (let i = 0; i < 50 && now.files[0].content === '# Tour\n'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = await aliceRequest<ServerSnippet>('GET', `/${snippet.guid}`);
    }
    assert.equal(now.files[0].content, '# Tour\nEdited on the tour.');

    await showWalkthroughTab();
    await waitForStepDone(EDIT_FILE_STEP);
    await waitForFocusToSettle();
    await ui.screenshot('walkthrough-edit-step-done');
    await ui.runCommand('Bitbucket Snippets: Sign Out');
    await ui.waitForNotification(/Signed out/);
    signedIn = false;
    await ui.runCommand('View: Close All Editors');
    await walkthroughPage().waitFor({ state: 'hidden' });
  });
});
