// The Node implementation of the core's Platform (native/core/include/sdkpp/platform.h): the
// addon calls these methods, and results go back through the NativeClient's _On* methods —
// always on a later turn of the event loop, never from inside the call (the Platform contract).
import http from 'node:http';
import net from 'node:net';
import WebSocket from 'ws';
import { ipcSocketPaths } from './ipc_paths';
import { openInSystemBrowser } from './open_url';

/** What the host reports results to (the NativeClient). */
export interface PlatformEventSink {
  _OnTimer(id: number): void;
  _OnHttpResponse(id: number, status: number, headers: string[], body: string): void;
  _OnHttpError(id: number, message: string): void;
  _OnIpcOpen(id: number): void;
  _OnIpcData(id: number, bytes: Buffer): void;
  _OnIpcClosed(id: number, reason: string): void;
  _OnWebSocketOpen(id: number): void;
  _OnWebSocketMessage(id: number, text: string): void;
  _OnWebSocketClosed(id: number, code: number, reason: string): void;
  _OnLoopbackListening(id: number, port: number, error: string): void;
  _OnLoopbackRequest(id: number, request: number, target: string): void;
}

/** Node-only options of a Client (tests and embedders inject these). */
export interface NodePlatformOptions {
  /** Opens the authorize page; default: the system browser. Return false if it could not. */
  openUrl?: (url: string) => boolean | void;
  /** The wall clock in ms since the epoch; default Date.now. */
  now?: () => number;
  /** Candidate IPC socket paths of the local client, in order; default per protocols.md §1. */
  ipcPaths?: () => string[];
}

// Responses larger than this are refused rather than buffered.
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
// The addon's bounds on what a peer can hand it (wrap_client_platform.cc): larger input is
// split, refused with an answer, or turned into an error here, never thrown out of an event
// handler (that would end the process).
const MAX_IPC_CHUNK = 1024 * 1024;
const MAX_LOOPBACK_TARGET = 8192;
const MAX_REASON = 300; // characters: at most 900 UTF-8 bytes, under the addon's 1 KiB

export class NodePlatformHost {
  #sink: PlatformEventSink | undefined;
  readonly #options: NodePlatformOptions;
  readonly #timers = new Map<number, NodeJS.Timeout>();
  readonly #requests = new Map<number, AbortController>();
  readonly #ipc = new Map<number, net.Socket>();
  readonly #sockets = new Map<number, WebSocket>();
  readonly #listeners = new Map<number, { server: http.Server; pending: Map<number, http.ServerResponse> }>();
  #nextLoopbackRequest = 1;

  constructor(options: NodePlatformOptions = {}) {
    this.#options = options;
  }

  attach(sink: PlatformEventSink): void {
    this.#sink = sink;
  }

  /**
   * Hands an event to the addon. Input from the network or a local peer that the addon refuses
   * (a bound it enforces) runs `refused` instead of throwing out of a socket or server handler.
   */
  #deliver(call: (sink: PlatformEventSink) => void, refused?: () => void): void {
    const sink = this.#sink;
    if (!sink) return;
    try {
      call(sink);
    } catch {
      refused?.();
    }
  }

  /** Delivers on a later turn, and only while attached. */
  #later(deliver: (sink: PlatformEventSink) => void): void {
    setImmediate(() => this.#deliver(deliver));
  }

  now(): number {
    return this.#options.now ? this.#options.now() : Date.now();
  }

  startTimer(id: number, delayMs: number, keepAlive: boolean): void {
    const timer = setTimeout(() => {
      this.#timers.delete(id);
      this.#deliver((sink) => sink._OnTimer(id));
    }, Math.min(delayMs, 2 ** 31 - 1));
    if (!keepAlive) timer.unref();
    this.#timers.set(id, timer);
  }

  cancelTimer(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
  }

  sendHttp(id: number, method: string, url: string, headers: string[], body: string): void {
    const controller = new AbortController();
    this.#requests.set(id, controller);
    const headerPairs: Array<[string, string]> = [];
    for (let i = 0; i + 1 < headers.length; i += 2) headerPairs.push([headers[i], headers[i + 1]]);
    const init: RequestInit = { method, headers: headerPairs, signal: controller.signal, redirect: 'manual' };
    if (body.length > 0 && method !== 'GET' && method !== 'HEAD') init.body = body;
    void (async () => {
      try {
        const response = await fetch(url, init);
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > MAX_RESPONSE_BYTES) throw new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`);
        const text = await response.text();
        if (text.length > MAX_RESPONSE_BYTES) throw new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`);
        const flat: string[] = [];
        response.headers.forEach((value, name) => flat.push(name.toLowerCase(), value));
        if (!this.#requests.delete(id)) return; // cancelled meanwhile
        this.#deliver(
          (sink) => sink._OnHttpResponse(id, response.status, flat, text),
          () => this.#deliver((sink) => sink._OnHttpError(id, 'the response could not be read (a header or the body is too large)')),
        );
      } catch (error) {
        if (!this.#requests.delete(id)) return; // cancelled: the core already moved on
        this.#deliver((sink) => sink._OnHttpError(id, describeFetchError(error)));
      }
    })();
  }

  cancelHttp(id: number): void {
    const controller = this.#requests.get(id);
    this.#requests.delete(id);
    controller?.abort();
  }

  openIpc(id: number): void {
    let candidates: string[];
    try {
      candidates = this.#options.ipcPaths ? [...this.#options.ipcPaths()].filter((p) => typeof p === 'string') : ipcSocketPaths();
    } catch {
      candidates = []; // the app's ipcPaths threw: as if no local client were running
    }
    const tryNext = (index: number): void => {
      if (index >= candidates.length) {
        this.#later((sink) => sink._OnIpcClosed(id, 'no local client is listening'));
        return;
      }
      const socket = net.createConnection(candidates[index]);
      socket.unref(); // a background link: it must not keep a finished script alive
      let connected = false;
      socket.once('connect', () => {
        connected = true;
        this.#ipc.set(id, socket);
        this.#deliver((sink) => sink._OnIpcOpen(id));
      });
      socket.on('data', (chunk: Buffer) => {
        for (let at = 0; at < chunk.length; at += MAX_IPC_CHUNK) {
          const piece = chunk.subarray(at, at + MAX_IPC_CHUNK);
          this.#deliver((sink) => sink._OnIpcData(id, piece));
        }
      });
      socket.on('error', () => {
        if (!connected) tryNext(index + 1);
      });
      socket.on('close', () => {
        if (!connected) return;
        if (this.#ipc.delete(id)) this.#deliver((sink) => sink._OnIpcClosed(id, 'the local client closed the connection'));
      });
    };
    tryNext(0);
  }

  writeIpc(id: number, bytes: Buffer): void {
    const socket = this.#ipc.get(id);
    if (socket && !socket.destroyed) socket.write(bytes);
  }

  closeIpc(id: number): void {
    const socket = this.#ipc.get(id);
    this.#ipc.delete(id);
    socket?.end();
    socket?.destroy();
  }

  openWebSocket(id: number, url: string): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, { maxPayload: 16 * 1024 * 1024, perMessageDeflate: false });
    } catch (error) {
      this.#later((sink) => sink._OnWebSocketClosed(id, 1006, shorten((error as Error).message)));
      return;
    }
    this.#sockets.set(id, socket);
    socket.on('open', () => this.#deliver((sink) => sink._OnWebSocketOpen(id)));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      // Refused (larger than the addon takes once decoded): the connection is closed as a
      // protocol violation and the core reconnects.
      this.#deliver((sink) => sink._OnWebSocketMessage(id, data.toString()), () => socket.close(1009, 'message too big'));
    });
    socket.on('error', () => {
      // 'close' follows with the code; the error text adds nothing the core can act on.
    });
    socket.on('close', (code, reason) => {
      if (this.#sockets.delete(id)) this.#deliver((sink) => sink._OnWebSocketClosed(id, code, shorten(reason.toString())));
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
      this.#deliver((sink) => sink._OnLoopbackRequest(id, requestId, req.url!), () => {
        pending.delete(requestId);
        res.writeHead(400).end();
      });
    });
    this.#listeners.set(id, { server, pending });
    server.on('error', (error) => {
      if (this.#listeners.delete(id)) this.#deliver((sink) => sink._OnLoopbackListening(id, 0, shorten(error.message)));
    });
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      this.#deliver((sink) => sink._OnLoopbackListening(id, port, port ? '' : 'no port'));
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

  openUrl(url: string): boolean {
    if (this.#options.openUrl) {
      try {
        return this.#options.openUrl(url) !== false;
      } catch {
        return false;
      }
    }
    return openInSystemBrowser(url);
  }

  /** Releases every resource (the Client was disposed). */
  close(): void {
    this.#sink = undefined;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const controller of this.#requests.values()) controller.abort();
    this.#requests.clear();
    for (const socket of this.#ipc.values()) socket.destroy();
    this.#ipc.clear();
    for (const socket of this.#sockets.values()) socket.terminate();
    this.#sockets.clear();
    for (const { server } of this.#listeners.values()) {
      server.close();
      server.closeAllConnections();
    }
    this.#listeners.clear();
  }
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return shorten(`${cause.code}: ${cause.message ?? 'connection failed'}`);
  return shorten(error instanceof Error ? error.message : String(error));
}

/** Peer-chosen text (close reasons, error messages) within the addon's bound for such text. */
function shorten(text: string): string {
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}
