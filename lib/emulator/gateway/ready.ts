// What a session learns when it identifies: READY for users (user, relationships, lobbies,
// presences) and for bots (guilds, then GUILD_CREATE each).
import { applicationProfilesJson, userJson } from '../domain/accounts';
import { lobbyJson } from '../domain/lobbies';
import { canView } from '../domain/permissions';
import { presencesFor } from '../domain/presence';
import { relationshipJson, relationshipsOf } from '../domain/relationships';
import type { Emulator } from '../emulator';
import type { Application, Guild, User } from '../model/types';
import { channelForBot } from './obfuscation';
import type { GatewayVoiceHooks } from '../ports';

export function userReady(emu: Emulator, user: User, app: Application, sessionId: string, resumeUrl: string, voice?: GatewayVoiceHooks): Record<string, unknown> {
  const lobbies = [...emu.state.lobbies.values()].filter((l) => l.applicationId === app.id && l.members.some((m) => m.id === user.id));
  const relationships = relationshipsOf(emu, user.id);
  const presences = presencesFor(emu, relationships.map((r) => r.otherId));
  return {
    v: 10,
    user: { ...userJson(user, app), application_profiles: applicationProfilesJson(user, app) },
    session_id: sessionId,
    resume_gateway_url: resumeUrl,
    application: { id: app.id, flags: app.flags },
    guilds: [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === user.id)).map((g) => ({ id: g.id, unavailable: true })),
    relationships: relationships.map((r) => relationshipJson(emu, r)),
    lobbies: lobbies.map((l) => ({ ...lobbyJson(emu, l), voice_states: voice?.voiceStates(l.id) ?? [] })),
    presences,
  };
}

export function botGuildCreate(emu: Emulator, guild: Guild, botUserId: string, obfuscation: boolean): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    banner: guild.banner,
    owner_id: guild.ownerId,
    features: guild.features,
    member_count: guild.members.length,
    roles: guild.roles.map((r) => ({ id: r.id, name: r.name, position: r.position, color: r.color, permissions: r.permissions.toString() })),
    // Without the opt-in, bots still get every channel in full (the legacy behaviour).
    channels: guild.channels.map((c) => channelForBot(emu, guild, c, canView(guild, c, botUserId), obfuscation)),
  };
}
