// What the dashboard page shows, as one JSON document read on demand (GET
// /_sdkpp/dashboard/state): the clock, people, applications and their settings, guilds and
// channels, lobbies with members and their last messages, live sessions (gateway, IPC, voice),
// calls and pending consents. Nothing here is a whole credential: tokens, secrets and gateway
// session ids (which resume a session) are masked; the page fetches a secret only when a person
// copies it (secret.ts).
import type { Emulator } from '../emulator';
import type { Session } from '../gateway/session';
import type { IpcConnection } from '../ipc/connection';
import type { LiveCall } from '../voice/live_calls';
import { portalSettings } from '../domain/portal_settings';
import { privilegedIntentsReport } from '../domain/privileged_intents';
import { activityInstances } from '../domain/activity_instances';
import { urlMappingsOf } from '../domain/activity_url_mappings';
import { CommandType, commandsOf } from '../domain/commands';

/** Where the live parts come from (the servers the emulator started). */
export interface DashboardSources {
  gatewaySessions(): Session[];
  ipcConnections(): IpcConnection[];
  calls(): LiveCall[];
}

/** The last messages a lobby shows. */
export const LOBBY_MESSAGES_SHOWN = 5;
/** Message text is cut to this many characters on the page. */
const TEXT_SHOWN = 200;

/** `abcd…wxyz`: enough to tell two apart, not enough to use. */
export function mask(secret: string | null | undefined): string | null {
  if (!secret) return null;
  return secret.length <= 12 ? '…' : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

const name = (emu: Emulator, userId: string) => {
  const user = emu.user(userId);
  return user ? (user.globalName ?? user.username) : userId;
};

export function dashboardSnapshot(emu: Emulator, sources: DashboardSources): Record<string, unknown> {
  const state = emu.state;
  return {
    now: emu.now(),
    users: [...state.users.values()].map((u) => ({ id: u.id, username: u.username, name: u.globalName ?? u.username, bot: u.bot, provisional: u.provisional })),
    applications: [...state.applications.values()].map((app) => {
      const intents = privilegedIntentsReport(emu, app.id);
      return {
        id: app.id,
        name: app.name,
        botToken: mask(app.botToken),
        clientSecret: mask(app.clientSecret),
        eventsUrl: app.eventsUrl,
        interactionsEndpointUrl: app.settings?.interactionsEndpointUrl ?? null,
        privilegedIntents: intents,
        portal: portalSettings(app),
        activitiesEnabled: app.activitiesEnabled === true,
        // The entry point command a person launches the activity with (LAUNCH_ACTIVITY).
        entryPoint: commandsOf(emu, app.id, null).find((c) => c.type === CommandType.PRIMARY_ENTRY_POINT)?.name ?? null,
        urlMappings: urlMappingsOf(app),
      };
    }),
    guilds: [...state.guilds.values()].map((g) => ({
      id: g.id,
      name: g.name,
      memberCount: g.members.length,
      channels: g.channels.map((c) => ({ id: c.id, name: c.name, type: c.type, voiceMembers: g.members.filter((m) => m.voiceChannelId === c.id).map((m) => name(emu, m.userId)) })),
    })),
    lobbies: [...state.lobbies.values()].map((lobby) => ({
      id: lobby.id,
      applicationId: lobby.applicationId,
      linkedChannelId: lobby.linkedChannelId,
      members: lobby.members.map((m) => ({ id: m.id, name: name(emu, m.id), connected: m.connected })),
      messages: (state.messages.get(lobby.id) ?? []).slice(-LOBBY_MESSAGES_SHOWN).map((m) => ({ id: m.id, author: name(emu, m.authorId), content: m.content.slice(0, TEXT_SHOWN), at: m.timestamp })),
    })),
    sessions: {
      gateway: sources.gatewaySessions().map((s) => ({
        id: mask(s.id),
        kind: s.identity?.kind ?? 'unidentified',
        userId: s.identity?.user.id ?? null,
        user: s.identity ? name(emu, s.identity.user.id) : null,
        application: s.identity?.app.name ?? null,
        intents: s.identity?.kind === 'bot' ? s.identity.intents : null,
        connected: s.socket !== null,
      })),
      ipc: sources.ipcConnections().map((c) => ({ number: c.number, application: c.app?.name ?? null, user: c.authenticatedUser ? name(emu, c.authenticatedUser.id) : null, subscriptions: [...c.subscriptions] })),
    },
    calls: sources.calls().map((call) => ({
      ...call,
      members: call.members.map((m) => ({ ...m, name: name(emu, m.userId) })),
    })),
    autoApprove: state.autoApproveUserId !== null,
    activities: activityInstances(emu).map((instance) => ({
      ...instance,
      participants: instance.participants.map((p) => ({ id: p.id, username: p.username, global_name: p.global_name ?? null, avatar: p.avatar ?? null })),
    })),
    pendingAuthorizations: [...state.pendingAuthorizations.values()]
      .filter((p) => p.decision === null)
      .map((p) => ({ id: p.id, application: emu.app(p.applicationId)?.name ?? p.applicationId, scopes: p.scopes })),
  };
}
