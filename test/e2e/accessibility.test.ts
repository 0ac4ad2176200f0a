// Accessibility as a keyboard and screen-reader user meets it, in the real workbench: the
// repository settings panel operated with the keyboard alone (Tab, Space, Enter), its focus ring
// and live region; the accessible names of the Snippets view's rows and of the status bar item;
// and the panel and the tree in a high-contrast and a dark theme, photographed. With
// BBS_UPDATE_DOC_IMAGES=1 the high-contrast one also replaces the README's (docs/images/).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { REPO_ROOT } from '../harness/paths';
import { HookKeys } from '../server/hookCatalog';
import { panelFrame, rest, settled } from './panel';
import { session } from './session';
import { writePicture } from '../screenshots/png';

const BRANCH = 'a11y-keyboard';
const PAGES = '/rest/latest/pages-settings/PROJ/repo1';
const HOOKS = '/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks';
const SNIPPET = 'e2e a11y notes';
const DOC_IMAGES = path.join(REPO_ROOT, 'docs', 'images');

/** What the focused control of the panel is: its focus key and its accessible role. */
async function focused(frame: Frame): Promise<{ key: string; role: string }> {
  return frame.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      key: active?.dataset?.focusKey ?? '',
      role: active?.getAttribute('role') ?? active?.tagName.toLowerCase() ?? '',
    };
  });
}

/** Waits until the keyboard is in the panel: VS Code moves it there when the panel opens or is shown again. */
async function keyboardInPanel(frame: Frame): Promise<void> {
  try {
    await frame.waitForFunction(() => document.hasFocus(), undefined, { timeout: 5_000 });
  } catch {
    throw new Error('The settings panel did not get the keyboard focus when it opened');
  }
}

/** Presses Tab (or Shift+Tab) until the control with this focus key has the focus; answers the keys passed on the way. */
async function tabTo(frame: Frame, key: string, backwards = false, max = 30): Promise<string[]> {
  const { page } = session().ui;
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    const now = await focused(frame);
    if (now.key === key) return passed;
    passed.push(now.key);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${key} in ${max} presses; passed ${passed.join(', ')}`,
  );
}

/** Everything the live region said since `listenToStatus` (a screen reader hears each change of its text). */
async function statusHistory(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { statusHistory: string[] }).statusHistory);
}

async function listenToStatus(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const status = document.getElementById('status');
    const history: string[] = [];
    (window as unknown as { statusHistory: string[] }).statusHistory = history;
    new MutationObserver(() => {
      const text = status?.textContent ?? '';
      if (text) history.push(text);
    }).observe(status as Node, { childList: true, characterData: true, subtree: true });
  });
}

async function waitForStatus(frame: Frame, pattern: RegExp): Promise<void> {
  try {
    await frame.waitForFunction(
      (source) => new RegExp(source).test(document.getElementById('status')?.textContent ?? ''),
      pattern.source,
      { timeout: 15_000 },
    );
  } catch {
    throw new Error(
      `The live region never said ${String(pattern)}; it said: ${(await statusHistory(frame)).join(' | ')}`,
    );
  }
}

async function pagesEnabled(refId: string): Promise<boolean> {
  return ((await rest('GET', `${PAGES}/enabled?refId=${encodeURIComponent(refId)}`)).json as { isEnabled: boolean })
    .isEnabled;
}

async function hookEnabled(): Promise<boolean> {
  return ((await rest('GET', `${HOOKS}/${HookKeys.externalPreReceive}`)).json as { enabled: boolean }).enabled;
}

/**
 * Opens the theme picker and waits until it, not the palette it replaces, holds the input: typed
 * into the palette's input, a theme's name would be lost when the picker takes its place.
 */
async function openThemePicker(): Promise<void> {
  const { ui } = session();
  await ui.runCommand('Preferences: Color Theme');
  await ui.page
    .locator('.quick-input-widget input[type="text"][placeholder*="Color Theme"]')
    .first()
    .waitFor({ state: 'visible' });
}

/** Picks a color theme through the palette, as a person does. */
async function useTheme(name: string): Promise<void> {
  const { ui } = session();
  await openThemePicker();
  const quickInput = ui.page.locator('.quick-input-widget');
  await quickInput.locator('input[type="text"]').first().fill(name);
  // Down the list to the row named exactly so ("Dark High Contrast", not "Light High Contrast"), then Enter.
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    const shown = await focusedThemeName();
    if (shown === name) {
      await ui.page.keyboard.press('Enter');
      break;
    }
    seen.push(shown);
    await ui.page.keyboard.press('ArrowDown');
    // Read the next row once the focus has moved to it (a list of one row keeps it: 5 s at most).
    for (const end = Date.now() + 5_000; (await focusedThemeName()) === shown && Date.now() < end;) {
      await ui.page.waitForTimeout(20);
    }
  }
  if (seen.length === 12) throw new Error(`The theme picker has no ${name}; it went through ${seen.join(', ')}`);
  await quickInput.waitFor({ state: 'hidden' });
}

/** The name on the theme picker's focused row; a row that starts a group shows the group's name first. */
async function focusedThemeName(): Promise<string> {
  const names = await session()
    .ui.page.locator('.quick-input-widget .monaco-list-row.focused .label-name')
    .allTextContents();
  return (names.at(-1) ?? '').trim();
}

/** The theme in use: the row the theme picker opens on. */
async function currentTheme(): Promise<string> {
  const { ui } = session();
  await openThemePicker();
  await ui.page.locator('.quick-input-widget .monaco-list-row.focused').first().waitFor();
  const name = await focusedThemeName();
  await ui.dismiss();
  return name;
}

/** Checks that a switch of the panel shows this value the moment the live region has spoken: words and switch agree. */
async function switchShows(frame: Frame, selector: string, checked: boolean): Promise<void> {
  assert.equal(
    await frame.locator(selector).getAttribute('aria-checked'),
    String(checked),
    `${selector} agrees with the live region`,
  );
}

/** A CSS colour as the browser computes it (rgb(…)), so a theme variable can be compared with a used colour. */
async function resolvedColor(frame: Frame, value: string): Promise<string> {
  return frame.evaluate((v) => {
    const probe = document.createElement('span');
    probe.style.color = v;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, value);
}

describe('Accessibility', () => {
  let originalTheme = '';

  before(async () => {
    const { workbench, ui } = session();
    const folder = workbench.workspaceFolder;
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: folder,
        encoding: 'utf8',
      });
    git('remote', 'add', 'origin', `${workbench.server.url}/scm/PROJ/repo1.git`);
    git('commit', '--allow-empty', '-m', 'first');
    git('branch', '-M', 'main');
    git('branch', BRANCH);
    const created = await fetch(`${workbench.server.url}/rest/snippets/1.0/snippets`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        'Content-Type': 'application/json',
        'X-Atlassian-Token': 'no-check',
      },
      body: JSON.stringify({ name: SNIPPET, files: [{ name: 'notes.md', content: '# Notes\n' }] }),
    });
    assert.ok(created.ok, `creating ${SNIPPET} answered ${created.status}`);
    await ui.signIn(workbench.server.url, 'admin');
    await ui.runCommand('Notifications: Clear All Notifications');
    originalTheme = await currentTheme();
  });

  after(async () => {
    // The run shares one VS Code and one clone: leave both as the other UI tests expect them.
    const { ui, workbench } = session();
    await ui.page.setViewportSize({ width: 1440, height: 900 });
    if (originalTheme) await useTheme(originalTheme).catch(() => undefined);
    await ui.runCommand('View: Close All Editors').catch(() => undefined);
    execFileSync('git', ['branch', '-D', BRANCH], { cwd: workbench.workspaceFolder });
    execFileSync('git', ['remote', 'remove', 'origin'], { cwd: workbench.workspaceFolder });
    await ui.runCommand('Bitbucket Snippets: Sign Out');
    await ui.waitForNotification(/Signed out/);
  });

  it('operates the settings panel with the keyboard alone', async () => {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
    const frame = await panelFrame();
    await settled(frame);
    await listenToStatus(frame);
    // Opening the panel puts the keyboard in it; from there on, only keys.
    await keyboardInPanel(frame);

    const refKey = `ref:refs/heads/${BRANCH}`;
    const order = [...(await tabTo(frame, refKey)), refKey].filter((k) => k !== '');
    assert.deepEqual(
      order,
      ['refresh', 'new-branches', 'new-tags', 'ref:refs/heads/main', refKey],
      'Tab goes down the page in reading order',
    );
    const toggle = frame.getByRole('switch', { name: `Publish pages for ${BRANCH}` });
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');

    // The focus ring: VS Code's focus colour, drawn around the focused switch.
    const ring = await frame.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        focusBorder: getComputedStyle(document.body).getPropertyValue('--vscode-focusBorder').trim(),
      };
    });
    assert.equal(ring.style, 'solid');
    assert.ok(ring.width >= 1, `the outline is ${ring.width}px wide`);
    assert.ok(ring.focusBorder, 'the theme gives --vscode-focusBorder');
    assert.equal(ring.color, await resolvedColor(frame, ring.focusBorder), 'the outline has the focus border colour');
    await ui.screenshot('a11y-switch-focused');

    // Space switches Pages on: saved on the server, announced, and the focus stays on the switch.
    await ui.page.keyboard.press('Space');
    await waitForStatus(frame, new RegExp(`Pages for ${BRANCH}: published`));
    const refSwitch = `li.ref[data-ref="refs/heads/${BRANCH}"] [role=switch]`;
    await switchShows(frame, refSwitch, true);
    assert.equal(await pagesEnabled(`refs/heads/${BRANCH}`), true, 'the server has Pages on for the branch');
    assert.equal((await focused(frame)).key, refKey, 'the focus stayed on the switch through the redraw');
    assert.ok(
      (await statusHistory(frame)).some((t) => /Saving/.test(t)),
      'the live region said the change was being saved',
    );

    // Enter switches it off again.
    await ui.page.keyboard.press('Enter');
    await waitForStatus(frame, new RegExp(`Pages for ${BRANCH}: not published`));
    await switchShows(frame, refSwitch, false);
    assert.equal(await pagesEnabled(`refs/heads/${BRANCH}`), false);

    // A change the server refuses: said at once (assertive), the switch stays off, the reason is read with it.
    const fault = await fetch(`${session().workbench.server.url}/__control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'status',
        status: 500,
        message: 'disk full',
        method: 'PUT',
        path: '/pages-settings/',
        count: 1,
      }),
    });
    assert.ok(fault.ok);
    await ui.page.keyboard.press('Space');
    await waitForStatus(frame, /disk full/);
    assert.equal(await frame.locator('#status').getAttribute('aria-live'), 'assertive');
    await switchShows(frame, refSwitch, false);
    await frame.locator(`${refSwitch}[aria-describedby~="ref-1-error"]`).waitFor();
    assert.match((await frame.locator('#ref-1-error').textContent()) ?? '', /disk full/);
    assert.equal(await pagesEnabled(`refs/heads/${BRANCH}`), false);
    assert.equal((await focused(frame)).key, refKey, 'the focus stayed on the switch');

    // On to the pre-receive hook's switch: Enter enables the hook, Space disables it again.
    await tabTo(frame, 'hook:preReceive');
    const hookSwitch = frame.getByRole('switch', { name: /^External Pre Receive Hook Enabled$/ });
    await ui.page.keyboard.press('Enter');
    await waitForStatus(frame, /External Pre Receive Hook: enabled/);
    await switchShows(frame, '#hook-preReceive-enabled', true);
    assert.equal(await hookSwitch.count(), 1, 'the switch is named after its hook');
    assert.equal(await hookEnabled(), true);
    await ui.page.keyboard.press('Space');
    await waitForStatus(frame, /External Pre Receive Hook: disabled/);
    await switchShows(frame, '#hook-preReceive-enabled', false);
    assert.equal(await hookEnabled(), false);

    // Enter on a button: back to Refresh, which loads everything again and says so.
    await tabTo(frame, 'refresh', true);
    await ui.page.keyboard.press('Enter');
    await waitForStatus(frame, /The settings of PROJ\/repo1 are loaded/);
    const said = await statusHistory(frame);
    const loading = said.findIndex((t) => /Loading the settings of PROJ\/repo1/.test(t));
    assert.ok(loading >= 0 && loading < said.length - 1, `loading was announced before loaded: ${said.join(' | ')}`);
    assert.equal((await focused(frame)).key, 'refresh');
    await ui.screenshot('a11y-refreshed-by-keyboard');
  });

  it('gives every control of the panel a name, and every group a heading', async () => {
    const frame = await panelFrame();
    const unnamed = await frame.evaluate(() =>
      Array.from(document.querySelectorAll('button, [role=switch], input, a[href]'))
        .filter((n) => {
          const labelledBy = (n.getAttribute('aria-labelledby') ?? '')
            .split(/\s+/)
            .map((id: string) => document.getElementById(id)?.textContent ?? '')
            .join('');
          return !(n.getAttribute('aria-label') ?? '').trim() && !labelledBy.trim() && !(n.textContent ?? '').trim();
        })
        .map((n) => n.outerHTML.slice(0, 120)),
    );
    assert.deepEqual(unnamed, []);
    const headings = await frame.locator('h1, h2, h3, legend').allTextContents();
    for (const heading of [
      'PROJ/repo1',
      'Static pages',
      'New refs',
      'Refs',
      'Repository hooks',
      'External Pre Receive Hook',
    ]) {
      assert.ok(headings.includes(heading), `a heading "${heading}" among ${headings.join(', ')}`);
    }
    assert.equal(await frame.locator('#status[role=status][aria-live]').count(), 1, 'one live region');
  });

  it('names the rows of the Snippets view and the status bar item in words', async () => {
    const { ui } = session();
    await ui.openViewContainer();
    await ui.expandTreeRow('My Snippets');
    const row = await ui.findTreeRow(SNIPPET);
    assert.match((await row.getAttribute('aria-label')) ?? '', new RegExp(`^${SNIPPET}, your snippet, updated `));
    await ui.expandTreeRow(SNIPPET);
    await ui.findTreeRow('notes.md');
    await ui.findTreeRow(/^Comments \(0\)/);
    const account = ui.page
      .locator('.part.statusbar')
      .getByRole('button', { name: /Bitbucket Snippets: signed in to .* as admin\. Switch account/ });
    await account.waitFor();
  });

  it('follows reduced motion and forced colours', async () => {
    const { ui } = session();
    await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
    const frame = await panelFrame();
    await settled(frame);
    const thumb = () =>
      frame.evaluate(() => {
        const style = getComputedStyle(document.querySelector('.switch-thumb') as Element);
        const track = getComputedStyle(document.querySelector('.switch') as Element).backgroundColor;
        return { transition: style.transitionDuration, background: style.backgroundColor, track };
      });
    assert.notEqual((await thumb()).transition, '0s', 'the thumb slides when motion is welcome');
    try {
      await ui.page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
      const reduced = await thumb();
      assert.equal(reduced.transition, '0s', 'nothing moves with reduced motion');
      // With forced colours the thumb keeps a system colour of its own, so it does not vanish into the track.
      assert.notEqual(reduced.background, reduced.track, `thumb ${reduced.background} on track ${reduced.track}`);
    } finally {
      await ui.page.emulateMedia({ reducedMotion: null, forcedColors: null });
    }
  });

  // The picker names VS Code 1.100's themes "Dark High Contrast" and "Dark Modern"; their ids (the
  // values of workbench.colorTheme) are "Default High Contrast" and "Default Dark Modern".
  for (const [theme, image] of [
    ['Dark High Contrast', 'accessibility-high-contrast.png'],
    ['Dark Modern', 'accessibility-dark.png'],
  ] as const) {
    it(`shows the panel and the tree readable in ${theme}`, async () => {
      const { ui } = session();
      await ui.page.setViewportSize({ width: 1200, height: 720 });
      await useTheme(theme);
      await ui.openViewContainer();
      await ui.runCommand('Bitbucket Snippets: Open Repository Settings');
      const frame = await panelFrame();
      await settled(frame);
      await keyboardInPanel(frame);
      await tabTo(frame, 'new-branches');
      // The webview learns the new theme a moment after the workbench.
      const highContrast = theme.includes('High Contrast');
      await frame
        .waitForFunction((hc) => document.body.classList.contains('vscode-high-contrast') === hc, highContrast, {
          timeout: 10_000,
        })
        .catch(() =>
          assert.fail(`the webview did not learn that ${theme} is ${highContrast ? '' : 'not '}a high-contrast theme`),
        );
      if (highContrast) {
        // Every switch and card is outlined in the theme's contrast border.
        const colours = await frame.evaluate(() => ({
          contrast: getComputedStyle(document.body).getPropertyValue('--vscode-contrastBorder').trim(),
          switchBorder: getComputedStyle(document.querySelector('[role=switch]') as Element).borderTopColor,
          cardBorder: getComputedStyle(document.querySelector('.card') as Element).borderTopColor,
        }));
        const contrast = await resolvedColor(frame, colours.contrast);
        assert.equal(colours.switchBorder, contrast);
        assert.equal(colours.cardBorder, contrast);
      }
      // The colours checked above are the theme's: two frames later the page has painted them.
      await ui.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const file = await ui.screenshot(`a11y-${image.replace(/\.png$/, '')}`);
      // Only a picture the README still shows; the dark one is now npm run screenshots' settings-panel-dark.png.
      if (process.env.BBS_UPDATE_DOC_IMAGES === '1' && fs.existsSync(path.join(DOC_IMAGES, image))) {
        await writePicture(file, path.join(DOC_IMAGES, image));
      }
    });
  }
});
