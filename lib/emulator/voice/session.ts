// One member's voice session: what survives a lost socket for a Resume (SSRC, key and mode, the
// numbered messages, the pinned UDP address, nonce counters) and the socket it speaks on now.
import type WebSocket from 'ws';
import type { Call } from './calls';
import { BUFFERED_RESUME_VERSION, type TransportMode } from './protocol';
import { ReplayBuffer } from './replay_buffer';

export interface UdpAddress {
  address: string;
  port: number;
}

/** Sliding window of the last 64 nonce counters seen from a sender, for replay detection. */
export class NonceWindow {
  #highest = -1;
  #mask = 0n;

  /** Whether `counter` is new (not replayed, not older than the window). */
  fresh(counter: number): boolean {
    if (this.#highest < 0) return true;
    const ahead = (counter - this.#highest) >>> 0;
    if (ahead !== 0 && ahead < 0x80000000) return true;
    const behind = (this.#highest - counter) >>> 0;
    return behind < 64 && ((this.#mask >> BigInt(behind)) & 1n) === 0n;
  }

  /** Records an authenticated counter. */
  accept(counter: number): void {
    if (this.#highest < 0) {
      this.#highest = counter;
      this.#mask = 1n;
      return;
    }
    const ahead = (counter - this.#highest) >>> 0;
    if (ahead !== 0 && ahead < 0x80000000) {
      this.#mask = ahead >= 64 ? 1n : ((this.#mask << BigInt(ahead)) | 1n) & 0xffffffffffffffffn;
      this.#highest = counter;
    } else {
      this.#mask |= 1n << BigInt((this.#highest - counter) >>> 0);
    }
  }
}

export class VoiceSession {
  socket: WebSocket | null = null;
  /** False once a Resume of it must fail (forgotten, timed out, replaced). */
  resumable = true;
  mode: TransportMode | null = null;
  key: Buffer | null = null;
  udp: UdpAddress | null = null;
  /** Addresses that asked IP discovery for this SSRC, newest last (a few): Select Protocol may name one. */
  discoveredFrom: UdpAddress[] = [];
  speaking = 0;
  /** The counter of the next packet this member receives (re-sealed for it). */
  outCounter = 0;
  inWindow = new NonceWindow();
  /** Token bucket of the per-member packet rate. */
  tokens: number;
  tokensAt: number;
  /**
   * Token bucket of packets from other addresses the relay tries to open (a NAT rebind's proof):
   * a flood of forgeries with this member's SSRC costs at most this many decryptions a second.
   */
  moveTokens: number;
  moveTokensAt: number;
  udpBlockedUntil = 0;
  /** The DAVE version this member can speak: Identify's max_dave_protocol_version, capped by the server's. */
  daveVersion = 0;
  /** Whether it has its Session Description (and so can take DAVE messages). */
  described = false;
  readonly replay: ReplayBuffer;
  /** Cancels the retention deadline of a socket-less session. */
  cancelRetention: (() => void) | null = null;

  constructor(
    readonly userId: string,
    readonly call: Call,
    readonly mainSessionId: string,
    readonly token: string,
    readonly ssrc: number,
    public version: number,
    now: () => number,
    packetsPerSecond: number,
  ) {
    this.replay = new ReplayBuffer(now);
    this.tokens = packetsPerSecond;
    this.tokensAt = now();
    this.moveTokens = packetsPerSecond;
    this.moveTokensAt = this.tokensAt;
  }

  /** Sends a server message; from v8 on, Speaking and Clients Connect/Disconnect are numbered. */
  send(op: number, d: unknown, numbered = false): void {
    const text = numbered && this.version >= BUFFERED_RESUME_VERSION ? this.replay.push({ op, d }) : JSON.stringify({ op, d });
    if (this.socket && this.socket.readyState === 1) this.socket.send(text);
  }

  /** A DAVE binary message, numbered (`u16 seq ‖ u8 op ‖ payload`). */
  sendBinary(op: number, payload: Buffer): void {
    const frame = this.replay.pushBinary(op, payload);
    if (this.socket && this.socket.readyState === 1) this.socket.send(frame);
  }

  sendRaw(text: string | Buffer): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(text);
  }

  /** Ends the session's key material: it must not outlive the call. */
  wipe(): void {
    this.key?.fill(0);
    this.key = null;
  }
}
