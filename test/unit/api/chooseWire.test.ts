// Which wire carries an account's requests in the editor: VS Code's network stack unless it cannot
// serve (http.proxySupport off, http.proxyAuthorization set) or would verify less than the
// extension promises (NODE_TLS_REJECT_UNAUTHORIZED=0).
import * as assert from 'node:assert/strict';
import { chooseWire } from '../../../src/api/wire/chooseWire';

describe('chooseWire', () => {
  const env = {};
  it("uses VS Code's network stack for every proxy support VS Code patches requests under", () => {
    for (const proxySupport of ['override', 'fallback', 'on', undefined]) {
      assert.deepEqual(
        chooseWire({ proxySupport, proxyAuthorization: false, env }),
        { kind: 'node', reason: 'editor' },
        String(proxySupport),
      );
    }
  });
  it('falls back to the bundled client where VS Code cannot serve, and says why', () => {
    assert.deepEqual(chooseWire({ proxySupport: 'off', proxyAuthorization: false, env }), {
      kind: 'undici',
      reason: 'proxy-support-off',
    });
    assert.deepEqual(chooseWire({ proxySupport: 'override', proxyAuthorization: true, env }), {
      kind: 'undici',
      reason: 'proxy-authorization',
    });
    assert.deepEqual(
      chooseWire({ proxySupport: 'override', proxyAuthorization: false, env: { NODE_TLS_REJECT_UNAUTHORIZED: '0' } }),
      { kind: 'undici', reason: 'verification-off-in-environment' },
    );
    assert.deepEqual(
      chooseWire({ proxySupport: 'override', proxyAuthorization: false, env: { NODE_TLS_REJECT_UNAUTHORIZED: '1' } })
        .kind,
      'node',
    );
  });
});
