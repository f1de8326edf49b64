// The SDK's entry point for JS: the C++ Client's methods with their C++ names. A method whose
// C++ form ends in a callback takes it, or returns a Promise when it is omitted. The methods of
// each area live in client_<area>.ts (the area words of native/core/src/client), chained as
// connection → auth → presence → lobbies → messages → relationships → users → audio → Client; this
// file holds the Client's lifetime (client.cc): construction, Dispose, nullobj.
import { NodePlatformHost, type NodePlatformOptions } from '../platform/node_host';
import { usePipeServerCheck } from '../platform/host/ipc_owner';
import { binding } from './binding';
import { AudioMethods } from './client_audio';
import { ClientError, ClientStatus, ClientThread } from './enums.generated';
import type { NativeClient } from './native_client';
import { ClientCreateOptions } from './values';

export type { AuthorizeOutcome, ChildTokenExchange, CurrentUser, TokenExchange } from './client_auth';

const NULL_CLIENT = Symbol('sdkpp.nullClient');

// A Client the app dropped without Dispose() (README, "Lifetime"): once its native
// half is collected (the core is torn down by the addon's finalizer), its host's sockets,
// timers and listeners are closed here. The host refers to the native client only weakly
// (platform/host/events.ts), so holding the host keeps nothing else alive.
// The platform checks a Windows pipe's server user through the addon, which only the SDK loads.
usePipeServerCheck((path, pretendServerSid) => binding.internal.checkPipeServerUser(path, pretendServerSid));

const closeDroppedClient = new FinalizationRegistry<NodePlatformHost>((host) => host.close());
const NODE_OPTION_KEYS = ['openUrl', 'now', 'ipcPaths', 'audio'] as const;
const AUDIO_BACKENDS = ['system', 'virtual'] as const;

function checkAudioOption(audio: unknown): void {
  if (typeof audio !== 'object' || audio === null) throw new TypeError('new Client: nodeOptions.audio must be an object');
  for (const [key, value] of Object.entries(audio)) {
    if (key !== 'backend') throw new TypeError(`new Client: unknown option 'audio.${key}' (audio options are backend)`);
    if (value !== undefined && !(AUDIO_BACKENDS as readonly unknown[]).includes(value)) {
      throw new TypeError(`new Client: nodeOptions.audio.backend must be ${AUDIO_BACKENDS.join(' or ')}`);
    }
  }
}

function checkNodeOptions(options: unknown): asserts options is NodePlatformOptions | undefined {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('new Client: nodeOptions must be an object');
  }
  for (const [key, value] of Object.entries(options)) {
    if (!(NODE_OPTION_KEYS as readonly string[]).includes(key)) {
      throw new TypeError(
        `new Client: unknown option '${key}' (options of the service go in a ClientCreateOptions; ` +
          `Node options are ${NODE_OPTION_KEYS.join(', ')})`,
      );
    }
    if (key === 'audio') {
      if (value !== undefined) checkAudioOption(value);
      continue;
    }
    if (value !== undefined && typeof value !== 'function') {
      throw new TypeError(`new Client: nodeOptions.${key} must be a function`);
    }
  }
}

/**
 * The SDK's entry point: one player's session with the service. Its methods carry the C++ SDK's
 * names; one whose C++ form ends in a callback takes that callback, or returns a Promise when it
 * is omitted (resolved with the callback's values, rejected with an {@link SdkError} when the
 * ClientResult is not successful). Bad arguments throw at once (TypeError, RangeError naming the
 * method and the argument); a rule of the service an argument breaks answers a ValidationError.
 * Callbacks run on the JS thread. End a session with {@link Client.Dispose}.
 * @example
 * ```ts
 * import { AuthorizationTokenType, Client } from 'sdkpp';
 *
 * const client = new Client();
 * client.SetApplicationId(applicationId);
 * await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
 * client.SetStatusChangedCallback(async (status) => {
 *   if (status !== Client.Status.Ready) return;
 *   const { lobbyId } = await client.CreateOrJoinLobby('my-secret');
 *   await client.SendLobbyMessage(lobbyId, 'hello');
 * });
 * client.Connect();
 * ```
 */
export class Client extends AudioMethods {
  /** The connection's states ({@link ClientStatus}; the C++ `Client::Status`). */
  static readonly Status = ClientStatus;
  /** Why the status changed ({@link ClientError}; the C++ `Client::Error`). */
  static readonly Error = ClientError;
  /** The C++ SDK's threads ({@link ClientThread}; the C++ `Client::Thread`), for SetThreadPriority. */
  static readonly Thread = ClientThread;
  /** An invalid Client: calls answer defaults, and callbacks a ClientDestroyed result. */
  static readonly nullobj: Client = new Client(NULL_CLIENT as never);

  readonly #native: NativeClient;
  readonly #host: NodePlatformHost | undefined;

  /**
   * A Client of the service at the default address: `SDKPP_API_BASE` / `SDKPP_WEB_BASE` from the
   * environment, else the local emulator's (`http://127.0.0.1:8790/api`, `http://127.0.0.1:8790`).
   * @param nodeOptions Node-only options ({@link NodePlatformOptions}): `openUrl`, `ipcPaths`, `now`, `audio`.
   * @throws TypeError for an unknown option or one of the wrong type.
   */
  constructor(nodeOptions?: NodePlatformOptions);
  /**
   * A Client of the service at these addresses.
   * @param apiBase the HTTP API's root, ending in `/api` (http or https).
   * @param webBase the web root (the authorize page, invites).
   * @param nodeOptions Node-only options ({@link NodePlatformOptions}).
   * @throws RangeError for a base that is not an http(s) URL; TypeError for a bad option.
   */
  constructor(apiBase: string, webBase: string, nodeOptions?: NodePlatformOptions);
  /**
   * A Client with the C++ SDK's options ({@link ClientCreateOptions}).
   * @param options the service's address and the C++ SDK's settings.
   * @param nodeOptions Node-only options ({@link NodePlatformOptions}).
   * @throws TypeError for a bad option.
   */
  constructor(options: ClientCreateOptions, nodeOptions?: NodePlatformOptions);
  constructor(...args: unknown[]) {
    super();
    if (args[0] === NULL_CLIENT) {
      this.#native = new binding.NativeClient();
      this.#native.Destroy();
      this.#host = undefined;
      return;
    }
    let options: ClientCreateOptions | undefined;
    let nodeOptions: NodePlatformOptions | undefined;
    if (typeof args[0] === 'string' || typeof args[1] === 'string') {
      options = new ClientCreateOptions();
      options.SetApiBase(args[0] as string);
      options.SetWebBase(args[1] as string);
      nodeOptions = args[2] as NodePlatformOptions | undefined;
    } else if (args[0] instanceof ClientCreateOptions || args.length >= 2) {
      options = args[0] as ClientCreateOptions | undefined;
      nodeOptions = args[1] as NodePlatformOptions | undefined;
    } else {
      nodeOptions = args[0] as NodePlatformOptions | undefined;
    }
    checkNodeOptions(nodeOptions);
    const host = new NodePlatformHost(nodeOptions);
    this.#native = new binding.NativeClient(options, host);
    // Before anything can make the audio engine: the choice applies to its first backend.
    const backend = nodeOptions?.audio?.backend;
    if (backend !== undefined) this.#native._SetAudioBackend(backend);
    host.attach(this.#native);
    this.#host = host;
    closeDroppedClient.register(this.#native, host, host);
  }

  /** @internal The addon's client, for the area classes. */
  protected get native(): NativeClient {
    return this.#native;
  }

  /** False for Client.nullobj and after Dispose() (the C++ `operator bool`). */
  get valid(): boolean {
    return this.#host !== undefined && !this.#disposed;
  }
  #disposed = false;

  /**
   * Node addition (C#'s Dispose): destroys the native client now. Pending operations answer
   * ClientDestroyed; later calls answer defaults or ClientDestroyed.
   */
  Dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#host) closeDroppedClient.unregister(this.#host);
    this.#native.Destroy();
    // Let the ClientDestroyed answers reach their callbacks before the host lets go.
    setImmediate(() => this.#host?.close());
  }
}

/** The nested enums' types, as in C++ (`Client::Status`, `Client::Error`, `Client::Thread`). */
export declare namespace Client {
  /** A connection state: {@link ClientStatus}. */
  type Status = ClientStatus;
  /** Why the status changed: {@link ClientError}. */
  type Error = ClientError;
  /** A C++ SDK thread: {@link ClientThread}. */
  type Thread = ClientThread;
}
