// Game direct messages between users (the SDK's SendUserMessage and friends) and their
// moderation metadata route: the adapter parses and validates; domain/messages has the rules.
import {
  deleteMessage,
  directMessageHistory,
  directMessageSummaries,
  dmRecipient,
  editMessage,
  findDirectMessage,
  messageJson,
  messagePageJson,
  ownDirectMessage,
  postDirectMessage,
  setModerationMetadata,
} from '../domain/messages';
import { Limits } from '../domain/limits';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import { RULES } from '../rate_limits';
import type { Router } from '../http/router';
import { historyLimit, Validator } from '../domain/validate';
import type { Message } from '../model/types';
import { isSnowflake } from '../snowflake';

function ownMessage(ctx: RequestContext, authorId: string): Message {
  if (!isSnowflake(ctx.params.message_id)) throw Errors.unknownMessage();
  return ownDirectMessage(ctx.emu, authorId, ctx.params.recipient_id, ctx.params.message_id);
}

export function registerDirectMessages(api: Router): void {
  api.post('/users/@me/dms/:recipient_id/messages', async (ctx) => {
    const { user, app } = ctx.bearer('dm_channels.messages.write');
    if (!isSnowflake(ctx.params.recipient_id)) throw Errors.unknownUser();
    const to = dmRecipient(ctx.emu, user.id, ctx.params.recipient_id);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const content = v.string('content', body.content, { min: 1, max: Limits.MaxMessageContentCodePoints });
    const md = v.dict('metadata', body.metadata, { maxTotal: Limits.MaxMetadataCodePoints });
    v.check();
    ctx.rateLimit(RULES.dmWrite, user.id);
    return messageJson(ctx.emu, postDirectMessage(ctx.emu, app.id, user.id, to.id, content!, md ?? null));
  });

  api.patch('/users/@me/dms/:recipient_id/messages/:message_id', async (ctx) => {
    const { user } = ctx.bearer('dm_channels.messages.write');
    const message = ownMessage(ctx, user.id);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const content = v.string('content', body.content, { min: 1, max: Limits.MaxMessageContentCodePoints });
    v.check();
    editMessage(ctx.emu, message, { content });
    return messageJson(ctx.emu, message);
  });

  api.delete('/users/@me/dms/:recipient_id/messages/:message_id', (ctx) => {
    const { user } = ctx.bearer('dm_channels.messages.write');
    deleteMessage(ctx.emu, ownMessage(ctx, user.id));
    return null;
  });

  api.get('/users/@me/dms/:recipient_id/messages', (ctx) => {
    const { user } = ctx.bearer();
    if (!isSnowflake(ctx.params.recipient_id) || !ctx.emu.user(ctx.params.recipient_id)) throw Errors.unknownUser();
    const limit = historyLimit(ctx.query);
    const before = ctx.query.get('before');
    if (before !== null && !isSnowflake(before)) {
      throw Errors.invalidForm({ before: [{ code: 'NUMBER_TYPE_COERCE', message: 'Must be a snowflake.' }] });
    }
    return messagePageJson(ctx.emu, directMessageHistory(ctx.emu, user.id, ctx.params.recipient_id, limit, before));
  });

  api.get('/users/@me/dms/summaries', (ctx) => {
    const { user } = ctx.bearer();
    return directMessageSummaries(ctx.emu, user.id);
  });

  api.put('/partner-sdk/dms/:user1/:user2/messages/:message_id/moderation-metadata', async (ctx) => {
    const { app } = ctx.bot();
    if (!isSnowflake(ctx.params.message_id)) throw Errors.unknownMessage();
    const message = findDirectMessage(ctx.emu, ctx.params.user1, ctx.params.user2, ctx.params.message_id, app.id);
    setModerationMetadata(ctx.emu, message, await ctx.json());
    return null;
  });
}
