// Who may talk to the emulator: a request must name one of its own addresses in Host (a
// DNS-rebinding page names its own host), and a state-changing request or a WebSocket upgrade
// must come from one of its own origins or from no browser page at all (no Origin; the SDK, curl
// and tests send none). Browsers always send Origin on cross-site POSTs and WebSocket upgrades,
// so a form or script on another site is refused. Its own addresses are the loopback names, the
// address it is bound to (every interface address for 0.0.0.0 or ::), and the public URL's host.
import type http from 'node:http';
import { ownHostNames } from '../network_options';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The activity proxy host's name under the emulator: `<applicationId>.activities.localhost`, on
 * the emulator's own HTTP port. Browsers resolve every `*.localhost` name to the loopback
 * (RFC 6761), so no DNS entry is needed, and each application's activity gets an origin of its
 * own, apart from the emulator's pages and control API (which answer only to the emulator's own
 * names, never to this one).
 */
export const ACTIVITY_HOST_SUFFIX = '.activities.localhost';
const ACTIVITY_HOST = /^(\d{1,20})\.activities\.localhost(?::(\d{1,5}))?$/;

/** The activity proxy host of an application on the emulator's port, as a Host header names it. */
export function activityHost(applicationId: string, port: number): string {
  return `${applicationId}${ACTIVITY_HOST_SUFFIX}:${port}`;
}

export class RequestOrigins {
  readonly #names: string[];
  /** The public URL's host and origin (its port may differ from the one we listen on: a port mapping). */
  readonly #publicHost: string | null;
  readonly #publicOrigin: string | null;

  constructor(bindHost: string, publicUrl: URL | null, names: string[] = ownHostNames(bindHost)) {
    this.#names = names;
    this.#publicHost = publicUrl ? publicUrl.host.toLowerCase() : null;
    this.#publicOrigin = publicUrl ? publicUrl.origin.toLowerCase() : null;
  }

  /** Its own addresses as `name:port` for a request that came in on `port`. */
  #hosts(port: number | undefined): string[] {
    return this.#names.map((name) => `${name}:${port}`);
  }

  /** The Host header names this server: one of its own addresses on the port the request came in on, or the public URL's host. */
  hostAllowed(req: http.IncomingMessage): boolean {
    const host = String(req.headers.host ?? '').toLowerCase();
    return host === this.#publicHost || this.#hosts(req.socket.localPort).includes(host);
  }

  /** No Origin (not from a browser page), or one of this server's own origins (http on its addresses, or the public URL's). */
  originAllowed(req: http.IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (req.headers['sec-fetch-site'] === 'cross-site') return false;
    if (origin === undefined) return true;
    const lower = origin.toLowerCase();
    if (lower === this.#publicOrigin) return true;
    return this.#hosts(req.socket.localPort).some((host) => lower === `http://${host}`);
  }

  /**
   * The application whose activity proxy host the request names (`<id>.activities.localhost` on
   * the port it came in on), or null: such a request goes to the proxy, never to a route.
   */
  activityApplicationId(req: http.IncomingMessage): string | null {
    const match = ACTIVITY_HOST.exec(String(req.headers.host ?? '').toLowerCase());
    if (!match) return null;
    const port = match[2] === undefined ? 80 : Number(match[2]);
    return port === req.socket.localPort ? match[1] : null;
  }

  /** Why the request is refused before any route sees it, or null. */
  refusal(req: http.IncomingMessage, method: string): string | null {
    if (!this.hostAllowed(req)) return 'Host not allowed: the emulator answers only to its own addresses (127.0.0.1, localhost, the address it listens on, its public URL) on its own port';
    if (!SAFE_METHODS.has(method) && !this.originAllowed(req)) return 'Cross-origin request refused';
    return null;
  }
}
