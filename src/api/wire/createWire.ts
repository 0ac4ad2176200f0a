// Makes the wire of the kind a client was given: each wire sets up its own trust and proxy.
import { createNodeWire } from './node/nodeWire';
import { createUndiciWire } from './undici/undiciWire';
import type { Wire, WireKind, WireSetup } from './wire';

const MAKERS: Record<WireKind, (setup: WireSetup) => Promise<Wire>> = {
  node: createNodeWire,
  undici: createUndiciWire,
};

export function createWire(kind: WireKind, setup: WireSetup): Promise<Wire> {
  return MAKERS[kind](setup);
}
