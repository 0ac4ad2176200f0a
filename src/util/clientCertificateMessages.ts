// What a user can do about each client certificate problem, said once for the notifications of
// sign-in and of every later request. No `vscode` here: plain text, unit-tested in Node. The
// messages name files and settings, never a passphrase.
import type { ClientCertificateProblem } from '../api/errors';

/** Settings names as users see them in the Settings editor. */
export const CLIENT_CERTIFICATE_SETTING_LABEL = 'Bitbucket Snippets: Client Certificate';
export const SERVERS_SETTING_LABEL = 'Bitbucket Snippets: Servers';

const WHERE = `the "${CLIENT_CERTIFICATE_SETTING_LABEL}" setting (or the server's entry in "${SERVERS_SETTING_LABEL}")`;

/** The sentence that follows the error's own message. */
export function clientCertificateHint(problem: ClientCertificateProblem): string {
  switch (problem) {
    case 'file':
      return `Check the files named in ${WHERE}: a PEM certificate with its key file, or one .p12 / .pfx file.`;
    case 'passphrase-needed':
      return 'Try again to enter the passphrase; it is kept in VS Code\'s secret storage once it works.';
    case 'wrong-passphrase':
      return 'Try again: the passphrase is asked for anew, and nothing wrong was kept.';
    case 'expired':
    case 'not-yet-valid':
      return `Get a current certificate from whoever issues them in your company, and set it in ${WHERE}.`;
    case 'required':
      return `Set your certificate in ${WHERE}: a PEM certificate with its key file, or one .p12 / .pfx file.`;
    case 'rejected':
      return `Check that ${WHERE} names the certificate issued for this server, and that it is still valid.`;
  }
}

/** Whether the next step is to change the setting (otherwise, to try again and be asked anew). */
export const fixedInSettings = (problem: ClientCertificateProblem): boolean => problem !== 'passphrase-needed' && problem !== 'wrong-passphrase';
