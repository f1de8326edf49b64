// Guilds and channels: channel lists without the channels the caller cannot view, voice channel
// status with its permissions, and the removed guild creation for apps.
import type { Emulator } from '../emulator';
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../http/errors';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import type { Channel, Guild } from '../model/types';
import { canView, channelPermissions, Permission } from '../permissions';
import { isSnowflake } from '../snowflake';

export const VOICE_STATUS_MAX = 500;

export function overwriteJson(o: Channel['overwrites'][number]) {
  return {
    id: o.id,
    type: o.type,
    allow: Number(o.allow & 0x7fffffffn),
    deny: Number(o.deny & 0x7fffffffn),
    allow_new: o.allow.toString(),
    deny_new: o.deny.toString(),
  };
}

export function channelJson(emu: Emulator, guild: Guild, channel: Channel): Record<string, unknown> {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: guild.id,
    name: channel.name,
    position: channel.position,
    parent_id: channel.parentId,
    topic: channel.topic,
    nsfw: channel.nsfw,
    flags: 0,
    permission_overwrites: channel.overwrites.map(overwriteJson),
    linked_lobby: channel.linkedLobbyId
      ? { application_id: emu.state.lobbies.get(channel.linkedLobbyId)?.applicationId ?? null, lobby_id: channel.linkedLobbyId }
      : undefined,
  };
}

const TEXT_TYPES = new Set([0, 5]);

function guildFor(ctx: RequestContext): Guild {
  if (!isSnowflake(ctx.params.guild_id)) throw Errors.unknownGuild();
  const guild = ctx.emu.state.guilds.get(ctx.params.guild_id);
  if (!guild) throw Errors.unknownGuild();
  return guild;
}

export function registerGuilds(api: Router): void {
  api.get('/guilds/:guild_id/channels', (ctx) => {
    const caller = ctx.caller();
    const userId = caller?.kind === 'bot' ? caller.user.id : ctx.bearer('guilds').user.id;
    const guild = guildFor(ctx);
    if (!guild.members.some((m) => m.userId === userId)) throw Errors.missingAccess();
    // Channels the caller lacks VIEW_CHANNEL for are omitted (spec, from 16 November 2026).
    return guild.channels
      .filter((channel) => canView(guild, channel, userId))
      .map((channel) => {
        const json = channelJson(ctx.emu, guild, channel);
        if (caller?.kind !== 'bot') {
          const everyone = guild.members.every((m) => {
            const p = channelPermissions(guild, channel, m.userId);
            return (p & Permission.VIEW_CHANNEL) !== 0n && (p & Permission.SEND_MESSAGES) !== 0n;
          });
          json.is_viewable_and_writeable_by_all_members = everyone;
          json.is_linkable = TEXT_TYPES.has(channel.type) && !channel.linkedLobbyId &&
            (channelPermissions(guild, channel, userId) & Permission.MANAGE_CHANNELS) !== 0n;
        }
        return json;
      });
  });

  api.post('/guilds', (ctx) => {
    ctx.anyCaller();
    throw new ApiError(403, 20001, 'Applications can no longer create guilds');
  });

  api.put('/channels/:channel_id/voice-status', async (ctx) => {
    const { user } = ctx.bot();
    if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
    const found = ctx.emu.findChannel(ctx.params.channel_id);
    if (!found) throw Errors.unknownChannel();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const status = v.string('status', body.status, { max: VOICE_STATUS_MAX, optional: true });
    v.check();
    const { guild, channel } = found;
    if (channel.type !== 2 && channel.type !== 13) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
    const member = guild.members.find((m) => m.userId === user.id);
    if (!member) throw Errors.missingAccess();
    const permissions = channelPermissions(guild, channel, user.id);
    const required = member.voiceChannelId === channel.id
      ? Permission.SET_VOICE_CHANNEL_STATUS
      : Permission.SET_VOICE_CHANNEL_STATUS | Permission.MANAGE_CHANNELS;
    if ((permissions & required) !== required) throw Errors.missingPermissions();
    const next = status === undefined || status === '' ? null : status;
    if (next !== channel.voiceStatus) {
      channel.voiceStatus = next;
      ctx.emu.changed();
      ctx.emu.bus.publish({
        type: 'VOICE_CHANNEL_STATUS_UPDATE',
        data: { id: channel.id, guild_id: guild.id, status: next },
        userIds: [],
        guildId: guild.id,
      });
    }
    return null;
  });
}
