// Who may talk to the emulator: it serves loopback only, so a request must name one of its own
// addresses in Host (a DNS-rebinding page names its own host), and a state-changing request or
// a WebSocket upgrade must come from one of its own origins or from no browser page at all (no
// Origin; the SDK, curl and tests send none). Browsers always send Origin on cross-site POSTs
// and WebSocket upgrades, so a form or script on another site is refused.
import type http from 'node:http';

const OWN_HOSTS = ['127.0.0.1', 'localhost'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The Host header names this server: 127.0.0.1 or localhost, on the port the request came in on. */
export function hostAllowed(req: http.IncomingMessage): boolean {
  const host = String(req.headers.host ?? '').toLowerCase();
  const port = req.socket.localPort;
  return OWN_HOSTS.some((name) => host === `${name}:${port}`);
}

/** No Origin (not from a browser page), or one of this server's own origins. */
export function originAllowed(req: http.IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (req.headers['sec-fetch-site'] === 'cross-site') return false;
  if (origin === undefined) return true;
  const port = req.socket.localPort;
  return OWN_HOSTS.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

/** Why the request is refused before any route sees it, or null. */
export function refusal(req: http.IncomingMessage, method: string): string | null {
  if (!hostAllowed(req)) return 'Host not allowed: the emulator answers only to 127.0.0.1 and localhost on its own port';
  if (!SAFE_METHODS.has(method) && !originAllowed(req)) return 'Cross-origin request refused';
  return null;
}
