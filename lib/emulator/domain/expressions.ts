// Guild emoji and stickers, minimal but real (public API "Emoji" and "Sticker" resources):
// created with CREATE_GUILD_EXPRESSIONS (from the 2026-02-23 split; before it the MANAGE_ one
// also did: permission_splits.ts), listed by members, changed or deleted by their creator
// (CREATE_ or MANAGE_) or with MANAGE_GUILD_EXPRESSIONS; GUILD_EMOJIS_UPDATE /
// GUILD_STICKERS_UPDATE to the guild's bots. The emulator keeps the image's hash, not its bytes.
import type { APIEmoji, APISticker, StickerFormatType, StickerType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, fieldError } from './errors';
import type { Guild, GuildEmoji, GuildSticker } from '../model/types';
import { userOrIdJson } from './accounts';
import type { ImageData } from './images';
import { EXPRESSIONS, requireCreate, requireManage } from './permission_splits';
import { requireMember } from './roles';

/** Static and animated emoji each, per guild without boosts (public API). */
export const MAX_GUILD_EMOJIS = 50;
/** Stickers per guild without boosts (public API). */
export const MAX_GUILD_STICKERS = 5;
/** Emoji image size (public API). */
export const MAX_EMOJI_BYTES = 256 * 1024;
/** Sticker file size (public API). */
export const MAX_STICKER_BYTES = 512 * 1024;
export const EMOJI_NAME_PATTERN = /^[A-Za-z0-9_]{2,32}$/;
const STICKER_FORMAT = { png: 1, gif: 4 } as const;

export function emojiJson(emu: Emulator, emoji: GuildEmoji): Record<string, unknown> {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: emoji.roles,
    user: userOrIdJson(emu, emoji.creatorId) as unknown as APIEmoji['user'],
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  } satisfies APIEmoji;
}

export function stickerJson(emu: Emulator, guild: Guild, sticker: GuildSticker): Record<string, unknown> {
  return {
    id: sticker.id,
    name: sticker.name,
    description: sticker.description,
    tags: sticker.tags,
    type: 2 as StickerType,
    format_type: sticker.formatType as StickerFormatType,
    available: true,
    guild_id: guild.id,
    user: userOrIdJson(emu, sticker.creatorId) as unknown as APISticker['user'],
  } satisfies APISticker;
}

function emojisOf(guild: Guild): GuildEmoji[] {
  return (guild.emojis ??= []);
}

function stickersOf(guild: Guild): GuildSticker[] {
  return (guild.stickers ??= []);
}

function publishEmojis(emu: Emulator, guild: Guild): void {
  emu.bus.publish({ type: 'GUILD_EMOJIS_UPDATE', data: { guild_id: guild.id, emojis: emojisOf(guild).map((e) => emojiJson(emu, e)) }, userIds: [], guildId: guild.id });
}

function publishStickers(emu: Emulator, guild: Guild): void {
  emu.bus.publish({ type: 'GUILD_STICKERS_UPDATE', data: { guild_id: guild.id, stickers: stickersOf(guild).map((s) => stickerJson(emu, guild, s)) }, userIds: [], guildId: guild.id });
}

export function listEmojis(emu: Emulator, guild: Guild, actorId: string): Array<Record<string, unknown>> {
  requireMember(guild, actorId);
  return emojisOf(guild).map((e) => emojiJson(emu, e));
}

export function findEmoji(guild: Guild, emojiId: string): GuildEmoji {
  const emoji = emojisOf(guild).find((e) => e.id === emojiId);
  if (!emoji) throw new ApiError(404, 10014, 'Unknown Emoji');
  return emoji;
}

function checkRoles(guild: Guild, roles: string[]): void {
  for (const roleId of roles) if (!guild.roles.some((r) => r.id === roleId)) throw fieldError('roles', 'UNKNOWN_ROLE', `Unknown role ${roleId}.`);
}

/** Create Guild Emoji: name, image (data URI), roles allowed to use it. */
export function createEmoji(emu: Emulator, guild: Guild, actorId: string, name: string, image: ImageData, roles: string[]): GuildEmoji {
  requireMember(guild, actorId);
  requireCreate(emu, guild, actorId, EXPRESSIONS);
  if (image.bytes.length > MAX_EMOJI_BYTES) throw fieldError('image', 'BINARY_TYPE_MAX_SIZE', `Must be at most ${MAX_EMOJI_BYTES} bytes.`);
  checkRoles(guild, roles);
  const animated = image.format === 'gif';
  if (emojisOf(guild).filter((e) => e.animated === animated).length >= MAX_GUILD_EMOJIS) throw new ApiError(400, 30008, `Maximum number of emojis reached (${MAX_GUILD_EMOJIS})`);
  const emoji: GuildEmoji = { id: emu.ids.next(), name, roles, creatorId: actorId, animated };
  emojisOf(guild).push(emoji);
  emu.changed();
  publishEmojis(emu, guild);
  return emoji;
}

export function modifyEmoji(emu: Emulator, guild: Guild, actorId: string, emojiId: string, changes: { name?: string; roles?: string[] }): GuildEmoji {
  requireMember(guild, actorId);
  const emoji = findEmoji(guild, emojiId);
  requireManage(guild, actorId, emoji.creatorId, EXPRESSIONS);
  if (changes.roles) checkRoles(guild, changes.roles);
  if (changes.name !== undefined) emoji.name = changes.name;
  if (changes.roles !== undefined) emoji.roles = changes.roles;
  emu.changed();
  publishEmojis(emu, guild);
  return emoji;
}

export function deleteEmoji(emu: Emulator, guild: Guild, actorId: string, emojiId: string): void {
  requireMember(guild, actorId);
  const emoji = findEmoji(guild, emojiId);
  requireManage(guild, actorId, emoji.creatorId, EXPRESSIONS);
  guild.emojis = emojisOf(guild).filter((e) => e !== emoji);
  emu.changed();
  publishEmojis(emu, guild);
}

export function listStickers(emu: Emulator, guild: Guild, actorId: string): Array<Record<string, unknown>> {
  requireMember(guild, actorId);
  return stickersOf(guild).map((s) => stickerJson(emu, guild, s));
}

export interface NewSticker {
  name: string;
  description: string | null;
  tags: string;
  file: ImageData;
}

/** Create Guild Sticker: a PNG or GIF file (Lottie is for partners only), name, description, tags. */
export function createSticker(emu: Emulator, guild: Guild, actorId: string, sticker: NewSticker): GuildSticker {
  requireMember(guild, actorId);
  requireCreate(emu, guild, actorId, EXPRESSIONS);
  const format = STICKER_FORMAT[sticker.file.format as keyof typeof STICKER_FORMAT];
  if (format === undefined) throw fieldError('file', 'STICKER_FORMAT_INVALID', 'Must be a PNG or GIF file.');
  if (sticker.file.bytes.length > MAX_STICKER_BYTES) throw fieldError('file', 'BINARY_TYPE_MAX_SIZE', `Must be at most ${MAX_STICKER_BYTES} bytes.`);
  if (stickersOf(guild).length >= MAX_GUILD_STICKERS) throw new ApiError(400, 30039, `Maximum number of stickers reached (${MAX_GUILD_STICKERS})`);
  const record: GuildSticker = { id: emu.ids.next(), name: sticker.name, description: sticker.description, tags: sticker.tags, formatType: format, creatorId: actorId };
  stickersOf(guild).push(record);
  emu.changed();
  publishStickers(emu, guild);
  return record;
}
