// Another extension, as any a user installs: it asks VS Code (not Bitbucket Snippets) for a
// Bitbucket Data Center session, so VS Code attributes each request to this extension and asks the
// user before granting it. Its exports let a test in the extension host make the requests; its one
// command lets a test in the browser make one as a user would, and shows what it got (never the token).
const vscode = require('vscode');

const PROVIDER = 'bitbucket-data-center';

/** What a session handed out carries, as a test may compare it (the token included: it is a test token). */
const described = (session) =>
  session && {
    id: session.id,
    label: session.account.label,
    accessToken: session.accessToken,
    scopes: [...session.scopes],
  };

async function askForSession() {
  const server = await vscode.window.showInputBox({
    title: 'Session Consumer',
    prompt: 'The Bitbucket Data Center server to ask a session for (its URL)',
    ignoreFocusOut: true,
  });
  if (!server) return;
  try {
    const session = await vscode.authentication.getSession(PROVIDER, [server], { createIfNone: true });
    await vscode.window.showInformationMessage(
      `Session Consumer got a session for ${session.account.label}: a token of ${session.accessToken.length} characters.`,
    );
  } catch (err) {
    await vscode.window.showErrorMessage(
      `Session Consumer got no session: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('sessionConsumer.askForSession', askForSession));
  return {
    getSession: async (scopes, options) =>
      described(await vscode.authentication.getSession(PROVIDER, scopes, options ?? {})),
    getAccounts: async () =>
      (await vscode.authentication.getAccounts(PROVIDER)).map((a) => ({ id: a.id, label: a.label })),
  };
}

module.exports = { activate };
