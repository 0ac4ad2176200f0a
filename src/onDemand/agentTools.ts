// Activation's part of the language model tools chat agents call: a stand-in for each tool the
// manifest declares (contributes.languageModelTools, whose names are AgentTools of
// src/util/constants.ts: test/unit/agentTools/manifest.test.ts), which does nothing until the tool
// is called; the call loads the snippets bundle (src/editor/agentTools/ does the work there, and
// only the save tool prepares a confirmation). VS Code offers the tools only while their `when`
// clause holds, and a call made anyway while the setting is off does nothing but say so. The names
// come from the manifest and the setting is read in the bundle, so that activation carries neither
// the names' table nor the settings table.
//
// The `when` clause is one context key, kept here: signed in and bitbucketSnippets.agentTools.enabled
// on. VS Code 1.100 cannot send the extension host a tool whose `when` has `&&`: deserialising
// `a && b` negates each side to look for `a && !a`, which links each side and its negation to each
// other (contextkey.ts, ContextKeyDefinedExpr.negate), and the main thread's
// `$onDidChangeTools([...getTools()])` then fails to serialise that circle. So `vscode.lm.tools`
// kept the tools out for as long as they were enabled (test/integration/agentTools.test.ts).
import vscode = require('vscode');
import type { Session } from '../editor/auth/session';
import { ContextKeys, type AgentToolName } from '../util/constants';
import type { SnippetsOnDemand } from './snippets';

export function registerAgentToolsOnDemand(extension: vscode.Extension<unknown>, snippets: SnippetsOnDemand, session: Session): vscode.Disposable {
  const tools = () => snippets.feature().agentTools;
  const declared = (extension.packageJSON as { contributes: { languageModelTools: Array<{ name: AgentToolName }> } }).contributes.languageModelTools;
  return vscode.Disposable.from(
    ...declared.map(({ name }) =>
      vscode.lm.registerTool<unknown>(name, {
        prepareInvocation: (options) => tools().prepare(name, options.input),
        invoke: (options, token) => tools().invoke(name, options.input, token),
      }),
    ),
    keepAvailability(session),
  );
}

/**
 * Keeps the tools' `when` key: signed in, and the setting on. The setting is read only while signed
 * in, and not during activation (a settings read costs the extension host milliseconds); the tools
 * check it again, from the user's settings only, when called.
 */
function keepAvailability(session: Session): vscode.Disposable {
  let last: boolean | undefined;
  const update = () => {
    const available = session.account !== undefined && vscode.workspace.getConfiguration('bitbucketSnippets').get<boolean>('agentTools.enabled', true) !== false;
    if (available === last) return;
    last = available;
    void vscode.commands.executeCommand('setContext', ContextKeys.agentToolsAvailable, available);
  };
  const first = setTimeout(update, 0);
  return vscode.Disposable.from(
    { dispose: () => clearTimeout(first) },
    session.onDidChange(update),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('bitbucketSnippets.agentTools.enabled')) update();
    }),
  );
}
