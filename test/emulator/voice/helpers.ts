// Test clients of the emulator's voice server over real loopback sockets: a voice gateway
// client (JSON, numbered messages, heartbeats, waits bounded by timeouts), a UDP media client
// (discovery, RTP sealed in either mode, opening what the relay sends), and the main-gateway
// steps of joining a lobby call.
import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import type WebSocket from 'ws';
import { MODE_AES_GCM, type TransportMode } from '../../../lib/emulator/voice/protocol';
import { discoveryRequest, parseDiscoveryResponse, parseRtp, sealedRtpPacket } from '../../../lib/emulator/voice/rtp';
import { open } from '../../../lib/emulator/voice/transport_crypto';
import { Api, type RunningEmulator } from '../helpers';
import { dispatchOf, GatewayClient, type Matcher } from '../helpers/gateway_client';

export interface VoiceMessage {
  op: number;
  d: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  seq?: number;
  /** A binary (DAVE) message: d is its payload. */
  binary?: boolean;
}

type Match = (message: VoiceMessage) => boolean;
export const opIs = (op: number, where: (d: any) => boolean = () => true): Match => (m) => m.op === op && where(m.d); // eslint-disable-line @typescript-eslint/no-explicit-any

/** A voice gateway client: the main gateway test client's recording and waiting, voice ops. */
export class VoiceClient {
  private constructor(private readonly inner: GatewayClient) {}

  /** Opens `{scheme}://{endpoint}/?v=` and waits for Hello. */
  static async connect(emu: RunningEmulator, options: { v?: number; tls?: boolean } = {}): Promise<VoiceClient> {
    const url = `${options.tls ? 'wss' : 'ws'}://${emu.voice.endpoint}/?v=${options.v ?? 8}`;
    const client = new VoiceClient(await GatewayClient.connect(url, { waitHello: false, ws: options.tls ? { ca: emu.voice.certificatePem } : {} }));
    await client.waitFor(opIs(8));
    return client;
  }

  get ws(): WebSocket {
    return this.inner.ws;
  }
  get received(): VoiceMessage[] {
    return this.inner.received as unknown as VoiceMessage[];
  }
  get closed(): Promise<{ code: number; reason: string }> {
    return this.inner.closed;
  }
  /** The last `seq` received (-1: none), as @discordjs/voice keeps it. */
  get seqAck(): number {
    const numbered = this.received.filter((m) => typeof m.seq === 'number');
    return numbered.length > 0 ? numbered[numbered.length - 1].seq! : -1;
  }

  send(payload: unknown): void {
    this.inner.send(payload);
  }

  /** A client binary message: u8 op ‖ payload. */
  sendBinary(op: number, payload: Buffer): void {
    this.inner.ws.send(Buffer.concat([Buffer.from([op]), payload]));
  }

  /** Every message received so far, then each new one. */
  follow(listener: (message: VoiceMessage) => void): () => void {
    for (const message of this.received) listener(message);
    return this.inner.onPayload(listener as unknown as (p: unknown) => void);
  }

  mark(): number {
    return this.inner.mark();
  }

  waitFor(match: Match, options: { from?: number; timeoutMs?: number } = {}): Promise<VoiceMessage> {
    return this.inner.waitFor(match as unknown as Matcher, options) as unknown as Promise<VoiceMessage>;
  }

  async closeCodeWithin(ms = 5000): Promise<number> {
    const timeout = new Promise<{ code: number }>((resolve) => setTimeout(() => resolve({ code: -1 }), ms));
    return (await Promise.race([this.closed, timeout])).code;
  }

  heartbeat(): void {
    this.send({ op: 3, d: { t: Date.now(), seq_ack: this.seqAck } });
  }

  terminate(): void {
    this.inner.close();
  }
}

export interface Received {
  ssrc: number;
  sequence: number;
  timestamp: number;
  nonce: number;
  payload: Buffer;
}

/** A UDP client speaking the rtpsize modes. */
export class MediaClient {
  readonly socket = dgram.createSocket('udp4');
  readonly received: Received[] = [];
  readonly undecryptable: Buffer[] = [];
  readonly echoes: Buffer[] = [];
  mode: TransportMode = MODE_AES_GCM;
  key: Buffer | null = null;
  sequence = randomInt(0, 0xffff);
  timestamp = randomInt(0, 0xffffffff);
  nonce = 0;
  #discovery: ((packet: Buffer) => void) | null = null;

  constructor(
    readonly server: { port: number },
    public ssrc: number,
  ) {
    this.socket.on('message', (packet) => {
      if (packet.length === 74 && this.#discovery) return this.#discovery(packet);
      if (packet.length === 8) return void this.echoes.push(packet);
      this.#onMedia(packet);
    });
  }

  async bind(): Promise<{ address: string; port: number }> {
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', () => resolve()));
    return this.socket.address();
  }

  /** IP discovery: the address and port the server saw. */
  discover(timeoutMs = 2000): Promise<{ address: string; port: number }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no discovery answer')), timeoutMs);
      this.#discovery = (packet) => {
        const answer = parseDiscoveryResponse(packet);
        if (!answer) return;
        clearTimeout(timer);
        this.#discovery = null;
        resolve({ address: answer.address, port: answer.port });
      };
      this.sendRaw(discoveryRequest(this.ssrc));
    });
  }

  /** One RTP packet of `payload`, sealed with this client's key and next nonce. */
  packet(payload: Buffer): Buffer {
    if (!this.key) throw new Error('no key yet');
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + 960) >>> 0;
    this.nonce = (this.nonce + 1) >>> 0;
    return sealedRtpPacket(this.mode, this.key, { ssrc: this.ssrc, sequence: this.sequence, timestamp: this.timestamp, nonce: this.nonce }, payload);
  }

  sendOpus(payload: Buffer): Buffer {
    const packet = this.packet(payload);
    this.sendRaw(packet);
    return packet;
  }

  sendRaw(packet: Buffer): void {
    this.socket.send(packet, this.server.port, '127.0.0.1');
  }

  close(): void {
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }

  #onMedia(packet: Buffer): void {
    const rtp = parseRtp(packet);
    if (typeof rtp === 'string' || !this.key) return void this.undecryptable.push(packet);
    const suffix = packet.subarray(packet.length - 4);
    const plaintext = open(this.mode, this.key, suffix, packet.subarray(0, rtp.headerBytes), packet.subarray(rtp.headerBytes, packet.length - 4));
    if (!plaintext) return void this.undecryptable.push(packet);
    this.received.push({ ssrc: rtp.ssrc, sequence: packet.readUInt16BE(2), timestamp: packet.readUInt32BE(4), nonce: suffix.readUInt32BE(0), payload: plaintext });
  }
}

export interface CallJoin {
  userId: string;
  sessionId: string;
  token: string;
  endpoint: string;
  serverId: string;
}

/** A main gateway session of `userId` (a user token) and its READY. */
export async function mainSession(emu: RunningEmulator, userId: string): Promise<{ gateway: GatewayClient; ready: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const gateway = await GatewayClient.connect(`${emu.gatewayUrl}?v=10&encoding=json`);
  const ready = await gateway.identifyUser(new Api(emu).token(userId));
  return { gateway, ready };
}

/** Op 4 into the lobby's call; waits for the own VOICE_STATE_UPDATE and VOICE_SERVER_UPDATE. */
export async function joinCall(gateway: GatewayClient, userId: string, lobbyId: string, flags: { self_mute?: boolean; self_deaf?: boolean; guild_id?: string | null } = {}): Promise<CallJoin> {
  const from = gateway.mark();
  gateway.send({ op: 4, d: { guild_id: flags.guild_id ?? null, channel_id: lobbyId, self_mute: flags.self_mute ?? false, self_deaf: flags.self_deaf ?? false } });
  const state = await gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === userId && d.channel_id === lobbyId), { from });
  const server = await gateway.waitFor(dispatchOf('VOICE_SERVER_UPDATE'), { from });
  return { userId, sessionId: state.d.session_id, token: server.d.token, endpoint: server.d.endpoint, serverId: flags.guild_id ?? lobbyId };
}

export function identify(voice: VoiceClient, join: CallJoin, extra: Record<string, unknown> = {}): void {
  voice.send({ op: 0, d: { server_id: join.serverId, user_id: join.userId, session_id: join.sessionId, token: join.token, max_dave_protocol_version: 0, ...extra } });
}

export interface Connected {
  voice: VoiceClient;
  media: MediaClient;
  ssrc: number;
  ready: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Identify → Ready → UDP discovery → Select Protocol → Session Description. */
export async function connectMedia(emu: RunningEmulator, join: CallJoin, mode: TransportMode = MODE_AES_GCM, options: { v?: number; tls?: boolean; maxDaveVersion?: number } = {}): Promise<Connected> {
  const voice = await VoiceClient.connect(emu, options);
  identify(voice, join, { max_dave_protocol_version: options.maxDaveVersion ?? 0 });
  const ready = (await voice.waitFor(opIs(2))).d;
  const media = new MediaClient({ port: ready.port }, ready.ssrc);
  await media.bind();
  const seen = await media.discover();
  const from = voice.mark();
  voice.send({ op: 1, d: { protocol: 'udp', data: { address: seen.address, port: seen.port, mode } } });
  const description = (await voice.waitFor(opIs(4), { from })).d;
  media.mode = description.mode;
  media.key = Buffer.from(description.secret_key);
  return { voice, media, ssrc: ready.ssrc, ready };
}

/** What a test opened, for its afterAll. */
export interface Opened {
  gateways: GatewayClient[];
  connected: Connected[];
}

/** A lobby call of these members, each through the main gateway, the voice gateway and UDP in its mode. */
export async function callOf(emu: RunningEmulator, members: Array<[string, TransportMode]>, opened: Opened): Promise<{ lobbyId: string; members: Connected[] }> {
  const lobbyId = await lobbyOf(new Api(emu), members.map(([id]) => id));
  const out: Connected[] = [];
  for (const [userId, mode] of members) {
    const main = await mainSession(emu, userId);
    opened.gateways.push(main.gateway);
    const c = await connectMedia(emu, await joinCall(main.gateway, userId, lobbyId), mode);
    opened.connected.push(c);
    out.push(c);
  }
  return { lobbyId, members: out };
}

export function closeOpened(opened: Opened): void {
  for (const c of opened.connected) {
    c.voice.terminate();
    c.media.close();
  }
  for (const gateway of opened.gateways) gateway.close();
}

/** A lobby with these members (all connected), made through the HTTP API. */
export async function lobbyOf(api: Api, memberIds: string[]): Promise<string> {
  const secret = `voice-${Date.now()}-${randomInt(1e9)}`;
  let lobbyId = '';
  for (const id of memberIds) {
    const reply = await api.put('/lobbies', { secret, idle_timeout_seconds: 604800 }, `Bearer ${api.token(id)}`);
    if (reply.status !== 200) throw new Error(`lobby: ${reply.status} ${reply.text}`);
    lobbyId = reply.body.id;
  }
  return lobbyId;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) until `check` holds. */
export async function until(check: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
