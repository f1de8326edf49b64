// Game direct messages between users (the SDK's SendUserMessage and friends), their moderation
// metadata route, and activity invites sent as direct messages.
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../http/errors';
import { RULES } from '../http/rate_limits';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import { LOBBY_METADATA_MAX_CHARS, MESSAGE_CONTENT_MAX } from '../lobbies';
import { deleteMessage, editMessage, findMessage, postDirectMessage } from '../messages';
import type { Message } from '../model/types';
import { isSnowflake } from '../snowflake';

function recipient(ctx: RequestContext, senderId: string) {
  if (!isSnowflake(ctx.params.recipient_id)) throw Errors.unknownUser();
  const user = ctx.emu.user(ctx.params.recipient_id);
  if (!user || user.mergedInto || user.bot) throw Errors.unknownUser();
  const blocked = ctx.emu.state.relationship(user.id, senderId)?.type === 2 || ctx.emu.state.relationship(senderId, user.id)?.type === 2;
  if (blocked) throw new ApiError(403, 50007, 'Cannot send messages to this user');
  return user;
}

function ownMessage(ctx: RequestContext, authorId: string): Message {
  const channel = ctx.emu.state.dmChannelBetween(authorId, ctx.params.recipient_id);
  const message = channel && isSnowflake(ctx.params.message_id) ? findMessage(ctx.emu, channel.id, ctx.params.message_id) : undefined;
  if (!message) throw Errors.unknownMessage();
  if (message.authorId !== authorId) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
  return message;
}

export function registerDirectMessages(api: Router): void {
  api.post('/users/@me/dms/:recipient_id/messages', async (ctx) => {
    const { user, app } = ctx.bearer('dm_channels.messages.write');
    const to = recipient(ctx, user.id);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const content = v.string('content', body.content, { min: 1, max: MESSAGE_CONTENT_MAX });
    const md = v.dict('metadata', body.metadata, { maxTotal: LOBBY_METADATA_MAX_CHARS });
    v.check();
    Object.assign(ctx.headers, ctx.emu.limiter.take(RULES.dmWrite, user.id));
    return ctx.emu.messageJson(postDirectMessage(ctx.emu, app.id, user.id, to.id, content!, md ?? null));
  });

  api.patch('/users/@me/dms/:recipient_id/messages/:message_id', async (ctx) => {
    const { user } = ctx.bearer('dm_channels.messages.write');
    const message = ownMessage(ctx, user.id);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const content = v.string('content', body.content, { min: 1, max: MESSAGE_CONTENT_MAX });
    v.check();
    editMessage(ctx.emu, message, { content });
    return ctx.emu.messageJson(message);
  });

  api.delete('/users/@me/dms/:recipient_id/messages/:message_id', (ctx) => {
    const { user } = ctx.bearer('dm_channels.messages.write');
    deleteMessage(ctx.emu, ownMessage(ctx, user.id));
    return null;
  });

  api.get('/users/@me/dms/:recipient_id/messages', (ctx) => {
    const { user } = ctx.bearer();
    if (!isSnowflake(ctx.params.recipient_id)) throw Errors.unknownUser();
    const raw = ctx.query.get('limit');
    const limit = raw === null ? 50 : Number(raw);
    const before = ctx.query.get('before');
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      throw Errors.invalidForm({ limit: [{ code: 'NUMBER_TYPE_MAX', message: 'Must be between 1 and 200.' }] });
    }
    if (before !== null && !isSnowflake(before)) {
      throw Errors.invalidForm({ before: [{ code: 'NUMBER_TYPE_COERCE', message: 'Must be a snowflake.' }] });
    }
    const channel = ctx.emu.state.dmChannelBetween(user.id, ctx.params.recipient_id);
    let list = channel ? (ctx.emu.state.messages.get(channel.id) ?? []) : [];
    if (before !== null) list = list.filter((m) => BigInt(m.id) < BigInt(before));
    return list.slice(-limit).reverse().map((m) => ctx.emu.messageJson(m));
  });

  api.get('/users/@me/dms/summaries', (ctx) => {
    const { user } = ctx.bearer();
    const summaries = [];
    for (const channel of ctx.emu.state.dmChannels.values()) {
      if (!channel.userIds.includes(user.id)) continue;
      const list = ctx.emu.state.messages.get(channel.id) ?? [];
      if (list.length === 0) continue;
      const other = channel.userIds[0] === user.id ? channel.userIds[1] : channel.userIds[0];
      summaries.push({ user_id: other, last_message_id: list[list.length - 1].id });
    }
    return summaries;
  });

  api.put('/partner-sdk/dms/:user1/:user2/messages/:message_id/moderation-metadata', async (ctx) => {
    ctx.bot();
    const channel = ctx.emu.state.dmChannelBetween(ctx.params.user1, ctx.params.user2);
    const message = channel && isSnowflake(ctx.params.message_id) ? findMessage(ctx.emu, channel.id, ctx.params.message_id) : undefined;
    if (!message) throw Errors.unknownMessage();
    const body = await ctx.json();
    const v = new Validator();
    const md = v.dict('_root', body, { maxKeys: 5, optional: false, maxTotal: LOBBY_METADATA_MAX_CHARS });
    v.check();
    editMessage(ctx.emu, message, { moderationMetadata: md! });
    return null;
  });
}
