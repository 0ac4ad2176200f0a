// Another extension, as any a user installs: it asks VS Code (not Bitbucket Snippets) for a
// Bitbucket Data Center session, so VS Code attributes each request to this extension and asks the
// user before granting it. Its exports let the test make the requests; it reads nothing else.
const vscode = require('vscode');

const PROVIDER = 'bitbucket-data-center';

/** What a session handed out carries, as a test may compare it (the token included: it is a test token). */
const described = (session) => session && { id: session.id, label: session.account.label, accessToken: session.accessToken, scopes: [...session.scopes] };

function activate() {
  return {
    getSession: async (scopes, options) => described(await vscode.authentication.getSession(PROVIDER, scopes, options ?? {})),
    getAccounts: async () => (await vscode.authentication.getAccounts(PROVIDER)).map((a) => ({ id: a.id, label: a.label })),
  };
}

module.exports = { activate };
