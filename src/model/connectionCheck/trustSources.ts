// Where trusted certificate authorities come from. The check takes them as a list, so a source
// (the operating system's store) can be added in one place, the editor wiring, without touching
// the check. A source that cannot be read in this build rejects, and is reported as skipped.
import { readFile } from 'node:fs/promises';
import { rootCertificates } from 'node:tls';
import * as l10n from '@vscode/l10n';

export interface TrustSource {
  name: string;
  /** PEM certificates; rejects with the reason when the source is not available. */
  certificates: () => Promise<string[]>;
}

/** Node's bundled Mozilla roots, what the extension trusts without any setting. */
export const nodeRootsSource: TrustSource = {
  name: l10n.t("Node's bundled roots (tls.rootCertificates)"),
  certificates: async () => [...rootCertificates],
};

/** The PEM files of the `bitbucketSnippets.caFiles` setting; a file that cannot be read is an error. */
export function caFilesSource(files: readonly string[]): TrustSource {
  return {
    name: 'bitbucketSnippets.caFiles',
    certificates: async () =>
      Promise.all(
        files.map((file) =>
          readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
            throw new Error(l10n.t('the file {0} could not be read ({1})', file, err.code ?? 'error'));
          }),
        ),
      ),
  };
}

/** A source this build cannot read: listed, so that the report says it was not checked. */
export function unavailableSource(name: string, reason: string): TrustSource {
  return { name, certificates: () => Promise.reject(new Error(reason)) };
}
