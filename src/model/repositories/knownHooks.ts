// The names of the repository hooks the extension knows (the ones it has settings schemas for,
// media/schemas/), as their apps name them. Bitbucket tells a hook's name only to repository
// admins: for anyone else the settings panel shows these instead of the bare key. Plain data,
// no `vscode`; the names are the apps' own and are not translated.

const NAMES: Readonly<Record<string, string>> = {
  'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook': 'External Pre Receive Hook',
  'com.ngs.stash.externalhooks.external-hooks:external-merge-check-hook': 'External Merge Check Hook',
  'com.isroot.stash.plugin.yacc:yaccHook': 'Yet Another Commit Checker',
  'com.atlassian.bitbucket.server.bitbucket-bundled-hooks:requiredApproversMergeHook': 'Minimum approvals',
};

/** The name of a known hook by its key, or undefined for a hook the extension does not know. */
export function knownHookName(key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(NAMES, key) ? NAMES[key] : undefined;
}
