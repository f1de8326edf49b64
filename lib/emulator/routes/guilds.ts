// Guilds and channels over HTTP: channel lists without the channels the caller cannot view,
// voice channel status, guild creation by apps (removed from 15 July 2025), and Get Guild. Rules
// in domain/channels, domain/guilds and domain/guild_object.
import { channelList, findChannel, setVoiceStatus, VOICE_STATUS_MAX, type GuildObserver } from '../domain/channels';
import { guildCounts, guildJson } from '../domain/guild_object';
import { createGuild, GUILD_CREATION_REMOVED_AT } from '../domain/guilds';
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { send } from '../http/server';
import { Validator } from '../domain/validate';
import type { Guild } from '../model/types';
import { isSnowflake } from '../snowflake';

function guildFor(ctx: RequestContext): Guild {
  if (!isSnowflake(ctx.params.guild_id)) throw Errors.unknownGuild();
  const guild = ctx.emu.state.guilds.get(ctx.params.guild_id);
  if (!guild) throw Errors.unknownGuild();
  return guild;
}

export function registerGuilds(api: Router, observer: () => GuildObserver | null): void {
  // Get Guild (bot token; its guilds only). `with_counts=true` adds the approximate counts.
  api.get('/guilds/:guild_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = guildFor(ctx);
    if (!guild.members.some((m) => m.userId === user.id)) throw Errors.missingAccess();
    const json: Record<string, unknown> = guildJson(ctx.emu, guild);
    if (ctx.query.get('with_counts') === 'true') Object.assign(json, guildCounts(ctx.emu, guild));
    return json;
  });

  api.get('/guilds/:guild_id/channels', (ctx) => {
    const caller = ctx.caller();
    const userId = caller?.kind === 'bot' ? caller.user.id : ctx.bearer('guilds').user.id;
    return channelList(ctx.emu, guildFor(ctx), userId, caller?.kind === 'bot');
  });

  // Create Guild: removed for apps from 15 July 2025 (spec; emulator clock). Before, a bot creates
  // a guild it owns and is the only member of (201, GUILD_CREATE to its sessions).
  api.post('/guilds', async (ctx) => {
    if (ctx.emu.now() >= GUILD_CREATION_REMOVED_AT) {
      ctx.anyCaller();
      throw new ApiError(403, 20001, 'Applications can no longer create guilds');
    }
    const { user } = ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = v.string('name', body.name, { min: 2, max: 100 });
    v.check();
    const guild = createGuild(ctx.emu, name!, [], observer(), user.id);
    send(ctx.res, 201, guildJson(ctx.emu, guild), ctx.headers);
    return undefined;
  });

  api.put('/channels/:channel_id/voice-status', async (ctx) => {
    const { user } = ctx.bot();
    if (!isSnowflake(ctx.params.channel_id) || !findChannel(ctx.emu, ctx.params.channel_id)) throw Errors.unknownChannel();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const status = v.string('status', body.status, { max: VOICE_STATUS_MAX, optional: true });
    v.check();
    setVoiceStatus(ctx.emu, user.id, ctx.params.channel_id, status);
    return null;
  });
}
