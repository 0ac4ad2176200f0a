// What a person does in the VS Code workbench, as Playwright steps: open a view container, run a
// command from the palette, watch for a notification, find a tree row, use a context menu, and take
// a screenshot named after the step. Selectors are VS Code 1.100's accessible roles and names where
// it has them, so they read like what is on screen.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';

export const EXTENSION_CONTAINER_TITLE = 'Bitbucket Snippets';
const DEFAULT_TIMEOUT_MS = 15_000;
/** A row the palette shows is clicked at once; one that does not take the click within this went away with the palette. */
const PALETTE_CLICK_TIMEOUT_MS = 10_000;
/** How long a toast is looked for before the notification center, and the center before the toasts again. */
const TOAST_LOOK_MS = 2_000;
const CENTER_LOOK_MS = 1_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A string matches as a whole label (case as written); a RegExp as given. */
/** A label at the start of an accessible name, not followed by more of a word ("Refresh" is not "Refreshing"; works after "…" too). */
function labelPattern(label: string | RegExp): RegExp {
  return typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}(?!\\w)`) : label;
}

export class WorkbenchUi {
  private screenshotCount = 0;

  constructor(
    readonly page: Page,
    readonly screenshotDir: string,
  ) {}

  /** Waits until the workbench shows its activity bar and the extensions have been registered. */
  async waitForReady(timeoutMs = 60_000): Promise<void> {
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: timeoutMs });
    await this.activityBarItem(EXTENSION_CONTAINER_TITLE).waitFor({ state: 'visible', timeout: timeoutMs });
  }

  activityBarItem(title: string): Locator {
    return this.page.locator('.part.activitybar').getByRole('tab', { name: labelPattern(title) });
  }

  /** The side bar, showing whichever view container is open. */
  get sideBar(): Locator {
    return this.page.locator('.part.sidebar');
  }

  /** Clicks the activity-bar icon unless its container is already showing; returns the side bar. */
  async openViewContainer(title = EXTENSION_CONTAINER_TITLE): Promise<Locator> {
    const item = this.activityBarItem(title);
    await item.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    // A second click on the open container's icon would close the side bar.
    const open = (await item.getAttribute('aria-selected')) === 'true' && (await this.sideBar.isVisible());
    if (!open) await item.click();
    await this.sideBar
      .locator('.composite.title')
      .getByText(new RegExp(escapeRegExp(title), 'i'))
      .first()
      .waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    // Views show a progress bar while their extension activates; screenshots are clearer after it.
    await this.sideBar
      .locator('.monaco-progress-container.active')
      .first()
      .waitFor({ state: 'hidden', timeout: DEFAULT_TIMEOUT_MS })
      .catch(() => undefined);
    return this.sideBar;
  }

  /** Opens the command palette with `query` typed and returns the titles it offers, each of which contains `query`; leaves it open. */
  async paletteOptions(query: string): Promise<string[]> {
    const quickInput = this.page.locator('.quick-input-widget');
    const input = quickInput.locator('input[type="text"]').first();
    // With the focus inside a webview, the webview hands F1 to the workbench by message, and on a
    // busy machine that hand-over is sometimes lost: press it again rather than wait in vain.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('F1');
      try {
        await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : DEFAULT_TIMEOUT_MS });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
    await input.fill(`>${query}`);
    // The list filters as it is typed: read it once it shows only titles with the whole query in them.
    const read = () =>
      quickInput.getByRole('option').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    const filtered = (labels: string[]) =>
      labels.length > 0 && labels.every((label) => label.toLowerCase().includes(query.toLowerCase()));
    let labels = await read();
    for (const end = Date.now() + DEFAULT_TIMEOUT_MS; !filtered(labels); labels = await read()) {
      if (Date.now() > end) {
        throw new Error(`The palette did not filter on "${query}"; it offers: ${labels.join(' | ')}`);
      }
      await this.page.waitForTimeout(50);
    }
    return labels;
  }

  /** One VS Code serves the whole run: a suite leaves it signed out, with no editors, as the others expect. */
  async closeEditorsAndSignOut(): Promise<void> {
    await this.runCommand('View: Revert and Close Editor').catch(() => undefined);
    await this.runCommand('View: Close All Editors');
    await this.runCommand('Bitbucket Snippets: Sign Out');
    await this.waitForNotification(/Signed out/);
  }

  /** Closes whatever quick input, menu or dialog is open. */
  async dismiss(): Promise<void> {
    await this.page.keyboard.press('Escape');
  }

  /**
   * Types an answer into the open prompt and presses Enter. Every step of a multi-step prompt
   * reuses one input box, so `step` (e.g. "2/3") waits until that step's title is shown.
   */
  async answer(text: string, step?: string): Promise<void> {
    const quickInput = this.page.locator('.quick-input-widget');
    if (step) {
      await quickInput
        .locator('.quick-input-title')
        .filter({ hasText: `(${step})` })
        .first()
        .waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    }
    const input = quickInput.locator('input[type="text"], input[type="password"]').first();
    await input.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    await input.fill(text);
    const message = quickInput.locator('.quick-input-message').first();
    const promptBefore = await message.innerText().catch(() => '');
    // Pressed on the input itself: a walkthrough page that ticks a step off takes the keyboard
    // focus, and the prompt (ignoreFocusOut) stays open without it.
    await input.press('Enter');
    // A flow's prompts reuse one input box, and an Enter that lands while it switches to the next
    // prompt can be lost (seen once: the password stayed in the box). When the same prompt still
    // shows the same text a moment later, press Enter once more. A next prompt, or a refusal of
    // the value, changes the message, and then nothing more is pressed.
    const taken = async () =>
      !(await input.isVisible()) ||
      (await input.inputValue()) !== text ||
      (await message.innerText().catch(() => '')) !== promptBefore;
    for (let waited = 0; waited < 1500 && !(await taken()); waited += 100) await this.page.waitForTimeout(100);
    if (!(await taken())) await input.press('Enter');
  }

  /** Signs in through the palette with a user name and password, as a person does. */
  async signIn(serverUrl: string, user: string, password = user): Promise<void> {
    // The sign-in's own notification is then the only one to look for. Once, signing in again as the
    // user a test before had signed in (with that same notification still shown), no new toast came.
    await this.runCommand('Notifications: Clear All Notifications');
    await this.runCommand('Bitbucket Snippets: Sign In');
    await this.answer(serverUrl);
    await this.page
      .locator('.quick-input-widget')
      .getByRole('option', { name: /User name and password/ })
      .click();
    await this.answer(user);
    // Every prompt reuses one input: wait until it has become the password box.
    await this.page
      .locator('.quick-input-widget input[type="password"]')
      .waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    await this.answer(password);
    await this.waitForMessage(new RegExp(`Signed in to .* as ${user}`));
  }

  /** The toast of a notification whose text matches `message` (the first, when several do). */
  toast(message: string | RegExp): Locator {
    return this.page.locator('.notifications-toasts .notification-toast').filter({ hasText: message }).first();
  }

  /**
   * Waits for a notification that needs no answer: its toast, or else its entry in the
   * notification center. VS Code shows at most three toasts in any 800 ms and sends the rest to
   * the center without a toast: a test that signs in right after a failed sign-in adds a progress,
   * an error, another progress and "Signed in" within that time, which no person does. A toast
   * also hides itself after a while, and the center keeps what it showed. So the toast is looked
   * for briefly, then the center, in turn until `timeoutMs`: a message the center holds is found
   * there at once, not after the whole wait.
   */
  async waitForMessage(message: RegExp, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    const toast = this.toast(message);
    const entry = this.page
      .locator('.notifications-center .notification-list-item-message')
      .filter({ hasText: message })
      .first();
    const end = Date.now() + timeoutMs;
    for (;;) {
      const shown = await toast.waitFor({ state: 'visible', timeout: TOAST_LOOK_MS }).then(
        () => true,
        () => false,
      );
      if (shown) return;
      await this.runCommand('Notifications: Show Notifications');
      try {
        // While the center is open, a new notification goes there instead of to a toast.
        const listed = await entry.waitFor({ state: 'visible', timeout: CENTER_LOOK_MS }).then(
          () => true,
          () => false,
        );
        if (listed) return;
      } finally {
        await this.runCommand('Notifications: Hide Notifications');
      }
      if (Date.now() > end) {
        throw new Error(
          `No notification matching ${String(message)} within ${timeoutMs / 1000} s, as a toast or in the center`,
        );
      }
    }
  }

  /** Runs a command by its palette title, e.g. "Bitbucket Snippets: Sign In". */
  async runCommand(title: string): Promise<void> {
    const quickInput = this.page.locator('.quick-input-widget');
    const row = quickInput.getByRole('option', { name: labelPattern(title) }).first();
    // On a loaded machine the palette was seen to show no command at all for a title it has (the
    // filter ran before the palette's list was filled, or the palette closed and opened again
    // under the typing): an empty list is a palette that is not ready yet, so it is opened and
    // filled again; a list without the command is an answer.
    // The palette can also close between showing the command and the click (a notification or a
    // view taking the focus on a busy machine): the click then finds no row, and the palette is
    // opened again rather than waited on.
    for (let round = 1; ; round++) {
      await this.openPaletteWith(`>${title}`);
      try {
        await row.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
      } catch {
        const offered = await quickInput.getByRole('option').allInnerTexts();
        await this.closePalette();
        if (offered.length === 0 && round < 3) continue;
        throw new Error(
          `The command palette has no command "${title}" (${round} tries). It offered: ${offered.join(' | ') || 'nothing'}`,
        );
      }
      try {
        await row.click({ timeout: PALETTE_CLICK_TIMEOUT_MS });
        return;
      } catch (err) {
        if (round >= 3) throw err;
        await this.closePalette();
      }
    }
  }

  private async closePalette(): Promise<void> {
    const quickInput = this.page.locator('.quick-input-widget');
    await this.page.keyboard.press('Escape');
    await quickInput.waitFor({ state: 'hidden', timeout: DEFAULT_TIMEOUT_MS }).catch(() => undefined);
  }

  /** Opens the command palette and types `text` into it. */
  private async openPaletteWith(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget').locator('input[type="text"]').first();
    // With the focus inside a webview, the webview hands F1 to the workbench by message, and on a
    // busy machine that hand-over is sometimes lost, or the webview takes the focus back and the
    // palette closes before it is typed into: open it again rather than wait in vain.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('F1');
      const timeout = attempt < 3 ? 5_000 : DEFAULT_TIMEOUT_MS;
      try {
        await input.waitFor({ state: 'visible', timeout });
        await input.fill(text, { timeout });
        return;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }

  /** The notification toast whose message matches; waits for it to appear. */
  async waitForNotification(message: string | RegExp, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Locator> {
    const toast = this.toast(message);
    try {
      await toast.waitFor({ state: 'visible', timeout: timeoutMs });
    } catch {
      const shown = await this.page.locator('.notifications-toasts .notification-list-item-message').allInnerTexts();
      throw new Error(
        `No notification matching ${String(message)} within ${timeoutMs / 1000} s. Showing: ${shown.join(' | ') || 'none'}`,
      );
    }
    return toast;
  }

  /** A row of a tree in the side bar, by its label (a string matches the start of the accessible name). */
  treeRow(label: string | RegExp): Locator {
    return this.sideBar.getByRole('treeitem', { name: labelPattern(label) }).first();
  }

  /** Like treeRow, but waits until the row is shown and says which rows there were if it is not. */
  async findTreeRow(label: string | RegExp, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Locator> {
    const row = this.treeRow(label);
    try {
      await row.waitFor({ state: 'visible', timeout: timeoutMs });
    } catch {
      const rows = await this.sideBar
        .getByRole('treeitem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
      throw new Error(
        `No tree row ${String(label)} within ${timeoutMs / 1000} s. Rows shown: ${rows.join(' | ') || 'none'}`,
      );
    }
    return row;
  }

  /**
   * Expands the tree row with this label and waits until it shows its first child right below it.
   * A click that lands while the view redraws the row (a refresh answering, a list revalidating) is
   * lost, or the redraw shows the row collapsed again: then the row is clicked again, at most three
   * times. Returns the row.
   */
  async expandTreeRow(label: string): Promise<Locator> {
    for (let attempt = 1; ; attempt++) {
      const row = await this.findTreeRow(label);
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
      try {
        await this.page.waitForFunction(
          (name) => {
            const rows = Array.from(document.querySelectorAll('.part.sidebar [role="treeitem"]'));
            const index = rows.findIndex((r) => (r.getAttribute('aria-label') ?? '').startsWith(name));
            const shown = rows[index];
            const next = rows[index + 1];
            return (
              !!shown &&
              !!next &&
              shown.getAttribute('aria-expanded') === 'true' &&
              Number(next.getAttribute('aria-level')) === Number(shown.getAttribute('aria-level')) + 1
            );
          },
          label,
          { timeout: 5_000 },
        );
        return row;
      } catch (err) {
        if (attempt === 3) {
          const rows = await this.sideBar
            .getByRole('treeitem')
            .evaluateAll((items) =>
              items.map(
                (item) => `${item.getAttribute('aria-label') ?? ''} (expanded: ${item.getAttribute('aria-expanded')})`,
              ),
            );
          throw new Error(
            `The tree row ${label} did not expand with its children after three clicks. Rows shown: ${rows.join(' | ')}`,
            { cause: err },
          );
        }
      }
    }
  }

  /**
   * Opens the file of a tree row in an editor and waits for its tab. A click that lands while the
   * view redraws the row (a list revalidating, a snippet just read) only focuses it, and nothing
   * opens: then Enter on the focused row opens it, as a keyboard user would.
   */
  async openFileRow(label: string, tabLabel = label): Promise<void> {
    const tabOf = this.page.locator('.tabs-container .tab').filter({ hasText: tabLabel }).first();
    const row = await this.findTreeRow(label);
    await row.click();
    try {
      await tabOf.waitFor({ state: 'visible', timeout: 5_000 });
      return;
    } catch {
      // Fall through: the click only focused the row.
    }
    const again = await this.findTreeRow(label);
    await again.click();
    const opened = await tabOf.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!opened) await again.press('Enter');
    await tabOf.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    // On a loaded machine the editor can open, and take the focus, between the click and the
    // Enter: the Enter then lands in the file as a new first line. Nothing was typed yet, so a
    // dirty tab here holds only that, and reverting gives the file back as the server has it.
    if (await tabOf.evaluate((el) => el.classList.contains('dirty'))) await this.runCommand('File: Revert File');
  }

  /** The buttons in the side bar's title (the Snippets view is its container's only view), by accessible name; the `…` button is left out. */
  async viewTitleButtons(): Promise<string[]> {
    const names = await this.sideBar
      .locator('.composite.title .title-actions')
      .getByRole('button')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    return names.filter((name) => !/More Actions/.test(name));
  }

  /** Opens the side bar title's `…` menu and returns its item labels; leaves it open. */
  async viewTitleMenuItems(): Promise<string[]> {
    // The `…` button: VS Code 1.100 draws it as a toolbar-more codicon ("Views and More Actions...").
    await this.sideBar
      .locator('.composite.title')
      .locator('.codicon-toolbar-more, [aria-label*="More Actions"]')
      .first()
      .click();
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    return (
      await menu
        .getByRole('menuitem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? item.textContent ?? ''))
    ).map((t) => t.trim());
  }

  /** Runs a Snippets view title action: its button when it is one, else the item of the `…` menu. */
  async viewTitleAction(label: string): Promise<void> {
    const button = this.sideBar.locator('.composite.title').getByRole('button', { name: label, exact: true }).first();
    if (await button.isVisible()) {
      await button.click();
      return;
    }
    await this.viewTitleMenuItems();
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu
      .getByRole('menuitem', { name: labelPattern(label) })
      .first()
      .hover();
    await this.page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden', timeout: DEFAULT_TIMEOUT_MS });
  }

  /** Right-clicks `target` and chooses the context-menu item with this label. */
  async chooseFromContextMenu(target: Locator, item: string | RegExp): Promise<void> {
    await target.click({ button: 'right' });
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    const entry = menu.getByRole('menuitem', { name: labelPattern(item) }).first();
    try {
      await entry.waitFor({ state: 'visible', timeout: DEFAULT_TIMEOUT_MS });
    } catch {
      const offered = await menu.getByRole('menuitem').allInnerTexts();
      await this.page.keyboard.press('Escape');
      throw new Error(`The context menu has no item ${String(item)}. It offered: ${offered.join(' | ') || 'nothing'}`);
    }
    // Now and then the menu ignores the first choice (a click or Enter right after it opened, while it
    // still settles): choose again until it closes, at most three times.
    for (let attempt = 1; ; attempt++) {
      await entry.hover();
      await this.page.keyboard.press('Enter');
      try {
        await menu.waitFor({ state: 'hidden', timeout: 2_000 });
        return;
      } catch {
        if (attempt === 3) throw new Error(`The context menu stayed open after choosing ${String(item)} three times.`);
      }
    }
  }

  /** Saves test-results/e2e/<nn>-<name>.png (numbered in the order taken) and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(this.screenshotDir, { recursive: true });
    this.screenshotCount += 1;
    const safeName = name.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-|-$/g, '');
    const file = path.join(this.screenshotDir, `${String(this.screenshotCount).padStart(2, '0')}-${safeName}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}
