import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AgentTools, ContextKeys } from '../../../src/util/constants';
import {
  LIST_CATEGORIES_SCHEMA,
  LIST_CATEGORY_SCHEMA,
  READ_FILE_SCHEMA,
  SAVE_SCHEMA,
  SEARCH_SCHEMA,
} from '../../../src/model/agentTools/schemas';

const root = path.join(__dirname, '..', '..', '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
interface Tool {
  name: string;
  displayName: string;
  modelDescription: string;
  userDescription: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  inputSchema: unknown;
  when: string;
}

describe('agent tools: the manifest', () => {
  const manifest = read('package.json') as {
    contributes: {
      languageModelTools: Tool[];
      configuration: { properties: Record<string, { scope?: string; default?: unknown }> };
    };
  };
  const tools = manifest.contributes.languageModelTools;

  it('declares each tool the code registers, with the schema the code checks', () => {
    const schemas: Record<string, unknown> = {
      [AgentTools.search]: SEARCH_SCHEMA,
      [AgentTools.readFile]: READ_FILE_SCHEMA,
      [AgentTools.listCategories]: LIST_CATEGORIES_SCHEMA,
      [AgentTools.listCategory]: LIST_CATEGORY_SCHEMA,
      [AgentTools.save]: SAVE_SCHEMA,
    };
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(AgentTools).sort());
    for (const tool of tools) assert.deepEqual(tool.inputSchema, schemas[tool.name], tool.name);
  });

  it('each tool can be referenced in a prompt, has a codicon, and exists only signed in with the setting on', () => {
    const nls = read('package.nls.json');
    const nlsDe = read('package.nls.de.json');
    for (const tool of tools) {
      assert.equal(tool.canBeReferencedInPrompt, true, tool.name);
      assert.match(tool.toolReferenceName, /^bitbucketSnippets[A-Z]\w+$/);
      assert.match(tool.icon, /^\$\([a-z-]+\)$/);
      // One expression, no `&&`: VS Code 1.100 cannot send the extension host a tool whose `when`
      // has one (src/onDemand/agentTools.ts), so vscode.lm.tools would never list it.
      assert.equal(
        tool.when,
        `config.bitbucketSnippets.agentTools.enabled in '${ContextKeys.agentToolsEnabledValues}'`,
      );
      assert.doesNotMatch(tool.when, /&&|\|\||!/);
      for (const key of [tool.displayName, tool.userDescription, tool.modelDescription]) {
        const id = /^%(.+)%$/.exec(key)?.[1];
        assert.ok(
          id && typeof nls[id] === 'string' && typeof nlsDe[id] === 'string',
          `${tool.name}: ${key} in both languages`,
        );
      }
    }
  });

  it('its settings are machine-scoped, on and reading mine and starred by default', () => {
    const props = manifest.contributes.configuration.properties;
    assert.deepEqual(props['bitbucketSnippets.agentTools.enabled'], {
      ...props['bitbucketSnippets.agentTools.enabled'],
      scope: 'machine',
      default: true,
    });
    assert.deepEqual(props['bitbucketSnippets.agentTools.lists'], {
      ...props['bitbucketSnippets.agentTools.lists'],
      scope: 'machine',
      default: ['mine', 'starred'],
    });
  });
});
