import * as assert from 'node:assert/strict';
import { getExtension, serverRequests } from './support';

describe('Activation', () => {
  it('activates in well under a second without any request to the server', async () => {
    const extension = getExtension();
    assert.equal(extension.isActive, false, 'The extension was already active before this test activated it: its activation must stay lazy (no "*" or onStartupFinished).');
    const requestsBefore = (await serverRequests()).length;

    const started = performance.now();
    await extension.activate();
    const elapsed = performance.now() - started;

    assert.ok(elapsed < 1000, `activate() took ${elapsed.toFixed(0)} ms; it must stay well under a second.`);
    // A request fired without being awaited would reach the server within this pause.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentDuringActivation = (await serverRequests()).slice(requestsBefore);
    assert.deepEqual(sentDuringActivation, [], 'activate() must not talk to the server.');
  });
});
