// What a user can do about each client certificate problem, said once for the notifications of
// sign-in and of every later request. No `vscode` here: plain text, unit-tested in Node. The
// messages name files and settings, never a passphrase.
import type { ClientCertificateProblem } from '../api/errors';
import * as l10n from '@vscode/l10n';

/** Settings names as users see them in the Settings editor. */
export const CLIENT_CERTIFICATE_SETTING_LABEL = 'Bitbucket Snippets: Client Certificate';
export const SERVERS_SETTING_LABEL = 'Bitbucket Snippets: Servers';

const where = (): string =>
  l10n.t(
    'the "{0}" setting (or the server\'s entry in "{1}")',
    CLIENT_CERTIFICATE_SETTING_LABEL,
    SERVERS_SETTING_LABEL,
  );

/** The sentence that follows the error's own message. */
export function clientCertificateHint(problem: ClientCertificateProblem): string {
  switch (problem) {
    case 'file':
      return l10n.t(
        'Check the files named in {0}: a PEM certificate with its key file, or one .p12 / .pfx file.',
        where(),
      );
    case 'passphrase-needed':
      return l10n.t("Try again to enter the passphrase; it is kept in VS Code's secret storage once it works.");
    case 'wrong-passphrase':
      return l10n.t('Try again: the passphrase is asked for anew, and nothing wrong was kept.');
    case 'expired':
    case 'not-yet-valid':
      return l10n.t('Get a current certificate from whoever issues them in your company, and set it in {0}.', where());
    case 'required':
      return l10n.t(
        'Set your certificate in {0}: a PEM certificate with its key file, or one .p12 / .pfx file.',
        where(),
      );
    case 'rejected':
      return l10n.t(
        'Check that {0} names the certificate issued for this server, and that it is still valid.',
        where(),
      );
  }
}

/** Whether the next step is to change the setting (otherwise, to try again and be asked anew). */
export const fixedInSettings = (problem: ClientCertificateProblem): boolean =>
  problem !== 'passphrase-needed' && problem !== 'wrong-passphrase';
