// Channel obfuscation for bots that opted in (capabilities 1 << 15): a channel the bot cannot
// view keeps its id, type, position and parent, is named ___hidden___, carries the
// CHANNEL_OBFUSCATED flag and exactly one overwrite denying VIEW_CHANNEL for @everyone; other
// sensitive fields are nulled. Interaction payloads are built elsewhere and never obfuscated.
import type { Emulator } from '../emulator';
import type { Channel, Guild } from '../model/types';
import { channelJson, overwriteJson } from '../domain/channels';
import { Permission } from '../domain/permissions';
import { CHANNEL_OBFUSCATED_FLAG } from './protocol';

export function obfuscatedChannelJson(guild: Guild, channel: Channel): Record<string, unknown> {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: guild.id,
    name: '___hidden___',
    position: channel.position,
    parent_id: channel.parentId,
    topic: null,
    nsfw: false,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: CHANNEL_OBFUSCATED_FLAG,
    permission_overwrites: [
      overwriteJson({ id: guild.id, type: 0, allow: 0n, deny: Permission.VIEW_CHANNEL }),
    ],
  };
}

export function channelForBot(emu: Emulator, guild: Guild, channel: Channel, visible: boolean, obfuscation: boolean): Record<string, unknown> {
  if (obfuscation && !visible) return obfuscatedChannelJson(guild, channel);
  return channelJson(emu, guild, channel);
}
