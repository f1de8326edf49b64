// A minimal gateway client for tests (docs/protocols/gateway.md): records every payload it receives, waits
// for the ones a test names (bounded by a timeout), and reports how its socket closed.
import WebSocket from 'ws';
import { scaledMs } from '../../load_factor';

export interface GatewayPayload {
  op: number;
  d: any;
  s: number | null;
  t: string | null;
}

export type Matcher = (payload: GatewayPayload) => boolean;

export const dispatchOf = (type: string, where: (d: any) => boolean = () => true): Matcher => (p) => p.op === 0 && p.t === type && where(p.d);

interface Waiter {
  match: Matcher;
  from: number;
  resolve: (payload: GatewayPayload) => void;
}

export class GatewayClient {
  readonly received: GatewayPayload[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  closeCode: number | null = null;
  readonly #waiters = new Set<Waiter>();
  readonly #listeners = new Set<(payload: GatewayPayload) => void>();

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeCode = code;
        resolve({ code, reason: reason.toString() });
      });
    });
    ws.on('error', () => {});
    ws.on('message', (data, isBinary) => {
      // The voice gateway's DAVE messages are binary: u16 seq ‖ u8 op ‖ payload (the payload as d).
      const bytes = data as Buffer;
      const payload = isBinary
        ? ({ op: bytes[2], d: bytes.subarray(3), s: null, t: null, seq: bytes.readUInt16BE(0), binary: true } as GatewayPayload)
        : (JSON.parse(data.toString()) as GatewayPayload);
      this.received.push(payload);
      for (const listener of this.#listeners) listener(payload);
      const index = this.received.length - 1;
      for (const waiter of this.#waiters) {
        if (index >= waiter.from && waiter.match(payload)) {
          this.#waiters.delete(waiter);
          waiter.resolve(payload);
        }
      }
    });
  }

  /** Opens a socket to `url` (the emulator's gatewayUrl plus a query) and waits for Hello. */
  static async connect(url: string, options: { waitHello?: boolean; ws?: WebSocket.ClientOptions } = {}): Promise<GatewayClient> {
    const ws = new WebSocket(url, options.ws);
    const client = new GatewayClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (options.waitHello !== false) await client.waitFor((p) => p.op === 10);
    return client;
  }

  /** Calls `listener` with every payload received from now on; returns the unsubscribe. */
  onPayload(listener: (payload: GatewayPayload) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  send(payload: unknown): void {
    this.ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  /** The index the next received payload will have: pass it as `from` to wait only for later ones. */
  mark(): number {
    return this.received.length;
  }

  /**
   * The first payload (at index >= from) that matches, waiting up to `timeoutMs` (by default 5 s,
   * scaled by the machine's load: a starved CPU delays every peer's answer).
   */
  waitFor(match: Matcher, options: { from?: number; timeoutMs?: number } = {}): Promise<GatewayPayload> {
    const from = options.from ?? 0;
    for (let i = from; i < this.received.length; i++) if (match(this.received[i])) return Promise.resolve(this.received[i]);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, from, resolve: () => undefined };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`timed out waiting for a gateway payload (got ${this.received.length}: ${this.received.slice(-5).map((p) => p.t ?? `op ${p.op}`).join(', ')})`));
      }, options.timeoutMs ?? scaledMs(5000));
      waiter.resolve = (payload) => {
        clearTimeout(timer);
        resolve(payload);
      };
      this.#waiters.add(waiter);
    });
  }

  /** Every dispatch of `type` received so far (from index `from`). */
  dispatches(type: string, from = 0): any[] {
    return this.received.slice(from).filter((p) => p.op === 0 && p.t === type).map((p) => p.d);
  }

  /** The highest sequence number received. */
  get lastSeq(): number | null {
    let seq: number | null = null;
    for (const p of this.received) if (p.s !== null && (seq === null || p.s > seq)) seq = p.s;
    return seq;
  }

  /** Waits `ms` and returns what arrived meanwhile that matches (for "nothing happens" checks). */
  async collectFor(ms: number, match: Matcher = () => true): Promise<GatewayPayload[]> {
    const from = this.mark();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.received.slice(from).filter(match);
  }

  identify(token: string, extra: Record<string, unknown> = {}): void {
    this.send({ op: 2, d: { token, properties: { os: 'linux', browser: 'sdkpp-test', device: 'sdkpp-test' }, ...extra } });
  }

  /** Identifies with a user's access token ("Bearer <token>") and returns READY's data. */
  async identifyUser(accessToken: string): Promise<any> {
    const from = this.mark();
    this.identify(`Bearer ${accessToken}`);
    return (await this.waitFor(dispatchOf('READY'), { from })).d;
  }

  /** Identifies as a bot and returns READY's data (GUILD_CREATE follows). */
  async identifyBot(botToken: string, intents: number, capabilities?: number): Promise<any> {
    const from = this.mark();
    this.identify(`Bot ${botToken}`, capabilities === undefined ? { intents } : { intents, capabilities });
    return (await this.waitFor(dispatchOf('READY'), { from })).d;
  }

  heartbeat(seq: number | null = this.lastSeq): void {
    this.send({ op: 1, d: seq });
  }

  close(): void {
    if (this.ws.readyState <= WebSocket.OPEN) this.ws.terminate();
  }
}

/** Closes every client still open (for afterAll / afterEach). */
export function closeAll(clients: Iterable<GatewayClient>): void {
  for (const client of clients) client.close();
}
