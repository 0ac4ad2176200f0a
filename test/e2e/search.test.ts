// Search Snippets… as a person uses it: the keybinding opens the search, typed text fills it
// with results from the server, choosing a result opens the file at the matched line, and the
// Search results root shows in the view. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { session } from './session';

const SNIPPETS = '/rest/snippets/1.0/snippets';
const auth = {
  Authorization: `Basic ${Buffer.from('alice:alice').toString('base64')}`,
  'Content-Type': 'application/json',
  'X-Atlassian-Token': 'no-check',
};

describe('Search Snippets (UI)', function () {
  this.timeout(120_000);

  before(async () => {
    const { ui, workbench } = session();
    for (const [name, fileName, content] of [
      ['e2e nightly backup', 'backup.sh', '#!/bin/sh\npg_dump app > /backup/app.sql\ngzip /backup/app.sql\n'],
      ['e2e restore', 'restore.sh', '#!/bin/sh\ngunzip -c /backup/app.sql.gz | psql app\n'],
    ]) {
      const response = await fetch(`${workbench.server.url}${SNIPPETS}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name, files: [{ name: fileName, content }] }),
      });
      assert.ok(response.ok, `creating ${name} answered ${response.status}`);
    }
    await ui.openViewContainer();
    await ui.signIn(workbench.server.url, 'alice');
  });

  after(async () => {
    const { ui } = session();
    await ui.runCommand('View: Close All Editors');
    await ui.runCommand('Bitbucket Snippets: Sign Out');
    await ui.waitForNotification(/Signed out/);
  });

  it('Ctrl+K Alt+F searches file content, and choosing a result opens its line with the match selected', async () => {
    const { ui } = session();
    const quickInput = ui.page.locator('.quick-input-widget');
    const input = quickInput.locator('input[type="text"]').first();
    // A chord's second key that comes late on a busy machine ends the chord unanswered: press it again.
    for (let attempt = 1; ; attempt++) {
      await ui.page.locator('.part.sidebar').click();
      await ui.page.keyboard.press('Control+K');
      await ui.page.keyboard.press('Alt+F');
      try {
        await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : 30_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
    await input.fill('/backup/app.sql');
    const restore = quickInput.getByRole('option', { name: /e2e restore/ }).first();
    await restore.waitFor({ state: 'visible' });
    await quickInput
      .getByRole('option', { name: /backup\.sh:3/ })
      .first()
      .waitFor({ state: 'visible' });
    await ui.screenshot('search-results-in-quick-pick');
    assert.equal(await quickInput.getByRole('option').count(), 3, 'two lines of backup.sh and one of restore.sh');

    await restore.click();
    await ui.page
      .locator('.editor-group-container.active .tab.active')
      .filter({ hasText: 'restore.sh' })
      .waitFor({ state: 'visible' });
    await ui.page
      .locator('.statusbar')
      .getByText(/Ln 2, Col \d+ \(15 selected\)/)
      .waitFor({ state: 'visible' });
    await (await ui.findTreeRow(/Search results/)).waitFor({ state: 'visible' });
    await ui.screenshot('search-opened-match-and-results-root');
  });
});
