// Every word the repository settings webview shows or speaks, translated here in the extension:
// the webview's script has no access to VS Code's display language or bundles, so it gets this
// object once, at panel creation (src/editor/settingsPanel/panel.ts puts it in the page), and draws
// nothing but these. Plain Node (@vscode/l10n, given VS Code's bundle at activation), so a
// unit test holds the webview's script (src/webview/) to exactly these keys, and the type check holds it
// to their names (PanelStrings, the only thing the webview takes from here).
//
// Templates keep their numbered placeholders: the webview fills {0}, {1} with a host, a name or
// a count when it draws.
import * as l10n from '@vscode/l10n';

export function panelStrings() {
  return {
    // Header and sign-in
    onHost: l10n.t('on {0}'),
    onHostSignedInAs: l10n.t('on {0} · signed in as {1}'),
    refresh: l10n.t('Refresh'),
    refreshLabel: l10n.t('Refresh the settings of {0}'),
    switchAccount: l10n.t('Switch Account…'),
    switchAccountLabel: l10n.t('Show {0} as another account signed in to {1}'),
    notSignedIn: l10n.t('Not signed in'),
    signInToSee: l10n.t('Sign in to {0} to see and change the static pages and hooks of {1}.'),
    signIn: l10n.t('Sign In'),

    // States of a switch
    unknown: l10n.t('Unknown'),
    loading: l10n.t('Loading…'),
    changing: l10n.t('Changing…'),
    on: l10n.t('On'),
    off: l10n.t('Off'),

    // Static pages
    staticPages: l10n.t('Static pages'),
    newRefs: l10n.t('New refs'),
    publishNewBranches: l10n.t('Publish new branches'),
    publishNewTags: l10n.t('Publish new tags'),
    newRefsNeverLearned: l10n.t('Unknown: Bitbucket reports these two only in its answer to a change.'),
    newRefsAnswered: l10n.t('As the server answered on {0}.'),
    newRefsLastKnown: l10n.t('Last known: on {0}. Bitbucket reports these only in its answer to a change.'),
    refs: l10n.t('Refs'),
    refsFromClone: l10n.t('Branches and tags of your local clone; the default branch first.'),
    refsWithoutClone: l10n.t('No clone of this repository is open in the workspace: add refs by their full name.'),
    noRefsYet: l10n.t('No refs listed yet.'),
    /** A ref's switch is named by this sentence around the ref's visible name. */
    publishPagesFor: l10n.t('Publish pages for {0}'),
    defaultBranch: l10n.t('default'),
    kindBranch: l10n.t('branch'),
    kindTag: l10n.t('tag'),
    published: l10n.t('Published'),
    notPublished: l10n.t('Not published'),
    showMore: l10n.t('Show {0} more ({1} not listed)'),
    addRef: l10n.t('Add Ref…'),

    // Repository hooks
    repositoryHooks: l10n.t('Repository hooks'),
    preReceiveHook: l10n.t('Pre-receive hook'),
    mergeCheck: l10n.t('Merge check'),
    enabled: l10n.t('Enabled'),
    disabled: l10n.t('Disabled'),
    configured: l10n.t('configured'),
    notConfigured: l10n.t('not configured'),
    hookStatus: l10n.t('Status'),
    editSettings: l10n.t('Edit Settings…'),
    editPreReceiveSettings: l10n.t('Edit the settings of the pre-receive hook'),
    editMergeCheckSettings: l10n.t('Edit the settings of the merge check'),
    change: l10n.t('Change…'),
    changePreReceive: l10n.t('Choose which pre-receive hook to show'),
    changeMergeCheck: l10n.t('Choose which merge check to show'),
  };
}

export type PanelStrings = ReturnType<typeof panelStrings>;
