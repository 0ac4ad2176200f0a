import * as assert from 'node:assert/strict';
import { session } from './session';

describe('Signed out', () => {
  it('shows the welcome view with a Sign In button in the Bitbucket Snippets container', async () => {
    const { ui } = session();

    const sideBar = await ui.openViewContainer('Bitbucket Snippets');
    const welcome = sideBar.locator('.welcome-view-content');
    await welcome.waitFor({ state: 'visible' });
    await welcome.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    assert.match(await welcome.innerText(), /Sign in to a Bitbucket Data Center server/);
    await ui.screenshot('signed-out-welcome-view');
  });

  it('offers Sign In in the command palette, but not Sign Out or Switch Account', async () => {
    const { ui } = session();
    const offered = await ui.paletteOptions('Bitbucket Snippets:');
    await ui.screenshot('signed-out-command-palette');
    await ui.dismiss();
    const ours = offered.filter((label) => label.startsWith('Bitbucket Snippets:'));
    assert.ok(
      ours.some((label) => label.startsWith('Bitbucket Snippets: Sign In')),
      `Sign In is missing; the palette offered: ${offered.join(' | ')}`,
    );
    assert.ok(
      !ours.some((label) => /Sign Out|Switch Account/.test(label)),
      `Signed out, yet the palette offered: ${ours.join(' | ')}`,
    );
    // The commands that need a sign-in are still there: run signed out, they offer Sign In.
    for (const title of [
      'Bitbucket Snippets: Search Snippets',
      'Bitbucket Snippets: New Snippet',
      'Bitbucket Snippets: Browse User',
    ]) {
      assert.ok(
        ours.some((label) => label.startsWith(title)),
        `${title} is missing signed out; the palette offered: ${ours.join(' | ')}`,
      );
    }
  });

  it('Ctrl+K Alt+F signed out says so with a Sign In button, which starts the sign-in', async () => {
    const { ui } = session();
    const notSignedIn = /You are not signed in to Bitbucket\. Sign in first\./;
    const toasts = ui.page.locator('.notifications-toasts .notification-toast').filter({ hasText: notSignedIn });
    // A chord's second key that comes late on a busy machine ends the chord unanswered: press it again.
    for (let attempt = 1; ; attempt++) {
      await ui.page.locator('.part.sidebar').click();
      await ui.page.keyboard.press('Control+K');
      await ui.page.keyboard.press('Alt+F');
      try {
        await toasts.first().waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : 30_000 });
        break;
      } catch (err) {
        if (attempt >= 3) {
          const status = await ui.page
            .locator('.part.statusbar')
            .innerText()
            .catch(() => '');
          throw new Error(
            `Ctrl+K Alt+F signed out showed no "not signed in" message (status bar: ${status}): ${String(err)}`,
          );
        }
      }
    }
    const toast = toasts.first();
    await ui.screenshot('signed-out-search-keybinding');
    await toast.getByRole('button', { name: 'Sign In' }).click();
    // Sign In's first step asks for the server's URL.
    await ui.page
      .locator('.quick-input-widget .quick-input-title')
      .filter({ hasText: '(1/' })
      .first()
      .waitFor({ state: 'visible' });
    await ui.dismiss();
  });
});
