// Where the emulator listens and which addresses it hands out. startEmulator and the CLI share
// these checks, so a bad host, port or public URL is refused with the same rule either way; and
// the address a client is given is always one it can use: a wildcard bind (0.0.0.0, ::) names no
// address, so the loopback is advertised unless a public URL says how clients reach it.
import dns from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';

export const LOOPBACK = '127.0.0.1';

/** A start option's value in an error text: short, and never more than 60 characters of it. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined ? String(value) : typeof value;
}

/** A TCP/UDP port: an integer 0–65535, 0 letting the system pick a free one. */
export function checkPort(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535) {
    throw new RangeError(`${name}: an integer from 0 to 65535 (0 = any free port); got ${shown(value)}`);
  }
  return value;
}

/** The canonical text of an IP address (IPv6 compressed and lower case), or null when it is none. */
function canonicalIp(text: string): string | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const family = net.isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return null;
  if (bare.includes('%')) return bare.toLowerCase(); // a zone id (fe80::1%eth0): URL cannot parse it
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
}

/**
 * The address to bind: an IP address (IPv4, or IPv6 with or without brackets), or `localhost`,
 * which is 127.0.0.1 (a name could resolve to another family than the clients' lookup, or to
 * several addresses). Returns the address in canonical form.
 */
export function checkHost(value: unknown, name: string): string {
  if (typeof value === 'string') {
    if (value.toLowerCase() === 'localhost') return LOOPBACK;
    const address = canonicalIp(value);
    if (address !== null) return address;
  }
  throw new TypeError(`${name}: an IP address (such as 127.0.0.1, 0.0.0.0, ::1 or ::) or localhost; got ${shown(value)}`);
}

/** The URL clients reach the emulator at: http or https, a host and an optional port, nothing after. */
export function checkPublicUrl(value: unknown, name: string): URL {
  let url: URL | undefined;
  if (typeof value === 'string') {
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new TypeError(`${name}: an http:// or https:// URL of a host and an optional port with nothing after it (such as http://emulator:8790); got ${shown(value)}`);
  }
  return url;
}

export function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/** 127.0.0.0/8 and ::1: only this machine can connect. */
export function isLoopback(address: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';
}

/** An address as a URL or a Host header names it: IPv6 in brackets. */
export function urlHost(address: string): string {
  return net.isIPv6(address) ? `[${address}]` : address;
}

/** The host (name or address, as in a URL) clients are given for a server bound to `bindHost`. */
export function advertisedHost(bindHost: string, publicUrl: URL | null): string {
  if (publicUrl) return publicUrl.hostname;
  return isWildcard(bindHost) ? LOOPBACK : urlHost(bindHost);
}

/**
 * The base URL of the HTTP server (API, web pages, control API; ws: for the gateway): the public
 * URL as given (its port is the one clients use, which a container's port mapping may change),
 * else the advertised host on the port it listens on.
 */
export function advertisedBase(bindHost: string, port: number, publicUrl: URL | null): string {
  if (publicUrl) return publicUrl.origin;
  return `http://${advertisedHost(bindHost, null)}:${port}`;
}

/**
 * What a Host header may name, besides the public URL's host: 127.0.0.1, localhost and [::1]
 * (always: a browser sends them only to a server on its own machine, as a page of that origin or
 * under the Origin check), the bound address, and for a wildcard bind every address of this
 * machine's interfaces (read once, at start). Each is followed by the port the request came in on.
 */
export function ownHostNames(bindHost: string, interfaces: () => NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces): string[] {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  if (isWildcard(bindHost)) {
    for (const list of Object.values(interfaces())) {
      for (const info of list ?? []) {
        const address = canonicalIp(info.address);
        if (address !== null) names.add(urlHost(address));
      }
    }
  } else {
    names.add(urlHost(bindHost));
  }
  return [...names];
}

/**
 * The CLI's warning for a bind others can reach, or null for a loopback one: the control API has
 * no authentication (it approves consents, issues tokens, posts as any user), and the seeded
 * credentials are public.
 */
export function exposureWarning(bindHost: string): string | null {
  if (isLoopback(bindHost)) return null;
  const where = isWildcard(bindHost) ? `${bindHost} (every network interface of this machine)` : bindHost;
  return (
    `warning: listening on ${where}, not on loopback only. The control API (/_sdkpp/control/...: ` +
    'approve a consent, issue a token, post as any user, ban users, change the clock) has no authentication, ' +
    'and the seeded credentials are public: anyone on that network can use them. Use this on a private network ' +
    '(a container network, a test VM) only.'
  );
}

/** Where one emulator listens and what it advertises, checked (startEmulator's options). */
export interface NetworkSettings {
  /** The bound address (canonical; `localhost` is 127.0.0.1). */
  host: string;
  port: number;
  voicePort: number;
  publicUrl: URL | null;
}

export function networkSettings(options: { host?: unknown; port?: unknown; voicePort?: unknown; publicUrl?: unknown }, names = { host: 'host', port: 'port', voicePort: 'voicePort', publicUrl: 'publicUrl' }): NetworkSettings {
  const host = options.host === undefined ? LOOPBACK : checkHost(options.host, names.host);
  const port = options.port === undefined ? 0 : checkPort(options.port, names.port);
  const voicePort = options.voicePort === undefined ? 0 : checkPort(options.voicePort, names.voicePort);
  const publicUrl = options.publicUrl === undefined || options.publicUrl === null ? null : checkPublicUrl(options.publicUrl, names.publicUrl);
  if (port !== 0 && voicePort === port) {
    throw new RangeError(`${names.voicePort}: must differ from ${names.port} (${port}): the voice server has its own TCP port`);
  }
  return { host, port, voicePort, publicUrl };
}

/**
 * Ready's `ip` for the host the voice endpoint advertises: the address itself, or the first
 * address of the bound family the name resolves to (clients compare UDP source addresses with it
 * as addresses, and a socket bound to IPv4 cannot answer an IPv6 one), or null when it does not
 * resolve.
 */
export async function mediaAddress(
  advertised: string,
  bindHost: string,
  lookup: (name: string, family: 0 | 4) => Promise<{ address: string }> = (name, family) => dns.lookup(name, { family }),
): Promise<string | null> {
  const address = canonicalIp(advertised);
  if (address !== null) return address;
  try {
    return (await lookup(advertised, net.isIPv4(bindHost) ? 4 : 0)).address;
  } catch {
    return null;
  }
}
