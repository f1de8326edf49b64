// The Guild object (the public API's APIGuild): what Get Guild answers and what a bot's
// GUILD_CREATE carries before its gateway-only fields (gateway/ready.ts). Values the emulator has
// no concept of take the public API's defaults.
import type { APIGuild, APIRole, GuildFeature, GuildSystemChannelFlags, Locale } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import type { Guild } from '../model/types';
import { emojiJson, stickerJson } from './expressions';
import { roleJson } from './guilds';

export function guildJson(emu: Emulator, guild: Guild) {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    banner: guild.banner,
    description: null,
    owner_id: guild.ownerId,
    region: 'automatic',
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US' as Locale,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    hub_type: null,
    incidents_data: null,
    features: guild.features as GuildFeature[],
    roles: guild.roles.map(roleJson) as unknown as APIRole[], // checked in roleJson
    emojis: (guild.emojis ?? []).map((e) => emojiJson(emu, e)) as unknown as APIGuild['emojis'], // checked in emojiJson
    stickers: (guild.stickers ?? []).map((x) => stickerJson(emu, guild, x)) as unknown as APIGuild['stickers'], // checked in stickerJson
  } satisfies APIGuild;
}

/** Get Guild's `with_counts`: the member count, and the members with a presence other than offline. */
export function guildCounts(emu: Emulator, guild: Guild): { approximate_member_count: number; approximate_presence_count: number } {
  const online = guild.members.filter((m) => {
    const status = emu.state.presences.get(m.userId)?.status;
    return status !== undefined && status !== 'offline' && status !== 'invisible';
  });
  return { approximate_member_count: guild.members.length, approximate_presence_count: online.length };
}
