// A small path router: "/lobbies/:lobby_id/messages" patterns, params by name, 404 vs 405.
import type { RequestContext } from './context';

export type Handler = (ctx: RequestContext) => Promise<unknown> | unknown;

interface Route {
  method: string;
  parts: string[];
  handler: Handler;
}

export type Match = { handler: Handler; params: Record<string, string> } | { methodNotAllowed: true } | null;

export class Router {
  readonly #routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.#routes.push({ method, parts: pattern.split('/').filter(Boolean), handler });
    return this;
  }
  get(pattern: string, handler: Handler) {
    return this.add('GET', pattern, handler);
  }
  post(pattern: string, handler: Handler) {
    return this.add('POST', pattern, handler);
  }
  put(pattern: string, handler: Handler) {
    return this.add('PUT', pattern, handler);
  }
  patch(pattern: string, handler: Handler) {
    return this.add('PATCH', pattern, handler);
  }
  delete(pattern: string, handler: Handler) {
    return this.add('DELETE', pattern, handler);
  }

  match(method: string, path: string): Match {
    const segments = path.split('/').filter(Boolean);
    let pathMatched = false;
    for (const route of this.#routes) {
      const params = matchParts(route.parts, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params };
    }
    return pathMatched ? { methodNotAllowed: true } : null;
  }
}

function matchParts(parts: string[], segments: string[]): Record<string, string> | null {
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(segments[i]);
      } catch {
        return null;
      }
      params[parts[i].slice(1)] = value;
    } else if (parts[i] !== segments[i]) {
      return null;
    }
  }
  return params;
}
