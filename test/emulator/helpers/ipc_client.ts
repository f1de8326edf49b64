// A minimal local-RPC client for tests (docs/protocols/ipc.md): 8-byte little-endian header (opcode,
// length) and UTF-8 JSON; records every frame, waits for the ones a test names, sends raw bytes
// for the bad-input cases, and reports the CLOSE frame and the socket's end.
import net from 'node:net';

export const Op = { Handshake: 0, Frame: 1, Close: 2, Ping: 3, Pong: 4 } as const;

export interface IpcFrame {
  opcode: number;
  raw: string;
  json: any;
}

export function encode(opcode: number, payload: unknown): Buffer {
  const body = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload), 'utf8');
  const header = Buffer.alloc(8);
  header.writeUInt32LE(opcode, 0);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

export function header(opcode: number, length: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeUInt32LE(opcode, 0);
  buffer.writeUInt32LE(length, 4);
  return buffer;
}

type FrameMatcher = (frame: IpcFrame) => boolean;

let nonceCounter = 0;

export class IpcClient {
  readonly frames: IpcFrame[] = [];
  /** Resolves when the socket is gone, with the CLOSE frame's payload if one came. */
  readonly ended: Promise<{ close: { code: number; message: string } | null }>;
  #buffer = Buffer.alloc(0);
  readonly #waiters = new Set<{ match: FrameMatcher; from: number; resolve: (f: IpcFrame) => void }>();

  private constructor(readonly socket: net.Socket) {
    this.ended = new Promise((resolve) => {
      socket.on('close', () => {
        const close = this.frames.find((f) => f.opcode === Op.Close);
        resolve({ close: close ? close.json : null });
      });
    });
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
  }

  static connect(path: string): Promise<IpcClient> {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection(path);
      socket.once('connect', () => resolve(new IpcClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Connects and handshakes; returns READY's data. */
  static async ready(path: string, clientId: string): Promise<{ client: IpcClient; ready: any }> {
    const client = await IpcClient.connect(path);
    const ready = await client.handshake(clientId);
    return { client, ready };
  }

  #onData(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    while (this.#buffer.length >= 8) {
      const opcode = this.#buffer.readUInt32LE(0);
      const length = this.#buffer.readUInt32LE(4);
      if (this.#buffer.length < 8 + length) break;
      const raw = this.#buffer.subarray(8, 8 + length).toString('utf8');
      this.#buffer = this.#buffer.subarray(8 + length);
      let json: any = undefined;
      try {
        json = JSON.parse(raw);
      } catch {
        // PONG payloads are echoed as sent; they need not be JSON.
      }
      const frame = { opcode, raw, json };
      this.frames.push(frame);
      const index = this.frames.length - 1;
      for (const waiter of this.#waiters) {
        if (index >= waiter.from && waiter.match(frame)) {
          this.#waiters.delete(waiter);
          waiter.resolve(frame);
        }
      }
    }
  }

  mark(): number {
    return this.frames.length;
  }

  send(opcode: number, payload: unknown): void {
    this.socket.write(encode(opcode, payload));
  }

  sendRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  waitFor(match: FrameMatcher, options: { from?: number; timeoutMs?: number } = {}): Promise<IpcFrame> {
    const from = options.from ?? 0;
    for (let i = from; i < this.frames.length; i++) if (match(this.frames[i])) return Promise.resolve(this.frames[i]);
    return new Promise((resolve, reject) => {
      const waiter = { match, from, resolve: (_: IpcFrame) => undefined as void };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`timed out waiting for an IPC frame (got ${this.frames.length}: ${this.frames.slice(-3).map((f) => f.raw.slice(0, 120)).join(' | ')})`));
      }, options.timeoutMs ?? 5000);
      waiter.resolve = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
      this.#waiters.add(waiter);
    });
  }

  /** A DISPATCH of event `evt` (from index `from`). */
  event(evt: string, options: { from?: number; timeoutMs?: number } = {}): Promise<any> {
    return this.waitFor((f) => f.opcode === Op.Frame && f.json?.cmd === 'DISPATCH' && f.json?.evt === evt, options).then((f) => f.json.data);
  }

  async handshake(clientId: string, v: unknown = 1): Promise<any> {
    const from = this.mark();
    this.send(Op.Handshake, { v, client_id: clientId });
    return this.event('READY', { from });
  }

  /** Sends a command and resolves with its whole reply envelope (matched by nonce). */
  async command(cmd: string, args: unknown = {}, evt?: string): Promise<any> {
    const nonce = `n-${++nonceCounter}`;
    const message: Record<string, unknown> = { cmd, args, nonce };
    if (evt !== undefined) message.evt = evt;
    this.send(Op.Frame, message);
    return (await this.waitFor((f) => f.opcode === Op.Frame && f.json?.nonce === nonce)).json;
  }

  /** PING with `payload` and waits for its PONG; returns the PONG's raw payload. */
  async ping(payload = `{"probe":${++nonceCounter}}`, timeoutMs = 5000): Promise<string> {
    const from = this.mark();
    this.send(Op.Ping, payload);
    return (await this.waitFor((f) => f.opcode === Op.Pong && f.raw === payload, { from, timeoutMs })).raw;
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  close(): void {
    this.socket.destroy();
  }
}
