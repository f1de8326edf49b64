// Pins over HTTP (Bot): GET /channels/{id}/messages/pins?before=&limit=, PUT and DELETE
// /channels/{id}/messages/pins/{message}, and the deprecated GET /channels/{id}/pins,
// PUT|DELETE /channels/{id}/pins/{message}, which still work. Rules in domain/pins.
import { botReader } from '../domain/message_view';
import { legacyPins, listPins, pinMessage, PINS_PAGE_MAX, unpinMessage } from '../domain/pins';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { isSnowflake } from '../snowflake';


function ids(ctx: RequestContext): { channelId: string; messageId: string } {
  if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
  if (!isSnowflake(ctx.params.message_id)) throw Errors.unknownMessage();
  return { channelId: ctx.params.channel_id, messageId: ctx.params.message_id };
}

/** ?before= an ISO 8601 timestamp (public API) and ?limit= 1..50 (default 50). */
function pinsPage(ctx: RequestContext): { before?: number; limit: number } {
  const bad: Record<string, Array<{ code: string; message: string }>> = {};
  const rawLimit = ctx.query.get('limit');
  const limit = rawLimit === null ? PINS_PAGE_MAX : Number(rawLimit);
  if (!/^\d{1,3}$/.test(rawLimit ?? '50') || limit < 1 || limit > PINS_PAGE_MAX) bad.limit = [{ code: 'NUMBER_TYPE_MAX', message: `Must be between 1 and ${PINS_PAGE_MAX}.` }];
  const rawBefore = ctx.query.get('before');
  const before = rawBefore === null ? undefined : Date.parse(rawBefore);
  if (before !== undefined && (!/^\d{4}-\d\d-\d\dT/.test(rawBefore!) || Number.isNaN(before))) bad.before = [{ code: 'DATE_TIME_TYPE_PARSE', message: 'Must be an ISO 8601 timestamp.' }];
  if (Object.keys(bad).length > 0) throw Errors.invalidForm(bad);
  return { before, limit };
}

export function registerPins(api: Router): void {
  api.get('/channels/:channel_id/messages/pins', (ctx) => {
    const { app, user } = ctx.bot();
    if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
    return listPins(ctx.emu, ctx.params.channel_id, user.id, botReader(app), pinsPage(ctx));
  });
  api.get('/channels/:channel_id/pins', (ctx) => {
    const { app, user } = ctx.bot();
    if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
    return legacyPins(ctx.emu, ctx.params.channel_id, user.id, botReader(app));
  });
  for (const path of ['/channels/:channel_id/messages/pins/:message_id', '/channels/:channel_id/pins/:message_id']) {
    api.put(path, (ctx) => {
      const { user } = ctx.bot();
      const { channelId, messageId } = ids(ctx);
      pinMessage(ctx.emu, channelId, messageId, user.id, ctx.auditLogReason());
      return null;
    });
    api.delete(path, (ctx) => {
      const { user } = ctx.bot();
      const { channelId, messageId } = ids(ctx);
      unpinMessage(ctx.emu, channelId, messageId, user.id, ctx.auditLogReason());
      return null;
    });
  }
}
