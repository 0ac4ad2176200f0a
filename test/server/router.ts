// Route tables: each route is a method and a path template under `/rest`, matched segment by
// segment against the decoded path, so `{hookKey}` may hold a `:` and a slug an encoded `/`.

import type { User } from './directory';
import type { Reply } from './http';
import type { ServerState } from './state';

export interface RouteRequest {
  user: User;
  /** Path placeholders, decoded once. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; `undefined` when the body was empty. Throws 400 on malformed JSON. */
  json(): unknown;
  /** The body as it was sent. */
  bodyText: string;
  state: ServerState;
}

export interface Route {
  method: string;
  /** Template relative to `/rest`, e.g. `/snippets/1.0/snippets/{guid}`. */
  path: string;
  handle(request: RouteRequest): Reply;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

export class Router {
  private readonly routes: Array<{ route: Route; template: string[] }> = [];

  /** Routes are tried in the order added, so literal paths must come before placeholders. */
  add(routes: readonly Route[]): this {
    for (const route of routes) this.routes.push({ route, template: route.path.split('/').filter(Boolean) });
    return this;
  }

  match(method: string, segments: readonly string[]): RouteMatch {
    const allowed: string[] = [];
    for (const { route, template } of this.routes) {
      const params = matchTemplate(template, segments);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function matchTemplate(template: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (template.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const part = template[i];
    const placeholder = /^\{(\w+)\}$/.exec(part);
    if (placeholder) params[placeholder[1]] = segments[i];
    else if (part !== segments[i]) return undefined;
  }
  return params;
}

/** Registers the same handler under several path templates (alternative REST prefixes). */
export function aliased(prefixes: readonly string[], method: string, suffix: string, handle: Route['handle']): Route[] {
  return prefixes.map((prefix) => ({ method, path: `${prefix}${suffix}`, handle }));
}
