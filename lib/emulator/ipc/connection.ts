// One game connected to the local chat client: the handshake, PING/PONG, CLOSE, and the
// commands of docs/protocols/ipc.md — with the protocol's error or close code for every bad input,
// and nothing a peer sends able to affect other connections.
import type net from 'node:net';
import { userJson } from '../domain/accounts';
import { validateActivity } from '../domain/activities';
import { accessToken } from '../domain/authorizations';
import { guildStatusJson, setPresence } from '../domain/presence';
import type { Emulator } from '../emulator';
import type { Application, Guild, User } from '../model/types';
import { RpcClose, RpcError } from './errors';
import { encodeFrame, FrameReader, Opcode } from './framing';

// Commands that work before AUTHENTICATE (the classic flow: handshake, then SET_ACTIVITY).
const WITHOUT_AUTH = new Set(['AUTHORIZE', 'AUTHENTICATE', 'SET_ACTIVITY', 'SEND_ACTIVITY_JOIN_INVITE', 'CLOSE_ACTIVITY_REQUEST']);
const EVENTS_WITHOUT_AUTH = new Set(['ACTIVITY_JOIN', 'ACTIVITY_SPECTATE', 'ACTIVITY_JOIN_REQUEST']);
export const SUBSCRIBABLE = new Set([
  'ACTIVITY_JOIN', 'ACTIVITY_SPECTATE', 'ACTIVITY_JOIN_REQUEST', 'ACTIVITY_INVITE', 'AUTHORIZE_REQUEST',
  'GUILD_STATUS', 'CURRENT_USER_UPDATE', 'RELATIONSHIP_UPDATE',
]);
const KNOWN_COMMANDS = new Set([...WITHOUT_AUTH, 'SUBSCRIBE', 'UNSUBSCRIBE', 'GET_GUILD', 'GET_GUILDS', 'GET_USER', 'GET_RELATIONSHIPS']);

/** Frames per second a connection may send; beyond that it is a flood and gets close 4002. */
export const FLOOD_LIMIT = 200;
export const INCOMPLETE_FRAME_TIMEOUT_MS = 10_000;

export interface PendingIpcAuthorize {
  id: string;
  connection: IpcConnection;
  nonce: string;
  applicationId: string;
  scopes: string[];
  redirectUri: string;
  challenge: string | null;
  integrationType: number | null;
}

export interface ConnectionHooks {
  emu: Emulator;
  /** READY's config.api_endpoint: the emulator's API base without the scheme. */
  apiEndpoint: string;
  /** How long a truncated header or a length that lies may wait for its bytes. */
  incompleteFrameTimeoutMs: number;
  /** The chat client's logged-in user. */
  localUser(): User;
  authorizeRequested(request: PendingIpcAuthorize): void;
  closed(connection: IpcConnection): void;
}

let connectionCount = 0;

export class IpcConnection {
  /** Numbers the connections of this process, for the origin of what they change. */
  readonly number = ++connectionCount;
  readonly reader = new FrameReader();
  app: Application | null = null;
  authenticatedUser: User | null = null;
  /** The token AUTHENTICATE was given: when it stops being valid (revoked, deauthorized), the connection closes with 4003. */
  authenticatedToken: string | undefined;
  readonly subscriptions = new Set<string>();
  /** Guilds subscribed to with GUILD_STATUS. */
  readonly guildStatus = new Set<string>();
  #frames: number[] = [];
  #incompleteTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    readonly socket: net.Socket,
    private readonly hooks: ConnectionHooks,
  ) {
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('close', () => this.#cleanup());
    socket.on('error', () => this.#cleanup());
  }

  get handshaken(): boolean {
    return this.app !== null;
  }

  send(opcode: number, payload: unknown): void {
    if (!this.#closed && !this.socket.destroyed) this.socket.write(encodeFrame(opcode, payload));
  }

  dispatch(evt: string, data: unknown): void {
    this.send(Opcode.Frame, { cmd: 'DISPATCH', evt, data, nonce: null });
  }

  reply(cmd: string, nonce: unknown, data: unknown, evt: string | null = null): void {
    this.send(Opcode.Frame, { cmd, data, evt, nonce: typeof nonce === 'string' ? nonce : null });
  }

  error(cmd: string, nonce: unknown, code: number, message: string): void {
    this.send(Opcode.Frame, { cmd, evt: 'ERROR', nonce: typeof nonce === 'string' ? nonce : null, data: { code, message } });
  }

  close(code: number, message: string): void {
    if (this.#closed) return;
    this.send(Opcode.Close, { code, message });
    this.#closed = true;
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 100).unref();
    this.#cleanup();
  }

  #cleanup(): void {
    clearTimeout(this.#incompleteTimer);
    if (!this.#closed) this.#closed = true;
    this.hooks.closed(this);
  }

  #onData(chunk: Buffer): void {
    if (this.#closed) return;
    const now = Date.now();
    const result = this.reader.push(chunk);
    // The good frames before a bad one are served; a flood is cut off at the limit, not after
    // serving every frame of it.
    for (const frame of result.frames) {
      if (this.#closed) return;
      this.#frames.push(now);
      while (this.#frames[0] <= now - 1000) this.#frames.shift();
      if (this.#frames.length > FLOOD_LIMIT) return this.close(RpcClose.RateLimited, 'Too many frames');
      this.#onFrame(frame.opcode, frame.payload);
    }
    if (this.#closed) return;
    if (result.error === 'too_large') return this.close(RpcClose.Unsupported, 'Frame larger than 64 KiB');
    if (result.error === 'unknown_opcode') return this.close(RpcClose.Unsupported, 'Unknown opcode');
    if (result.error === 'invalid_utf8') return this.close(RpcClose.InvalidEncoding, 'Payload is not valid UTF-8');
    // A truncated header or a length that lies leaves bytes waiting; they must not wait forever.
    // The deadline is the whole frame's, from its first byte: more bytes of the same frame do not
    // extend it (a peer trickling one byte at a time would otherwise keep it alive for good).
    const startedAnotherFrame = result.frames.length > 0;
    if (this.reader.pending === 0 || startedAnotherFrame) {
      clearTimeout(this.#incompleteTimer);
      this.#incompleteTimer = undefined;
    }
    if (this.reader.pending > 0 && this.#incompleteTimer === undefined) {
      this.#incompleteTimer = setTimeout(() => this.close(RpcClose.Abnormal, 'Incomplete frame'), this.hooks.incompleteFrameTimeoutMs);
      this.#incompleteTimer.unref();
    }
  }

  #onFrame(opcode: number, payload: string): void {
    if (opcode === Opcode.Ping) return this.send(Opcode.Pong, payload);
    if (opcode === Opcode.Pong) return;
    if (opcode === Opcode.Close) return this.close(RpcClose.Normal, 'Closed by the game');
    let message: Record<string, unknown>;
    try {
      const parsed = JSON.parse(payload);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      message = parsed;
    } catch {
      if (!this.handshaken) return this.close(RpcClose.InvalidEncoding, 'Handshake is not a JSON object');
      return this.error('DISPATCH', null, RpcError.InvalidPayload, 'Payload is not a JSON object');
    }
    if (opcode === Opcode.Handshake) return this.#handshake(message);
    if (!this.handshaken) return this.close(RpcClose.InvalidClientId, 'Handshake first');
    this.#command(message);
  }

  #handshake(message: Record<string, unknown>): void {
    if (this.handshaken) return this.close(RpcClose.Unsupported, 'Already handshaken');
    if (message.v !== 1 && message.v !== '1') return this.close(RpcClose.InvalidVersion, 'Invalid version');
    const app = typeof message.client_id === 'string' ? this.hooks.emu.app(message.client_id) : undefined;
    if (!app) return this.close(RpcClose.InvalidClientId, 'Invalid client id');
    this.app = app;
    const user = this.hooks.localUser();
    this.dispatch('READY', {
      v: 1,
      config: { cdn_host: 'cdn.sdkpp.invalid', api_endpoint: this.hooks.apiEndpoint, environment: 'emulator' },
      user: { id: user.id, username: user.username, discriminator: '0', global_name: user.globalName, avatar: user.avatar },
    });
  }

  #command(message: Record<string, unknown>): void {
    const cmd = typeof message.cmd === 'string' ? message.cmd : '';
    const nonce = message.nonce;
    const args = (typeof message.args === 'object' && message.args !== null ? message.args : {}) as Record<string, unknown>;
    if (!KNOWN_COMMANDS.has(cmd)) return this.error(cmd || 'UNKNOWN', nonce, RpcError.InvalidCommand, `Invalid command: ${cmd.slice(0, 64)}`);
    if (cmd === 'SUBSCRIBE' || cmd === 'UNSUBSCRIBE') return this.#subscription(cmd, nonce, message.evt, args);
    if (!WITHOUT_AUTH.has(cmd) && !this.authenticatedUser) {
      return this.error(cmd, nonce, RpcError.InvalidPermissions, 'Not authenticated or invalid scope');
    }
    const emu = this.hooks.emu;
    switch (cmd) {
      case 'AUTHORIZE':
        return this.#authorize(nonce, args);
      case 'AUTHENTICATE': {
        const record = typeof args.access_token === 'string' ? accessToken(emu, args.access_token) : undefined;
        const user = record?.userId ? emu.user(record.userId) : undefined;
        if (!record || !user || record.applicationId !== this.app!.id) return this.error(cmd, nonce, RpcError.InvalidToken, 'Invalid token');
        this.authenticatedUser = user;
        this.authenticatedToken = args.access_token as string;
        return this.reply(cmd, nonce, {
          user: userJson(user, this.app!),
          scopes: record.scopes,
          expires: emu.iso(record.expiresAt),
          application: { id: this.app!.id, name: this.app!.name },
        });
      }
      case 'SET_ACTIVITY': {
        const pid = args.pid;
        if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || pid > 2 ** 31 - 1) {
          return this.error(cmd, nonce, RpcError.InvalidPayload, 'args.pid must be the game process id');
        }
        const user = this.authenticatedUser ?? this.hooks.localUser();
        const origin = `local client connection ${this.number}, SET_ACTIVITY from pid ${pid} as ${this.authenticatedUser ? 'the AUTHENTICATEd user' : "the chat client's user (no AUTHENTICATE)"}`;
        if (args.activity === null || args.activity === undefined) {
          setPresence(emu, user.id, 'online', [], origin);
          return this.reply(cmd, nonce, null);
        }
        const checked = validateActivity(args.activity);
        if ('error' in checked) return this.error(cmd, nonce, RpcError.InvalidPayload, checked.error);
        const activity = { ...checked.activity, application_id: this.app!.id };
        setPresence(emu, user.id, 'online', [activity], origin);
        return this.reply(cmd, nonce, activity);
      }
      case 'SEND_ACTIVITY_JOIN_INVITE':
      case 'CLOSE_ACTIVITY_REQUEST':
        if (typeof args.user_id !== 'string' || !emu.user(args.user_id)) return this.error(cmd, nonce, RpcError.InvalidUser, 'Unknown user');
        return this.reply(cmd, nonce, null);
      case 'GET_USER': {
        const user = typeof args.id === 'string' ? emu.user(args.id) : undefined;
        return user ? this.reply(cmd, nonce, userJson(user, this.app!)) : this.error(cmd, nonce, RpcError.InvalidUser, 'Unknown user');
      }
      case 'GET_GUILDS':
        return this.reply(cmd, nonce, {
          guilds: [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === this.authenticatedUser!.id)).map((g) => ({ id: g.id, name: g.name })),
        });
      case 'GET_GUILD': {
        const guild = typeof args.guild_id === 'string' ? emu.state.guilds.get(args.guild_id) : undefined;
        if (!guild || !guild.members.some((m) => m.userId === this.authenticatedUser!.id)) return this.error(cmd, nonce, RpcError.InvalidGuild, 'Invalid guild');
        return this.reply(cmd, nonce, { id: guild.id, name: guild.name, icon_url: null, members: [] });
      }
      case 'GET_RELATIONSHIPS':
        return this.reply(cmd, nonce, { relationships: emu.state.relationships.filter((r) => r.userId === this.authenticatedUser!.id && r.type !== 0) });
      default:
        return this.error(cmd, nonce, RpcError.InvalidCommand, 'Invalid command');
    }
  }

  #subscription(cmd: string, nonce: unknown, evt: unknown, args: Record<string, unknown>): void {
    if (typeof evt !== 'string' || !SUBSCRIBABLE.has(evt)) {
      return this.error(cmd, nonce, RpcError.InvalidEvent, `Invalid event: ${String(evt).slice(0, 64)}`);
    }
    if (!EVENTS_WITHOUT_AUTH.has(evt) && !this.authenticatedUser) {
      return this.error(cmd, nonce, RpcError.InvalidPermissions, 'Not authenticated or invalid scope');
    }
    let guild: Guild | undefined;
    if (evt === 'GUILD_STATUS') {
      // GUILD_STATUS is per guild: args.guild_id, a guild the user is in.
      guild = typeof args.guild_id === 'string' ? this.hooks.emu.state.guilds.get(args.guild_id) : undefined;
      if (!guild || !guild.members.some((m) => m.userId === this.authenticatedUser!.id)) {
        return this.error(cmd, nonce, RpcError.InvalidGuild, 'Invalid guild');
      }
      if (cmd === 'SUBSCRIBE') this.guildStatus.add(guild.id);
      else this.guildStatus.delete(guild.id);
      if (this.guildStatus.size > 0) this.subscriptions.add(evt);
      else this.subscriptions.delete(evt);
    } else if (cmd === 'SUBSCRIBE') {
      this.subscriptions.add(evt);
    } else {
      this.subscriptions.delete(evt);
    }
    this.reply(cmd, nonce, { evt }, evt);
    if (guild && cmd === 'SUBSCRIBE') this.dispatch('GUILD_STATUS', guildStatusJson(this.hooks.emu, guild.id));
  }

  #authorize(nonce: unknown, args: Record<string, unknown>): void {
    const emu = this.hooks.emu;
    if (args.client_id !== this.app!.id) return this.error('AUTHORIZE', nonce, RpcError.InvalidClientId, 'client_id does not match the handshake');
    const scopes = Array.isArray(args.scopes) ? args.scopes.filter((s): s is string => typeof s === 'string') : [];
    if (scopes.length === 0) return this.error('AUTHORIZE', nonce, RpcError.InvalidPayload, 'scopes must be a non-empty list');
    const challenge = typeof args.code_challenge === 'string' ? args.code_challenge : null;
    if (challenge !== null && (args.code_challenge_method !== 'S256' || !/^[A-Za-z0-9\-._~]{43,128}$/.test(challenge))) {
      return this.error('AUTHORIZE', nonce, RpcError.InvalidPayload, 'code_challenge must be S256');
    }
    // The code is bound to the redirect URI the game will present to the token endpoint.
    const redirectUri = typeof args.redirect_uri === 'string' && args.redirect_uri ? args.redirect_uri : `sdkpp-${this.app!.id}:/authorize/callback`;
    this.hooks.authorizeRequested({
      id: emu.ids.next(),
      connection: this,
      nonce: typeof nonce === 'string' ? nonce : '',
      applicationId: this.app!.id,
      scopes,
      redirectUri,
      challenge,
      integrationType: typeof args.integration_type === 'number' ? args.integration_type : null,
    });
  }
}
