// The host's WebSockets (the gateway): ws, text frames only, bounded messages.
import WebSocket from 'ws';
import { MAX_GATEWAY_MESSAGE_BYTES, shorten, type HostEvents } from './events';

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
      if (isBinary) return;
      // Refused (larger than the addon takes once decoded): the connection is closed as a
      // protocol violation and the core reconnects.
      this.#events.deliver((sink) => sink._OnWebSocketMessage(id, data.toString()), () => socket.close(1009, 'message too big'));
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
