// The host's UDP sockets (the voice transport, docs/protocols/voice-media.md): node:dgram, udp4, one fixed remote
// per socket. The socket is connected to it, so the kernel resolves the host once and drops
// datagrams from anyone else. Like the gateway's WebSocket, an open socket keeps Node running:
// a live call is work the app is doing.
import { createSocket, type Socket } from 'node:dgram';
import { Limits } from '../../limits.generated';
import { shorten, type HostEvents } from './events';

export const MAX_VOICE_DATAGRAM_BYTES = Limits.MaxVoiceDatagramBytes;

interface UdpEntry {
  readonly socket: Socket;
  open: boolean;
}

// UDP is lossy: a send that fails (no route, the peer's port closed) is a lost packet, and the
// core's keep-alive notices a dead path. One function for every send, not a closure per packet.
const ignoreSendResult = (): void => {};

export class HostUdp {
  readonly #events: HostEvents;
  readonly #sockets = new Map<number, UdpEntry>();

  constructor(events: HostEvents) {
    this.#events = events;
  }

  openUdp(id: number, host: string, port: number): void {
    // Ids are the core's and unique; a reused one must still not leak the older socket.
    this.#sockets.get(id)?.socket.close();
    const socket = createSocket({ type: 'udp4' });
    const entry: UdpEntry = { socket, open: false };
    this.#sockets.set(id, entry);
    socket.on('error', (error) => this.#closeWith(id, entry, shorten(error.message)));
    socket.on('message', (datagram, remote) => {
      // The addon refuses more than a voice datagram; drop it here without the round trip.
      if (!entry.open || datagram.length > MAX_VOICE_DATAGRAM_BYTES) return;
      this.#events.deliver((sink) => sink._OnUdpMessage(id, datagram, remote.address, remote.port));
    });
    try {
      // Binds an ephemeral port, resolves `host` (IPv4) once, and fixes the remote.
      socket.connect(port, host, (error?: Error) => {
        if (error) return this.#closeWith(id, entry, shorten(`cannot reach ${host}:${port}: ${error.message}`));
        if (this.#sockets.get(id) !== entry) return; // closed meanwhile
        entry.open = true;
        const localPort = socket.address().port;
        this.#events.deliver((sink) => sink._OnUdpOpen(id, localPort));
      });
    } catch (error) {
      // A bad port or host type throws synchronously; the core hears it on a later turn.
      this.#sockets.delete(id);
      socket.close();
      this.#events.later((sink) => sink._OnUdpClosed(id, shorten(`cannot open UDP to ${host}:${port}: ${(error as Error).message}`)));
    }
  }

  sendUdp(id: number, bytes: Buffer): void {
    const entry = this.#sockets.get(id);
    if (!entry?.open || bytes.length > MAX_VOICE_DATAGRAM_BYTES) return;
    entry.socket.send(bytes, ignoreSendResult);
  }

  closeUdp(id: number): void {
    const entry = this.#sockets.get(id);
    if (!entry) return;
    // Reported on a later turn: the Platform contract forbids an event from inside its call.
    this.#sockets.delete(id);
    entry.open = false;
    entry.socket.close();
    this.#events.later((sink) => sink._OnUdpClosed(id, 'closed by the client'));
  }

  /** The socket failed: it is closed and the core told once. */
  #closeWith(id: number, entry: UdpEntry, reason: string): void {
    if (this.#sockets.get(id) !== entry) return; // closed already
    this.#sockets.delete(id);
    entry.open = false;
    try {
      entry.socket.close();
    } catch {
      // Already closed by dgram itself.
    }
    this.#events.deliver((sink) => sink._OnUdpClosed(id, reason));
  }

  close(): void {
    for (const entry of this.#sockets.values()) {
      entry.open = false;
      try {
        entry.socket.close();
      } catch {
        // Already closed.
      }
    }
    this.#sockets.clear();
  }
}
