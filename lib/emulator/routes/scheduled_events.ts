// Guild scheduled events over HTTP (bot token): List / Create / Modify / Delete. Bodies are
// checked here (50035 with field paths); rules in domain/scheduled_events.
import {
  createScheduledEvent,
  deleteScheduledEvent,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_NAME_MAX,
  EVENT_PRIVACY_GUILD_ONLY,
  EventEntityType,
  findScheduledEvent,
  listScheduledEvents,
  modifyScheduledEvent,
  scheduledEventJson,
  type EventFields,
} from '../domain/scheduled_events';
import { requireMember } from '../domain/roles';
import { ApiError } from '../domain/errors';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';
import { parseTimestamp, pathGuild } from '../http/guild_params';

function pathEvent(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.event_id)) throw new ApiError(404, 10070, 'Unknown Guild Scheduled Event');
  return ctx.params.event_id;
}

function eventFields(body: Record<string, unknown>, creating: boolean): EventFields {
  const v = new Validator();
  const fields: EventFields = {};
  fields.name = v.string('name', body.name, { min: 1, max: EVENT_NAME_MAX, optional: !creating });
  if ('description' in body) fields.description = body.description === null ? null : v.string('description', body.description, { max: EVENT_DESCRIPTION_MAX });
  for (const [key, name] of [['scheduled_start_time', 'scheduledStartTime'], ['scheduled_end_time', 'scheduledEndTime']] as const) {
    if (body[key] === undefined) {
      if (creating && key === 'scheduled_start_time') v.fail(key, 'BASE_TYPE_REQUIRED', 'This field is required');
      continue;
    }
    const time = parseTimestamp(body[key]);
    if (time === undefined || (time === null && key === 'scheduled_start_time')) v.fail(key, 'DATE_TIME_TYPE_PARSE', 'Must be an ISO 8601 timestamp.');
    else fields[name] = time as number;
  }
  // GUILD_ONLY is the only privacy level (public API); the validator records anything else.
  v.int('privacy_level', body.privacy_level, { optional: !creating, min: EVENT_PRIVACY_GUILD_ONLY, max: EVENT_PRIVACY_GUILD_ONLY });
  fields.entityType = v.int('entity_type', body.entity_type, { optional: !creating, min: EventEntityType.STAGE_INSTANCE, max: EventEntityType.EXTERNAL });
  if ('channel_id' in body) fields.channelId = body.channel_id === null ? null : v.snowflake('channel_id', body.channel_id);
  if (body.entity_metadata !== undefined && body.entity_metadata !== null) {
    const metadata = v.object('entity_metadata', body.entity_metadata);
    if (metadata && metadata.location !== undefined) fields.location = v.string('entity_metadata.location', metadata.location, { min: 1, max: EVENT_LOCATION_MAX });
  }
  v.check();
  for (const key of Object.keys(fields) as Array<keyof EventFields>) if (fields[key] === undefined) delete fields[key];
  return fields;
}

export function registerScheduledEvents(api: Router): void {
  api.get('/guilds/:guild_id/scheduled-events', (ctx) => {
    const { user } = ctx.bot();
    return listScheduledEvents(ctx.emu, pathGuild(ctx), user.id);
  });

  api.get('/guilds/:guild_id/scheduled-events/:event_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    requireMember(guild, user.id);
    return scheduledEventJson(ctx.emu, findScheduledEvent(guild, pathEvent(ctx)));
  });

  api.post('/guilds/:guild_id/scheduled-events', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const fields = eventFields(await ctx.jsonObject(), true);
    const created = createScheduledEvent(ctx.emu, guild, user.id, { ...fields, name: fields.name!, scheduledStartTime: fields.scheduledStartTime!, entityType: fields.entityType! });
    return scheduledEventJson(ctx.emu, created);
  });

  api.patch('/guilds/:guild_id/scheduled-events/:event_id', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const eventId = pathEvent(ctx);
    return scheduledEventJson(ctx.emu, modifyScheduledEvent(ctx.emu, guild, user.id, eventId, eventFields(await ctx.jsonObject(), false)));
  });

  api.delete('/guilds/:guild_id/scheduled-events/:event_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    deleteScheduledEvent(ctx.emu, guild, user.id, pathEvent(ctx));
    return null;
  });
}
