// The extension in German: a VS Code of its own whose display language is German (code-server
// --locale de, with a stand-in language pack: test/harness/displayLanguage.ts). The view title (the
// product's name, as in English) and the welcome text come from package.nls.de.json; the messages
// from l10n/bundle.l10n.de.json, both those of the editor layer (vscode.l10n.t) and of the layers without vscode (@vscode/l10n,
// given the bundle at activation).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { TEST_RESULTS_DIR } from '../harness/paths';
import type { Frame } from 'playwright-core';
import { startWorkbench, type Workbench } from '../harness/workbench';
import { WorkbenchUi } from './ui';

describe('In German', function () {
  // Starts a VS Code of its own.
  this.timeout(180_000);
  let workbench: Workbench | undefined;
  let ui: WorkbenchUi;

  before(async () => {
    workbench = await startWorkbench({ displayLanguage: 'de' });
    ui = new WorkbenchUi(workbench.page, path.join(TEST_RESULTS_DIR, 'e2e'));
    await ui.waitForReady();
  });
  after(async () => {
    await workbench?.close();
  });

  it('shows the view title and the welcome text in German', async () => {
    const sideBar = await ui.openViewContainer('Bitbucket Snippets');
    // The container holds one view, named as the container, so the title shows the product's name
    // once (as in English: "Bitbucket Snippets: Codeausschnitte" was cut off in a narrow side bar).
    const title = sideBar.locator('.composite.title .title-label h2');
    await title.waitFor({ state: 'visible' });
    assert.equal((await title.textContent())?.trim(), 'Bitbucket Snippets');
    const welcome = sideBar.locator('.welcome-view-content');
    await welcome.getByRole('button', { name: 'Anmelden' }).waitFor({ state: 'visible' });
    assert.match(await welcome.innerText(), /Melden Sie sich bei einem Server von Bitbucket Data Center an/);
    await ui.screenshot('german-welcome-view');
  });

  it('asks and answers in German, in the editor layer and in the plain-Node layers', async () => {
    const page = workbench!.page;
    const quickInput = page.locator('.quick-input-widget');
    const signIn = async (password: string) => {
      await ui.runCommand('Bitbucket Snippets: Anmelden');
      // The prompt comes from vscode.l10n.t in src/editor/accounts/signIn.ts.
      await quickInput
        .getByText('URL von Bitbucket Data Center, einschließlich eines Kontextpfads')
        .waitFor({ state: 'visible' });
      await ui.answer(workbench!.server.url);
      await quickInput.getByRole('option', { name: /Benutzername und Passwort/ }).click();
      await ui.answer('alice');
      await quickInput.locator('input[type="password"]').waitFor({ state: 'visible' });
      await ui.answer(password);
    };

    // A refused password: the message is made in src/util/describeError.ts, which has no vscode
    // and translates through the shared dist/l10n.js.
    await signIn('not-her-password');
    await ui.waitForNotification(/hat Benutzername oder Passwort nicht akzeptiert\. Es wurde nichts gespeichert/);
    await ui.screenshot('german-sign-in-refused');
    // The refusal's toast goes, so that what the next sign-in says is its own answer.
    await ui.runCommand('Notifications: Clear All Notifications');
    await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'hidden' });

    await signIn('alice');
    await ui.waitForNotification(/Bei .* als alice angemeldet\./);
    // The tree's rows: "My Snippets" in German, from the editor layer.
    await ui.findTreeRow(/Meine Snippets/);
    await ui.screenshot('german-signed-in');
  });

  it('shows the repository settings panel in German: its words come from the extension', async () => {
    await ui.runCommand('Bitbucket Snippets: Repository-Einstellungen öffnen');
    // The workspace is no clone: the command asks which repository.
    await ui.answer('PROJ/repo1');
    let frame: Frame | undefined;
    for (const end = Date.now() + 20_000; !frame && Date.now() < end; await workbench!.page.waitForTimeout(200)) {
      for (const f of workbench!.page.frames()) {
        if (
          await f
            .evaluate(
              () => !!document.getElementById('status') && document.querySelector('h1')?.textContent === 'PROJ/repo1',
            )
            .catch(() => false)
        ) {
          frame = f;
        }
      }
    }
    assert.ok(frame, 'no settings webview for PROJ/repo1');
    await frame.getByRole('heading', { name: 'Statische Seiten' }).waitFor({ state: 'visible' });
    assert.equal(await frame.getByRole('switch', { name: 'Neue Branches veröffentlichen' }).count(), 1);
    assert.match((await frame.locator('header').textContent()) ?? '', /angemeldet als alice/);
    assert.doesNotMatch((await frame.locator('#content').textContent()) ?? '', /Static pages|Publish new/);
    await ui.screenshot('german-settings-panel');
  });
});
