/**
 * `import { ActivitySDK } from 'sdkpp/activity'`: the embedded activity SDK, for an interactive app
 * that runs in an iframe of the chat client, served through the activity proxy host. It talks to
 * the client (the frame's parent) over `postMessage`: a handshake, then commands — authorize (the
 * person's consent → a code the app's backend exchanges at `/oauth2/token`), authenticate, the
 * instance's participants and their changes, shareLink. Messages from any other window or origin
 * than the parent's are ignored.
 *
 * A browser module with no dependency (ES module and CommonJS builds); against the emulator the
 * parent is its dashboard (docs/emulator.md, "Embedded activities").
 * @example
 * ```ts
 * const sdk = new ActivitySDK('1349146942634065960');
 * await sdk.ready();
 * const { code } = await sdk.commands.authorize({ scope: ['identify'] });
 * const { access_token } = await (await fetch('/api/token', { method: 'POST', body: code })).json();
 * const { user } = await sdk.commands.authenticate({ access_token });
 * ```
 * @module sdkpp/activity
 */

/** The frame's opcodes: `[opcode, payload]` is every message, both ways. */
export const Opcodes = {
  /** The frame's first message: `{v: 1, client_id, frame_id}`; the parent answers with READY. */
  HANDSHAKE: 0,
  /** A command (`{cmd, nonce, args}`), its answer (`{cmd, nonce, data}` or `evt: "ERROR"`), or an event (`cmd: "DISPATCH"`). */
  FRAME: 1,
  /** Either side ends the conversation: `{code, message}`. */
  CLOSE: 2,
} as const;

/** The error codes a command fails with (the local RPC's). */
export const RPCErrorCodes = {
  /** Something else went wrong (the SDK closed, the instance is gone). */
  UNKNOWN_ERROR: 1000,
  /** The arguments are not what the command takes. */
  INVALID_PAYLOAD: 4000,
  /** The parent knows no such command. */
  INVALID_COMMAND: 4002,
  /** The parent knows no such event. */
  INVALID_EVENT: 4004,
  /** The client id is not the activity's application. */
  INVALID_CLIENT_ID: 4007,
  /** No parent origin to trust (not on an activity proxy host, and no `parentOrigins`). */
  INVALID_ORIGIN: 4008,
  /** The access token is not a live token of the application. */
  INVALID_TOKEN: 4009,
  /** The person did not authorize the application. */
  OAUTH2_ERROR: 5000,
  /** The parent did not answer in time (the SDK's own). */
  TIMEOUT: 1001,
} as const;

/** The events {@link ActivitySDK.subscribe} takes. */
export type ActivityEvent = 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE';

/** A command that failed: `code` is one of {@link RPCErrorCodes}. */
export class ActivitySDKError extends Error {
  /** The error code (an {@link RPCErrorCodes} value). */
  readonly code: number;

  /**
   * @param code the error code.
   * @param message what went wrong.
   */
  constructor(code: number, message: string) {
    super(message);
    this.name = 'ActivitySDKError';
    this.code = code;
  }
}

/** A message as the SDK reads it from a `message` event (the browser's MessageEvent has these). */
export interface ActivityMessageEvent {
  /** The message. */
  data: unknown;
  /** The sender's origin. */
  origin: string;
  /** The sender's window. */
  source: unknown;
}

/** The part of `window.location` the SDK reads. */
export interface ActivityLocation {
  /** The query: the launch parameters (`instance_id`, `channel_id`, `guild_id`, `frame_id`). */
  search: string;
  /** The host name: an activity proxy host tells the parent's origins. */
  hostname: string;
  /** The port ('' for the scheme's default). */
  port: string;
  /** `http:` or `https:`. */
  protocol: string;
}

/** The parent window, as the SDK posts to it. */
export interface ActivityParent {
  /**
   * The browser's `postMessage`.
   * @param message the message.
   * @param targetOrigin the only origin it may be delivered to.
   */
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The part of the browser's window the SDK uses (tests pass their own). */
export interface ActivityWindow {
  /** The frame's address: the launch parameters are in its query. */
  location: ActivityLocation;
  /** The parent frame: the chat client. */
  parent: ActivityParent;
  /** Adds the `message` listener. */
  addEventListener(type: 'message', listener: (event: ActivityMessageEvent) => void): void;
  /** Removes it ({@link ActivitySDK.close}). */
  removeEventListener(type: 'message', listener: (event: ActivityMessageEvent) => void): void;
}

/** How an {@link ActivitySDK} finds its parent. Every option is optional. */
export interface ActivitySDKOptions {
  /** The window (default: the global one). */
  window?: ActivityWindow;
  /**
   * The origins the parent may have. Default, on an emulator's proxy host
   * (`<id>.activities.localhost:<port>`): the emulator's own loopback origins on that port;
   * anywhere else there is no default, and {@link ActivitySDK.ready} fails with INVALID_ORIGIN.
   */
  parentOrigins?: string[];
  /** How long a command waits for the parent's answer, ms (default 300000: authorize waits for a person). */
  timeoutMs?: number;
}

/** A person as the SDK gives them. */
export interface ActivityUser {
  /** The user's id. */
  id: string;
  /** The user's username. */
  username: string;
  /** The display name, if set. */
  global_name?: string | null;
  /** The avatar hash, if any. */
  avatar?: string | null;
}

/** authorize's arguments. */
export interface AuthorizeArgs {
  /** The scopes asked for (a list, or space-separated). */
  scope: string[] | string;
  /** `code` (the only one). */
  response_type?: 'code';
  /** Echoed back by nothing: the activity keeps its own state. */
  state?: string;
  /** `none` skips nothing on the emulator: its consent is the dashboard's prompt (or auto-approve). */
  prompt?: 'none';
}

/** authenticate's answer. */
export interface AuthenticateResult {
  /** The token, echoed. */
  access_token: string;
  /** The person the token is for. */
  user: ActivityUser;
  /** The token's scopes. */
  scopes: string[];
  /** When the token expires (ISO 8601). */
  expires: string;
  /** The application. */
  application: ActivityApplication;
}

/** The application, as authenticate gives it. */
export interface ActivityApplication {
  /** Its id. */
  id: string;
  /** Its name. */
  name: string;
  /** Its description. */
  description: string;
  /** Its icon hash, if any. */
  icon: string | null;
}

/** authorize's answer. */
export interface AuthorizeResult {
  /** The authorization code: the app's backend exchanges it at `/oauth2/token` with its client secret. */
  code: string;
}

/** getInstanceConnectedParticipants' answer, and the data of ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE. */
export interface ParticipantsResult {
  /** The people in the instance, the one who launched it first. */
  participants: ActivityUser[];
}

/** shareLink's answer. */
export interface ShareLinkResult {
  /** Whether the link was shared. */
  success: boolean;
}

/** shareLink's arguments. */
export interface ShareLinkArgs {
  /** The message shared with the link. */
  message: string;
  /** Carried on the link: the activity reads it back when someone follows it. */
  custom_id?: string;
  /**
   * Accepted and dropped without an error, as the service does: it fails silently. Use
   * `custom_id`.
   * @deprecated the service ignores it.
   */
  referrer_id?: string;
}

/** The commands of {@link ActivitySDK.commands}. */
export interface ActivityCommands {
  /** Asks the person's consent to `scope`; resolves to a code for the app's backend to exchange (OAUTH2_ERROR when they refuse). */
  authorize(args: AuthorizeArgs): Promise<AuthorizeResult>;
  /** Signs the activity in with an access token of the app (INVALID_TOKEN otherwise). */
  authenticate(args: { access_token: string }): Promise<AuthenticateResult>;
  /** The people in this activity instance. */
  getInstanceConnectedParticipants(): Promise<ParticipantsResult>;
  /** Shares a link to the activity with a message. */
  shareLink(args: ShareLinkArgs): Promise<ShareLinkResult>;
}

/** A listener of {@link ActivitySDK.subscribe}: called with the event's data. */
export type ActivityEventListener = (data: ParticipantsResult) => void;
type Listener = ActivityEventListener;

interface Pending {
  resolve(data: unknown): void;
  reject(error: ActivitySDKError): void;
  timer: ReturnType<typeof setTimeout>;
}

const PROXY_HOST = /^\d{1,20}\.activities\.localhost$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The emulator's loopback origins on the proxy host's port, or none off a proxy host. */
function defaultParentOrigins(location: ActivityWindow['location']): string[] {
  if (!PROXY_HOST.test(location.hostname.toLowerCase())) return [];
  const port = location.port ? `:${location.port}` : '';
  return ['127.0.0.1', 'localhost', '[::1]'].map((host) => `${location.protocol}//${host}${port}`);
}

/** The embedded activity SDK: one per frame. */
export class ActivitySDK {
  /** The application (client) id. */
  readonly clientId: string;
  /** The activity instance this frame shows (launch parameter `instance_id`), or null. */
  readonly instanceId: string | null;
  /** The channel it was launched in (`channel_id`), or null. */
  readonly channelId: string | null;
  /** The guild it was launched in (`guild_id`), or null. */
  readonly guildId: string | null;
  /** This frame's id (`frame_id`), which the handshake repeats. */
  readonly frameId: string | null;
  /** The commands; each needs {@link ActivitySDK.ready} first. */
  readonly commands: ActivityCommands;

  readonly #window: ActivityWindow;
  readonly #origins: string[];
  readonly #timeoutMs: number;
  readonly #pending = new Map<string, Pending>();
  readonly #listeners = new Map<string, Set<Listener>>();
  #parentOrigin: string | null = null;
  #ready: Promise<void> | null = null;
  #onReady: ((origin: string) => void) | null = null;
  #nonce = 0;
  #closed = false;
  #listening = false;
  readonly #onMessage = (event: ActivityMessageEvent) => this.#receive(event);

  /**
   * @param clientId the application's id (a snowflake string).
   * @param options where the window and the parent are ({@link ActivitySDKOptions}).
   * @throws TypeError for a client id that is no id, or no window.
   */
  constructor(clientId: string, options: ActivitySDKOptions = {}) {
    if (typeof clientId !== 'string' || !/^\d{1,20}$/.test(clientId)) throw new TypeError('clientId: the application id, a string of digits');
    const win = options.window ?? (globalThis as unknown as { window?: ActivityWindow }).window;
    if (!win) throw new TypeError('window: none here; pass options.window');
    const timeoutMs = options.timeoutMs ?? 300_000;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('timeoutMs: a positive number of ms');
    if (options.parentOrigins !== undefined && (!Array.isArray(options.parentOrigins) || !options.parentOrigins.every((o) => typeof o === 'string'))) {
      throw new TypeError('parentOrigins: a list of origins such as http://127.0.0.1:8790');
    }
    this.clientId = clientId;
    this.#window = win;
    this.#timeoutMs = timeoutMs;
    this.#origins = options.parentOrigins ?? defaultParentOrigins(win.location);
    const query = new URLSearchParams(win.location.search);
    this.instanceId = query.get('instance_id');
    this.channelId = query.get('channel_id');
    this.guildId = query.get('guild_id');
    this.frameId = query.get('frame_id');
    this.commands = {
      authorize: (args) => this.#command('AUTHORIZE', { client_id: this.clientId, response_type: 'code', ...args }) as Promise<AuthorizeResult>,
      authenticate: (args) => this.#command('AUTHENTICATE', args) as Promise<AuthenticateResult>,
      getInstanceConnectedParticipants: () => this.#command('GET_INSTANCE_CONNECTED_PARTICIPANTS', {}) as Promise<ParticipantsResult>,
      shareLink: (args) => this.#command('SHARE_LINK', args) as Promise<ShareLinkResult>,
    };
  }

  /**
   * The handshake with the parent: resolves on its READY. Fails with INVALID_ORIGIN when there
   * is no parent origin to trust, or TIMEOUT when the parent does not answer.
   */
  ready(): Promise<void> {
    if (this.#ready) return this.#ready;
    this.#ready = new Promise<void>((resolve, reject) => {
      if (this.#closed) return reject(new ActivitySDKError(RPCErrorCodes.UNKNOWN_ERROR, 'the SDK is closed'));
      if (this.#origins.length === 0) {
        return reject(new ActivitySDKError(RPCErrorCodes.INVALID_ORIGIN, 'no parent origin to trust: run on an activity proxy host, or pass options.parentOrigins'));
      }
      if (this.frameId === null) return reject(new ActivitySDKError(RPCErrorCodes.INVALID_PAYLOAD, 'no frame_id in the frame URL: the activity was not launched by a chat client'));
      const timer = setTimeout(() => {
        this.#onReady = null;
        reject(new ActivitySDKError(RPCErrorCodes.TIMEOUT, 'the parent did not answer the handshake'));
      }, Math.min(this.#timeoutMs, 30_000));
      this.#onReady = (origin) => {
        clearTimeout(timer);
        this.#parentOrigin = origin;
        resolve();
      };
      if (!this.#listening) {
        this.#listening = true;
        this.#window.addEventListener('message', this.#onMessage);
      }
      // Posted to each origin the parent may have: the browser delivers it only to the real one.
      for (const origin of this.#origins) this.#window.parent.postMessage([Opcodes.HANDSHAKE, { v: 1, client_id: this.clientId, frame_id: this.frameId }], origin);
    });
    // A failed handshake may be tried again.
    this.#ready.catch(() => {
      if (this.#parentOrigin === null) this.#ready = null;
    });
    return this.#ready;
  }

  /**
   * Listens to an event of the instance; the parent is told once per event name.
   * @param event the event (ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE).
   * @param listener called with the event's data.
   */
  async subscribe(event: ActivityEvent, listener: Listener): Promise<void> {
    let set = this.#listeners.get(event);
    if (!set) {
      await this.#command('SUBSCRIBE', { event });
      set = this.#listeners.get(event) ?? new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
  }

  /**
   * Stops a listener; the parent is told when none is left for the event.
   * @param event the event.
   * @param listener the listener given to subscribe.
   */
  async unsubscribe(event: ActivityEvent, listener: Listener): Promise<void> {
    const set = this.#listeners.get(event);
    if (!set?.delete(listener) || set.size > 0) return;
    this.#listeners.delete(event);
    await this.#command('UNSUBSCRIBE', { event });
  }

  /**
   * Sends a command by name (the typed ones are {@link ActivitySDK.commands}); one the parent
   * does not know fails with INVALID_COMMAND.
   * @param cmd the command's name.
   * @param args its arguments.
   */
  sendCommand(cmd: string, args: Record<string, unknown> = {}): Promise<unknown> {
    if (typeof cmd !== 'string' || cmd.length === 0 || cmd.length > 64) return Promise.reject(new ActivitySDKError(RPCErrorCodes.INVALID_COMMAND, 'cmd: a command name'));
    return this.#command(cmd, args);
  }

  /** Stops listening and fails every command still waiting. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#window.removeEventListener('message', this.#onMessage);
    if (this.#parentOrigin) this.#window.parent.postMessage([Opcodes.CLOSE, { code: 1000, message: 'closed' }], this.#parentOrigin);
    for (const [nonce, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new ActivitySDKError(RPCErrorCodes.UNKNOWN_ERROR, 'the SDK was closed'));
      this.#pending.delete(nonce);
    }
  }

  #command(cmd: string, args: unknown): Promise<unknown> {
    if (this.#closed) return Promise.reject(new ActivitySDKError(RPCErrorCodes.UNKNOWN_ERROR, 'the SDK is closed'));
    if (this.#parentOrigin === null) return Promise.reject(new ActivitySDKError(RPCErrorCodes.UNKNOWN_ERROR, 'call ready() first'));
    const origin = this.#parentOrigin;
    const nonce = `${Date.now().toString(36)}-${++this.#nonce}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(nonce);
        reject(new ActivitySDKError(RPCErrorCodes.TIMEOUT, `${cmd}: the parent did not answer`));
      }, this.#timeoutMs);
      this.#pending.set(nonce, { resolve, reject, timer });
      this.#window.parent.postMessage([Opcodes.FRAME, { cmd, nonce, args }], origin);
    });
  }

  /** A message from the parent; anything else (another window, another origin, a malformed message) is ignored. */
  #receive(event: ActivityMessageEvent): void {
    if (event.source !== this.#window.parent) return;
    const trusted = this.#parentOrigin ?? (this.#origins.includes(event.origin) ? event.origin : null);
    if (trusted === null || event.origin !== trusted) return;
    if (!Array.isArray(event.data) || event.data.length !== 2 || !isObject(event.data[1])) return;
    const [opcode, payload] = event.data as [unknown, Record<string, unknown>];
    if (opcode === Opcodes.CLOSE) return this.close();
    if (opcode !== Opcodes.FRAME) return;
    if (payload.cmd === 'DISPATCH') {
      if (payload.evt === 'READY' && this.#onReady) {
        const done = this.#onReady;
        this.#onReady = null;
        return done(event.origin);
      }
      const listeners = typeof payload.evt === 'string' ? this.#listeners.get(payload.evt) : undefined;
      for (const listener of listeners ?? []) {
        try {
          listener(payload.data as ParticipantsResult);
        } catch {
          // A listener's own error stays the listener's.
        }
      }
      return;
    }
    const pending = typeof payload.nonce === 'string' ? this.#pending.get(payload.nonce) : undefined;
    if (!pending) return;
    this.#pending.delete(payload.nonce as string);
    clearTimeout(pending.timer);
    if (payload.evt === 'ERROR') {
      const data = isObject(payload.data) ? payload.data : {};
      pending.reject(new ActivitySDKError(typeof data.code === 'number' ? data.code : RPCErrorCodes.UNKNOWN_ERROR, typeof data.message === 'string' ? data.message : 'error'));
    } else {
      pending.resolve(payload.data);
    }
  }
}
