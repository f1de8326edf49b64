// POST /users/@me/channels, the public API's one route for two things, told apart by the body:
// {recipient_id} opens the bot's 1:1 DM channel with a person (bot token; domain/bot_dms), and
// {access_tokens, nicks} creates a group DM carrying the application's id (bot or bearer token;
// domain/group_dms).
import { botDmJson, openBotDm } from '../domain/bot_dms';
import { createGroupDm, groupDmJson } from '../domain/group_dms';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';

export function registerDmChannels(api: Router): void {
  api.post('/users/@me/channels', async (ctx) => {
    const caller = ctx.anyCaller();
    const body = await ctx.jsonObject();
    const v = new Validator();
    if (body.access_tokens === undefined) {
      const { user } = ctx.bot();
      const recipientId = v.snowflake('recipient_id', body.recipient_id);
      v.check();
      return botDmJson(ctx.emu, openBotDm(ctx.emu, user.id, recipientId!));
    }
    if (!caller.user) throw Errors.unauthorized();
    let tokens: string[] = [];
    if (!Array.isArray(body.access_tokens)) v.fail('access_tokens', 'BASE_TYPE_REQUIRED', 'A list of access tokens is required.');
    else tokens = body.access_tokens.map((t, i) => v.string(`access_tokens.${i}`, t, { min: 1, max: 256 }) ?? '');
    const nicks = v.dict('nicks', body.nicks, { maxKeys: 10, maxTotal: 10 * 64 }) ?? {};
    v.check();
    return groupDmJson(ctx.emu, createGroupDm(ctx.emu, caller.app.id, caller.user.id, tokens, nicks));
  });
}
