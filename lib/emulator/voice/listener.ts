// The voice server's sockets: one TCP port (on 127.0.0.1 unless told another address) that
// serves plain WebSocket and TLS, told apart by the first byte (0x16 opens a TLS handshake), and
// a UDP socket on the same port number. Requests that are not a WebSocket upgrade with an
// acceptable `?v=` get HTTP 400 before any upgrade.
import dgram from 'node:dgram';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { LoopbackCertificate } from './certificate';
import { MAX_VOICE_VERSION, minVoiceVersion } from './protocol';

const TLS_HANDSHAKE = 0x16;
const BIND_ATTEMPTS = 20;
const FIRST_BYTE_TIMEOUT_MS = 10_000;

export interface VoiceListenOptions {
  /** The address to bind, TCP and UDP (default 127.0.0.1). */
  host?: string;
  /** A fixed port number for both TCP and UDP (for a firewall or a container's port mapping); 0 or absent: any free one. */
  port?: number;
  /** The emulator clock, for the versions discontinued on a date (default: real time). */
  now?: () => number;
}

export interface VoiceListener {
  port: number;
  udp: dgram.Socket;
  close(): Promise<void>;
}

export type UpgradeHandler = (req: http.IncomingMessage, socket: Duplex, head: Buffer, version: number) => void;

/** The `?v=` of a voice gateway URL, or why it is refused at `now` (emulator clock). */
export function voiceVersion(url: string | undefined, now: number): number | string {
  let raw: string | null;
  try {
    raw = new URL(url ?? '/', 'http://127.0.0.1').searchParams.get('v');
  } catch {
    // A request target that is no URL (`GET http://[`): a throw here would end the process.
    return 'malformed request target';
  }
  const min = minVoiceVersion(now);
  const range = `(${min}-${MAX_VOICE_VERSION})`;
  if (raw === null) return `the v query parameter is required ${range}`;
  if (!/^\d{1,3}$/.test(raw)) return `v must be an integer ${range}`;
  const version = Number(raw);
  if (version === 0) return `voice gateway v0 does not exist ${range}`;
  if (version < min) return `voice gateway v${version} is discontinued ${range}`;
  if (version > MAX_VOICE_VERSION) return `voice gateway v${version} does not exist ${range}`;
  return version;
}

function refuse(socket: Duplex, reason: string): void {
  const body = JSON.stringify({ message: reason, code: 0 });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export async function listenVoice(certificate: LoopbackCertificate, onUpgrade: UpgradeHandler, options: VoiceListenOptions = {}): Promise<VoiceListener> {
  const host = options.host ?? '127.0.0.1';
  const fixedPort = options.port ?? 0;
  const now = options.now ?? Date.now;
  const plain = http.createServer();
  const secure = https.createServer({ cert: certificate.cert, key: certificate.key });
  for (const server of [plain, secure]) {
    server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'the voice gateway speaks WebSocket only', code: 0 }));
    });
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      const version = voiceVersion(req.url, now());
      if (typeof version === 'string') return refuse(socket, version);
      onUpgrade(req, socket, head, version);
    });
    server.on('clientError', (_error, socket: Duplex) => socket.destroy());
    server.on('tlsClientError', (_error, socket: Duplex) => socket.destroy());
  }
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // A connection that never says anything is dropped; after the first byte the HTTP and
    // WebSocket servers' own timeouts apply.
    socket.setTimeout(FIRST_BYTE_TIMEOUT_MS, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  const tcpListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, host, () => {
        tcp.off('error', reject);
        resolve((tcp.address() as net.AddressInfo).port);
      });
    });
  const udpBind = async (port: number): Promise<dgram.Socket | Error> => {
    const udp = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    const failure = await new Promise<Error | null>((resolve) => {
      udp.once('error', (error) => resolve(error));
      udp.bind(port, host, () => resolve(null));
    });
    if (failure) {
      udp.close();
      return failure;
    }
    udp.on('error', () => {}); // ICMP unreachable and the like: UDP has no connection to lose
    return udp;
  };
  const listening = (port: number, udp: dgram.Socket): VoiceListener => ({
    port,
    udp,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  });
  const closeTcp = () => new Promise<void>((resolve) => tcp.close(() => resolve()));

  if (fixedPort !== 0) {
    // One number asked for: both sockets take it, or the start fails naming which could not.
    try {
      await tcpListen(fixedPort);
    } catch (error) {
      throw new Error(`voice server: TCP port ${fixedPort} on ${host}: ${(error as Error).message}`);
    }
    const udp = await udpBind(fixedPort);
    if (udp instanceof Error) {
      await closeTcp();
      throw new Error(`voice server: UDP port ${fixedPort} on ${host}: ${udp.message}`);
    }
    return listening(fixedPort, udp);
  }
  // The TCP port is picked by the system; UDP then takes the same number, retried while taken.
  for (let attempt = 1; ; attempt++) {
    const port = await tcpListen(0);
    const udp = await udpBind(port);
    if (!(udp instanceof Error)) return listening(port, udp);
    await closeTcp();
    if (attempt >= BIND_ATTEMPTS) throw new Error(`voice server: no port free for both TCP and UDP after ${BIND_ATTEMPTS} attempts`);
  }
}
