// What a session learns when it identifies: READY for users (user, relationships, lobbies,
// presences) and for bots (guilds, then GUILD_CREATE each).
import type { Emulator } from '../emulator';
import type { Application, Guild, User } from '../model/types';
import { canView } from '../permissions';
import { relationshipJson } from '../routes/relationships';
import { channelForBot } from './obfuscation';
import type { GatewayVoiceHooks } from '../voice/gateway_hooks';

export function userReady(emu: Emulator, user: User, app: Application, sessionId: string, resumeUrl: string, voice?: GatewayVoiceHooks): Record<string, unknown> {
  const lobbies = [...emu.state.lobbies.values()].filter((l) => l.applicationId === app.id && l.members.some((m) => m.id === user.id));
  const relationships = emu.state.relationships.filter((r) => r.userId === user.id && (r.type !== 0 || r.gameType !== 0));
  const presences = relationships
    .map((r) => emu.state.presences.get(r.otherId))
    .filter((p) => p !== undefined)
    .map((p) => ({ user: { id: p!.userId }, status: p!.status, activities: p!.activities }));
  return {
    v: 10,
    user: { ...emu.userJson(user, app), application_profiles: emu.applicationProfilesJson(user, app) },
    session_id: sessionId,
    resume_gateway_url: resumeUrl,
    application: { id: app.id, flags: app.flags },
    guilds: [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === user.id)).map((g) => ({ id: g.id, unavailable: true })),
    relationships: relationships.map((r) => relationshipJson(emu, r)),
    lobbies: lobbies.map((l) => ({ ...emu.lobbyJson(l), voice_states: voice?.voiceStates(l.id) ?? [] })),
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
