// `npm run screenshots`: takes the README's and the walkthrough's pictures in a real VS Code
// (code-server in Chromium, the e2e harness) against the local server with the pictures' own data
// set (data.ts). Each picture is cropped to what it is about (the Snippets view, an editor, the
// search pick, the settings panel), taken in the Light Modern and Dark Modern themes, with no
// notification and no test name in it, and written as a palette PNG (sharp) to docs/images/, so
// that the .vsix stays small (test/package/vsix.test.ts); the walkthrough's, taken in both themes,
// also as the lossless WebP it shows (png.ts). Then commit docs/images/.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { exitAfterCleanup, installCleanupHandlers, trackTempDir } from '../harness/cleanup';
import { REPO_ROOT } from '../harness/paths';
import { startWorkbench, type Workbench } from '../harness/workbench';
import { panelFrame, settled } from '../e2e/panel';
import { setSession } from '../e2e/session';
import { WorkbenchUi } from '../e2e/ui';
import { OPENED_FILE, OPENED_SNIPPET, PATCH_FILE, PATCH_SNIPPET, screenshotData } from './data';
import { webpOf, writePicture, writeWalkthroughPicture } from './png';

export const IMAGES_DIR = path.join(REPO_ROOT, 'docs', 'images');
const VIEWPORT = { width: 1024, height: 640 };
const THEMES = [
  { suffix: '', theme: 'Default Light Modern', bodyClass: 'vs' },
  { suffix: '-dark', theme: 'Default Dark Modern', bodyClass: 'vs-dark' },
] as const;

/** A part of the page, in CSS pixels. */
interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Region> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on screen`);
  return box;
}

function union(...regions: Region[]): Region {
  const x = Math.min(...regions.map((r) => r.x));
  const y = Math.min(...regions.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...regions.map((r) => r.x + r.width)) - x,
    height: Math.max(...regions.map((r) => r.y + r.height)) - y,
  };
}

/** The region cut to at most `height` pixels from its top. */
function topOf(region: Region, height: number): Region {
  return { ...region, height: Math.min(region.height, height) };
}

class Photographer {
  readonly written: string[] = [];
  private current: string = THEMES[0].theme;

  constructor(private readonly ui: WorkbenchUi) {}

  get page(): Page {
    return this.ui.page;
  }

  /** Switches the color theme with Preferences: Color Theme, as a person would. */
  async useTheme(theme: (typeof THEMES)[number]): Promise<void> {
    const isOn = () =>
      this.page.evaluate(
        (cls) => document.querySelector('.monaco-workbench')?.classList.contains(cls) === true,
        theme.bodyClass,
      );
    if (this.current === theme.theme && (await isOn())) return;
    const name = theme.theme.replace(/^Default /, '');
    // An Enter that lands while the pick still filters is lost now and then: choose again, at most three times.
    for (let attempt = 1; ; attempt++) {
      await this.ui.runCommand('Preferences: Color Theme');
      const quickInput = this.page.locator('.quick-input-widget');
      await quickInput.locator('input[type="text"]').first().fill(name);
      const option = quickInput.getByRole('option', { name: new RegExp(`^${name}`) }).first();
      await option.waitFor({ state: 'visible' });
      await this.page.waitForTimeout(300);
      await option.click();
      const switched = await this.page
        .waitForFunction(
          (cls) => document.querySelector('.monaco-workbench')?.classList.contains(cls) === true,
          theme.bodyClass,
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (switched) break;
      await this.ui.dismiss();
      if (attempt === 3) throw new Error(`The color theme did not change to ${theme.theme}.`);
    }
    this.current = theme.theme;
    await this.page.waitForTimeout(500);
  }

  /** No toast, no hover, no pointer over a row: nothing the picture is not about. */
  async tidy(): Promise<void> {
    await this.ui.runCommand('Notifications: Clear All Notifications');
    await this.page
      .locator('.notifications-toasts .notification-toast')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
    await this.page.mouse.move(VIEWPORT.width - 4, VIEWPORT.height - 60);
    await this.page.waitForTimeout(400);
  }

  /**
   * Takes the picture `name` in every theme: `stage` puts the workbench in its state and says which
   * region to keep; `undo` (optional) takes away what `stage` opened before the next theme. The
   * walkthrough's pictures come in both themes (it shows the one that matches); the README's others
   * only in the light one, to keep the .vsix small.
   */
  async take(
    name: string,
    stage: () => Promise<Region>,
    undo?: () => Promise<void>,
    themes: readonly (typeof THEMES)[number][] = THEMES,
  ): Promise<void> {
    for (const theme of themes) {
      await this.useTheme(theme);
      const region = await stage();
      const clip = {
        x: Math.round(region.x),
        y: Math.round(region.y),
        width: Math.round(region.width),
        height: Math.round(region.height),
      };
      const raw = await this.page.screenshot({ clip });
      const file = path.join(IMAGES_DIR, `${name}${theme.suffix}.png`);
      await writePicture(raw, file);
      this.written.push(file);
      // Taken in every theme: a walkthrough picture, which the walkthrough shows as a WebP.
      if (themes.length === THEMES.length) {
        await writeWalkthroughPicture(file);
        this.written.push(webpOf(file));
      }
      console.log(
        `  ${path.relative(REPO_ROOT, file)}  ${clip.width}×${clip.height}  ${(fs.statSync(file).size / 1024).toFixed(1)} KB`,
      );
      if (undo) await undo();
    }
    await this.useTheme(THEMES[0]);
  }
}

/** The workspace is a clone of PROJ/repo1 on the local server, with a script to save a selection of. */
function makeClone(folder: string, serverUrl: string): void {
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Alice', '-c', 'user.email=alice@example.com', '-c', 'init.defaultBranch=main', ...args],
      { cwd: folder, stdio: 'ignore' },
    );
  fs.rmSync(path.join(folder, 'README.md'), { force: true });
  fs.mkdirSync(path.join(folder, 'scripts'), { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'README.md'),
    "# Shop frontend\n\nThe shop's web frontend. `scripts/deploy.sh` publishes it.\n",
  );
  fs.writeFileSync(
    path.join(folder, 'scripts', 'deploy.sh'),
    '#!/usr/bin/env bash\nset -euo pipefail\n\n# Build the site and publish it to the pages host.\nnpm ci\nnpm run build\nrsync -a --delete dist/ "$PAGES_HOST:/srv/pages/shop/"\necho "published $(git rev-parse --short HEAD)"\n',
  );
  // Settings a person is about to share by mistake: the secret scan's picture.
  fs.writeFileSync(
    path.join(folder, 'scripts', 'release.env'),
    `# CI settings for the release job\nPAGES_HOST=pages.internal\nGITHUB_TOKEN=ghp_${'R3lea5eT0ken'.repeat(3)}\nDATABASE_URL=postgres://shop:Wint3r-Sh0p@db.internal/shop\n`,
  );
  git('checkout', '--quiet', '-B', 'main');
  git('add', '.');
  git('commit', '--quiet', '-m', 'Deploy script');
  git('branch', 'feature/checkout-redesign');
  git('branch', 'release/2.4');
  git('tag', 'v2.4.0');
  git('remote', 'add', 'origin', `${serverUrl}/scm/PROJ/repo1.git`);
}

async function takePictures(workbench: Workbench, ui: WorkbenchUi): Promise<string[]> {
  const camera = new Photographer(ui);
  const { page } = ui;
  const sideBar = ui.sideBar;
  const editorPart = page.locator('.part.editor');
  const sideBarUpTo = async (last: Locator, margin = 12): Promise<Region> => {
    const bar = await boxOf(sideBar);
    const end = await boxOf(last);
    return topOf(bar, end.y + end.height + margin - bar.y);
  };

  // Signed out: the welcome view with Sign In.
  await ui.openViewContainer();
  // Wide enough for a snippet's name: drag the side bar's edge, as a person would.
  // Low down, where the welcome view has no button that the press could hit.
  const bar = await boxOf(sideBar);
  const sashY = bar.y + bar.height - 30;
  await page.mouse.move(bar.x + bar.width, sashY);
  await page.mouse.down();
  await page.mouse.move(bar.x + bar.width + 84, sashY, { steps: 6 });
  await page.mouse.up();
  await ui.runCommand('View: Close All Editors');
  await camera.tidy();
  await camera.take('welcome', async () => {
    await camera.tidy();
    return sideBarUpTo(sideBar.locator('.welcome-view-content').getByRole('button').last(), 20);
  });

  await ui.signIn(workbench.server.url, 'alice');
  await ui.expandTreeRow('My Snippets');
  await ui.expandTreeRow(OPENED_SNIPPET);
  await ui.expandTreeRow('Starred');
  // The snippet's file, its row selected in the view, and the comment thread on its first line.
  // A list revalidating redraws its rows; a row caught in a redraw is looked up once more.
  await ui.openFileRow(OPENED_FILE).catch(() => ui.openFileRow(OPENED_FILE));
  const thread = page.locator('.review-widget').first();
  await page.locator('.comment-range-glyph.comment-thread').first().click();
  await thread.waitFor({ state: 'visible', timeout: 15_000 });
  const fileLines = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  await camera.take('explorer', async () => {
    await camera.tidy();
    // The focus in the editor: the file's row is selected, without the outline of a focused tree.
    await fileLines.click({ position: { x: 300, y: 5 } });
    return sideBarUpTo(sideBar.getByRole('treeitem').last());
  });
  await camera.take('file-with-comments', async () => {
    await camera.tidy();
    const editor = await boxOf(editorPart);
    const widget = await boxOf(thread);
    return topOf(editor, widget.y + widget.height + 60 - editor.y);
  });
  await ui.runCommand('View: Close All Editors');

  // The editor's context menu on a selection of the workspace's script.
  await ui.runCommand('Go to File...').catch(async () => ui.page.keyboard.press('Control+P'));
  await page.locator('.quick-input-widget input[type="text"]').first().fill('deploy.sh');
  await page
    .locator('.quick-input-widget')
    .getByRole('option', { name: /deploy\.sh/ })
    .first()
    .click();
  const lines = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  await lines.waitFor({ state: 'visible' });
  const selectAndOpenMenu = async (): Promise<Region> => {
    await camera.tidy();
    await lines.click();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    // On the selection's last line, so that the menu opens below it and hides none of it.
    const lineHeight = (await boxOf(page.locator('.editor-group-container.active .view-line').first())).height;
    const top = await boxOf(lines);
    await page.mouse.click(top.x + 40, top.y + lineHeight * 7.5, { button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu
      .getByRole('menuitem', { name: /Save Selection as Snippet/ })
      .first()
      .waitFor({ state: 'visible' });
    const item = menu.getByRole('menuitem', { name: /Save Selection as Snippet/ }).first();
    await item.hover();
    const editor = await boxOf(editorPart);
    const menuBox = await boxOf(menu);
    return union(topOf(editor, menuBox.y + 20 - editor.y), menuBox);
  };
  await camera.take('save-selection-menu', selectAndOpenMenu, () => ui.dismiss());
  await ui.runCommand('View: Close All Editors');

  // Search Snippets… with matched lines in the quick pick.
  await camera.take(
    'search',
    async () => {
      await camera.tidy();
      await ui.runCommand('Bitbucket Snippets: Search Snippets…');
      const quickInput = page.locator('.quick-input-widget');
      await quickInput.locator('input[type="text"]').first().fill('retry');
      await quickInput
        .getByRole('option', { name: /retry\.test\.ts/ })
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 });
      // The palette's row was clicked where the search's title now is: move away from its tooltip.
      await page.mouse.move(VIEWPORT.width - 4, VIEWPORT.height - 60);
      await page
        .locator('.monaco-hover, .workbench-hover')
        .first()
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .catch(() => undefined);
      await page.waitForTimeout(800);
      return boxOf(quickInput);
    },
    () => ui.dismiss(),
    [THEMES[0]],
  );

  // The secret scan's dialog: a selection with a token and a password in it, about to be sent.
  await ui.runCommand('Go to File...').catch(async () => ui.page.keyboard.press('Control+P'));
  await page.locator('.quick-input-widget input[type="text"]').first().fill('release.env');
  await page
    .locator('.quick-input-widget')
    .getByRole('option', { name: /release\.env/ })
    .first()
    .click();
  await lines.waitFor({ state: 'visible' });
  const dialog = page.locator('.monaco-dialog-box');
  await camera.take(
    'secret-scan',
    async () => {
      await camera.tidy();
      await lines.click();
      await page.keyboard.press('Control+A');
      await ui.runCommand('Bitbucket Snippets: Save Selection as Snippet');
      const quickInput = page.locator('.quick-input-widget');
      // Name, description and categories: each as offered.
      for (let step = 1; step <= 3; step++) {
        await quickInput.getByText(`(${step}/3)`).first().waitFor({ state: 'visible', timeout: 15_000 });
        await page.keyboard.press('Enter');
      }
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      await page.mouse.move(VIEWPORT.width - 4, VIEWPORT.height - 60);
      await page.waitForTimeout(500);
      return boxOf(dialog);
    },
    async () => {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    },
    [THEMES[0]],
  );
  await ui.runCommand('View: Close All Editors');

  // Preview Patch: a colleague's patch snippet, loaded by Browse, in one multi-file diff. Without
  // the side bar the editor is wide enough for the diff's two sides (each file now on the left, with
  // the patch on the right), as the README says; it comes back before the next picture.
  // The search's results and My Snippets are folded first, so that Browse and its rows are in view.
  for (const label of ['Search results', 'My Snippets']) {
    const row = await ui.findTreeRow(label);
    if ((await row.getAttribute('aria-expanded')) === 'true') await row.click();
  }
  await ui.expandTreeRow('Browse');
  await ui.findTreeRow(PATCH_SNIPPET);
  const multiDiff = editorPart.locator('.multiDiffEditor');
  const quickInput = page.locator('.quick-input-widget');
  await camera.take(
    'patch-preview',
    async () => {
      await ui.runCommand('Bitbucket Snippets: Preview Patch');
      // The pick of the loaded patch files: typed into, then chosen.
      const patchOption = quickInput.getByRole('option', { name: PATCH_FILE }).first();
      await patchOption.waitFor({ state: 'visible', timeout: 15_000 });
      await quickInput.locator('input[type="text"]').first().fill('smoke');
      await patchOption.click();
      // With one repository open the command asks no more; with several it asks which.
      const repository = quickInput.getByRole('option', { name: /^workspace/ }).first();
      await multiDiff.or(repository).first().waitFor({ state: 'visible', timeout: 30_000 });
      if (await repository.isVisible()) await repository.click();
      for (const file of ['deploy.sh', 'smoke-test.sh']) {
        await multiDiff
          .locator('.multiDiffEntry')
          .filter({ hasText: file })
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
      }
      await ui.runCommand('View: Toggle Primary Side Bar Visibility');
      await multiDiff
        .locator('.multiDiffEntry .monaco-editor .view-lines')
        .last()
        .waitFor({ state: 'visible', timeout: 15_000 });
      await camera.tidy();
      await page.waitForTimeout(800);
      const editor = await boxOf(editorPart);
      const last = await boxOf(multiDiff.locator('.multiDiffEntry').last());
      return topOf(editor, last.y + last.height + 12 - editor.y);
    },
    async () => {
      await ui.runCommand('View: Toggle Primary Side Bar Visibility');
      await sideBar.waitFor({ state: 'visible' });
    },
    [THEMES[0]],
  );
  await ui.runCommand('View: Close All Editors');

  // The repository settings panel, as a repository admin sees it.
  await ui.closeEditorsAndSignOut();
  await ui.signIn(workbench.server.url, 'admin');
  // Taller, so that the hooks show below the static pages.
  await page.setViewportSize({ width: VIEWPORT.width, height: 860 });
  await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
  await settled(await panelFrame('PROJ/repo1', 30_000));
  await camera.take('settings-panel', async () => {
    await camera.tidy();
    await settled(await panelFrame('PROJ/repo1'));
    return boxOf(editorPart);
  });
  await ui.closeEditorsAndSignOut();
  return camera.written;
}

async function main(): Promise<void> {
  installCleanupHandlers();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-screenshots-'));
  trackTempDir(work);
  const dataFile = path.join(work, 'server-data.json');
  fs.writeFileSync(dataFile, JSON.stringify(screenshotData()));
  const settings: Record<string, unknown> = {
    // The walkthrough is a picture of its own; here it would cover the editor.
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'editor.minimap.enabled': false,
    'editor.hover.enabled': false,
    'files.autoSave': 'off',
    // The thread is the picture, in the editor; the Comments panel would only take its room.
    'comments.openView': 'never',
    'workbench.colorTheme': THEMES[0].theme,
  };
  let workbench: Workbench | undefined;
  try {
    workbench = await startWorkbench({ viewport: VIEWPORT, settings, server: { dataFile } });
    makeClone(workbench.workspaceFolder, workbench.server.url);
    const ui = new WorkbenchUi(workbench.page, path.join(work, 'raw'));
    setSession({ workbench, ui });
    await ui.waitForReady();
    fs.mkdirSync(IMAGES_DIR, { recursive: true });
    console.log(`Taking pictures into ${path.relative(process.cwd(), IMAGES_DIR)}/:`);
    const written = await takePictures(workbench, ui);
    const total = written.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    console.log(`${written.length} pictures, ${(total / 1024).toFixed(1)} KB in all.`);
    await workbench.close();
    await exitAfterCleanup(0);
  } catch (err) {
    console.error(
      `\nThe screenshots could not be taken: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    if (workbench) {
      fs.mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
      await workbench.page
        .screenshot({ path: path.join(REPO_ROOT, 'test-results', 'screenshots-FAILED.png') })
        .catch(() => undefined);
    }
    await workbench?.close().catch(() => undefined);
    await exitAfterCleanup(1);
  }
}

void main();
