// Text from outside shows as text. A server's error message and a snippet name another user chose
// both carry `[label](command:…)`, which VS Code draws as a live link in a notification: here the
// notification shows the brackets as typed, holds no link, and a click on the words runs nothing.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { session } from './session';

const SNIPPETS = '/rest/snippets/1.0/snippets';
const auth = {
  Authorization: `Basic ${Buffer.from('alice:alice').toString('base64')}`,
  'Content-Type': 'application/json',
  'X-Atlassian-Token': 'no-check',
};
/** A click on this link would open a terminal: something a test can see happen. */
const PLANTED = '[Sign in again](command:workbench.action.terminal.new)';
const SHOWN = '[Sign in again] (command:workbench.action.terminal.new)';

async function serverRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session().workbench.server.url}${path}`, {
    method,
    headers: auth,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Asserts that the toast shows the planted text as text, has no link in it, and that clicking the words opens nothing. */
async function assertShownAsText(toast: Locator): Promise<void> {
  const { ui } = session();
  const message = toast.locator('.notification-list-item-message');
  assert.ok(
    (await message.innerText()).includes(SHOWN),
    `the toast shows the brackets as typed: ${await message.innerText()}`,
  );
  assert.equal(await message.locator('a').count(), 0, 'no link in the message');
  await message
    .getByText(/Sign in again/)
    .first()
    .click();
  await ui.page.waitForTimeout(1000);
  assert.equal(await ui.page.locator('.xterm').count(), 0, 'no terminal was opened');
}

describe('Outside text in notifications (UI)', function () {
  this.timeout(120_000);

  after(async () => {
    await session().ui.closeEditorsAndSignOut();
  });

  it("shows a server's error message that carries a command link as text: no link, a click runs nothing", async () => {
    const { ui, workbench } = session();
    await ui.openViewContainer();
    await ui.runCommand('Notifications: Clear All Notifications');
    await serverRequest('POST', '/__control/faults', {
      kind: 'status',
      status: 403,
      message: `Access denied. ${PLANTED}`,
      method: 'GET',
      path: SNIPPETS,
      count: 1,
    });
    await ui.runCommand('Bitbucket Snippets: Sign In');
    await ui.answer(workbench.server.url);
    await ui.page
      .locator('.quick-input-widget')
      .getByRole('option', { name: /User name and password/ })
      .click();
    await ui.answer('alice');
    await ui.page.locator('.quick-input-widget input[type="password"]').waitFor({ state: 'visible' });
    await ui.answer('alice');
    const toast = await ui.waitForNotification(/Access denied/);
    await ui.screenshot('outside-text-server-message');
    await assertShownAsText(toast);
    await ui.runCommand('Notifications: Clear All Notifications');
  });

  it('shows a snippet name that carries a command link as text, in the tree and in a save conflict', async () => {
    const { ui, workbench } = session();
    const snippet = await serverRequest<{ guid: string; files: Array<{ name: string; content: string }> }>(
      'POST',
      SNIPPETS,
      {
        name: `Deploy ${PLANTED}`,
        files: [{ name: 'notes.txt', content: 'first\n' }],
      },
    );
    await ui.signIn(workbench.server.url, 'alice');
    const mine = await ui.findTreeRow('My Snippets');
    if ((await mine.getAttribute('aria-expanded')) !== 'true') await mine.click();
    const row = await ui.findTreeRow(`Deploy ${PLANTED}`);
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    await ui.openFileRow('notes.txt');
    const editor = ui.page.locator('.editor-group-container.active .monaco-editor').first();
    await editor.locator('.view-line').filter({ hasText: 'first' }).first().waitFor({ state: 'visible' });
    // Someone changes the file on the server while it is open here, then this save meets it.
    await serverRequest('PUT', `${SNIPPETS}/${snippet.guid}`, {
      name: `Deploy ${PLANTED}`,
      description: '',
      categories: [],
      files: [{ name: 'notes.txt', content: 'changed on the server\n' }],
    });
    await ui.runCommand('Notifications: Clear All Notifications');
    await editor.locator('.view-lines').click();
    await ui.page.keyboard.press('Control+End');
    await ui.page.keyboard.type('mine');
    await ui.page.keyboard.press('Control+S');
    const toast = await ui.waitForNotification(/changed on the server since you opened it/);
    await ui.screenshot('outside-text-snippet-name');
    await assertShownAsText(toast);
    // Every toast on screen, VS Code's own "Failed to save" included, holds no link.
    assert.equal(await ui.page.locator('.notifications-toasts .notification-list-item-message a').count(), 0);
    const server = await serverRequest<{ files: Array<{ content: string }> }>('GET', `${SNIPPETS}/${snippet.guid}`);
    assert.equal(server.files[0].content, 'changed on the server\n', 'nothing was overwritten');
  });
});
