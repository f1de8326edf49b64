// Soundboard sounds (public API "Soundboard" resource; the spec names the endpoints and shows no
// more, so the rules are the public API's): the default sounds every user has; a guild's own
// sounds, created with CREATE_GUILD_EXPRESSIONS (MANAGE_ before the 2026-02-23 split, as for emoji:
// permission_splits.ts), changed or deleted by their creator or with MANAGE_GUILD_EXPRESSIONS,
// announced as GUILD_SOUNDBOARD_SOUND_CREATE / _UPDATE / _DELETE and recorded in the audit log;
// and playing a sound in a voice channel the caller is connected to (VOICE_CHANNEL_EFFECT_SEND to
// the channel's members). The emulator keeps no sound bytes, only what the objects carry.
import type { APISoundboardSound, APIUser } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors, fieldError } from './errors';
import type { Guild, GuildSoundboardSound } from '../model/types';
import { userOrIdJson } from './accounts';
import { AuditLogAction, recordAuditEntry } from './audit_log';
import { EXPRESSIONS, requireCreate, requireManage } from './permission_splits';
import { channelPermissions, Permission } from './permissions';
import { hasPermissions, requireMember } from './roles';
import type { SoundData } from './sound_files';

/** Soundboard slots of a guild without boosts (public API). */
export const MAX_GUILD_SOUNDS = 8;
/** A sound's name (public API: 2–32 characters). */
export const SOUND_NAME = { min: 2, max: 32 } as const;

export const unknownSound = () => new ApiError(404, 10097, 'Unknown Sound');

/**
 * The default sounds every user can play (ids below any snowflake, no guild). The spec shows no
 * list; these are the service's well-known ones, in the public object's shape.
 */
export const DEFAULT_SOUNDS: ReadonlyArray<{ id: string; name: string; emoji: string }> = [
  { id: '1', name: 'quack', emoji: '🦆' },
  { id: '2', name: 'airhorn', emoji: '🔊' },
  { id: '3', name: 'cricket', emoji: '🦗' },
  { id: '4', name: 'golf clap', emoji: '⛳' },
  { id: '5', name: 'sad horn', emoji: '🎺' },
  { id: '7', name: 'ba dum tss', emoji: '🥁' },
];

export function defaultSoundsJson(): APISoundboardSound[] {
  return DEFAULT_SOUNDS.map((s) => ({ name: s.name, sound_id: s.id, volume: 1, emoji_id: null, emoji_name: s.emoji, available: true }));
}

/**
 * A guild sound as the public API shows it; `user` (its creator) only to viewers who may manage
 * expressions (List Guild Soundboard Sounds includes it for CREATE_ or MANAGE_GUILD_EXPRESSIONS).
 */
export function soundJson(emu: Emulator, guild: Guild, sound: GuildSoundboardSound, withUser: boolean): APISoundboardSound {
  const json: APISoundboardSound = {
    name: sound.name,
    sound_id: sound.id,
    volume: sound.volume,
    emoji_id: sound.emojiId,
    emoji_name: sound.emojiName,
    guild_id: guild.id,
    available: true,
  };
  if (withUser) json.user = userOrIdJson(emu, sound.creatorId) as unknown as APIUser;
  return json;
}

export function soundsOf(guild: Guild): GuildSoundboardSound[] {
  return (guild.soundboardSounds ??= []);
}

/** Whether `viewerId` sees the creators of `guild`'s sounds. */
const seesCreators = (guild: Guild, viewerId: string) =>
  hasPermissions(guild, viewerId, Permission.CREATE_GUILD_EXPRESSIONS) || hasPermissions(guild, viewerId, Permission.MANAGE_GUILD_EXPRESSIONS);

/** The guild's sounds as `viewerId` (a member) sees them: the list and op 31's answer. */
export function guildSoundsJson(emu: Emulator, guild: Guild, viewerId: string): APISoundboardSound[] {
  const withUser = seesCreators(guild, viewerId);
  return soundsOf(guild).map((s) => soundJson(emu, guild, s, withUser));
}

export function findSound(guild: Guild, soundId: string): GuildSoundboardSound {
  const sound = soundsOf(guild).find((s) => s.id === soundId);
  if (!sound) throw unknownSound();
  return sound;
}

export function getSound(emu: Emulator, guild: Guild, actorId: string, soundId: string): APISoundboardSound {
  requireMember(guild, actorId);
  return soundJson(emu, guild, findSound(guild, soundId), seesCreators(guild, actorId));
}

function publish(emu: Emulator, guild: Guild, type: 'GUILD_SOUNDBOARD_SOUND_CREATE' | 'GUILD_SOUNDBOARD_SOUND_UPDATE', sound: GuildSoundboardSound): void {
  emu.bus.publish({ type, data: soundJson(emu, guild, sound, true) as unknown as Record<string, unknown>, userIds: [], guildId: guild.id });
}

/** The emoji a sound shows: a custom emoji of the guild (by id) or a Unicode one (by name). */
export interface SoundEmoji {
  emojiId?: string | null;
  emojiName?: string | null;
}

function checkEmoji(guild: Guild, emoji: SoundEmoji): void {
  if (emoji.emojiId && !(guild.emojis ?? []).some((e) => e.id === emoji.emojiId)) throw fieldError('emoji_id', 'UNKNOWN_EMOJI', `Unknown emoji ${emoji.emojiId}.`);
}

export interface NewSound extends SoundEmoji {
  name: string;
  sound: SoundData;
  volume?: number | null;
}

/** Create Guild Soundboard Sound. */
export function createSound(emu: Emulator, guild: Guild, actorId: string, input: NewSound, reason: string | null): GuildSoundboardSound {
  requireMember(guild, actorId);
  requireCreate(emu, guild, actorId, EXPRESSIONS);
  checkEmoji(guild, input);
  if (soundsOf(guild).length >= MAX_GUILD_SOUNDS) throw new ApiError(400, 30045, `Maximum number of soundboard sounds reached (${MAX_GUILD_SOUNDS})`);
  const sound: GuildSoundboardSound = {
    id: emu.ids.next(),
    name: input.name,
    volume: input.volume ?? 1,
    emojiId: input.emojiId ?? null,
    emojiName: input.emojiName ?? null,
    creatorId: actorId,
    durationMs: input.sound.durationMs,
  };
  soundsOf(guild).push(sound);
  recordAuditEntry(emu, guild.id, { userId: actorId, targetId: sound.id, actionType: AuditLogAction.SOUNDBOARD_SOUND_CREATE, reason });
  emu.changed();
  publish(emu, guild, 'GUILD_SOUNDBOARD_SOUND_CREATE', sound);
  return sound;
}

export interface SoundChanges extends SoundEmoji {
  name?: string;
  volume?: number | null;
}

/** Modify Guild Soundboard Sound: only the fields given change (a null volume is 1 again). */
export function modifySound(emu: Emulator, guild: Guild, actorId: string, soundId: string, changes: SoundChanges, reason: string | null): GuildSoundboardSound {
  requireMember(guild, actorId);
  const sound = findSound(guild, soundId);
  requireManage(guild, actorId, sound.creatorId, EXPRESSIONS);
  checkEmoji(guild, changes);
  if (changes.name !== undefined) sound.name = changes.name;
  if (changes.volume !== undefined) sound.volume = changes.volume ?? 1;
  if (changes.emojiId !== undefined) sound.emojiId = changes.emojiId;
  if (changes.emojiName !== undefined) sound.emojiName = changes.emojiName;
  recordAuditEntry(emu, guild.id, { userId: actorId, targetId: sound.id, actionType: AuditLogAction.SOUNDBOARD_SOUND_UPDATE, reason });
  emu.changed();
  publish(emu, guild, 'GUILD_SOUNDBOARD_SOUND_UPDATE', sound);
  return sound;
}

export function deleteSound(emu: Emulator, guild: Guild, actorId: string, soundId: string, reason: string | null): void {
  requireMember(guild, actorId);
  const sound = findSound(guild, soundId);
  requireManage(guild, actorId, sound.creatorId, EXPRESSIONS);
  guild.soundboardSounds = soundsOf(guild).filter((s) => s !== sound);
  recordAuditEntry(emu, guild.id, { userId: actorId, targetId: sound.id, actionType: AuditLogAction.SOUNDBOARD_SOUND_DELETE, reason });
  emu.changed();
  emu.bus.publish({ type: 'GUILD_SOUNDBOARD_SOUND_DELETE', data: { sound_id: sound.id, guild_id: guild.id }, userIds: [], guildId: guild.id });
}

/** Voice channel types a sound can be played in (voice, stage). */
const VOICE_CHANNEL_TYPES = new Set([2, 13]);

/**
 * Send Soundboard Sound: `actorId` plays `soundId` (a default sound, one of the channel's guild,
 * or with `sourceGuildId` one of another guild the actor is in) in the voice channel it is
 * connected to, unmuted and undeafened. Needs SPEAK and USE_SOUNDBOARD in the channel, and
 * USE_EXTERNAL_SOUNDS for another guild's sound. The channel's members get
 * VOICE_CHANNEL_EFFECT_SEND.
 */
export function sendSound(emu: Emulator, guild: Guild, channelId: string, actorId: string, soundId: string, sourceGuildId: string | null): void {
  const channel = guild.channels.find((c) => c.id === channelId);
  if (!channel) throw Errors.unknownChannel();
  const member = requireMember(guild, actorId);
  if (!VOICE_CHANNEL_TYPES.has(channel.type)) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
  const permissions = channelPermissions(guild, channel, actorId);
  const needed = Permission.SPEAK | Permission.USE_SOUNDBOARD;
  if ((permissions & Permission.VIEW_CHANNEL) === 0n) throw Errors.missingAccess();
  if ((permissions & needed) !== needed) throw Errors.missingPermissions();
  let volume = 1;
  const source = sourceGuildId !== null && sourceGuildId !== guild.id ? emu.state.guilds.get(sourceGuildId) : guild;
  if (source !== guild) {
    if (!source || !source.members.some((m) => m.userId === actorId)) throw unknownSound();
    if ((permissions & Permission.USE_EXTERNAL_SOUNDS) === 0n) throw Errors.missingPermissions();
    volume = findSound(source, soundId).volume;
  } else {
    const own = soundsOf(guild).find((s) => s.id === soundId);
    const builtIn = DEFAULT_SOUNDS.find((s) => s.id === soundId);
    if (!own && !builtIn) throw unknownSound();
    volume = own?.volume ?? 1;
  }
  if (member.voiceChannelId !== channel.id) throw new ApiError(400, 40032, 'You are not connected to this voice channel');
  if (member.mute || member.deaf || member.selfMute || member.selfDeaf) throw Errors.missingPermissions();
  const listeners = guild.members.filter((m) => m.voiceChannelId === channel.id).map((m) => m.userId);
  emu.bus.publish({
    type: 'VOICE_CHANNEL_EFFECT_SEND',
    data: { channel_id: channel.id, guild_id: guild.id, user_id: actorId, sound_id: soundId, sound_volume: volume },
    userIds: listeners,
    guildId: guild.id,
    botUserIds: listeners,
  });
}
