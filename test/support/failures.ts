// What tests of failures share: the BitbucketError a call ends in, and a port nothing listens on.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { BitbucketError } from '../../src/api/errors';

/** The BitbucketError `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export async function failure(promise: Promise<unknown>): Promise<BitbucketError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof BitbucketError, `expected a BitbucketError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

/** A loopback port nothing listens on: a server that is "down". */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
