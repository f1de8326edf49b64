// Where the emulator may send a request a bot asked for. A bot sets its application's
// interactions endpoint URL (PATCH /applications/@me), and the emulator POSTs a signed PING
// there at once and interactions later; any host and port would let a bot use the emulator to
// reach the developer's network, and the errors it got back (refused, unreachable, timed out)
// told open ports from closed ones: a port scanner. So by default only this machine is a
// target — a loopback address written as such (`127.0.0.0/8`, `[::1]`) or `localhost` — and every
// other URL is refused before any packet is sent, with one text whatever the host. The command
// line's `--allow-remote-endpoints` (`startEmulator({ allowRemoteEndpoints: true })`) lifts this.
import net from 'node:net';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The host names that name this machine whatever a resolver says (RFC 6761 reserves them). */
const LOCALHOST = new Set(['localhost', 'localhost.']);

/** Whether `hostname` (a URL's, IPv6 in brackets) names this machine: a loopback address, or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = net.isIP(host);
  if (family === 4) return LOOPBACK.check(host, 'ipv4');
  if (family === 6) return LOOPBACK.check(host, 'ipv6');
  return LOCALHOST.has(host.toLowerCase());
}

/** Why the emulator will not send to `url`, or null when it may. `what` names the URL's role. */
export function endpointRefusal(url: string, allowRemote: boolean, what: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${what} must be an http(s) URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${what} must be an http(s) URL`;
  if (allowRemote || isLoopbackHost(parsed.hostname)) return null;
  // One text for every other host: whether it exists, listens or answers is not told.
  return `${what} must be on this machine (127.0.0.1, [::1] or localhost); start the emulator with --allow-remote-endpoints to send to other hosts`;
}
