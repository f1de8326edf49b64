// The host's WebSockets (the gateway and the voice gateway): ws, bounded messages. Text frames
// are JSON; binary frames (the voice gateway's DAVE messages) are bounded at 64 KiB.
import WebSocket from 'ws';
import { MAX_GATEWAY_MESSAGE_BYTES, MAX_VOICE_BINARY_FRAME_BYTES, shorten, type HostEvents } from './events';

/** A binary message as one Buffer, whatever binaryType ws used. */
function asBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

export class HostWebSockets {
  readonly #events: HostEvents;
  readonly #sockets = new Map<number, WebSocket>();

  constructor(events: HostEvents) {
    this.#events = events;
  }

  openWebSocket(id: number, url: string): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, { maxPayload: MAX_GATEWAY_MESSAGE_BYTES, perMessageDeflate: false });
    } catch (error) {
      this.#events.later((sink) => sink._OnWebSocketClosed(id, 1006, shorten((error as Error).message)));
      return;
    }
    this.#sockets.set(id, socket);
    socket.on('open', () => this.#events.deliver((sink) => sink._OnWebSocketOpen(id)));
    socket.on('message', (data, isBinary) => {
      // Refused (larger than the addon takes once decoded): the connection is closed as a
      // protocol violation and the core reconnects.
      const tooBig = () => socket.close(1009, 'message too big');
      const bytes = asBuffer(data);
      if (!isBinary) {
        // The frame's UTF-8 bytes as ws has them (it refuses a text frame that is not UTF-8):
        // no JS string is made only for the addon to encode it back.
        this.#events.deliver((sink) => sink._OnWebSocketMessage(id, bytes), tooBig);
        return;
      }
      if (bytes.length > MAX_VOICE_BINARY_FRAME_BYTES) return tooBig();
      this.#events.deliver((sink) => sink._OnWebSocketBinary(id, bytes), tooBig);
    });
    socket.on('error', () => {
      // 'close' follows with the code; the error text adds nothing the core can act on.
    });
    socket.on('close', (code, reason) => {
      if (this.#sockets.delete(id)) this.#events.deliver((sink) => sink._OnWebSocketClosed(id, code, shorten(reason.toString())));
    });
  }

  sendWebSocket(id: number, text: string): void {
    const socket = this.#sockets.get(id);
    if (socket?.readyState === WebSocket.OPEN) socket.send(text);
  }

  sendWebSocketBinary(id: number, bytes: Buffer): void {
    const socket = this.#sockets.get(id);
    if (socket?.readyState === WebSocket.OPEN) socket.send(bytes, { binary: true });
  }

  closeWebSocket(id: number, code: number, reason: string): void {
    const socket = this.#sockets.get(id);
    this.#sockets.delete(id);
    if (!socket) return;
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket.close(code >= 1000 && code < 5000 ? code : 1000, reason);
  }

  close(): void {
    for (const socket of this.#sockets.values()) socket.terminate();
    this.#sockets.clear();
  }
}
