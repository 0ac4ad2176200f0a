// Which wire the plain-Node client suites use: undici, as the extension does in plain Node, unless
// `npm run test:unit` runs them again on the node wire under VS Code's network patch
// (test/.mocharc.nodeWire.json, test/support/nodeWireRun.ts).
import type { WireKind } from '../../src/api/http';

export const testWire = (): WireKind => (process.env.BBS_TEST_WIRE === 'node' ? 'node' : 'undici');
