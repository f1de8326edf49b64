/// <reference types="node" preserve="true" />
// The declarations use Node's types (Buffer, http): this directive (kept in the .d.ts) brings them
// in for the app, whose tsconfig may not list them (TypeScript 6 and later include no @types by
// default).
/**
 * `import { startEmulator } from 'sdkpp/emulator'`: a local implementation of the service —
 * HTTP API with OAuth2, lobbies, messages and webhooks, the gateway, the voice server, and (with
 * `ipc: true`) the local chat client over IPC — for development and tests, on 127.0.0.1 unless
 * told another address.
 * @example
 * ```ts
 * const emulator = await startEmulator();
 * const client = new Client(emulator.apiBase, emulator.webBase);
 * // ...
 * await emulator.close();
 * ```
 * @module sdkpp/emulator
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { EmulatorControl, registerControlRoutes } from './control';
import { installDomain } from './domain';
import { Emulator } from './emulator';
import { Router } from './http/router';
import { RequestOrigins } from './http/request_origin';
import { createHttpServer, listen } from './http/server';
import { ActivityProxy } from './http/activity_proxy';
import { advertisedBase, advertisedHost, mediaAddress, networkSettings } from './network_options';
import { registerChannelMessages } from './routes/channel_messages';
import { registerChannelInfo } from './routes/channel_info';
import { registerDirectMessages } from './routes/dms';
import { registerGuilds } from './routes/guilds';
import { registerInvitePage } from './routes/invite_page';
import { registerLobbies } from './routes/lobbies';
import { registerOAuth2 } from './routes/oauth2';
import { registerPartnerSdk } from './routes/partner_sdk';
import { registerRelationships } from './routes/relationships';
import { registerUsers } from './routes/users';
import { registerMonetization } from './routes/monetization';
import { registerApplications } from './routes/applications';
import { registerApplicationEmoji } from './routes/application_emoji';
import { registerAuditLog } from './routes/audit_log';
import { registerAutoModeration } from './routes/automod';
import { registerInvites } from './routes/invites';
import { registerPins } from './routes/pins';
import { registerSearch } from './routes/search';
import { registerVoiceStates } from './routes/voice_states';
import { registerMembers } from './routes/members';
import { registerRoles } from './routes/roles';
import { registerPrune } from './routes/prune';
import { registerExpressions } from './routes/expressions';
import { registerSoundboard } from './routes/soundboard';
import { registerStore } from './routes/store';
import { DashboardFeed } from './dashboard/feed';
import { registerDashboard } from './dashboard/routes';
import { registerScheduledEvents } from './routes/scheduled_events';
import { registerDmChannels } from './routes/dm_channels';
import { registerCommands } from './routes/commands';
import { registerInteractions } from './routes/interactions';
import { SEED, seedState } from './seed';
import { startGateway, type GatewayServer } from './gateway/server';
import { startLocalClient, type LocalClientServer } from './ipc/server';
import { startEmulatorVoice, type EmulatorVoice } from './voice/emulator_voice';

export { SEED } from './seed';
export type { EmulatorControl } from './control';
export type { BusEvent, BusEventType, ChannelMessageAudience, EventBus } from './events';
export { BUS_EVENT_TYPES } from './events';
// The types the public names above name (arguments and answers of the control API, the core's
// bus): exported as types only, so an app can name them; nothing new is constructed from them.
export type { Emulator } from './emulator';
export type { GatewayServer } from './gateway/server';
export type { GuildObserver } from './domain/channels';
export type { NewUser } from './domain/accounts';
export type { CommandInvocation } from './domain/interactions';
export type { ComponentClick } from './domain/interaction_components';
export type { Submission, UploadedFile } from './domain/interaction_modal';
export type { PrivilegedIntentSwitches } from './domain/privileged_intents';
export type { PortalSettings } from './domain/portal_settings';
export type { UrlMapping } from './domain/activity_url_mappings';
export type { ActivityAuthorization, ActivityInstanceView, ActivityLinkShared, SharedLink } from './domain/activity_instances';
export type { DataFileStatus } from './persistence';
export type { PendingAuthorization } from './model/types';
export type {
  DaveRejectReason,
  DropReason,
  GatewayControl,
  LocalClientControl,
  MemberStats,
  PendingIpcAuthorization,
  VoiceControl,
  VoiceStatsSnapshot,
} from './ports';

/** How {@link startEmulator} runs the emulator. Every option is optional. */
export interface StartEmulatorOptions {
  /** The HTTP server's TCP port (API, web pages, gateway, control API); 0 (default) picks a free one. */
  port?: number;
  /**
   * The address to bind, HTTP and voice (default 127.0.0.1): an IP address or `localhost`.
   * Another than loopback lets that network use the control API, which has no authentication.
   */
  host?: string;
  /** The voice server's port, TCP and UDP (a firewall, a container's port mapping); 0 (default) picks a free one. */
  voicePort?: number;
  /**
   * The URL clients reach the HTTP server at (`http://emulator:8790`): apiBase, webBase, the
   * gateway URL and the voice endpoint's host name it. Default: the bound address, or
   * 127.0.0.1 when that is 0.0.0.0 or ::.
   */
  publicUrl?: string;
  /**
   * Persist state here: it survives a restart; a request that changed it is answered once the
   * change is written, and close() writes once more. The folder must exist and be writable (the
   * start fails otherwise); upload bytes go into a folder `<dataFile>.blobs` next to it.
   */
  dataFile?: string;
  /** The application's events URL for webhooks. */
  webhookUrl?: string;
  /**
   * Let an application's interactions endpoint URL name any host. By default only this machine
   * (a loopback address or localhost): a bot setting its URL makes the emulator send a request
   * there, which must not reach the developer's network.
   */
  allowRemoteEndpoints?: boolean;
  /**
   * Let an application's activity URL mappings target any host. By default only this machine
   * (a loopback address or localhost): the activity proxy host forwards whatever the activity's
   * page asks for to the target, which must not reach the developer's network.
   */
  allowRemoteActivityTargets?: boolean;
  /** The emulator clock's start (ms since the epoch); default now. */
  startTime?: number;
  /** Also run the local chat client on the first free sdkpp-ipc-{n} socket. */
  ipc?: boolean;
  /** Candidate IPC paths (default per docs/protocols/ipc.md); tests pass a temp directory's. */
  ipcPaths?: string[];
  /** Gateway heartbeat interval in ms (default 41250). */
  heartbeatIntervalMs?: number;
  /** Voice gateway heartbeat interval in ms (default 13750). */
  voiceHeartbeatIntervalMs?: number;
  /** How long the local client waits for the rest of a partial IPC frame before closing (default 10000). */
  ipcIncompleteFrameTimeoutMs?: number;
  /**
   * Receives the emulator's log lines, one string each without a newline (default: none, the
   * lines are dropped; the CLI's `--verbose` prints them). Every line passes a credential mask
   * first, and a bound: lines a peer can cause at will come at most 5 of a kind and 100 in all
   * per 10 s, the rest as one summary line per kind when the 10 s are over or at close().
   */
  log?: (line: string) => void;
}

/** A seeded application's credentials (secrets of the emulator only: fine to print in tests). */
export interface CredentialSet {
  /** The application (client) id. */
  id: string;
  /** The OAuth2 client secret. */
  clientSecret: string;
  /** The application's bot token (`Authorization: Bot <token>`). */
  botToken: string;
  /** The Ed25519 public key, hex, that checks the emulator's interaction signatures. */
  publicKey: string;
}

/** A running emulator ({@link startEmulator}): its addresses, seeded data, control API, and close(). */
export interface RunningEmulator {
  /** The address the servers are bound to (`localhost` as 127.0.0.1). */
  host: string;
  /** The API base (`http://127.0.0.1:<port>/api`): a Client's apiBase. */
  apiBase: string;
  /** The web base (`http://127.0.0.1:<port>`): a Client's webBase. */
  webBase: string;
  /** The gateway's WebSocket URL. */
  gatewayUrl: string;
  /** The local chat client's IPC socket path (with `ipc: true`), else null. */
  ipcPath: string | null;
  /** The HTTP server's TCP port. */
  port: number;
  /** The seeded application. */
  application: CredentialSet;
  /** The seeded child application of `application`. */
  childApplication: CredentialSet;
  /** The seeded people (bots excluded). */
  users: Array<SeededUser>;
  /** The seeded guild. */
  guild: SeededGuild;
  /** The control API: drive the emulator from a test (also over HTTP, `POST <webBase>/_sdkpp/control/<name>`). */
  control: EmulatorControl<GatewayServer>;
  /** The voice server: its endpoint and the PEM of its self-signed certificate (trust it for wss://). */
  voice: EmulatorVoiceInfo;
  /**
   * The emulator's core. Its event bus, `core.bus`, is the stable extension point: listen to
   * every change the service would dispatch (docs/emulator.md, "Extending"). Everything else on
   * it (state, clock, ids, webhooks, rate limits, the data file) is the emulator's internals,
   * which its own tests use and which change without notice: drive the emulator through
   * {@link RunningEmulator.control} instead.
   */
  core: Emulator;
  /** The HTTP server (API, web pages, gateway, control API). */
  server: http.Server;
  /** Stops every server and the clock, and writes the data file once more; safe to call twice. */
  close(): Promise<void>;
}

/** A seeded person ({@link RunningEmulator.users}). */
export interface SeededUser {
  /** The user's id. */
  id: string;
  /** The user's username. */
  username: string;
}

/** The seeded guild ({@link RunningEmulator.guild}). */
export interface SeededGuild {
  /** The guild's id. */
  id: string;
  /** The guild's name. */
  name: string;
}

/** The voice server of a running emulator ({@link RunningEmulator.voice}). */
export interface EmulatorVoiceInfo {
  /** The voice endpoint (host:port) the gateway hands out. */
  endpoint: string;
  /** Its port, TCP and UDP. */
  port: number;
  /** The PEM of its self-signed certificate (trust it for wss://). */
  certificatePem: string;
}

/**
 * Starts the emulator: the HTTP API and web pages, the gateway and the voice server (and the local
 * chat client with `ipc: true`), seeded with an application, a child application, people and a
 * guild.
 * @param options where to listen and how ({@link StartEmulatorOptions}).
 * @returns the running emulator, once every server listens.
 * @throws a bad address, port or option (named with its rule), a port in use, a data file that
 * cannot be written.
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  // Before anything starts: a bad address or port is the caller's mistake, named with its rule.
  const network = networkSettings(options);
  if (options.allowRemoteEndpoints !== undefined && typeof options.allowRemoteEndpoints !== 'boolean') throw new TypeError('allowRemoteEndpoints: true or false');
  if (options.allowRemoteActivityTargets !== undefined && typeof options.allowRemoteActivityTargets !== 'boolean') throw new TypeError('allowRemoteActivityTargets: true or false');
  const emu = new Emulator({
    seed: seedState,
    dataFile: options.dataFile,
    startTime: options.startTime,
    webhookUrl: options.webhookUrl,
    allowRemoteEndpoints: options.allowRemoteEndpoints,
    allowRemoteActivityTargets: options.allowRemoteActivityTargets,
    log: options.log,
  });
  installDomain(emu);
  try {
    // A data file that cannot be written (no such folder, read-only, full) stops the start here.
    await emu.persistence.open();
  } catch (error) {
    emu.clock.stop();
    throw error;
  }
  const control = new EmulatorControl<GatewayServer>(emu);
  const routers = { api: new Router(), web: new Router(), control: new Router() };
  let webBase = '';
  registerOAuth2(routers.api, routers.web, () => webBase);
  registerPartnerSdk(routers.api);
  registerUsers(routers.api);
  registerGuilds(routers.api, () => control.gateway);
  registerLobbies(routers.api);
  registerInvitePage(routers.web);
  registerStore(routers.web);
  // The dashboard reads the servers started below through these (empty until they run).
  const feed = new DashboardFeed(emu.journal);
  const stopDashboard = registerDashboard(routers.web, emu, {
    gatewaySessions: () => gateway?.sessions() ?? [],
    ipcConnections: () => localClient?.connections() ?? [],
    calls: () => voice?.live() ?? [],
  }, feed);
  registerDirectMessages(routers.api);
  registerRelationships(routers.api);
  registerMonetization(routers.api);
  registerVoiceStates(routers.api);
  registerAuditLog(routers.api);
  registerAutoModeration(routers.api);
  registerInvites(routers.api);
  registerPins(routers.api); // before registerChannelMessages: /messages/pins must win over /messages/:message_id
  registerSearch(routers.api);
  registerCommands(routers.api);
  registerInteractions(routers.api);
  registerChannelMessages(routers.api, routers.web);
  registerApplications(routers.api);
  registerApplicationEmoji(routers.api);
  registerMembers(routers.api, () => control.gateway);
  registerRoles(routers.api, () => control.gateway);
  registerPrune(routers.api);
  registerExpressions(routers.api);
  registerSoundboard(routers.api);
  registerScheduledEvents(routers.api);
  registerDmChannels(routers.api);
  registerChannelInfo(routers.api);
  registerControlRoutes(routers.control, control);
  let voice: EmulatorVoice | undefined;

  const origins = new RequestOrigins(network.host, network.publicUrl);
  const activityProxy = new ActivityProxy(emu);
  emu.activityProxy = activityProxy;
  const server = createHttpServer(emu, routers, origins, activityProxy);
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const applicationId = origins.activityApplicationId(req);
    if (applicationId === null) return; // the gateway's
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      socket.destroy();
      return;
    }
    activityProxy.upgrade(applicationId, req, socket, head, url);
  });
  let gateway: GatewayServer | undefined;
  let localClient: LocalClientServer | undefined;
  let port: number;
  try {
    port = await listen(server, network.port, network.host);
  } catch (error) {
    emu.clock.stop();
    throw error;
  }
  webBase = advertisedBase(network.host, port, network.publicUrl);
  emu.webBase = webBase;
  const gatewayUrl = `${webBase.replace(/^http/, 'ws')}/gateway`;
  try {
    const voiceHost = advertisedHost(network.host, network.publicUrl);
    let media = await mediaAddress(voiceHost, network.host);
    if (media === null) {
      emu.log(`voice: ${voiceHost} does not resolve; Ready gives it as the UDP address as it is`);
      media = voiceHost;
    }
    voice = await startEmulatorVoice(emu, routers.control, {
      heartbeatIntervalMs: options.voiceHeartbeatIntervalMs,
      host: network.host,
      port: network.voicePort,
      advertisedHost: voiceHost,
      mediaAddress: media,
    });
    control.voice = voice.control;
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    emu.clock.stop();
    throw error;
  }
  gateway = startGateway(emu, server, { url: gatewayUrl, heartbeatIntervalMs: options.heartbeatIntervalMs, voice: voice.gatewayHooks, origins });
  control.gateway = gateway;
  voice.attachGateway(gateway);
  routers.api.get('/gateway', () => ({ url: gatewayUrl }));
  routers.api.get('/gateway/bot', (ctx) => {
    ctx.bot();
    return { url: gatewayUrl, shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 } };
  });
  if (options.ipc) {
    localClient = await startLocalClient(emu, {
      paths: options.ipcPaths,
      apiBase: `${webBase}/api`,
      incompleteFrameTimeoutMs: options.ipcIncompleteFrameTimeoutMs,
    });
    control.localClient = localClient.control;
  }

  const app = emu.app(SEED.applicationId)!;
  const child = emu.app(SEED.childApplicationId)!;
  const credentials = (a: typeof app): CredentialSet => ({ id: a.id, clientSecret: a.clientSecret, botToken: a.botToken, publicKey: a.publicKeyHex });
  const guild = emu.state.guilds.get(SEED.guildId)!;
  let closed = false;
  return {
    host: network.host,
    apiBase: `${webBase}/api`,
    webBase,
    gatewayUrl,
    get ipcPath() {
      return localClient?.path() ?? null;
    },
    port,
    application: credentials(app),
    childApplication: credentials(child),
    users: [...emu.state.users.values()].filter((u) => !u.bot).map((u) => ({ id: u.id, username: u.username })),
    guild: { id: guild.id, name: guild.name },
    control,
    voice: voice.info,
    core: emu,
    server,
    async close() {
      if (closed) return;
      closed = true;
      stopDashboard();
      feed.closeAll();
      activityProxy.close();
      await localClient?.close();
      await gateway?.close();
      control.voice = null;
      await voice?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      emu.clock.stop();
      try {
        await emu.persistence.close();
      } finally {
        emu.flushLog();
      }
    },
  };
}
