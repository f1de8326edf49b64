// Search Guild Messages (spec: by content, author, channel, mentions, attachments, embeds and
// other filters; results by timestamp or relevance; READ_MESSAGE_HISTORY and the MESSAGE_CONTENT
// privileged intent; 110000 while the guild is not indexed). Only the channels the bot can view
// and read the history of are searched. The index: a guild's messages become searchable
// SEARCH_INDEX_DELAY_MS after its first message (emulator clock) — until then the answer is the
// public API's 202 {message, code: 110000, documents_indexed, retry_after}; a guild without
// messages has nothing to index and answers at once; control.setSearchIndexReady overrides.
import type { APIMessage, APIMessageSearchResult } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Application, ChannelMessage, Guild } from '../model/types';
import { findGuild } from './guilds';
import { canSeeChannel, hasChannelPermission, type MessageChannel } from './message_channels';
import { botReader, channelMessageJson } from './message_view';
import { Permission } from './permissions';

export const SearchLimits = {
  LIMIT_MAX: 25,
  LIMIT_DEFAULT: 25,
  OFFSET_MAX: 9975,
  CONTENT_MAX: 1024,
  SLOP_MAX: 100,
  /** Ids in one list filter (channel_id allows 500, the others 100; public API). */
  CHANNEL_IDS_MAX: 500,
  LIST_MAX: 100,
} as const;

/** How long after a guild's first message its index becomes ready (the emulator's choice). */
export const SEARCH_INDEX_DELAY_MS = 30_000;
/** The retry_after (seconds) of the 110000 answer (the public API's example). */
export const SEARCH_RETRY_AFTER_S = 2;

export const HAS_TYPES = ['image', 'sound', 'video', 'file', 'sticker', 'embed', 'link', 'poll', 'snapshot'] as const;
export const AUTHOR_TYPES = ['user', 'bot', 'webhook'] as const;

export interface SearchQuery {
  limit: number;
  offset: number;
  minId?: string;
  maxId?: string;
  content?: string;
  channelIds: string[];
  authorIds: string[];
  /** Each entry may be negated with a leading `-`. */
  authorTypes: string[];
  mentions: string[];
  mentionRoleIds: string[];
  mentionEveryone?: boolean;
  repliedToUserIds: string[];
  repliedToMessageIds: string[];
  pinned?: boolean;
  /** Each entry may be negated with a leading `-`. */
  has: string[];
  embedTypes: string[];
  embedProviders: string[];
  linkHostnames: string[];
  attachmentFilenames: string[];
  attachmentExtensions: string[];
  sortBy: 'timestamp' | 'relevance';
  sortOrder: 'asc' | 'desc';
  includeNsfw: boolean;
}

/** The index answer while it is not ready: 202, shaped as the public API's (not an error). */
export const indexNotReady = () =>
  new ApiError(202, 110000, 'Index not yet available. Try again later', undefined, {}, { documents_indexed: 0, retry_after: SEARCH_RETRY_AFTER_S });

function guildMessages(emu: Emulator, guild: Guild): ChannelMessage[] {
  return guild.channels.flatMap((c) => emu.state.textChannelMessages.get(c.id) ?? []);
}

/** Whether the guild's messages can be searched now (see the module comment). */
export function searchIndexReady(emu: Emulator, guild: Guild): boolean {
  const override = emu.state.searchIndexOverrides.get(guild.id);
  if (override !== undefined) return override;
  let first = Infinity;
  for (const message of guildMessages(emu, guild)) first = Math.min(first, message.timestamp);
  return first === Infinity || emu.now() >= first + SEARCH_INDEX_DELAY_MS;
}

/** control.setSearchIndexReady: true/false forces the index state, null returns to the clock rule. */
export function setSearchIndexReady(emu: Emulator, guildId: string, ready: boolean | null): void {
  const guild = findGuild(emu, guildId);
  if (ready === null) emu.state.searchIndexOverrides.delete(guild.id);
  else emu.state.searchIndexOverrides.set(guild.id, ready);
  emu.changed();
}

const URL_PATTERN = /\bhttps?:\/\/([^\s/?#<>]+)[^\s<>]*/gi;

function hostnames(content: string): string[] {
  return [...content.matchAll(URL_PATTERN)].map((m) => m[1].toLowerCase().replace(/:\d+$/, ''));
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

function has(message: ChannelMessage, kind: string): boolean {
  const types = message.attachments.map((a) => a.contentType ?? '');
  switch (kind) {
    case 'image': return types.some((t) => t.startsWith('image/')) || message.embeds.some((e) => e.type === 'image' || e.image !== undefined);
    case 'sound': return types.some((t) => t.startsWith('audio/'));
    case 'video': return types.some((t) => t.startsWith('video/')) || message.embeds.some((e) => e.type === 'video' || e.video !== undefined);
    case 'file': return message.attachments.length > 0;
    case 'embed': return message.embeds.length > 0;
    case 'link': return hostnames(message.content).length > 0;
    case 'snapshot': return message.snapshots.length > 0;
    default: return false; // sticker, poll: the emulator's messages have neither
  }
}

function authorType(emu: Emulator, message: ChannelMessage): string {
  if (message.webhookId) return 'webhook';
  return emu.user(message.authorId)?.bot ? 'bot' : 'user';
}

/** Each `-x` excludes, each `x` is required (public API: negatable filters). */
function matchesFlags(values: string[], test: (value: string) => boolean): boolean {
  return values.every((v) => (v.startsWith('-') ? !test(v.slice(1)) : test(v)));
}

function terms(content: string | undefined): string[] {
  return (content ?? '').toLowerCase().split(/\s+/).filter((t) => t.length > 0);
}

/** Occurrences of the query's terms in the message (the relevance score); 0 when a term is missing. */
function score(message: ChannelMessage, words: string[]): number {
  const text = message.content.toLowerCase();
  let total = 0;
  for (const word of words) {
    let count = 0;
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) count++;
    if (count === 0) return 0;
    total += count;
  }
  return total;
}

function matches(emu: Emulator, message: ChannelMessage, q: SearchQuery, words: string[]): boolean {
  const id = BigInt(message.id);
  if (q.minId !== undefined && id <= BigInt(q.minId)) return false;
  if (q.maxId !== undefined && id >= BigInt(q.maxId)) return false;
  if (words.length > 0 && score(message, words) === 0) return false;
  if (q.authorIds.length > 0 && !q.authorIds.includes(message.authorId)) return false;
  if (!matchesFlags(q.authorTypes, (t) => authorType(emu, message) === t)) return false;
  if (q.mentions.length > 0 && !q.mentions.some((u) => message.mentionIds.includes(u))) return false;
  if (q.mentionRoleIds.length > 0 && !q.mentionRoleIds.some((r) => message.mentionRoleIds.includes(r))) return false;
  // The emulator's messages never mention @everyone.
  if (q.mentionEveryone === true) return false;
  if (q.pinned !== undefined && (message.pinnedAt != null) !== q.pinned) return false;
  if (!matchesFlags(q.has, (kind) => has(message, kind))) return false;
  if (q.repliedToMessageIds.length > 0 && !(message.reference?.type === 0 && q.repliedToMessageIds.includes(message.reference.messageId))) return false;
  if (q.repliedToUserIds.length > 0) {
    const ref = message.reference;
    const replied = ref?.type === 0 ? (emu.state.textChannelMessages.get(ref.channelId) ?? []).find((m) => m.id === ref.messageId) : undefined;
    if (!replied || !q.repliedToUserIds.includes(replied.authorId)) return false;
  }
  if (q.embedTypes.length > 0 && !message.embeds.some((e) => q.embedTypes.includes(String(e.type ?? 'rich')))) return false;
  if (q.embedProviders.length > 0 && !message.embeds.some((e) => q.embedProviders.includes(String((e.provider as { name?: unknown } | undefined)?.name ?? '')))) return false;
  if (q.linkHostnames.length > 0 && !hostnames(message.content).some((h) => q.linkHostnames.includes(h))) return false;
  if (q.attachmentFilenames.length > 0 && !message.attachments.some((a) => q.attachmentFilenames.includes(a.filename))) return false;
  if (q.attachmentExtensions.length > 0 && !message.attachments.some((a) => q.attachmentExtensions.includes(extensionOf(a.filename)))) return false;
  return true;
}

/**
 * Searches the guild for `app`'s bot: member of the guild (50001), the application's
 * MESSAGE_CONTENT intent (50001 without it), an index that is ready (202 / 110000), channels it
 * may view and read the history of (an explicitly named one it may not: 50001).
 */
export function searchGuildMessages(emu: Emulator, guildId: string, app: Application, q: SearchQuery): APIMessageSearchResult {
  const guild = findGuild(emu, guildId);
  const botId = app.botUserId;
  if (!guild.members.some((m) => m.userId === botId)) throw Errors.missingAccess();
  const reader = botReader(app);
  if (!reader.messageContent) throw new ApiError(403, 50001, 'Missing Access: Search Guild Messages needs the MESSAGE_CONTENT intent');
  for (const id of q.channelIds) {
    if (!guild.channels.some((c) => c.id === id)) throw Errors.invalidForm({ channel_id: [{ code: 'CHANNEL_UNKNOWN', message: `Unknown channel ${id} in this guild.` }] });
  }
  const readable = guild.channels.filter((channel) => {
    const target: MessageChannel = { kind: 'guild', id: channel.id, guild, channel };
    return canSeeChannel(target, botId) && hasChannelPermission(target, botId, Permission.READ_MESSAGE_HISTORY);
  });
  for (const id of q.channelIds) if (!readable.some((c) => c.id === id)) throw Errors.missingAccess();
  if (!searchIndexReady(emu, guild)) throw indexNotReady();
  const channels = readable.filter((c) => (q.channelIds.length === 0 || q.channelIds.includes(c.id)) && (q.includeNsfw || !c.nsfw));
  const words = terms(q.content);
  const found = channels.flatMap((c) => emu.state.textChannelMessages.get(c.id) ?? []).filter((m) => matches(emu, m, q, words));
  const byTime = (a: ChannelMessage, b: ChannelMessage) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);
  if (q.sortBy === 'relevance' && words.length > 0) {
    // Relevance ignores sort_order (public API); ties go to the newer message.
    found.sort((a, b) => score(b, words) - score(a, words) || byTime(b, a));
  } else {
    found.sort((a, b) => (q.sortOrder === 'asc' ? byTime(a, b) : byTime(b, a)));
  }
  return {
    doing_deep_historical_index: false,
    total_results: found.length,
    messages: found.slice(q.offset, q.offset + q.limit).map((m) => [channelMessageJson(emu, m, reader) as unknown as APIMessage]),
    threads: [],
    members: [],
  } satisfies APIMessageSearchResult;
}
