// Accounts where VS Code keeps them, as a user sees them: both Bitbucket accounts in VS Code's
// Accounts menu, another extension (test/sessionConsumer, installed by the runner as a .vsix)
// asking for a session and VS Code's own prompt naming it before anything is handed over, and a
// Sign Out in the Accounts menu that signs the account out of the Snippets view too.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { session } from './session';

const CONSUMER_NAME = 'Bitbucket session consumer (test)';
const TIMEOUT_MS = 20_000;

describe('Accounts menu', () => {
  after(async () => {
    const { ui } = session();
    await ui.dismiss();
    // Leaves VS Code signed out, as the other suites expect: one account at a time. Each Sign Out
    // names who is still signed in, so no Sign Out is tried once nobody is: signed out, the
    // command is not in the palette, and looking for it there would wait out the palette's limit.
    for (let left = 2; left > 0; left--) {
      await ui.runCommand('Notifications: Clear All Notifications');
      const ran = await ui.runCommand('Bitbucket Snippets: Sign Out').then(
        () => true,
        () => false,
      );
      if (!ran) break;
      const pick = ui.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
      if (await pick.isVisible().catch(() => false)) await ui.page.keyboard.press('Enter');
      const said = await ui.waitForNotification(/Signed out/, 5_000).catch(() => undefined);
      if (!said || !/Still signed in/.test(await said.innerText())) break;
    }
  });

  it('lists both accounts, asks the user before another extension gets a token session, and signs an account out from the menu', async () => {
    const { ui, workbench } = session();
    const page = ui.page;
    const host = new URL(workbench.server.url).hostname;
    const alice = `alice @ ${host}`;
    const bob = `bob @ ${host}`;
    await ui.openViewContainer();
    await ui.signIn(workbench.server.url, 'alice');
    await signInWithToken(workbench.server.url, 'bob-token', 'bob');

    // The Accounts menu lists both, labelled as the Snippets view labels them.
    const menu = await openAccountsMenu();
    await menu.getByText(alice, { exact: false }).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    await menu.getByText(bob, { exact: false }).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    await ui.screenshot('accounts-menu-two-accounts');
    await ui.dismiss();

    // Another extension asks for a session for this server: VS Code names it and waits for the user.
    await askForSession(workbench.server.url);
    await allow(await consentPrompt(), 'another-extension-asks-for-a-session');
    // VS Code's own account pick lists every account of the provider; the password account, picked,
    // is refused with the reason, and the extension gets nothing.
    await pickAccount(alice, 'another-extension-account-pick');
    await ui.waitForMessage(
      new RegExp(
        `Session Consumer got no session: ${escaped(alice)} is signed in with a password, and a password is not handed to another extension`,
      ),
    );
    await ui.screenshot('another-extension-refused-a-password-account');
    // Asked again, the user picks the token account: the extension gets its token, and nothing else.
    await askForSession(workbench.server.url);
    await allow(await consentPrompt());
    await pickAccount(bob);
    await ui.waitForMessage(new RegExp(`Session Consumer got a session for ${escaped(bob)}: a token of 9 characters`));

    // What was granted is listed in VS Code's Manage Trusted Extensions for the token account.
    const trusted = await openAccountsMenu();
    await trusted.getByText(bob, { exact: false }).first().hover();
    const manage = page
      .locator('.monaco-menu .action-item')
      .filter({ hasText: /^Manage Trusted Extensions$/ })
      .first();
    await manage.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const trustedList = page.locator('.quick-input-widget').filter({ hasText: CONSUMER_NAME });
    await chooseMenuItem(manage, trustedList);
    await ui.screenshot('accounts-menu-trusted-extensions');
    await ui.dismiss();
    await trustedList.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });

    // Sign Out in the Accounts menu: VS Code asks, then the account is gone from the Snippets view too.
    const again = await openAccountsMenu();
    await again.getByText(alice, { exact: false }).first().hover();
    const signOut = page
      .locator('.monaco-menu .action-item')
      .filter({ hasText: /^Sign Out$/ })
      .first();
    await signOut.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    await ui.screenshot('accounts-menu-sign-out');
    const confirm = page.locator('.monaco-dialog-box').filter({ hasText: alice });
    await chooseMenuItem(signOut, confirm);
    await ui.screenshot('accounts-menu-sign-out-confirm');
    await confirm.getByRole('button', { name: /Sign Out/ }).click();
    await page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
    // The view follows: alice's row goes, and with one account left, bob's lists are the roots
    // again (no account rows), as the status bar's account says.
    await page
      .locator('.monaco-list-row[role="treeitem"]')
      .filter({ hasText: alice })
      .first()
      .waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    await ui.findTreeRow('My Snippets', TIMEOUT_MS);
    await page
      .locator('.statusbar-item')
      .filter({ hasText: bob })
      .first()
      .waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const after = await openAccountsMenu();
    await after.getByText(bob, { exact: false }).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    assert.equal(await after.getByText(alice, { exact: false }).count(), 0, 'alice is no longer in the Accounts menu');
    await ui.screenshot('accounts-menu-after-sign-out');
    await ui.dismiss();
  });
});

/** Signs in with a personal access token through the palette, as a person does. */
async function signInWithToken(serverUrl: string, token: string, user: string): Promise<void> {
  const { ui } = session();
  await ui.runCommand('Notifications: Clear All Notifications');
  await ui.runCommand('Bitbucket Snippets: Sign In');
  // With an account signed in already, Sign In may first ask which server; the URL answers it.
  await ui.answer(serverUrl);
  await ui.page
    .locator('.quick-input-widget')
    .getByRole('option', { name: /Personal access token/ })
    .click();
  await ui.page
    .locator('.quick-input-widget input[type="password"]')
    .waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await ui.answer(token);
  await ui.waitForMessage(new RegExp(`Signed in to .* as ${user}`));
}

/** Opens VS Code's Accounts menu (the person icon at the bottom of the activity bar) and returns it once it shows. */
async function openAccountsMenu(): Promise<Locator> {
  const { page } = session().ui;
  const button = page
    .locator('.activitybar .action-item')
    .filter({ has: page.locator('.codicon-accounts-view-bar-icon') })
    .first();
  await button.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  const menu = page.locator('.monaco-menu').first();
  // A click that lands while the workbench redraws the activity bar opens nothing: click until the menu shows.
  for (let tries = 0; tries < 5; tries++) {
    await button.click();
    try {
      await menu.waitFor({ state: 'visible', timeout: 3_000 });
      return menu;
    } catch {
      // Not open yet: click again.
    }
  }
  await menu.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  return menu;
}

/** The other extension's command: it asks VS Code for a session for the server named, creating one if none. */
async function askForSession(serverUrl: string): Promise<void> {
  const { ui } = session();
  await ui.runCommand('Notifications: Clear All Notifications');
  await ui.runCommand('Session Consumer: Ask for a Bitbucket Data Center Session');
  await ui.answer(serverUrl);
}

/**
 * Chooses an item of a submenu and waits for what it opens. A click that lands while the submenu
 * is still being laid out only highlights the item (seen in VS Code 1.100): Enter then chooses it.
 */
async function chooseMenuItem(item: Locator, opens: Locator): Promise<void> {
  const { page } = session().ui;
  await item.click();
  for (let tries = 0; tries < 3; tries++) {
    try {
      await opens.waitFor({ state: 'visible', timeout: 3_000 });
      return;
    } catch {
      if (await item.isVisible()) await page.keyboard.press('Enter');
    }
  }
  await opens.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}

/** VS Code's consent for another extension, naming it: a modal dialog "… wants to sign in using Bitbucket Data Center". */
async function consentPrompt(): Promise<Locator> {
  const { page } = session().ui;
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: CONSUMER_NAME });
  await dialog.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  return dialog;
}

/** Answers the consent with Allow, after a screenshot of it when `screenshot` names one. */
async function allow(consent: Locator, screenshot?: string): Promise<void> {
  if (screenshot) await session().ui.screenshot(screenshot);
  await consent.getByRole('button', { name: /^Allow$/ }).click();
}

/**
 * The provider supports several accounts, so after Allow VS Code asks which account the extension
 * may use, naming the extension and listing every account of the provider. Picks `account`.
 */
async function pickAccount(account: string, screenshot?: string): Promise<void> {
  const { ui } = session();
  const pick = ui.page.locator('.quick-input-widget').filter({ hasText: CONSUMER_NAME });
  await pick.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  const option = pick.getByRole('option').filter({ hasText: account }).first();
  await option.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  if (screenshot) await ui.screenshot(screenshot);
  await option.click();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
