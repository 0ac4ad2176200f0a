// Links to a snippet: Open in Browser and Copy Link (its web page on the server), and Copy VS Code
// Link (a vscode:// link that opens it, or one file at a line, for anyone with the extension).
import vscode = require('vscode');
import { showInfo, showWarning } from '../../ui/notify';
import { setStatusBarMessage } from '../../ui/statusText';
import { EXTENSION_ID, SETTINGS_SECTION, Schemes, Settings } from '../../../util/constants';
import { setting } from '../../settings/settings';
import {
  DEFAULT_SNIPPET_URL_TEMPLATE,
  formatSnippetLink,
  selfLink,
  snippetWebUrl,
} from '../../../model/snippets/links/links';
import { accountOf, requireSignedIn, resolveTarget, type AccountContext } from '../../ui/accountContext';
import { errorMessage } from '../../../util/errorMessage';

/** Opens the snippet's web page; returns the URL opened (undefined when none was). */
export async function openInBrowser(deps: AccountContext, arg: unknown): Promise<string | undefined> {
  const url = webUrlOf(deps, arg);
  if (!url) return undefined;
  await vscode.env.openExternal(vscode.Uri.parse(url, true));
  return url;
}

/** Copies the snippet's web page URL; returns it. */
export async function copyLink(deps: AccountContext, arg: unknown): Promise<string | undefined> {
  const url = webUrlOf(deps, arg);
  if (!url) return undefined;
  await vscode.env.clipboard.writeText(url);
  setStatusBarMessage(vscode.l10n.t('Copied the link to the snippet'), 3000);
  return url;
}

/**
 * Copies a vscode:// link to the snippet, or to the file of a file row or of the active editor;
 * from the active editor it carries the cursor's line too. Returns the link.
 */
export async function copyVsCodeLink(deps: AccountContext, arg: unknown): Promise<string | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const target = targetOrHint(arg);
  const account = accountOf(deps);
  if (!target || !account) return undefined;
  const link = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
    serverUrl: account.serverUrl,
    snippetGuid: target.snippetGuid,
    fileName: target.fileName,
    line: target.fileName === undefined ? undefined : cursorLine(target.snippetGuid, target.fileName),
  });
  await vscode.env.clipboard.writeText(link);
  setStatusBarMessage(
    target.fileName
      ? vscode.l10n.t('Copied a VS Code link to {0}', target.fileName)
      : vscode.l10n.t('Copied a VS Code link to the snippet'),
    3000,
  );
  return link;
}

/** The web page of the target's snippet from the URL template setting; a broken template is said once. */
function webUrlOf(deps: AccountContext, arg: unknown): string | undefined {
  if (!requireSignedIn(deps)) return undefined;
  const target = targetOrHint(arg);
  const account = accountOf(deps);
  if (!target || !account) return undefined;
  // The snippets app's answers carry no `links.self` (spec/api.md); a server that adds one is followed.
  const own = selfLink(deps.service.store.get(target.snippetGuid));
  if (own) return own;
  const template = setting(Settings.snippetUrlTemplate) || DEFAULT_SNIPPET_URL_TEMPLATE;
  try {
    return snippetWebUrl(template, account.serverUrl, target.snippetGuid);
  } catch (err) {
    void showWarning(
      vscode.l10n.t(
        '{0} Change the setting "{1}.{2}".',
        errorMessage(err),
        SETTINGS_SECTION,
        Settings.snippetUrlTemplate,
      ),
      vscode.l10n.t('Open Setting'),
    ).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand(
          'workbench.action.openSettings',
          `${SETTINGS_SECTION}.${Settings.snippetUrlTemplate}`,
        );
      }
    });
    return undefined;
  }
}

function targetOrHint(arg: unknown): ReturnType<typeof resolveTarget> {
  // Only a snippet file links to a snippet: another editor's URI would read as a made-up guid.
  const uri =
    arg instanceof vscode.Uri ? arg : arg === undefined ? vscode.window.activeTextEditor?.document.uri : undefined;
  const target = uri && uri.scheme !== Schemes.snippet ? undefined : resolveTarget(uri ?? arg);
  if (!target) {
    void showInfo(vscode.l10n.t('Choose a snippet in the Snippets view, or open one of its files, to link to it.'));
  }
  return target;
}

/** The 1-based line of the cursor when the active editor shows that file; undefined otherwise. */
function cursorLine(snippetGuid: string, fileName: string): number | undefined {
  const editor = vscode.window.activeTextEditor;
  const loc = editor?.document.uri.scheme === Schemes.snippet ? resolveTarget(editor.document.uri) : undefined;
  if (!editor || loc?.snippetGuid !== snippetGuid || loc.fileName !== fileName) return undefined;
  return editor.selection.active.line + 1;
}
