// Passphrases of client certificates: asked once in a password box and kept in VS Code's
// SecretStorage, keyed by server and file, never in settings, state or the log. The API client
// asks for one only when a key or PKCS#12 file is encrypted, and says when the last one was
// wrong: the stored one is then dropped and the user asked again.
import vscode = require('vscode');
import { showSafeInputBox } from '../ui/quickInputText';
import type { ClientCertificate, PassphraseSource } from '../../api/clientCertificate';
import { serverHost } from '../../util/serverUrl';

const SECRET_PREFIX = 'bitbucketSnippets.certificatePassphrase:';

export class CertificatePassphrases {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  /** The passphrase source of one server's client certificate; `serverUrl` as accounts keep it (normalised). */
  forServer(serverUrl: string): PassphraseSource {
    const key = (file: string) => `${SECRET_PREFIX}${serverUrl}#${file}`;
    return {
      get: async (file, wrong) => {
        if (wrong) {
          await this.secrets.delete(key(file));
        } else {
          const stored = await this.secrets.get(key(file));
          if (stored !== undefined) return stored;
        }
        return ask(serverUrl, file, wrong);
      },
      accepted: async (file, passphrase) => {
        if ((await this.secrets.get(key(file))) !== passphrase) await this.secrets.store(key(file), passphrase);
      },
    };
  }

  /** True when a passphrase of this server's file is kept (its tests check what Sign Out leaves behind). */
  async has(serverUrl: string, file: string): Promise<boolean> {
    return (await this.secrets.get(`${SECRET_PREFIX}${serverUrl}#${file}`)) !== undefined;
  }

  /** Deletes the kept passphrases of a server's certificate files (its last account signed out). */
  async forget(serverUrl: string, certificate: ClientCertificate | undefined): Promise<void> {
    if (!certificate) return;
    const files = 'pfxFile' in certificate ? [certificate.pfxFile] : [certificate.keyFile, certificate.certFile];
    await Promise.all(files.map((file) => this.secrets.delete(`${SECRET_PREFIX}${serverUrl}#${file}`)));
  }
}

function ask(serverUrl: string, file: string, wrong: boolean): Thenable<string | undefined> {
  const name = file.split(/[\\/]/).pop() ?? file;
  return showSafeInputBox({
    title: vscode.l10n.t('Bitbucket Snippets: Client Certificate for {0}', serverHost(serverUrl)),
    prompt: wrong
      ? vscode.l10n.t('That passphrase does not open {0}. Enter its passphrase again.', name)
      : vscode.l10n.t("Passphrase of {0} ({1}). It is kept in VS Code's secret storage.", name, file),
    password: true,
    ignoreFocusOut: true,
  });
}
