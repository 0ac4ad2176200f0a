// The one place the trust sources of the connection check are listed, in the order the report
// shows them. The check itself takes any list (src/connectionCheck/runCheck.ts), so a source this
// build cannot read is listed as unavailable and reported as skipped.
import { caFilesSource, nodeRootsSource, unavailableSource, type TrustSource } from '../trustSources';

export const OS_STORE_NAME = "the operating system's certificate store";

export function connectionCheckTrustSources(caFiles: readonly string[]): TrustSource[] {
  return [unavailableSource(OS_STORE_NAME, 'not available in this build'), nodeRootsSource, caFilesSource(caFiles)];
}
