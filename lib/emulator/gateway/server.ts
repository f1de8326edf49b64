// The gateway: WebSocket sessions on the emulator's address (path /gateway?v=10&encoding=json),
// fed from the event bus. Users (SDK bearer tokens) get their lobbies, messages, relationships
// and presences; bots get their guilds, members, channel updates (obfuscated when they opted
// in), voice status, entitlements and subscriptions.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Emulator } from '../emulator';
import type { BusEvent } from '../events';
import { canView } from '../permissions';
import { channelJson } from '../routes/guilds';
import { botGuildCreate, userReady } from './ready';
import { handleRequestChannelInfo, handleRequestGuildMembers } from './requests';
import { obfuscatedChannelJson } from './obfuscation';
import { Close, MAX_INBOUND_BYTES, Op, SESSION_RETENTION_MS } from './protocol';
import { Session } from './session';
import { updatePresence } from './presence';

export interface GatewayServer {
  sessions(): Session[];
  /** Tells bots about a channel whose visibility may have changed (overwrites, roles). */
  channelChanged(guildId: string, channelId: string, visibleBefore: Map<string, boolean>): void;
  close(): Promise<void>;
}

const BOT_EVENTS = new Set([
  'GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE', 'GUILD_MEMBER_REMOVE', 'CHANNEL_UPDATE',
  'VOICE_CHANNEL_STATUS_UPDATE', 'VOICE_CHANNEL_START_TIME_UPDATE',
  'ENTITLEMENT_CREATE', 'ENTITLEMENT_UPDATE', 'ENTITLEMENT_DELETE', 'SUBSCRIPTION_CREATE', 'SUBSCRIPTION_UPDATE',
]);

export function startGateway(emu: Emulator, server: http.Server, options: { url: string; heartbeatIntervalMs?: number }): GatewayServer {
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 41250;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_INBOUND_BYTES, perMessageDeflate: false });
  const live = new Set<Session>();
  const retained = new Map<string, Session>();

  const hooks = {
    emu,
    heartbeatIntervalMs,
    resumeUrl: options.url,
    findResumable(sessionId: string, token: string) {
      const session = retained.get(sessionId);
      if (!session || session.identity?.token !== token) return undefined;
      if (session.closedAt !== null && emu.now() - session.closedAt > SESSION_RETENTION_MS) return undefined;
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
        session.dispatch('READY', JSON.stringify(userReady(emu, identity.user, identity.app, session.id, options.url)));
        return;
      }
      const guilds = [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === identity.user.id));
      session.dispatch('READY', JSON.stringify({
        v: 10,
        user: emu.userJson(identity.user, identity.app),
        guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
        session_id: session.id,
        resume_gateway_url: options.url,
        application: { id: identity.app.id, flags: identity.app.flags },
      }));
      for (const guild of guilds) {
        session.dispatch('GUILD_CREATE', JSON.stringify(botGuildCreate(emu, guild, identity.user.id, identity.obfuscation)));
      }
    },
    onCommand(session: Session, op: number, d: unknown) {
      switch (op) {
        case Op.PresenceUpdate:
          if (!updatePresence(emu, session, d)) session.close(Close.DecodeError, 'Invalid presence');
          return;
        case Op.RequestGuildMembers:
          handleRequestGuildMembers(emu, session, d);
          return;
        case Op.RequestChannelInfo:
          handleRequestChannelInfo(emu, session, d);
          return;
        default:
          return; // voice state and soundboard requests have nothing to answer here
      }
    },
    onClosed(session: Session) {
      live.delete(session);
      // Kept for SESSION_RETENTION_MS (emulator time) so the client can resume.
    },
  };

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/gateway') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const version = url.searchParams.get('v');
      if (version !== null && version !== '9' && version !== '10') return ws.close(Close.InvalidApiVersion, 'Invalid API version');
      const encoding = url.searchParams.get('encoding');
      if (encoding !== null && encoding !== 'json') return ws.close(Close.DecodeError, 'Only encoding=json is supported');
      live.add(new Session(ws, hooks));
    });
  };
  server.on('upgrade', onUpgrade);

  const unsubscribe = emu.bus.subscribe((event) => route(emu, event, live));
  const pruneTimer = setInterval(() => {
    for (const [id, session] of retained) {
      if (session.closedAt !== null && emu.now() - session.closedAt > SESSION_RETENTION_MS) retained.delete(id);
    }
  }, 30_000);
  pruneTimer.unref();

  return {
    sessions: () => [...live],
    channelChanged(guildId, channelId, visibleBefore) {
      const guild = emu.state.guilds.get(guildId);
      const channel = guild?.channels.find((c) => c.id === channelId);
      if (!guild || !channel) return;
      for (const session of live) {
        const identity = session.identity;
        if (identity?.kind !== 'bot' || !guild.members.some((m) => m.userId === identity.user.id)) continue;
        const now = canView(guild, channel, identity.user.id);
        const before = visibleBefore.get(identity.user.id) ?? now;
        let data: Record<string, unknown>;
        if (identity.obfuscation && !now) data = obfuscatedChannelJson(guild, channel);
        else data = channelJson(emu, guild, channel);
        // With obfuscation a bot that gains VIEW_CHANNEL gets the full channel in CHANNEL_UPDATE.
        if (identity.obfuscation && before === now && !now) continue;
        session.dispatch('CHANNEL_UPDATE', JSON.stringify(data));
      }
    },
    async close() {
      unsubscribe();
      clearInterval(pruneTimer);
      server.off('upgrade', onUpgrade);
      for (const session of live) session.close(1001, 'Emulator stopping');
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function route(emu: Emulator, event: BusEvent, live: Set<Session>): void {
  const data = JSON.stringify(event.data);
  for (const session of live) {
    const identity = session.identity;
    if (!identity) continue;
    if (identity.kind === 'user') {
      if (!event.userIds.includes(identity.user.id)) continue;
      if (event.applicationId && event.applicationId !== identity.app.id) continue;
      if (event.type === 'APPLICATION_DEAUTHORIZED') {
        session.close(Close.AuthenticationFailed, 'Authorization revoked');
        continue;
      }
      session.dispatch(event.type, data);
    } else if (BOT_EVENTS.has(event.type)) {
      if (event.guildId) {
        const guild = emu.state.guilds.get(event.guildId);
        if (!guild?.members.some((m) => m.userId === identity.user.id)) continue;
      } else if (event.applicationId !== identity.app.id) {
        continue;
      }
      session.dispatch(event.type, data);
    }
  }
}
