import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getExtension } from './support';

interface Manifest {
  contributes?: { commands?: { command: string }[]; views?: Record<string, { id: string }[]> };
}

// VS Code itself registers these for every contributed view (`<view id>.focus` and so on).
const VIEW_COMMAND_SUFFIXES = ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'];

describe('Commands', () => {
  it('registers every command package.json contributes, and no other', async () => {
    const extension = getExtension();
    await extension.activate();
    const manifest = extension.packageJSON as Manifest;
    const contributed = (manifest.contributes?.commands ?? []).map((c) => c.command).sort();
    const viewIds = Object.values(manifest.contributes?.views ?? {}).flatMap((views) => views.map((view) => view.id));
    const generatedByVsCode = new Set(viewIds.flatMap((id) => VIEW_COMMAND_SUFFIXES.map((suffix) => `${id}.${suffix}`)));
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('bitbucketSnippets.') && !generatedByVsCode.has(id)).sort();

    const missing = contributed.filter((id) => !registered.includes(id));
    const undeclared = registered.filter((id) => !contributed.includes(id));
    assert.deepEqual(
      { missing, undeclared },
      { missing: [], undeclared: [] },
      `Commands in package.json but not registered: ${missing.join(', ') || 'none'}. Registered but not in package.json: ${undeclared.join(', ') || 'none'}.`,
    );
  });
});
