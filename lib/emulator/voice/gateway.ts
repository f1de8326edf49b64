// The voice gateway (docs/protocols/voice-gateway.md–2.4, §8): Hello, Identify with the voice token, Ready, Select
// Protocol, Session Description, heartbeats (v8 `{t, seq_ack}`, before v8 a bare nonce) with a
// 1.5-interval timeout, Speaking relayed with user_id, Clients Connect / Client Disconnect, and
// Resume replaying the numbered messages a client missed. Bad input closes with the code of the
// table and is counted. DAVE (docs/protocols/dave.md): Identify's max_dave_protocol_version, 4017 when DAVE
// is required and missing, and the DAVE messages, handed to the call's DaveCallGroup; a binary
// message it cannot use is counted and ignored.
import { randomBytes, randomInt } from 'node:crypto';
import type WebSocket from 'ws';
import { serverIdOf, type Call, type CallRegistry, type LeaveReason } from './calls';
import { DaveCallGroup } from './dave/call_group';
import { ExternalSender } from './dave/external_sender';
import type { VoicePort } from './port';
import {
  BUFFERED_RESUME_VERSION,
  DAVE_PROTOCOL_VERSION,
  HEARTBEAT_TIMEOUT_INTERVALS,
  isTransportMode,
  MAX_DAVE_BINARY_BYTES,
  MAX_JSON_BYTES,
  MAX_PACKETS_PER_SECOND,
  MESSAGE_LIMIT,
  MESSAGE_WINDOW_MS,
  VOICE_SESSION_RETENTION_MS,
  VoiceClose,
  VoiceOp,
  type TransportMode,
} from './protocol';
import { VoiceSession } from './session';
import type { VoiceStats } from './stats';
import { KEY_BYTES } from './transport_crypto';

export interface VoiceGatewayOptions {
  heartbeatIntervalMs: number;
  udpPort: number;
  /** Ready's `ip`: the address clients send UDP media to. */
  mediaAddress: string;
  /** The modes Ready offers, in the server's order of preference. */
  modes(): readonly TransportMode[];
  /** Whether a member without DAVE is refused (4017) rather than downgrading the call. */
  daveRequired(): boolean;
}

class Refusal {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {}
}

const CLOSE_FOR_LEAVE: Record<LeaveReason, number> = {
  left: VoiceClose.Disconnected,
  kicked: VoiceClose.Disconnected,
  removed: VoiceClose.Disconnected,
  'session-ended': VoiceClose.Disconnected,
  'call-ended': VoiceClose.CallTerminated,
};

export class VoiceGateway {
  /** Sessions by `${channelId}:${userId}`: one per member of a call. */
  readonly #sessions = new Map<string, VoiceSession>();
  readonly #bySsrc = new Map<number, VoiceSession>();
  readonly #sockets = new Set<WebSocket>();
  /** The DAVE state of each call, by channel id. */
  readonly #dave = new Map<string, DaveCallGroup>();
  /** The emulator's MLS external sender: one signing key for every call. */
  readonly #externalSender = new ExternalSender();

  constructor(
    private readonly port: VoicePort,
    private readonly calls: CallRegistry,
    private readonly stats: VoiceStats,
    private readonly options: VoiceGatewayOptions,
  ) {
    calls.setListener({ memberLeft: (call, userId, reason) => this.#memberLeft(call, userId, reason) });
  }

  bySsrc(ssrc: number): VoiceSession | undefined {
    return this.#bySsrc.get(ssrc);
  }

  /** Every session in the same call as `session`, itself excluded. */
  *peersOf(session: VoiceSession): Iterable<VoiceSession> {
    for (const userId of session.call.members.keys()) {
      if (userId === session.userId) continue;
      const peer = this.#sessions.get(`${session.call.channelId}:${userId}`);
      if (peer) yield peer;
    }
  }

  sessions(filter: { userId?: string } = {}): VoiceSession[] {
    return [...this.#sessions.values()].filter((s) => filter.userId === undefined || s.userId === filter.userId);
  }

  /** A new WebSocket: Hello, then the handshake. */
  accept(socket: WebSocket, version: number): void {
    this.#sockets.add(socket);
    let session: VoiceSession | null = null;
    const received: number[] = [];
    let cancelHeartbeat: () => void = () => {};
    const close = (code: number, reason: string) => {
      this.stats.closed(code);
      if (session && (code === VoiceClose.SessionTimeout || code === VoiceClose.SessionNoLongerValid)) session.resumable = false;
      if (socket.readyState <= 1) socket.close(code, reason);
    };
    // Real time, as the main gateway's: clients beat on their own clock, so advancing the
    // emulator clock (to reach an idle timeout, say) must not time every voice socket out.
    const armHeartbeat = () => {
      cancelHeartbeat();
      const timer = setTimeout(() => close(VoiceClose.SessionTimeout, 'Heartbeat timeout'), this.options.heartbeatIntervalMs * HEARTBEAT_TIMEOUT_INTERVALS);
      timer.unref();
      cancelHeartbeat = () => clearTimeout(timer);
    };
    const send = (op: number, d: unknown) => {
      if (socket.readyState === 1) socket.send(JSON.stringify({ op, d }));
    };
    send(VoiceOp.Hello, { heartbeat_interval: this.options.heartbeatIntervalMs });
    armHeartbeat();

    socket.on('error', () => {});
    socket.on('close', () => {
      cancelHeartbeat();
      this.#sockets.delete(socket);
      if (session && session.socket === socket) this.#socketLost(session);
    });
    socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      if (socket.readyState !== 1) return;
      const now = this.port.now();
      received.push(now);
      while (received.length > 0 && received[0] <= now - MESSAGE_WINDOW_MS) received.shift();
      if (received.length > MESSAGE_LIMIT) return close(VoiceClose.RateLimited, 'Rate limited');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // Binary frames carry DAVE's MLS messages (client ones: u8 op ‖ payload).
      if (isBinary) {
        if (!session) return close(VoiceClose.NotAuthenticated, 'Not authenticated');
        return this.#daveBinary(session, bytes);
      }
      if (bytes.length > MAX_JSON_BYTES) return close(VoiceClose.DecodeError, `A JSON message is at most ${MAX_JSON_BYTES} bytes`);
      let payload: unknown;
      try {
        payload = JSON.parse(bytes.toString('utf8'));
      } catch {
        return close(VoiceClose.DecodeError, 'Not JSON');
      }
      const message = payload as { op?: unknown; d?: unknown };
      if (typeof payload !== 'object' || payload === null || !Number.isInteger(message.op)) return close(VoiceClose.DecodeError, 'A message is an object with an integer op');
      try {
        const op = message.op as number;
        if (op === VoiceOp.Heartbeat) {
          const ack = this.#heartbeat(session, version, message.d);
          armHeartbeat();
          return send(VoiceOp.HeartbeatAck, ack);
        }
        if (op === VoiceOp.Identify || op === VoiceOp.Resume) {
          if (session) throw new Refusal(VoiceClose.AlreadyAuthenticated, 'Already authenticated');
          session = op === VoiceOp.Identify ? this.#identify(socket, version, message.d) : this.#resume(socket, version, message.d);
          return;
        }
        if (op === VoiceOp.SelectProtocol || op === VoiceOp.Speaking) {
          if (!session) throw new Refusal(VoiceClose.NotAuthenticated, 'Not authenticated');
          return op === VoiceOp.SelectProtocol ? this.#selectProtocol(session, message.d) : this.#speaking(session, message.d);
        }
        if (op === VoiceOp.DaveTransitionReady || op === VoiceOp.DaveMlsInvalidCommitWelcome) {
          if (!session) throw new Refusal(VoiceClose.NotAuthenticated, 'Not authenticated');
          return this.#daveJson(session, op, message.d);
        }
        throw new Refusal(VoiceClose.UnknownOpcode, `Unknown opcode ${op}`);
      } catch (error) {
        if (error instanceof Refusal) return close(error.code, error.reason);
        throw error;
      }
    });
  }

  /** Cuts sockets without a close frame (a network failure); sessions stay resumable. */
  drop(filter: { userId?: string } = {}): number {
    let dropped = 0;
    for (const session of this.sessions(filter)) {
      if (!session.socket) continue;
      session.socket.terminate();
      dropped++;
    }
    return dropped;
  }

  /** Closes every socket with `code` (4015: the voice server crashed); sessions stay resumable. */
  closeAll(code: number, reason: string): number {
    let closed = 0;
    for (const socket of this.#sockets) {
      if (socket.readyState > 1) continue;
      socket.close(code, reason);
      closed++;
    }
    return closed;
  }

  /** The user's sessions can no longer be resumed; a socket-less one goes at once. */
  forget(userId: string): number {
    const sessions = this.sessions({ userId });
    for (const session of sessions) {
      session.resumable = false;
      if (!session.socket) this.#discard(session);
    }
    return sessions.length;
  }

  /** The DAVE state of a call (tests and voiceStats read it). */
  daveGroup(channelId: string): DaveCallGroup | undefined {
    return this.#dave.get(channelId);
  }

  async close(): Promise<void> {
    for (const group of this.#dave.values()) group.close();
    for (const session of [...this.#sessions.values()]) session.cancelRetention?.();
    for (const socket of this.#sockets) socket.terminate();
  }

  #heartbeat(session: VoiceSession | null, version: number, d: unknown): unknown {
    if (version < BUFFERED_RESUME_VERSION) {
      if (typeof d !== 'number' || !Number.isFinite(d)) throw new Refusal(VoiceClose.DecodeError, 'A heartbeat before v8 is a number');
      return d;
    }
    const body = d as { t?: unknown; seq_ack?: unknown } | null;
    if (typeof body !== 'object' || body === null || typeof body.t !== 'number' || !Number.isFinite(body.t)) {
      throw new Refusal(VoiceClose.DecodeError, 'A v8 heartbeat is {t, seq_ack}');
    }
    if (body.seq_ack !== undefined && !Number.isInteger(body.seq_ack)) throw new Refusal(VoiceClose.DecodeError, 'seq_ack must be an integer');
    if (session && typeof body.seq_ack === 'number') session.replay.acknowledge(body.seq_ack);
    return { t: body.t };
  }

  #identify(socket: WebSocket, version: number, d: unknown): VoiceSession {
    const body = this.#object(d, 'Identify');
    for (const field of ['server_id', 'user_id', 'session_id', 'token'] as const) {
      if (typeof body[field] !== 'string') throw new Refusal(VoiceClose.DecodeError, `Identify: ${field} must be a string`);
    }
    const found = this.#memberByToken(body.token as string);
    if (!found) throw new Refusal(VoiceClose.AuthenticationFailed, 'Authentication failed');
    const { call, member } = found;
    if (serverIdOf(call) !== body.server_id) throw new Refusal(VoiceClose.ServerNotFound, 'Unknown server');
    if (member.userId !== body.user_id || member.sessionId !== body.session_id) throw new Refusal(VoiceClose.AuthenticationFailed, 'Authentication failed');
    const maxDave = body.max_dave_protocol_version ?? 0;
    if (!Number.isInteger(maxDave) || (maxDave as number) < 0) throw new Refusal(VoiceClose.DecodeError, 'Identify: max_dave_protocol_version must be an integer >= 0');
    // DAVE's binary messages are numbered, which needs v8's buffered resume.
    const daveVersion = version >= BUFFERED_RESUME_VERSION ? Math.min(maxDave as number, DAVE_PROTOCOL_VERSION) : 0;
    if (daveVersion === 0 && this.options.daveRequired()) throw new Refusal(VoiceClose.DaveRequired, 'DAVE protocol required');
    const key = `${call.channelId}:${member.userId}`;
    const previous = this.#sessions.get(key);
    if (previous) {
      // A fresh Identify replaces the member's older session (a full rejoin).
      previous.resumable = false;
      if (previous.socket && previous.socket.readyState <= 1) {
        this.stats.closed(VoiceClose.SessionNoLongerValid);
        previous.socket.close(VoiceClose.SessionNoLongerValid, 'Replaced by a new session');
      }
      this.#discard(previous);
    }
    const session = new VoiceSession(member.userId, call, member.sessionId, member.token, this.#newSsrc(), version, () => this.port.now(), MAX_PACKETS_PER_SECOND);
    session.socket = socket;
    session.daveVersion = daveVersion;
    this.#sessions.set(key, session);
    this.#bySsrc.set(session.ssrc, session);
    this.stats.member(session.userId);
    session.send(VoiceOp.Ready, { ssrc: session.ssrc, ip: this.options.mediaAddress, port: this.options.udpPort, modes: [...this.options.modes()] });
    // The newcomer learns who is here and their SSRCs; the others learn about the newcomer.
    const peers = [...this.peersOf(session)];
    if (peers.length > 0) session.send(VoiceOp.ClientsConnect, { user_ids: peers.map((p) => p.userId) }, true);
    for (const peer of peers) {
      session.send(VoiceOp.Speaking, { user_id: peer.userId, ssrc: peer.ssrc, speaking: peer.speaking }, true);
      peer.send(VoiceOp.ClientsConnect, { user_ids: [session.userId] }, true);
    }
    // A member without DAVE downgrades the call (op 21 to the others).
    this.#daveOf(call).membershipChanged();
    return session;
  }

  #resume(socket: WebSocket, version: number, d: unknown): VoiceSession {
    const body = this.#object(d, 'Resume');
    for (const field of ['server_id', 'session_id', 'token'] as const) {
      if (typeof body[field] !== 'string') throw new Refusal(VoiceClose.DecodeError, `Resume: ${field} must be a string`);
    }
    const seqAck = body.seq_ack === undefined || body.seq_ack === null ? -1 : body.seq_ack;
    if (!Number.isInteger(seqAck)) throw new Refusal(VoiceClose.DecodeError, 'Resume: seq_ack must be an integer');
    const session = [...this.#sessions.values()].find((s) => s.mainSessionId === body.session_id && (s.token === body.token || s.call.members.get(s.userId)?.token === body.token));
    if (!session) {
      const known = this.#memberByToken(body.token as string);
      if (!known) throw new Refusal(VoiceClose.AuthenticationFailed, 'Authentication failed');
      throw new Refusal(VoiceClose.SessionNoLongerValid, 'Session no longer valid');
    }
    if (serverIdOf(session.call) !== body.server_id) throw new Refusal(VoiceClose.ServerNotFound, 'Unknown server');
    if (!session.resumable) throw new Refusal(VoiceClose.SessionNoLongerValid, 'Session no longer valid');
    const missed = version >= BUFFERED_RESUME_VERSION ? session.replay.after(seqAck as number) : [];
    if (missed === null) {
      session.resumable = false;
      throw new Refusal(VoiceClose.SessionNoLongerValid, 'Missed messages are no longer buffered');
    }
    if (session.socket) {
      // A resume while the old socket still looks open (a zombie): the new one wins.
      const old = session.socket;
      session.socket = null;
      old.terminate();
    }
    session.cancelRetention?.();
    session.cancelRetention = null;
    session.socket = socket;
    session.version = version;
    session.send(VoiceOp.Resumed, null);
    for (const text of missed) session.sendRaw(text);
    this.#dave.get(session.call.channelId)?.resumed(session);
    const counters = this.stats.member(session.userId);
    counters.resumed++;
    counters.replayed += missed.length;
    return session;
  }

  #selectProtocol(session: VoiceSession, d: unknown): void {
    const body = this.#object(d, 'Select Protocol');
    if (body.protocol !== 'udp') throw new Refusal(VoiceClose.UnknownProtocol, 'Unknown protocol');
    const data = body.data as Record<string, unknown> | null;
    if (typeof data !== 'object' || data === null) throw new Refusal(VoiceClose.DecodeError, 'Select Protocol: data must be an object');
    if (typeof data.mode !== 'string') throw new Refusal(VoiceClose.DecodeError, 'Select Protocol: data.mode must be a string');
    if (!isTransportMode(data.mode) || !this.options.modes().includes(data.mode)) throw new Refusal(VoiceClose.UnknownEncryptionMode, 'Unknown encryption mode');
    if (typeof data.address !== 'string' || data.address.length > 64 || !Number.isInteger(data.port) || (data.port as number) < 1 || (data.port as number) > 65535) {
      throw new Refusal(VoiceClose.BadRequest, 'Select Protocol: data.address and data.port must name a UDP address');
    }
    // The member names the address its discovery saw: if that address asked discovery for this
    // SSRC, it is the member's own (only the member speaks on this socket), and media goes there.
    const named = session.discoveredFrom.find((a) => a.address === data.address && a.port === data.port);
    if (named) session.udp = { ...named };
    session.wipe();
    session.mode = data.mode;
    session.key = randomBytes(KEY_BYTES);
    const dave = this.#daveOf(session.call);
    session.send(VoiceOp.SessionDescription, { mode: session.mode, secret_key: [...session.key], dave_protocol_version: dave.version, audio_codec: 'opus', video_codec: null });
    session.described = true;
    dave.described(session);
  }

  #speaking(session: VoiceSession, d: unknown): void {
    const body = this.#object(d, 'Speaking');
    if (!Number.isInteger(body.speaking) || (body.speaking as number) < 0 || (body.speaking as number) > 7) {
      throw new Refusal(VoiceClose.DecodeError, 'Speaking: speaking is a flag set 0-7');
    }
    if (body.ssrc !== undefined && body.ssrc !== session.ssrc) throw new Refusal(VoiceClose.BadRequest, 'Speaking: not your SSRC');
    session.speaking = body.speaking as number;
    for (const peer of this.peersOf(session)) peer.send(VoiceOp.Speaking, { user_id: session.userId, ssrc: session.ssrc, speaking: session.speaking }, true);
  }

  #daveOf(call: Call): DaveCallGroup {
    let group = this.#dave.get(call.channelId);
    if (!group) {
      const channelId = call.channelId;
      group = new DaveCallGroup(channelId, this.#externalSender, {
        sessions: () => [...this.#sessions.values()].filter((s) => s.call.channelId === channelId),
        after: (ms, run) => this.port.after(ms, run),
        log: (line) => this.port.log(line),
        stats: this.stats,
      });
      this.#dave.set(channelId, group);
    }
    return group;
  }

  /** A DAVE binary message: op 26 (key package) or op 28 (commit ‖ Welcome); anything else is counted. */
  #daveBinary(session: VoiceSession, bytes: Buffer): void {
    if (bytes.length > MAX_DAVE_BINARY_BYTES) return this.stats.daveRejected(session.userId, 'oversized');
    if (bytes.length < 2) return this.stats.daveRejected(session.userId, 'truncated');
    const dave = this.#daveOf(session.call);
    const op = bytes[0];
    if (op !== VoiceOp.DaveMlsKeyPackage && op !== VoiceOp.DaveMlsCommitWelcome) return this.stats.daveRejected(session.userId, 'unknownOp');
    if (session.daveVersion === 0 || dave.version === 0 || !session.described) return this.stats.daveRejected(session.userId, 'notDave');
    const payload = bytes.subarray(1);
    if (op === VoiceOp.DaveMlsKeyPackage) dave.keyPackage(session, payload);
    else dave.commitWelcome(session, payload);
  }

  /** Op 23 (ready for a transition) and op 31 (a commit or Welcome the member could not process). */
  #daveJson(session: VoiceSession, op: number, d: unknown): void {
    const body = this.#object(d, op === VoiceOp.DaveTransitionReady ? 'DAVE Transition Ready' : 'DAVE MLS Invalid Commit Welcome');
    const id = body.transition_id;
    if (!Number.isInteger(id) || (id as number) < 0 || (id as number) > 0xffff) throw new Refusal(VoiceClose.DecodeError, 'transition_id must be an integer 0-65535');
    const dave = this.#daveOf(session.call);
    if (session.daveVersion === 0) return this.stats.daveRejected(session.userId, 'notDave');
    if (op === VoiceOp.DaveTransitionReady) dave.transitionReady(session, id as number);
    else dave.invalidCommitWelcome(session);
  }

  #object(d: unknown, what: string): Record<string, unknown> {
    if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new Refusal(VoiceClose.DecodeError, `${what}: d must be an object`);
    return d as Record<string, unknown>;
  }

  #memberByToken(token: string) {
    for (const call of this.calls.all()) {
      for (const member of call.members.values()) if (member.token === token) return { call, member };
    }
    return undefined;
  }

  #newSsrc(): number {
    for (;;) {
      const ssrc = randomInt(1, 0xffffffff);
      if (!this.#bySsrc.has(ssrc)) return ssrc;
    }
  }

  #socketLost(session: VoiceSession): void {
    session.socket = null;
    if (!session.resumable) return this.#discard(session);
    session.cancelRetention = this.port.after(VOICE_SESSION_RETENTION_MS, () => this.#discard(session));
  }

  #memberLeft(call: Call, userId: string, reason: LeaveReason): void {
    const session = this.#sessions.get(`${call.channelId}:${userId}`);
    if (!session) return;
    session.resumable = false;
    if (session.socket && session.socket.readyState <= 1) {
      const code = CLOSE_FOR_LEAVE[reason];
      this.stats.closed(code);
      session.socket.close(code, reason === 'call-ended' ? 'Call terminated' : 'Disconnected');
    }
    this.#discard(session);
  }

  /** Forgets a session for good: its SSRC, its key, and Client Disconnect to the others. */
  #discard(session: VoiceSession): void {
    const key = `${session.call.channelId}:${session.userId}`;
    if (this.#sessions.get(key) !== session) return;
    session.cancelRetention?.();
    session.cancelRetention = null;
    this.#sessions.delete(key);
    this.#bySsrc.delete(session.ssrc);
    session.wipe();
    for (const peer of this.peersOf(session)) peer.send(VoiceOp.ClientDisconnect, { user_id: session.userId }, true);
    const dave = this.#dave.get(session.call.channelId);
    if (!dave) return;
    if (this.sessions().some((s) => s.call.channelId === session.call.channelId)) dave.left(session.userId);
    else {
      dave.close();
      this.#dave.delete(session.call.channelId);
    }
  }
}
