// Channel messages for bots over HTTP (the public API's routes): list, create (JSON or multipart
// with files), get, edit and delete in guild text channels and bot DMs; opening a bot's DM
// channel with a person; and the attachment URLs the emulator serves. Rules in domain/.
import { attachmentBytes } from '../domain/attachments';
import {
  createChannelMessage,
  deleteChannelMessage,
  editChannelMessage,
  getChannelMessage,
  listChannelMessages,
  requireDeleteAllowed,
} from '../domain/channel_messages';
import { findMessageChannel, requireChannelAccess, type MessageChannel } from '../domain/message_channels';
import { botReader, channelMessageJson, channelMessagePageJson } from '../domain/message_view';
import type { RequestContext } from '../http/context';
import { Errors } from '../http/errors';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import type { ChannelMessage } from '../model/types';
import { isSnowflake } from '../snowflake';

/** Messages one history request returns (public API: 1-100, default 50). */
export const MAX_HISTORY_PAGE = 100;

function channelOf(ctx: RequestContext): MessageChannel {
  if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
  return findMessageChannel(ctx.emu, ctx.params.channel_id);
}

function messageOf(ctx: RequestContext, channel: MessageChannel): ChannelMessage {
  if (!isSnowflake(ctx.params.message_id)) throw Errors.unknownMessage();
  return getChannelMessage(ctx.emu, channel.id, ctx.params.message_id);
}

function pageOf(ctx: RequestContext): { limit: number; before?: string; after?: string; around?: string } {
  const v = new Validator();
  const raw = ctx.query.get('limit');
  const limit = raw === null ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_PAGE) v.fail('limit', 'NUMBER_TYPE_MAX', `Must be between 1 and ${MAX_HISTORY_PAGE}.`);
  const page: { limit: number; before?: string; after?: string; around?: string } = { limit };
  let anchors = 0;
  for (const key of ['before', 'after', 'around'] as const) {
    const value = ctx.query.get(key);
    if (value === null) continue;
    anchors++;
    page[key] = v.snowflake(key, value);
  }
  if (anchors > 1) v.fail('around', 'MESSAGE_HISTORY_ANCHORS', 'Only one of before, after and around.');
  v.check();
  return page;
}

export function registerChannelMessages(api: Router, web: Router): void {
  api.get('/channels/:channel_id/messages', (ctx) => {
    const { app, user } = ctx.bot();
    const channel = channelOf(ctx);
    requireChannelAccess(channel, user.id, 'read');
    return channelMessagePageJson(ctx.emu, listChannelMessages(ctx.emu, channel.id, pageOf(ctx)), botReader(app));
  });

  api.post('/channels/:channel_id/messages', async (ctx) => {
    const { app, user } = ctx.bot();
    const channel = channelOf(ctx);
    requireChannelAccess(channel, user.id, 'send');
    const { body, files } = await ctx.jsonOrMultipart();
    const message = createChannelMessage(ctx.emu, { channelId: channel.id, authorId: user.id, body, files, applicationId: app.id });
    return channelMessageJson(ctx.emu, message, botReader(app));
  });

  api.get('/channels/:channel_id/messages/:message_id', (ctx) => {
    const { app, user } = ctx.bot();
    const channel = channelOf(ctx);
    requireChannelAccess(channel, user.id, 'read');
    return channelMessageJson(ctx.emu, messageOf(ctx, channel), botReader(app));
  });

  api.patch('/channels/:channel_id/messages/:message_id', async (ctx) => {
    const { app, user } = ctx.bot();
    const channel = channelOf(ctx);
    requireChannelAccess(channel, user.id, 'view');
    const message = messageOf(ctx, channel);
    const { body, files } = await ctx.jsonOrMultipart();
    return channelMessageJson(ctx.emu, editChannelMessage(ctx.emu, message, user.id, body, files), botReader(app));
  });

  api.delete('/channels/:channel_id/messages/:message_id', (ctx) => {
    const { user } = ctx.bot();
    const channel = channelOf(ctx);
    requireChannelAccess(channel, user.id, 'view');
    const message = messageOf(ctx, channel);
    requireDeleteAllowed(ctx.emu, message, user.id);
    deleteChannelMessage(ctx.emu, message);
    return null;
  });

  // The attachment URL (a CDN's in the public API): the bytes, as uploaded.
  web.get('/attachments/:channel_id/:attachment_id/:filename', async (ctx) => {
    const found = isSnowflake(ctx.params.channel_id) && isSnowflake(ctx.params.attachment_id)
      ? await attachmentBytes(ctx.emu, ctx.params.channel_id, ctx.params.attachment_id)
      : undefined;
    if (!found) throw Errors.notFound();
    ctx.res.writeHead(200, { ...ctx.headers, 'Content-Type': found.contentType, 'Content-Length': found.data.length, 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'sandbox' });
    ctx.res.end(found.data);
    return undefined;
  });
}
