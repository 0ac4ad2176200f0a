// The parts of undici this client uses: a keep-alive Agent and its Pools, the ProxyAgent, and the
// `request` API (with `connect`, which the ProxyAgent opens its tunnels with). undici's entry
// point also loads fetch, WebSocket, mocks and HTTP caches, about a third of the extension's
// bundle that would never run; this module wires just these pieces the way that entry point does
// (`Object.assign(Dispatcher.prototype, api)`), so the bundle leaves the rest out, `stream`,
// `pipeline` and `upgrade` included. Types still come from the package's own declarations. It is the `undici`
// bundle's entry in esbuild.js, loaded by dispatcher.ts with the first request that needs it.
/* eslint-disable @typescript-eslint/no-require-imports -- undici's internal modules are CommonJS without typings */
import type * as Undici from 'undici';

const Dispatcher: { prototype: object } = require('undici/lib/dispatcher/dispatcher');
Object.assign(Dispatcher.prototype, {
  request: require('undici/lib/api/api-request'),
  connect: require('undici/lib/api/api-connect'),
});

export const Agent: typeof Undici.Agent = require('undici/lib/dispatcher/agent');
export const ProxyAgent: typeof Undici.ProxyAgent = require('undici/lib/dispatcher/proxy-agent');
export const Pool: typeof Undici.Pool = require('undici/lib/dispatcher/pool');
