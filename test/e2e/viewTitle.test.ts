// The Snippets view's title in a narrow side bar: VS Code shows "CONTAINER: VIEW" when a container
// has one view, and "Bitbucket Snippets: Snippets" was cut off at 300 px. The view is named as its
// container, so VS Code shows the name once; the Open View list still names the product.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { session } from './session';

const NARROW = 300;

/** Drags the side bar's right edge until the side bar is `width` px wide, as a person would; returns the width it had. */
async function setSideBarWidth(page: Page, sideBar: Locator, width: number): Promise<number> {
  const before = await sideBar.boundingBox();
  if (!before) throw new Error('The side bar is not shown.');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const bar = (await sideBar.boundingBox())!;
    if (Math.abs(bar.width - width) <= 1) return before.width;
    // Low down, where no button or row is pressed by mistake.
    const y = bar.y + bar.height - 30;
    await page.mouse.move(bar.x + bar.width, y);
    await page.mouse.down();
    await page.mouse.move(bar.x + width, y, { steps: 8 });
    await page.mouse.up();
  }
  const bar = (await sideBar.boundingBox())!;
  assert.ok(Math.abs(bar.width - width) <= 1, `the side bar is ${bar.width} px wide, not ${width}`);
  return before.width;
}

describe('The Snippets view title', () => {
  it(`is not cut off in a side bar ${NARROW} px wide, with every title button shown, and names the product`, async () => {
    const { ui, workbench } = session();
    // Signed in, the title shows the most buttons, which leave the title the least room.
    await ui.signIn(workbench.server.url, 'alice');
    const sideBar = await ui.openViewContainer();
    const widthBefore = await setSideBarWidth(ui.page, sideBar, NARROW);
    try {
      const title = sideBar.locator('.composite.title');
      await title.hover();
      await title
        .getByRole('button', { name: /^Search Snippets/ })
        .first()
        .waitFor({ state: 'visible' });
      const heading = title.locator('.title-label h2');
      const shown = await heading.evaluate((h) => ({
        text: h.textContent ?? '',
        scrollWidth: h.scrollWidth,
        clientWidth: h.clientWidth,
      }));
      await ui.screenshot('view-title-300px');
      assert.match(shown.text, /Bitbucket Snippets/, 'the title names the product');
      assert.ok(
        shown.scrollWidth <= shown.clientWidth,
        `the title "${shown.text}" is cut off: ${shown.scrollWidth} px of text in ${shown.clientWidth} px`,
      );

      // The Open View list (View: Open View) shows the view on its own, its container's title as the group.
      await ui.page.keyboard.press('F1');
      const quickInput = ui.page.locator('.quick-input-widget');
      await quickInput.locator('input[type="text"]').first().fill('view Bitbucket');
      const view = quickInput.getByRole('option').filter({ hasText: 'Side Bar / Bitbucket Snippets' }).first();
      await view.waitFor({ state: 'visible' });
      await ui.screenshot('view-title-open-view-list');
      const entry = await view.innerText();
      await ui.dismiss();
      assert.match(entry, /^Bitbucket Snippets\b/, `the view's entry names the product: ${entry}`);
    } finally {
      await setSideBarWidth(ui.page, sideBar, Math.round(widthBefore)).catch(() => undefined);
      await ui.closeEditorsAndSignOut();
    }
  });
});
