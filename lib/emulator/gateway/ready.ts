// What a session learns when it identifies: READY for users (user, relationships, lobbies,
// presences) and for bots (guilds, then GUILD_CREATE each).
import type { APIGuildMember, GatewayGuildCreateDispatchData, GatewayReadyDispatchData } from 'discord-api-types/v10';
import { applicationProfilesJson, userJson } from '../domain/accounts';
import { applicationFlags, flags32 } from '../domain/application_flags';
import { guildJson } from '../domain/guild_object';
import { memberFields } from '../domain/guilds';
import { scheduledEventJson } from '../domain/scheduled_events';
import { lobbyJson } from '../domain/lobbies';
import { canView } from '../domain/permissions';
import { presencesFor } from '../domain/presence';
import { relationshipJson, relationshipsOf } from '../domain/relationships';
import type { Emulator } from '../emulator';
import type { Application, Guild, User } from '../model/types';
import { guildSoundsJson } from '../domain/soundboard';
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
    application: readyApplication(app),
    guilds: [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === user.id)).map((g) => ({ id: g.id, unavailable: true })),
    relationships: relationships.map((r) => relationshipJson(emu, r)),
    lobbies: lobbies.map((l) => ({ ...lobbyJson(emu, l), voice_states: voice?.voiceStates(l.id) ?? [] })),
    presences,
  };
}

/**
 * GUILD_CREATE for a bot, shaped as the public API types it (discord-api-types'
 * GatewayGuildCreateDispatchData): the guild's required fields (most have no meaning in the
 * emulator and carry the service's defaults), the bot's own member, the guild's emoji, stickers
 * and scheduled events.
 */
export function botGuildCreate(emu: Emulator, guild: Guild, botUserId: string, obfuscation: boolean): Record<string, unknown> {
  const botMember = guild.members.find((m) => m.userId === botUserId);
  const payload = {
    ...guildJson(emu, guild),
    // GUILD_CREATE-only fields.
    unavailable: false,
    joined_at: emu.iso(botMember?.joinedAt ?? emu.now())!,
    large: guild.members.length > LARGE_THRESHOLD,
    member_count: guild.members.length,
    // The bot's own member at least (without GUILD_MEMBERS the service sends no more).
    members: (botMember ? [memberFields(emu, botMember)] : []) as unknown as APIGuildMember[], // checked in memberFields
    voice_states: [],
    presences: [],
    threads: [],
    stage_instances: [],
    guild_scheduled_events: (guild.scheduledEvents ?? []).map((e) => scheduledEventJson(emu, e)) as unknown as GatewayGuildCreateDispatchData['guild_scheduled_events'],
    soundboard_sounds: guildSoundsJson(emu, guild, botUserId),
    // Without the opt-in, bots still get every channel in full (the legacy behaviour). Channel
    // objects are built (and checked against the public types) in domain/channels.
    channels: guild.channels.map((c) => channelForBot(emu, guild, c, canView(guild, c, botUserId), obfuscation)) as unknown as GatewayGuildCreateDispatchData['channels'],
  } satisfies GatewayGuildCreateDispatchData;
  return payload;
}

// The public API's default `large_threshold` (Identify): above it a guild is "large".
const LARGE_THRESHOLD = 50;

/**
 * READY's application: `id`, `flags` (32-bit) and `flags_new` (every bit, as a string), the same
 * values as the Application object (domain/application_object).
 */
export function readyApplication(app: Application): { id: string; flags: number; flags_new: string } {
  return { id: app.id, flags: flags32(app), flags_new: applicationFlags(app).toString() } satisfies GatewayReadyDispatchData['application'];
}
