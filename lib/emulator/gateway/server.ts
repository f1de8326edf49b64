// The gateway: WebSocket sessions on the emulator's address (path /gateway?v=10&encoding=json),
// fed from the event bus. Users (SDK bearer tokens) get their lobbies, messages, relationships
// and presences; bots get their guilds, members, channel updates (obfuscated when they opted
// in), voice status, entitlements and subscriptions.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { userJson } from '../domain/accounts';
import { accessToken } from '../domain/authorizations';
import { channelJson } from '../domain/channels';
import { canView } from '../domain/permissions';
import { updatePresence, userConnected, userDisconnected, userResumed } from '../domain/presence';
import type { Presence } from '../model/types';
import type { Emulator } from '../emulator';
import type { BusEvent, ChannelMessageAudience } from '../events';
import type { RequestOrigins } from '../http/request_origin';
import type { GatewayControl } from '../ports';
import { botGuildCreate, readyApplication, userReady } from './ready';
import { handleRequestChannelInfo, handleRequestGuildMembers, handleRequestSoundboardSounds } from './requests';
import { obfuscatedChannelJson } from './obfuscation';
import { Close, Intent, MAX_INBOUND_BYTES, Op, SESSION_RETENTION_MS } from './protocol';
import { Session } from './session';
import type { GatewayVoiceHooks } from '../ports';

/**
 * The running gateway (`RunningEmulator.control.gateway`): what the control API drives
 * ({@link GatewayControl}: reconnect, drop), plus its sessions and its close, which are the
 * emulator's internals (its own tests read the sessions). channelChanged tells bots about a
 * channel whose visibility may have changed (`visibleBefore`: bot user id -> could view it
 * before; with `visibilityOnly`, a role change, only obfuscated bots whose view changed hear of
 * it); guildAvailable sends GUILD_CREATE to the guild's connected bots.
 */
export interface GatewayServer extends GatewayControl {
  /** @internal Connected sessions (identified or not). */
  sessions(): Session[];
  /** @internal A dispatch to the sessions (user or bot) of these users in `applicationId`. */
  dispatchTo(userIds: Iterable<string>, applicationId: string, type: string, data: Record<string, unknown>): void;
  /** @internal RunningEmulator.close() closes it. */
  close(): Promise<void>;
}

const BOT_EVENTS = new Set([
  'GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE', 'GUILD_MEMBER_REMOVE', 'CHANNEL_UPDATE',
  'VOICE_CHANNEL_STATUS_UPDATE', 'VOICE_CHANNEL_START_TIME_UPDATE',
  'ENTITLEMENT_CREATE', 'ENTITLEMENT_UPDATE', 'ENTITLEMENT_DELETE', 'SUBSCRIPTION_CREATE', 'SUBSCRIPTION_UPDATE',
  'AUTO_MODERATION_RULE_CREATE', 'AUTO_MODERATION_RULE_UPDATE', 'AUTO_MODERATION_RULE_DELETE', 'AUTO_MODERATION_ACTION_EXECUTION',
  'INVITE_CREATE', 'INVITE_DELETE',
  'GUILD_ROLE_CREATE', 'GUILD_ROLE_UPDATE', 'GUILD_ROLE_DELETE', 'GUILD_EMOJIS_UPDATE', 'GUILD_STICKERS_UPDATE',
  'GUILD_SOUNDBOARD_SOUND_CREATE', 'GUILD_SOUNDBOARD_SOUND_UPDATE', 'GUILD_SOUNDBOARD_SOUND_DELETE', 'VOICE_CHANNEL_EFFECT_SEND',
  'GUILD_SCHEDULED_EVENT_CREATE', 'GUILD_SCHEDULED_EVENT_UPDATE', 'GUILD_SCHEDULED_EVENT_DELETE',
  'GUILD_DELETE',
  // To the application's bot only (published with its applicationId, no guildId); no intent needed.
  'INTERACTION_CREATE',
]);

// Bot events that need an intent (docs/protocols/gateway.md: intents select what a bot receives).
const EVENT_INTENT: Record<string, number> = {
  GUILD_MEMBER_ADD: Intent.GUILD_MEMBERS,
  GUILD_MEMBER_UPDATE: Intent.GUILD_MEMBERS,
  GUILD_MEMBER_REMOVE: Intent.GUILD_MEMBERS,
  CHANNEL_UPDATE: Intent.GUILDS,
  AUTO_MODERATION_RULE_CREATE: Intent.AUTO_MODERATION_CONFIGURATION,
  AUTO_MODERATION_RULE_UPDATE: Intent.AUTO_MODERATION_CONFIGURATION,
  AUTO_MODERATION_RULE_DELETE: Intent.AUTO_MODERATION_CONFIGURATION,
  AUTO_MODERATION_ACTION_EXECUTION: Intent.AUTO_MODERATION_EXECUTION,
  INVITE_CREATE: Intent.GUILD_INVITES,
  INVITE_DELETE: Intent.GUILD_INVITES,
  GUILD_ROLE_CREATE: Intent.GUILDS,
  GUILD_ROLE_UPDATE: Intent.GUILDS,
  GUILD_ROLE_DELETE: Intent.GUILDS,
  GUILD_EMOJIS_UPDATE: Intent.GUILD_EXPRESSIONS,
  GUILD_STICKERS_UPDATE: Intent.GUILD_EXPRESSIONS,
  GUILD_SOUNDBOARD_SOUND_CREATE: Intent.GUILD_EXPRESSIONS,
  GUILD_SOUNDBOARD_SOUND_UPDATE: Intent.GUILD_EXPRESSIONS,
  GUILD_SOUNDBOARD_SOUND_DELETE: Intent.GUILD_EXPRESSIONS,
  VOICE_CHANNEL_EFFECT_SEND: Intent.GUILD_VOICE_STATES,
  GUILD_SCHEDULED_EVENT_CREATE: Intent.GUILD_SCHEDULED_EVENTS,
  GUILD_SCHEDULED_EVENT_UPDATE: Intent.GUILD_SCHEDULED_EVENTS,
  GUILD_SCHEDULED_EVENT_DELETE: Intent.GUILD_SCHEDULED_EVENTS,
  GUILD_DELETE: Intent.GUILDS,
};

/** A client told to reconnect gets this long to close the socket itself before the server does. */
const RECONNECT_GRACE_MS = 5_000;

/**
 * The gateway's paths: bot libraries add a slash to the URL GET /gateway/bot gives them (and any
 * query order; unknown query parameters are ignored, as the service does).
 */
const GATEWAY_PATHS = new Set(['/gateway', '/gateway/']);

/** The request target as a URL, or null when it is none (`GET http://[`). */
function requestUrl(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://127.0.0.1');
  } catch {
    return null;
  }
}

/** Answers an upgrade it will not make with an HTTP status (and the API's JSON error body). */
function refuseUpgrade(socket: Duplex, status: number, reason: string, body: Record<string, unknown> | null): void {
  const text = body ? JSON.stringify(body) : '';
  const type = body ? 'Content-Type: application/json\r\n' : '';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  socket.destroy();
}

export interface GatewayOptions {
  /** The gateway URL clients are given (READY's resume_gateway_url). */
  url: string;
  heartbeatIntervalMs?: number;
  voice?: GatewayVoiceHooks;
  /** The Host and Origin checks the HTTP server applies, for upgrades too. */
  origins: RequestOrigins;
}

export function startGateway(emu: Emulator, server: http.Server, options: GatewayOptions): GatewayServer {
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 41250;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_INBOUND_BYTES, perMessageDeflate: false });
  // Connected sockets' sessions.
  const live = new Set<Session>();
  // Identified sessions, connected or kept for a Resume: they keep receiving (buffering) events
  // while disconnected, so a Resume replays everything that happened in between.
  const retained = new Map<string, Session>();
  const usersById = new Map<string, Set<Session>>();
  const bots = new Set<Session>();
  const reconnectTimers = new Set<NodeJS.Timeout>();

  const forget = (session: Session) => {
    const wasRetained = retained.delete(session.id);
    if (wasRetained && session.identity) options.voice?.sessionEnded(session.identity.user.id, session.id);
    bots.delete(session);
    const identity = session.identity;
    if (identity?.kind === 'user') {
      const set = usersById.get(identity.user.id);
      set?.delete(session);
      if (set?.size === 0) usersById.delete(identity.user.id);
    }
  };

  // The user's presence goes offline when its last connected session closes (resumable or not).
  // What a resumable session showed then comes back when it resumes: the client does not send
  // its presence again after a resume.
  const presenceAtClose = new WeakMap<Session, Presence>();
  const presenceAfterClose = (session: Session) => {
    const identity = session.identity;
    if (identity?.kind !== 'user') return;
    const stillConnected = [...(usersById.get(identity.user.id) ?? [])].some((other) => other.socket !== null);
    if (stillConnected) return;
    const shown = emu.state.presences.get(identity.user.id);
    if (session.resumable && shown) presenceAtClose.set(session, shown);
    userDisconnected(emu, identity.user.id);
  };

  const expired = (session: Session) =>
    !session.resumable || (session.closedAt !== null && emu.now() - session.closedAt > SESSION_RETENTION_MS);

  const hooks = {
    emu,
    heartbeatIntervalMs,
    resumeUrl: options.url,
    findResumable(sessionId: string, token: string) {
      const session = retained.get(sessionId);
      if (!session || session.identity?.token !== token) return undefined;
      if (expired(session)) {
        forget(session);
        return undefined;
      }
      if (session.socket) {
        // The client resumes while its old socket still looks open (a zombie): drop the old one.
        const old = session.socket;
        session.detachSocketListeners(old);
        session.socket = null;
        old.terminate();
      }
      live.add(session);
      return session;
    },
    onIdentified(session: Session) {
      const identity = session.identity!;
      retained.set(session.id, session);
      if (identity.kind === 'user') {
        let set = usersById.get(identity.user.id);
        if (!set) usersById.set(identity.user.id, (set = new Set()));
        set.add(session);
        session.dispatch('READY', JSON.stringify(userReady(emu, identity.user, identity.app, session.id, options.url, options.voice)));
        userConnected(emu, identity.user.id, identity.app.id, identity.presence, `gateway session ${session.id}`);
        return;
      }
      bots.add(session);
      const guilds = [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === identity.user.id));
      session.dispatch('READY', JSON.stringify({
        v: 10,
        user: userJson(identity.user, identity.app),
        guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
        session_id: session.id,
        resume_gateway_url: options.url,
        application: readyApplication(identity.app),
      }));
      for (const guild of guilds) {
        session.dispatch('GUILD_CREATE', JSON.stringify(botGuildCreate(emu, guild, identity.user.id, identity.obfuscation)));
      }
    },
    onCommand(session: Session, op: number, d: unknown) {
      switch (op) {
        case Op.PresenceUpdate:
          if (!updatePresence(emu, session.identity!.user.id, session.identity!.app.id, d, `gateway session ${session.id}, op 3`)) session.close(Close.DecodeError, 'Invalid presence');
          return;
        case Op.RequestGuildMembers:
          handleRequestGuildMembers(emu, session, d);
          return;
        case Op.RequestChannelInfo:
          handleRequestChannelInfo(emu, session, d);
          return;
        case Op.RequestSoundboardSounds:
          handleRequestSoundboardSounds(emu, session, d);
          return;
        case Op.VoiceStateUpdate: {
          const error = options.voice?.voiceStateUpdate(session.identity!, session.id, d);
          if (error) session.close(Close.DecodeError, error);
          return;
        }
        default:
          return;
      }
    },
    onClosed(session: Session) {
      live.delete(session);
      presenceAfterClose(session);
      // Kept for SESSION_RETENTION_MS (emulator time) so the client can resume, unless it is over.
      if (!session.resumable) forget(session);
    },
    onResumed(temporary: Session, resumed: Session) {
      live.delete(temporary);
      const identity = resumed.identity;
      if (identity?.kind !== 'user') return;
      const shown = presenceAtClose.get(resumed);
      presenceAtClose.delete(resumed);
      userResumed(emu, identity.user.id, identity.app.id, shown, `gateway session ${resumed.id}`);
    },
  };

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Another site's page (its Origin) or a rebound host name gets no gateway session; then a
    // path other than the gateway's is a 404, and a request target that is no URL a 400 (a
    // throw here, in the server's upgrade event, would end the process).
    // An activity proxy host's upgrade is the activity proxy's (http/activity_proxy.ts).
    if (options.origins.activityApplicationId(req) !== null) return;
    if (!options.origins.hostAllowed(req) || !options.origins.originAllowed(req)) return refuseUpgrade(socket, 403, 'Forbidden', null);
    const url = requestUrl(req.url);
    if (!url) return refuseUpgrade(socket, 400, 'Bad Request', { code: 0, message: 'Malformed request target' });
    if (!GATEWAY_PATHS.has(url.pathname)) return refuseUpgrade(socket, 404, 'Not Found', { code: 0, message: '404: Not Found' });
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      // A socket refused below still reads while it closes: an oversized frame then is an
      // 'error' event, which without a listener would end the process.
      ws.on('error', () => {});
      const version = url.searchParams.get('v');
      if (version !== null && version !== '9' && version !== '10') return ws.close(Close.InvalidApiVersion, 'Invalid API version');
      const encoding = url.searchParams.get('encoding');
      if (encoding !== null && encoding !== 'json') return ws.close(Close.DecodeError, 'Only encoding=json is supported');
      live.add(new Session(ws, hooks));
    });
  };
  server.on('upgrade', onUpgrade);

  const unsubscribe = emu.bus.subscribe((event) => route(emu, event, usersById, bots));
  const pruneTimer = setInterval(() => {
    for (const session of retained.values()) if (session.socket === null && expired(session)) forget(session);
  }, 30_000);
  pruneTimer.unref();

  return {
    sessions: () => [...live],
    channelChanged(guildId, channelId, visibleBefore, changeOptions = {}) {
      const guild = emu.state.guilds.get(guildId);
      const channel = guild?.channels.find((c) => c.id === channelId);
      if (!guild || !channel) return;
      for (const session of bots) {
        const identity = session.identity!;
        if ((identity.intents & Intent.GUILDS) === 0) continue;
        if (!guild.members.some((m) => m.userId === identity.user.id)) continue;
        const now = canView(guild, channel, identity.user.id);
        const before = visibleBefore.get(identity.user.id) ?? now;
        if (changeOptions.visibilityOnly && (!identity.obfuscation || before === now)) continue;
        // With obfuscation a bot that gains VIEW_CHANNEL gets the full channel in CHANNEL_UPDATE;
        // a channel that stays hidden to it is still dispatched, with the hidden fields (spec,
        // Channel Update), so it learns that the channel changed but not what.
        const data = identity.obfuscation && !now ? obfuscatedChannelJson(guild, channel) : channelJson(emu, guild, channel);
        session.dispatch('CHANNEL_UPDATE', JSON.stringify(data));
      }
    },
    guildAvailable(guildId, botUserId) {
      const guild = emu.state.guilds.get(guildId);
      if (!guild) return;
      for (const session of bots) {
        const identity = session.identity!;
        if (botUserId !== undefined && identity.user.id !== botUserId) continue;
        if (!guild.members.some((m) => m.userId === identity.user.id)) continue;
        session.dispatch('GUILD_CREATE', JSON.stringify(botGuildCreate(emu, guild, identity.user.id, identity.obfuscation)));
      }
    },
    reconnect(filter = {}) {
      let told = 0;
      for (const session of live) {
        if (!session.identity || !session.socket || session.socket.readyState !== 1) continue;
        if (filter.userId && session.identity.user.id !== filter.userId) continue;
        const socket = session.socket;
        socket.send(JSON.stringify({ op: Op.Reconnect, d: null, s: null, t: null }));
        told++;
        // The client should close and resume; a client that does not is disconnected (resumably).
        const timer = setTimeout(() => {
          reconnectTimers.delete(timer);
          if (socket.readyState <= 1) socket.close(Close.UnknownError, 'Reconnect');
        }, Math.max(RECONNECT_GRACE_MS, heartbeatIntervalMs));
        timer.unref();
        reconnectTimers.add(timer);
      }
      return told;
    },
    drop(filter = {}) {
      let dropped = 0;
      for (const session of [...live]) {
        if (!session.identity || !session.socket) continue;
        if (filter.userId && session.identity.user.id !== filter.userId) continue;
        session.socket.terminate();
        dropped++;
      }
      return dropped;
    },
    dispatchTo(userIds, applicationId, type, data) {
      const json = JSON.stringify(data);
      const wanted = new Set(userIds);
      for (const session of retained.values()) {
        const identity = session.identity!;
        if (wanted.has(identity.user.id) && identity.app.id === applicationId) session.dispatch(type, json);
      }
    },
    async close() {
      unsubscribe();
      clearInterval(pruneTimer);
      for (const timer of reconnectTimers) clearTimeout(timer);
      server.off('upgrade', onUpgrade);
      for (const session of live) session.close(1001, 'Emulator stopping');
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/**
 * Ends the user's sessions whose token no longer lives: those of the deauthorized application,
 * and child-token sessions whose parent token went with it (docs/protocols/http.md: 4004).
 */
function endRevokedSessions(emu: Emulator, sessions: Iterable<Session>): void {
  for (const session of [...sessions]) {
    const identity = session.identity!;
    if (accessToken(emu, identity.token.replace(/^Bearer\s+/, ''))) continue;
    session.resumable = false;
    session.close(Close.AuthenticationFailed, 'Authorization revoked');
  }
}

/**
 * Channel messages reach the bots whose intents ask for them (GUILD_MESSAGES in guilds,
 * DIRECT_MESSAGES in DMs) and that can see the channel; each gets its own view (MESSAGE_CONTENT).
 */
function dispatchChannelMessage(event: BusEvent, audience: ChannelMessageAudience, bots: Set<Session>): void {
  const intent = audience.dm ? Intent.DIRECT_MESSAGES : audience.guildsIntent ? Intent.GUILDS : Intent.GUILD_MESSAGES;
  for (const session of bots) {
    const identity = session.identity!;
    if ((identity.intents & intent) === 0 || !audience.reaches(identity.user.id)) continue;
    const messageContent = (identity.intents & Intent.MESSAGE_CONTENT) !== 0;
    session.dispatch(event.type, JSON.stringify(audience.view({ userId: identity.user.id, messageContent })));
  }
}

function route(emu: Emulator, event: BusEvent, usersById: Map<string, Set<Session>>, bots: Set<Session>): void {
  if (event.channelMessage) return dispatchChannelMessage(event, event.channelMessage, bots);
  if (event.type === 'APPLICATION_DEAUTHORIZED') {
    for (const userId of new Set(event.userIds)) endRevokedSessions(emu, usersById.get(userId) ?? []);
    return;
  }
  let data: string | undefined;
  const json = () => (data ??= JSON.stringify(event.data));
  for (const userId of new Set(event.userIds)) {
    const sessions = usersById.get(userId);
    if (!sessions) continue;
    for (const session of sessions) {
      const identity = session.identity!;
      if (event.applicationId && event.applicationId !== identity.app.id) continue;
      session.dispatch(event.type, json());
    }
  }
  if (!BOT_EVENTS.has(event.type)) return;
  const guild = event.guildId ? emu.state.guilds.get(event.guildId) : undefined;
  const intent = EVENT_INTENT[event.type] ?? 0;
  for (const session of bots) {
    const identity = session.identity!;
    if ((identity.intents & intent) !== intent) continue;
    if (event.guildId) {
      if (!guild?.members.some((m) => m.userId === identity.user.id)) continue;
      if (event.botUserIds && !event.botUserIds.includes(identity.user.id)) continue;
    } else if (event.applicationId !== identity.app.id) {
      continue;
    }
    session.dispatch(event.type, json());
  }
}
