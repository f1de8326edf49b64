// Guild voice states over HTTP (Get Current User Voice State, Get User Voice State): read from
// the member's voice channel, so no gateway connection is needed (spec). A member who is in no
// voice channel has no voice state: 10065 Unknown Voice State (public API code).
import type { APIGuildMember, APIVoiceState } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Guild } from '../model/types';
import { memberFields } from './guilds';

export const unknownVoiceState = () => new ApiError(404, 10065, 'Unknown Voice State');

/**
 * `userId`'s voice state in `guild`, as `callerId` (a member) asks for it: the channel, the
 * member's server mute and deafen, and its own ones as its call last set them (op 4); session_id
 * is the member's stable per-guild id (not the gateway session's).
 */
export function guildVoiceState(emu: Emulator, guild: Guild, callerId: string, userId: string): APIVoiceState {
  if (!guild.members.some((m) => m.userId === callerId)) throw Errors.missingAccess();
  const member = guild.members.find((m) => m.userId === userId);
  if (!member || member.voiceChannelId === null) throw unknownVoiceState();
  return {
    guild_id: guild.id,
    channel_id: member.voiceChannelId,
    user_id: userId,
    member: memberFields(emu, member) as unknown as APIGuildMember,
    session_id: `${guild.id}-${userId}`,
    deaf: member.deaf ?? false,
    mute: member.mute ?? false,
    self_deaf: member.selfDeaf ?? false,
    self_mute: member.selfMute ?? false,
    self_video: false,
    suppress: false,
    request_to_speak_timestamp: null,
  } satisfies APIVoiceState;
}
