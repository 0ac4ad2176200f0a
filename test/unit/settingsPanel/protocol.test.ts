import * as assert from 'node:assert/strict';
import { InvalidMessageError, parseWebviewMessage } from '../../../src/model/settingsPanel/protocol';

describe('settings panel messages from the webview', () => {
  it('accepts every well-formed message', () => {
    const good = [
      { type: 'ready' },
      { type: 'refresh', requestId: 'r1' },
      { type: 'signIn', requestId: 'r2' },
      { type: 'setPagesForRef', requestId: 'r-3', refId: 'refs/heads/main', enabled: true },
      { type: 'setPagesForNewRefs', requestId: 'r_4', which: 'tags', enabled: false },
      { type: 'addRef', requestId: 'a' },
      { type: 'showMoreRefs', requestId: 'b' },
      { type: 'setHookEnabled', requestId: 'c', role: 'preReceive', enabled: true },
      { type: 'editHookSettings', requestId: 'd', role: 'mergeCheck' },
      { type: 'changeHook', requestId: 'e', role: 'preReceive' },
    ];
    for (const message of good) assert.deepEqual(parseWebviewMessage(message), message);
  });

  it('refuses anything else, saying what is wrong', () => {
    const bad: Array<[unknown, RegExp]> = [
      [null, /not an object/],
      ['ready', /not an object/],
      [[{ type: 'ready' }], /not an object/],
      [{}, /unknown message type/],
      [{ type: 'runCommand', requestId: 'x' }, /unknown message type "runCommand"/],
      [{ type: 'toString', requestId: 'x' }, /unknown message type/],
      [{ type: 'ready', extra: 1 }, /unexpected field "extra"/],
      [{ type: 'refresh' }, /requestId missing/],
      [{ type: 'refresh', requestId: 'x y' }, /requestId/],
      [{ type: 'refresh', requestId: 'x'.repeat(65) }, /requestId/],
      [{ type: 'setPagesForRef', requestId: 'x', refId: 'refs/heads/a', enabled: 'yes' }, /enabled/],
      [{ type: 'setPagesForRef', requestId: 'x', refId: '', enabled: true }, /refId/],
      [{ type: 'setPagesForRef', requestId: 'x', refId: 'r'.repeat(2000), enabled: true }, /refId/],
      [{ type: 'setPagesForRef', requestId: 'x', enabled: true }, /refId/],
      [{ type: 'setPagesForNewRefs', requestId: 'x', which: 'commits', enabled: true }, /which/],
      [{ type: 'setHookEnabled', requestId: 'x', role: 'postReceive', enabled: true }, /role/],
      [
        { type: 'editHookSettings', requestId: 'x', role: 'mergeCheck', __proto__: { evil: 1 }, hookKey: 'other' },
        /unexpected field "hookKey"/,
      ],
    ];
    for (const [message, why] of bad) {
      assert.throws(
        () => parseWebviewMessage(message),
        (err: unknown) => err instanceof InvalidMessageError && why.test(err.message),
        JSON.stringify(message),
      );
    }
  });
});
