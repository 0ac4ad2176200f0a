// The one place the trust sources of the connection check are listed, in the order the report
// shows them and the client trusts them: the OS store (unless http.systemCertificates is off),
// Node's roots, then the caFiles setting. The check itself takes any list
// (src/model/connectionCheck/runCheck.ts), so a source that is off is listed and reported as skipped.
import { loadApi } from '../../util/loadApi';
import { caFilesSource, nodeRootsSource, unavailableSource, type TrustSource } from './trustSources';
import * as l10n from '@vscode/l10n';

export const OS_STORE_NAME = l10n.t("the operating system's certificate store");

export function connectionCheckTrustSources(caFiles: readonly string[], systemCertificates: boolean): TrustSource[] {
  // Through the API bundle, whose reading of the store the client already made or will make.
  const osStore = systemCertificates
    ? { name: OS_STORE_NAME, certificates: () => loadApi().loadSystemCertificates() }
    : unavailableSource(OS_STORE_NAME, l10n.t('off: http.systemCertificates is false'));
  return [osStore, nodeRootsSource, caFilesSource(caFiles)];
}
