// The host's OAuth2 loopback redirect listener: node:http on 127.0.0.1, GET only.
import http from 'node:http';
import { shorten, type HostEvents } from './events';

// The addon's bound on a loopback request target (wrap_client_platform.cc).
const MAX_LOOPBACK_TARGET = 8192;

export class HostLoopback {
  readonly #events: HostEvents;
  readonly #listeners = new Map<number, { server: http.Server; pending: Map<number, http.ServerResponse> }>();
  #nextLoopbackRequest = 1;

  constructor(events: HostEvents) {
    this.#events = events;
  }

  startLoopback(id: number): void {
    const pending = new Map<number, http.ServerResponse>();
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || !req.url) {
        res.writeHead(405).end();
        return;
      }
      if (Buffer.byteLength(req.url) > MAX_LOOPBACK_TARGET) {
        res.writeHead(414).end();
        return;
      }
      const requestId = this.#nextLoopbackRequest++;
      pending.set(requestId, res);
      res.on('close', () => pending.delete(requestId));
      this.#events.deliver((sink) => sink._OnLoopbackRequest(id, requestId, req.url!), () => {
        pending.delete(requestId);
        res.writeHead(400).end();
      });
    });
    this.#listeners.set(id, { server, pending });
    server.on('error', (error) => {
      if (this.#listeners.delete(id)) this.#events.deliver((sink) => sink._OnLoopbackListening(id, 0, shorten(error.message)));
    });
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      this.#events.deliver((sink) => sink._OnLoopbackListening(id, port, port ? '' : 'no port'));
    });
  }

  respondLoopback(id: number, request: number, status: number, html: string): void {
    const res = this.#listeners.get(id)?.pending.get(request);
    if (!res || res.headersSent) return;
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'",
    });
    res.end(html);
  }

  stopLoopback(id: number): void {
    const listener = this.#listeners.get(id);
    this.#listeners.delete(id);
    if (!listener) return;
    // Let an answer that is being written finish, then close everything.
    setImmediate(() => {
      listener.server.close();
      listener.server.closeAllConnections();
    });
  }

  close(): void {
    for (const { server } of this.#listeners.values()) {
      server.close();
      server.closeAllConnections();
    }
    this.#listeners.clear();
  }
}
