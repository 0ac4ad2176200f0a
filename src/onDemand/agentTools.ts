// Activation's part of the language model tools chat agents call: a stand-in for each tool the
// manifest declares (contributes.languageModelTools, whose names are AgentTools of
// src/util/constants.ts: test/unit/agentTools/manifest.test.ts), which does nothing until the tool
// is called; the call loads the snippets bundle (src/editor/agentTools/ does the work there, and
// only the save tool prepares a confirmation). VS Code offers the tools only while their `when`
// clause holds (signed in, bitbucketSnippets.agentTools.enabled on), and a call made anyway while
// the setting is off does nothing but say so. The names come from the manifest and the setting is
// read in the bundle, so that activation carries neither the names' table nor the settings table.
import vscode = require('vscode');
import type { AgentToolName } from '../util/constants';
import type { SnippetsOnDemand } from './snippets';

export function registerAgentToolsOnDemand(extension: vscode.Extension<unknown>, snippets: SnippetsOnDemand): vscode.Disposable {
  const tools = () => snippets.feature().agentTools;
  const declared = (extension.packageJSON as { contributes: { languageModelTools: Array<{ name: AgentToolName }> } }).contributes.languageModelTools;
  return vscode.Disposable.from(
    ...declared.map(({ name }) =>
      vscode.lm.registerTool<unknown>(name, {
        prepareInvocation: (options) => tools().prepare(name, options.input),
        invoke: (options, token) => tools().invoke(name, options.input, token),
      }),
    ),
  );
}
