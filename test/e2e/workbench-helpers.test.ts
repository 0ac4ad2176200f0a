// Checks the UI helpers themselves against VS Code's own Explorer, so that a failing feature test
// points at the feature, not at a selector that no longer matches this VS Code.
import * as assert from 'node:assert/strict';
import { session } from './session';

describe('Workbench helpers', () => {
  it('find a tree row, use its context menu and run a command by title', async () => {
    const { ui, workbench } = session();
    await ui.openViewContainer('Explorer');
    const readme = await ui.findTreeRow('README.md');
    await ui.chooseFromContextMenu(readme, 'Open to the Side');
    await workbench.page
      .getByRole('tab', { name: /^README\.md/ })
      .first()
      .waitFor({ state: 'visible' });
    await ui.runCommand('View: Close All Editors');
    assert.equal(await workbench.page.getByRole('tab', { name: /^README\.md/ }).count(), 0);
    await ui.screenshot('helpers-explorer');
  });
});
