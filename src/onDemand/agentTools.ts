// Activation's part of the language model tools chat agents call: a stand-in for each tool the
// manifest declares (contributes.languageModelTools, whose names are AgentTools of
// src/util/constants.ts: test/unit/agentTools/manifest.test.ts), which does nothing until the tool
// is called; the call loads the snippets bundle (src/editor/agentTools/ does the work there, and
// only the save tool prepares a confirmation). VS Code offers the tools only while their `when`
// clause holds, and a call made anyway while the setting is off does nothing but say so. The names
// come from the manifest and the setting is read in the bundle, so that activation carries neither
// the names' table nor the settings table.
//
// The `when` clause has no `&&`: VS Code 1.100 cannot send the extension host a tool whose `when`
// has one. Deserialising `a && b` negates a side to look for `a && !a`, which links that side and
// its negation to each other (contextkey.ts, ContextKeyDefinedExpr.negate), and the main thread's
// `$onDidChangeTools([...getTools()])` then fails to serialise the circle ("Converting circular
// structure to JSON"), so `vscode.lm.tools` never listed the tools while they were enabled. The
// clause is instead `config.bitbucketSnippets.agentTools.enabled in '<key>'`, one expression over
// both facts: the key holds the setting's values that make the tools available, `[true]` while
// signed in and `[]` while not, so VS Code itself reads the setting and activation reads none.
import vscode = require('vscode');
import type { Session } from '../editor/accounts/session';
import { ContextKeys, type AgentToolName } from '../util/constants';
import type { SnippetsOnDemand } from './snippets';

export function registerAgentToolsOnDemand(
  extension: vscode.Extension<unknown>,
  snippets: SnippetsOnDemand,
  session: Session,
): vscode.Disposable {
  const tools = () => snippets.feature().agentTools;
  const declared = (extension.packageJSON as { contributes: { languageModelTools: Array<{ name: AgentToolName }> } })
    .contributes.languageModelTools;
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

/** Keeps the key the tools' `when` clause reads: `[true]` while an account is signed in, else `[]`. */
function keepAvailability(session: Session): vscode.Disposable {
  let last: boolean | undefined;
  const update = () => {
    const signedIn = session.account !== undefined;
    if (signedIn === last) return;
    last = signedIn;
    void vscode.commands.executeCommand('setContext', ContextKeys.agentToolsEnabledValues, signedIn ? [true] : []);
  };
  update();
  return session.onDidChange(update);
}
