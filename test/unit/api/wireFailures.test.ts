// Each wire reads its own failures (undici's UND_ERR_* codes, the node wire's BBS_* codes, VS
// Code's choice to go direct) into the terms both share, so the same failure gives the same
// message whichever wire carried the request, and a wire's codes mean nothing to the other.
import * as assert from 'node:assert/strict';
import { failureError, type FailedRequest } from '../../../src/api/failures';
import { DEFAULT_TIMEOUTS } from '../../../src/api/transportTypes';
import { createNodeWire } from '../../../src/api/wire/node/nodeWire';
import { createUndiciWire } from '../../../src/api/wire/undici/undiciWire';
import { WIRE_CODES, wireError, type Wire, type WireSetup } from '../../../src/api/wire/wire';

const setupFor = (url: string): WireSetup => ({
  target: new URL(url),
  proxy: undefined,
  // Node's roots only: the OS store is not what this is about.
  systemCertificates: false,
  connectMs: 10_000,
  log: () => undefined,
  readTrustMaterial: async () => ({ extraCa: [] }),
});

const failed = (url: string): FailedRequest => ({
  request: 'GET /x',
  target: new URL(url),
  timeouts: DEFAULT_TIMEOUTS,
  certificate: undefined,
  cancelled: false,
});

const messageOf = (wire: Wire, err: unknown, url = 'http://bb.test') =>
  failureError(err, wire.readFailure(err, 'GET /x'), failed(url));

describe('failures as each wire reads them', () => {
  let node: Wire;
  let undici: Wire;
  before(async () => {
    node = await createNodeWire(setupFor('http://bb.test'));
    undici = await createUndiciWire(setupFor('http://bb.test'));
  });
  after(async () => {
    await node.close();
    await undici.close();
  });

  it("gives the same timeout, closed-connection and cancelled errors from either wire's own codes", () => {
    const pairs: [string, string, string][] = [
      [WIRE_CODES.connectTimeout, 'UND_ERR_CONNECT_TIMEOUT', 'Could not connect to bb.test within 10 s.'],
      [WIRE_CODES.headersTimeout, 'UND_ERR_HEADERS_TIMEOUT', 'bb.test did not answer within 30 s.'],
      [WIRE_CODES.bodyTimeout, 'UND_ERR_BODY_TIMEOUT', 'bb.test did not answer within 30 s.'],
    ];
    for (const [nodeCode, undiciCode, message] of pairs) {
      const fromNode = messageOf(node, wireError(nodeCode, 'x'));
      const fromUndici = messageOf(undici, wireError(undiciCode, 'x'));
      assert.deepEqual([fromNode.kind, fromNode.message], ['timeout', message], nodeCode);
      assert.deepEqual([fromUndici.kind, fromUndici.message], ['timeout', message], undiciCode);
    }
    // Node's own reset, as either wire passes it on, and undici's word for the same.
    const closed = 'The connection to bb.test was closed before the server answered.';
    assert.equal(messageOf(node, wireError('ECONNRESET', 'x')).message, closed);
    assert.equal(messageOf(undici, wireError('ECONNRESET', 'x')).message, closed);
    assert.equal(messageOf(undici, wireError('UND_ERR_SOCKET', 'other side closed')).message, closed);
    assert.equal(messageOf(undici, wireError('UND_ERR_ABORTED', 'x')).kind, 'cancelled');
  });

  it("reads no meaning into the other wire's codes", () => {
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_PROXY']) {
      assert.deepEqual([...node.readFailure(wireError(code, 'x'), 'GET /x').kinds], [], code);
      assert.equal(messageOf(node, wireError(code, 'x')).message, `The request to bb.test failed (${code}).`);
    }
    assert.deepEqual([...undici.readFailure(wireError(WIRE_CODES.headersTimeout, 'x'), 'GET /x').kinds], []);
  });

  it('the node wire adds where to look when VS Code sent the request directly, except for a secure-connection failure', () => {
    const direct = Object.assign(wireError('ECONNREFUSED', 'x'), { via: 'DIRECT' });
    assert.match(messageOf(node, direct).message, /refused\. .*VS Code sent the request directly, without a proxy/);
    assert.doesNotMatch(messageOf(undici, direct).message, /VS Code sent the request directly/);
    const untrusted = Object.assign(wireError('SELF_SIGNED_CERT_IN_CHAIN', 'x'), { via: 'DIRECT' });
    assert.doesNotMatch(messageOf(node, untrusted).message, /VS Code sent the request directly/);
  });

  it("takes a 407 answer as the proxy's on the node wire only: undici's proxy 407 is an error of its own", () => {
    const answer = {
      statusCode: 407,
      headers: { 'proxy-authenticate': 'Basic realm="x"' },
      body: (async function* () {})(),
      destroy: () => undefined,
    };
    const refused = node.proxyAnswer?.(answer, 'GET /x');
    assert.equal(refused?.kind, 'proxy');
    assert.equal(refused?.proxyFailure, 'auth-required');
    assert.equal(node.proxyAnswer?.({ ...answer, statusCode: 401 }, 'GET /x'), undefined);
    assert.equal(undici.proxyAnswer?.(answer, 'GET /x'), undefined);
  });
});
