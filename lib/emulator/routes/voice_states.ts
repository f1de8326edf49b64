// Voice states over HTTP: the caller's own (a bot, or a user's bearer token) and another member's.
import { findGuild } from '../domain/guilds';
import { guildVoiceState } from '../domain/voice_states';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { isSnowflake } from '../snowflake';

function callerId(ctx: RequestContext): string {
  const caller = ctx.anyCaller();
  if (!caller.user) throw Errors.missingAccess();
  return caller.user.id;
}

export function registerVoiceStates(api: Router): void {
  api.get('/guilds/:guild_id/voice-states/@me', (ctx) => {
    const id = callerId(ctx);
    return guildVoiceState(ctx.emu, findGuild(ctx.emu, ctx.params.guild_id), id, id);
  });

  api.get('/guilds/:guild_id/voice-states/:user_id', (ctx) => {
    const id = callerId(ctx);
    const guild = findGuild(ctx.emu, ctx.params.guild_id);
    if (!isSnowflake(ctx.params.user_id)) throw Errors.unknownUser();
    return guildVoiceState(ctx.emu, guild, id, ctx.params.user_id);
  });
}
