// Get Channel (`GET /channels/{channel.id}`, Bot token), the call bot libraries make for a
// channel they have not cached (discord.js: client.channels.fetch): a guild channel the bot can
// view, or a DM channel it is in. Anything else is 50001 Missing Access, an unknown id 10003.
import { botDmJson } from '../domain/bot_dms';
import { channelJson } from '../domain/channels';
import { canSeeChannel, findMessageChannel } from '../domain/message_channels';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { isSnowflake } from '../snowflake';

export function registerChannelInfo(api: Router): void {
  api.get('/channels/:channel_id', (ctx) => {
    const { user } = ctx.bot();
    if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
    const target = findMessageChannel(ctx.emu, ctx.params.channel_id);
    if (target.kind === 'dm') {
      if (!canSeeChannel(target, user.id)) throw Errors.missingAccess();
      return botDmJson(ctx.emu, target.dm);
    }
    if (!target.guild.members.some((m) => m.userId === user.id) || !canSeeChannel(target, user.id)) throw Errors.missingAccess();
    return channelJson(ctx.emu, target.guild, target.channel);
  });
}
