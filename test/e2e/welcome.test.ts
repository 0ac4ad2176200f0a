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
    assert.ok(ours.some((label) => label.startsWith('Bitbucket Snippets: Sign In')), `Sign In is missing; the palette offered: ${offered.join(' | ')}`);
    assert.ok(!ours.some((label) => /Sign Out|Switch Account/.test(label)), `Signed out, yet the palette offered: ${ours.join(' | ')}`);
  });
});
