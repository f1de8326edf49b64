// An application's activity URL mappings: which local server the activity proxy host forwards a
// path to (the developer portal's "URL Mappings": prefix "/" -> target "127.0.0.1:5173"). The
// spec names the proxy host and its `/.proxy/` prefix ("no longer required and remains
// supported") but shows no wire form for the mappings; the emulator keeps the portal's shape,
// `[{prefix, target}]`, a target being a host, an optional port and an optional path, without a
// scheme. Like an interactions endpoint (endpoint_policy.ts), a target is this machine only unless
// the emulator was started with --allow-remote-activity-targets: the proxy sends whatever a page
// asks to it, and must not become a way into the developer's network.
import { isLoopbackHost } from '../endpoint_policy';
import type { Application } from '../model/types';
import { Validator } from './validate';

/** One URL mapping of the activity proxy host: a path prefix and the local server it forwards to. */
export interface UrlMapping {
  /** The path prefix on the proxy host, `/` or `/api` (no trailing slash but for `/`). */
  prefix: string;
  /** `host[:port][/path]`, no scheme: the local server the prefix forwards to (over http). */
  target: string;
}

export const MAX_URL_MAPPINGS = 50;
const MAX_PREFIX_LENGTH = 256;
const MAX_TARGET_LENGTH = 256;
/** The path prefix that the proxy host strips first (spec: no longer required, still supported). */
export const PROXY_PREFIX = '/.proxy';

/** The mappings of an application (none until set). */
export function urlMappingsOf(app: Application): UrlMapping[] {
  return app.activityUrlMappings ?? [];
}

/** A target as the proxy dials it: host name (IPv6 without brackets), port, and base path. */
export interface MappingTarget {
  hostname: string;
  port: number;
  /** The target's own path, without a trailing slash ('' for none). */
  basePath: string;
}

/** The target's parts, or null when it is not `host[:port][/path]` without a scheme. */
export function parseTarget(target: string): MappingTarget | null {
  if (target.includes('://') || /[\s?#@\\]/.test(target) || target.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(`http://${target}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || !url.hostname) return null;
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { hostname, port: url.port ? Number(url.port) : 80, basePath: url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '') };
}

/**
 * The mappings a request body gives (the control API's, PATCH /applications/@me's
 * `activity_url_mappings`), checked field by field into `v` (50035 with the paths). `field` is
 * the body field's name.
 */
export function readUrlMappings(v: Validator, field: string, value: unknown, allowRemote: boolean): UrlMapping[] | undefined {
  if (value === null) return [];
  if (value === undefined) {
    v.fail(field, 'BASE_TYPE_REQUIRED', 'This field is required');
    return undefined;
  }
  const list = v.list(field, value, MAX_URL_MAPPINGS);
  if (!list) return undefined;
  const out: UrlMapping[] = [];
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const path = `${field}.${i}`;
    const object = v.object(path, entry);
    if (!object) return;
    const rawPrefix = v.string(`${path}.prefix`, object.prefix, { min: 1, max: MAX_PREFIX_LENGTH });
    const target = v.string(`${path}.target`, object.target, { min: 1, max: MAX_TARGET_LENGTH });
    if (rawPrefix === undefined || target === undefined) return;
    if (!rawPrefix.startsWith('/') || /[\s?#\\]/.test(rawPrefix) || rawPrefix.split('/').some((segment) => segment === '..' || segment === '.')) {
      v.fail(`${path}.prefix`, 'PREFIX_INVALID', 'A path that starts with "/", without spaces, "?", "#", "." or ".." segments.');
      return;
    }
    const prefix = rawPrefix.length > 1 ? rawPrefix.replace(/\/+$/, '') || '/' : rawPrefix;
    if (prefix === PROXY_PREFIX || prefix.startsWith(`${PROXY_PREFIX}/`)) {
      v.fail(`${path}.prefix`, 'PREFIX_INVALID', `${PROXY_PREFIX} is the proxy host's own prefix: map the path after it.`);
      return;
    }
    if (seen.has(prefix)) {
      v.fail(`${path}.prefix`, 'PREFIX_DUPLICATE', `The prefix ${prefix} is mapped twice.`);
      return;
    }
    seen.add(prefix);
    const parsed = parseTarget(target);
    if (!parsed) {
      v.fail(`${path}.target`, 'TARGET_INVALID', 'A host, an optional port and an optional path, without a scheme (such as 127.0.0.1:5173).');
      return;
    }
    if (!allowRemote && !isLoopbackHost(parsed.hostname)) {
      // One text for every other host, as for interactions endpoints: nothing is sent to it.
      v.fail(`${path}.target`, 'TARGET_NOT_LOCAL', 'The target must be on this machine (127.0.0.1, [::1] or localhost); start the emulator with --allow-remote-activity-targets to forward to other hosts.');
      return;
    }
    out.push({ prefix, target });
  });
  return out;
}

/** Sets an application's mappings from a request body's value (50035 and nothing changes on a bad one). */
export function checkedUrlMappings(value: unknown, field: string, allowRemote: boolean): UrlMapping[] {
  const v = new Validator();
  const mappings = readUrlMappings(v, field, value, allowRemote);
  v.check();
  return mappings!;
}

/** `path` without the proxy prefix: `/.proxy/x` and `/x` name the same resource. */
export function withoutProxyPrefix(path: string): string {
  if (path === PROXY_PREFIX) return '/';
  return path.startsWith(`${PROXY_PREFIX}/`) ? path.slice(PROXY_PREFIX.length) : path;
}

/**
 * The mapping of the longest prefix that covers `path` (on a segment boundary: `/api` covers
 * `/api` and `/api/x`, not `/apix`), and the path the target is asked for (the target's path,
 * then what follows the prefix). Null: no mapping covers the path.
 */
export function matchUrlMapping(mappings: readonly UrlMapping[], path: string): { mapping: UrlMapping; target: MappingTarget; upstreamPath: string } | null {
  let best: UrlMapping | null = null;
  for (const mapping of mappings) {
    const covers = mapping.prefix === '/' || path === mapping.prefix || path.startsWith(`${mapping.prefix}/`);
    if (covers && (!best || mapping.prefix.length > best.prefix.length)) best = mapping;
  }
  if (!best) return null;
  const target = parseTarget(best.target);
  if (!target) return null;
  const rest = best.prefix === '/' ? path : path.slice(best.prefix.length);
  const upstreamPath = `${target.basePath}${rest.startsWith('/') ? rest : `/${rest}`}`;
  return { mapping: best, target, upstreamPath };
}
