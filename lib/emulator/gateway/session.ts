// One gateway session: the protocol state machine of a connection (Hello, Identify / Resume,
// heartbeats with a timeout, the sending limit, commands) and the numbered, buffered dispatch
// stream that a Resume replays.
import type WebSocket from 'ws';
import type { Emulator } from '../emulator';
import type { Application, User } from '../model/types';
import { accessToken } from '../domain/authorizations';
import { PRIVILEGED_INTENTS, privilegedIntentsOf } from '../domain/privileged_intents';
import { newSecret } from '../secrets';
import {
  ALL_INTENTS,
  CAPABILITY_CHANNEL_OBFUSCATION,
  Close,
  Op,
  RESUME_BUFFER_EVENTS,
  SEND_LIMIT,
  SEND_WINDOW_MS,
} from './protocol';

export interface SessionIdentity {
  kind: 'user' | 'bot';
  user: User;
  app: Application;
  token: string;
  intents: number;
  obfuscation: boolean;
  /** The presence Identify carried ({status, activities, ...}), if any. */
  presence?: unknown;
}

export interface SessionHooks {
  emu: Emulator;
  heartbeatIntervalMs: number;
  resumeUrl: string;
  /** A Resume: the retained session with this id, if the token matches. */
  findResumable(sessionId: string, token: string): Session | undefined;
  onIdentified(session: Session): void;
  onCommand(session: Session, op: number, d: unknown): void;
  onClosed(session: Session): void;
  /** `temporary` (the connection's own session) handed its socket to `resumed`. */
  onResumed(temporary: Session, resumed: Session): void;
}

export class Session {
  readonly id = newSecret('', 16);
  identity: SessionIdentity | null = null;
  socket: WebSocket | null;
  seq = 0;
  /**
   * Dispatches not yet acknowledged by a heartbeat, for Resume. `data` is the event's JSON,
   * serialized once and shared by every session that gets the event; the frame is built on send.
   */
  readonly buffer: Array<{ seq: number; type: string; data: string }> = [];
  closedAt: number | null = null;
  /** False once the session can no longer be resumed (heartbeat timeout, revoked token). */
  resumable = true;
  #heartbeatTimer: NodeJS.Timeout | undefined;
  #listeners = new Map<WebSocket, { message: (data: WebSocket.RawData, isBinary: boolean) => void; close: () => void }>();
  #received: number[] = [];
  #lastHeartbeatSeq = -1;

  constructor(
    socket: WebSocket,
    private readonly hooks: SessionHooks,
  ) {
    this.socket = socket;
    this.#sendRaw(JSON.stringify({ op: Op.Hello, d: { heartbeat_interval: hooks.heartbeatIntervalMs }, s: null, t: null }));
    this.#armHeartbeatTimeout();
    this.#attach(socket);
  }

  /** Sends one dispatch, numbered and kept for Resume. `dataJson` is already serialized. */
  dispatch(type: string, dataJson: string): void {
    this.seq += 1;
    this.buffer.push({ seq: this.seq, type, data: dataJson });
    if (this.buffer.length > RESUME_BUFFER_EVENTS) this.buffer.shift();
    this.#sendRaw(frame(this.seq, type, dataJson));
  }

  close(code: number, reason: string): void {
    if (this.socket && this.socket.readyState <= 1) this.socket.close(code, reason);
  }

  /** Moves a retained session onto a new socket and replays what it missed after `seq`. */
  adopt(socket: WebSocket, afterSeq: number): boolean {
    const oldest = this.buffer.length > 0 ? this.buffer[0].seq : this.seq + 1;
    if (afterSeq > this.seq || afterSeq < oldest - 1) return false;
    this.socket = socket;
    this.closedAt = null;
    this.#lastHeartbeatSeq = afterSeq;
    for (const entry of this.buffer) if (entry.seq > afterSeq) this.#sendRaw(frame(entry.seq, entry.type, entry.data));
    this.dispatch('RESUMED', '{}');
    return true;
  }

  /**
   * Stops listening to `socket` (handed to another session, or dropped). Only this session's own
   * listeners go: the WebSocketServer's must stay, or it never learns that the socket closed.
   */
  detachSocketListeners(socket: WebSocket): void {
    const listeners = this.#listeners.get(socket);
    if (!listeners) return;
    socket.off('message', listeners.message);
    socket.off('close', listeners.close);
    this.#listeners.delete(socket);
  }

  /** After a Resume the new socket's events belong to this session. */
  listen(socket: WebSocket): void {
    this.#attach(socket);
    this.#armHeartbeatTimeout();
  }

  #attach(socket: WebSocket): void {
    const listeners = {
      message: (data: WebSocket.RawData, isBinary: boolean) => this.#onMessage(isBinary ? null : data.toString()),
      close: () => {
        this.#listeners.delete(socket);
        if (this.socket === socket) this.#onSocketClosed();
      },
    };
    this.#listeners.set(socket, listeners);
    socket.on('message', listeners.message);
    socket.on('close', listeners.close);
    socket.on('error', () => {}); // stays: an error after a hand-over must not crash the emulator
  }

  #sendRaw(text: string): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(text);
  }

  #armHeartbeatTimeout(): void {
    clearTimeout(this.#heartbeatTimer);
    // A client that stops beating for 1.5 intervals is gone (zombie).
    // The session is over then: a Resume of it gets Invalid Session.
    this.#heartbeatTimer = setTimeout(() => {
      this.resumable = false;
      this.close(Close.SessionTimedOut, 'Heartbeat timeout');
    }, this.hooks.heartbeatIntervalMs * 1.5);
    this.#heartbeatTimer.unref();
  }

  #onSocketClosed(): void {
    clearTimeout(this.#heartbeatTimer);
    this.socket = null;
    this.closedAt = this.hooks.emu.now();
    this.hooks.onClosed(this);
  }

  #onMessage(text: string | null): void {
    // 120 events per 60 s per connection.
    const now = Date.now();
    this.#received.push(now);
    while (this.#received.length > 0 && this.#received[0] <= now - SEND_WINDOW_MS) this.#received.shift();
    if (this.#received.length > SEND_LIMIT) return this.close(Close.RateLimited, 'You are being rate limited.');
    if (text === null) return this.close(Close.DecodeError, 'Binary frames are not supported (encoding=json)');
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(text);
    } catch {
      return this.close(Close.DecodeError, 'Error while decoding payload.');
    }
    if (typeof payload !== 'object' || payload === null || typeof payload.op !== 'number') {
      return this.close(Close.DecodeError, 'Error while decoding payload.');
    }
    switch (payload.op) {
      case Op.Heartbeat: {
        const d = payload.d;
        if (d !== null && d !== undefined && (typeof d !== 'number' || !Number.isInteger(d))) {
          return this.close(Close.DecodeError, 'Heartbeat d must be the last sequence number or null');
        }
        // A heartbeat acknowledging events that were never sent, or going back behind an
        // earlier heartbeat, is out of order.
        if (typeof d === 'number' && d > this.seq) return this.close(Close.InvalidSeq, 'Invalid seq in heartbeat');
        if (typeof d === 'number' && d < this.#lastHeartbeatSeq) return this.close(Close.InvalidSeq, 'Heartbeat seq went backwards');
        if (typeof d === 'number') {
          this.#lastHeartbeatSeq = d;
          // Received for sure: a later Resume starts after d, so the buffer can let go of it.
          let drop = 0;
          while (drop < this.buffer.length && this.buffer[drop].seq <= d) drop++;
          if (drop > 0) this.buffer.splice(0, drop);
        }
        this.#armHeartbeatTimeout();
        this.#sendRaw(JSON.stringify({ op: Op.HeartbeatAck, d: null, s: null, t: null }));
        return;
      }
      case Op.Identify:
        return this.#identify(payload.d);
      case Op.Resume:
        return this.#resume(payload.d);
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestGuildMembers:
      case Op.RequestSoundboardSounds:
      case Op.RequestChannelInfo:
        if (!this.identity) return this.close(Close.NotAuthenticated, 'Not authenticated.');
        return this.hooks.onCommand(this, payload.op, payload.d);
      default:
        return this.close(Close.UnknownOpcode, `Unknown opcode ${payload.op}`);
    }
  }

  #authenticate(raw: unknown): { user: User; app: Application; kind: 'user' | 'bot'; token: string } | null {
    if (typeof raw !== 'string' || raw.length > 512) return null;
    const emu = this.hooks.emu;
    const bearer = /^Bearer\s+(.+)$/.exec(raw);
    if (bearer) {
      const record = accessToken(emu, bearer[1]);
      const user = record?.userId ? emu.user(record.userId) : undefined;
      const app = record ? emu.app(record.applicationId) : undefined;
      return record && user && app ? { user, app, kind: 'user', token: raw } : null;
    }
    const botToken = raw.replace(/^Bot\s+/, '');
    for (const app of emu.state.applications.values()) {
      if (app.botToken === botToken) {
        const user = emu.user(app.botUserId);
        return user ? { user, app, kind: 'bot', token: raw } : null;
      }
    }
    // A user's access token may also come bare.
    const record = accessToken(emu, raw);
    const user = record?.userId ? emu.user(record.userId) : undefined;
    const app = record ? emu.app(record.applicationId) : undefined;
    return record && user && app ? { user, app, kind: 'user', token: raw } : null;
  }

  #identify(d: unknown): void {
    if (this.identity) return this.close(Close.AlreadyAuthenticated, 'You sent more than one identify payload.');
    if (typeof d !== 'object' || d === null) return this.close(Close.DecodeError, 'Identify needs an object');
    const body = d as Record<string, unknown>;
    const auth = this.#authenticate(body.token);
    if (!auth) return this.close(Close.AuthenticationFailed, 'Authentication failed.');
    let intents = 0;
    if (auth.kind === 'bot') {
      if (typeof body.intents !== 'number' || !Number.isInteger(body.intents) || body.intents < 0 || body.intents > ALL_INTENTS) {
        return this.close(Close.InvalidIntents, 'Invalid intent(s).');
      }
      intents = body.intents;
      if ((intents & PRIVILEGED_INTENTS & ~privilegedIntentsOf(this.hooks.emu, auth.app.id)) !== 0) return this.close(Close.DisallowedIntents, 'Disallowed intent(s).');
    }
    if (body.shard !== undefined) {
      const shard = body.shard;
      if (!Array.isArray(shard) || shard.length !== 2 || shard[0] !== 0 || shard[1] !== 1) return this.close(Close.InvalidShard, 'Invalid shard.');
    }
    const capabilities = typeof body.capabilities === 'number' ? body.capabilities : 0;
    this.identity = {
      ...auth,
      intents,
      // The opt-in is Identify's capability or the portal's Private Channel Obfuscation toggle (spec).
      obfuscation: auth.kind === 'bot' && ((capabilities & CAPABILITY_CHANNEL_OBFUSCATION) !== 0 || auth.app.privateChannelObfuscation === true),
      presence: body.presence,
    };
    this.hooks.onIdentified(this);
  }

  #resume(d: unknown): void {
    if (this.identity) return this.close(Close.AlreadyAuthenticated, 'Already authenticated.');
    const body = (typeof d === 'object' && d !== null ? d : {}) as Record<string, unknown>;
    const auth = this.#authenticate(body.token);
    if (!auth) return this.close(Close.AuthenticationFailed, 'Authentication failed.');
    const seq = body.seq;
    const retained = typeof body.session_id === 'string' ? this.hooks.findResumable(body.session_id, String(body.token)) : undefined;
    const socket = this.socket!;
    if (!retained || typeof seq !== 'number' || !Number.isInteger(seq)) {
      this.#sendRaw(JSON.stringify({ op: Op.InvalidSession, d: false, s: null, t: null }));
      return;
    }
    // This connection becomes the retained session.
    clearTimeout(this.#heartbeatTimer);
    this.detachSocketListeners(socket);
    this.socket = null;
    if (!retained.adopt(socket, seq)) {
      retained.socket = null;
      this.hooks.onClosed(retained);
      this.socket = socket;
      this.listen(socket);
      this.#sendRaw(JSON.stringify({ op: Op.InvalidSession, d: false, s: null, t: null }));
      return;
    }
    retained.listen(socket);
    this.hooks.onResumed(this, retained);
  }
}

function frame(seq: number, type: string, dataJson: string): string {
  return `{"op":0,"s":${seq},"t":"${type}","d":${dataJson}}`;
}
