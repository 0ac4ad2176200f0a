// Mocha root hooks for the second run of the client suites: the node wire, with Node's modules
// patched by @vscode/proxy-agent as VS Code's extension host patches them (no proxy configured,
// the OS store as this process reads it), so each suite checks that the editor's transport keeps
// every promise the bundled one keeps: headers, retries, deadlines, size limits, paging, trust and
// the typed failures.
import * as https from 'node:https';
import * as proxyAgent from '@vscode/proxy-agent';
import { loadSystemCertificates } from '../../src/api/trust/systemStore';
import { patchLikeVsCode, type PatchedNetwork } from './vscodeNetwork';

process.env.BBS_TEST_WIRE = 'node';
let network: PatchedNetwork | undefined;

export const mochaHooks = {
  beforeAll(): void {
    network = patchLikeVsCode({ systemCertificates: () => loadSystemCertificates() });
  },
  beforeEach(): void {
    // A suite that changes the OS store (SSL_CERT_FILE) is read afresh, as a new window would,
    // and no test reuses another's kept-alive TLS connection.
    proxyAgent.resetCaches();
    https.globalAgent.destroy();
  },
  afterAll(): void {
    network?.restore();
  },
};
