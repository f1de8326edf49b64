// Guild scheduled events, minimal but real (public API "Guild Scheduled Event"): created with
// CREATE_EVENTS (from the 2026-02-23 split; before it MANAGE_EVENTS also did), listed by members,
// changed or deleted by their creator (CREATE_EVENTS or MANAGE_EVENTS) or with MANAGE_EVENTS;
// GUILD_SCHEDULED_EVENT_* to the guild's bots (GUILD_SCHEDULED_EVENTS intent).
import type { APIGuildScheduledEventBase, GuildScheduledEventEntityType, GuildScheduledEventPrivacyLevel, GuildScheduledEventStatus } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, fieldError } from './errors';
import type { Guild, ScheduledEvent } from '../model/types';
import { userOrIdJson } from './accounts';
import { EVENTS, requireCreate, requireManage } from './permission_splits';
import { requireMember } from './roles';

export const EventEntityType = { STAGE_INSTANCE: 1, VOICE: 2, EXTERNAL: 3 } as const;
export const EVENT_PRIVACY_GUILD_ONLY = 2;
export const EVENT_STATUS_SCHEDULED = 1;
export const EVENT_NAME_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 1000;
export const EVENT_LOCATION_MAX = 100;
const CHANNEL_TYPE_FOR: Record<number, number> = { [EventEntityType.STAGE_INSTANCE]: 13, [EventEntityType.VOICE]: 2 };

export function scheduledEventJson(emu: Emulator, event: ScheduledEvent): Record<string, unknown> {
  return {
    id: event.id,
    guild_id: event.guildId,
    channel_id: event.channelId,
    creator_id: event.creatorId,
    creator: userOrIdJson(emu, event.creatorId) as unknown as APIGuildScheduledEventBase<GuildScheduledEventEntityType>['creator'],
    name: event.name,
    description: event.description,
    scheduled_start_time: emu.iso(event.scheduledStartTime)!,
    scheduled_end_time: emu.iso(event.scheduledEndTime),
    privacy_level: event.privacyLevel as GuildScheduledEventPrivacyLevel,
    status: event.status as GuildScheduledEventStatus,
    entity_type: event.entityType as GuildScheduledEventEntityType,
    entity_id: null,
    entity_metadata: event.location === null ? null : { location: event.location },
    user_count: 0,
    image: null,
    recurrence_rule: null,
  } satisfies APIGuildScheduledEventBase<GuildScheduledEventEntityType>;
}

export interface EventFields {
  name?: string;
  description?: string | null;
  scheduledStartTime?: number;
  scheduledEndTime?: number | null;
  entityType?: number;
  channelId?: string | null;
  location?: string | null;
}

function eventsOf(guild: Guild): ScheduledEvent[] {
  return (guild.scheduledEvents ??= []);
}

export function findScheduledEvent(guild: Guild, eventId: string): ScheduledEvent {
  const event = eventsOf(guild).find((e) => e.id === eventId);
  if (!event) throw new ApiError(404, 10070, 'Unknown Guild Scheduled Event');
  return event;
}

/** The entity rules of the public API: a stage or voice event has its channel, an external one a location and an end. */
function checkEvent(emu: Emulator, guild: Guild, event: ScheduledEvent, creating: boolean): void {
  if (creating && event.scheduledStartTime <= emu.now()) throw fieldError('scheduled_start_time', 'GUILD_SCHEDULED_EVENT_SCHEDULE_PAST', 'Must be in the future.');
  if (event.scheduledEndTime !== null && event.scheduledEndTime <= event.scheduledStartTime) throw fieldError('scheduled_end_time', 'GUILD_SCHEDULED_EVENT_END_BEFORE_START', 'Must be after the start.');
  if (event.entityType === EventEntityType.EXTERNAL) {
    if (event.location === null) throw fieldError('entity_metadata.location', 'BASE_TYPE_REQUIRED', 'An external event needs a location.');
    if (event.scheduledEndTime === null) throw fieldError('scheduled_end_time', 'BASE_TYPE_REQUIRED', 'An external event needs an end time.');
    event.channelId = null;
  } else {
    const channel = guild.channels.find((c) => c.id === event.channelId);
    if (!channel || channel.type !== CHANNEL_TYPE_FOR[event.entityType]) throw fieldError('channel_id', 'CHANNEL_TYPE_INVALID', 'Must be a channel of this guild of the entity type.');
    event.location = null;
  }
}

export function listScheduledEvents(emu: Emulator, guild: Guild, actorId: string): Array<Record<string, unknown>> {
  requireMember(guild, actorId);
  return eventsOf(guild).map((e) => scheduledEventJson(emu, e));
}

export function createScheduledEvent(emu: Emulator, guild: Guild, actorId: string, fields: Required<Pick<EventFields, 'name' | 'scheduledStartTime' | 'entityType'>> & EventFields): ScheduledEvent {
  requireMember(guild, actorId);
  requireCreate(emu, guild, actorId, EVENTS);
  const event: ScheduledEvent = {
    id: emu.ids.next(),
    guildId: guild.id,
    channelId: fields.channelId ?? null,
    creatorId: actorId,
    name: fields.name,
    description: fields.description ?? null,
    scheduledStartTime: fields.scheduledStartTime,
    scheduledEndTime: fields.scheduledEndTime ?? null,
    privacyLevel: EVENT_PRIVACY_GUILD_ONLY,
    status: EVENT_STATUS_SCHEDULED,
    entityType: fields.entityType,
    location: fields.location ?? null,
  };
  checkEvent(emu, guild, event, true);
  eventsOf(guild).push(event);
  emu.changed();
  emu.bus.publish({ type: 'GUILD_SCHEDULED_EVENT_CREATE', data: scheduledEventJson(emu, event), userIds: [], guildId: guild.id });
  return event;
}

/** Modify: checked on a copy, so a refused change leaves the event as it was. */
export function modifyScheduledEvent(emu: Emulator, guild: Guild, actorId: string, eventId: string, fields: EventFields): ScheduledEvent {
  requireMember(guild, actorId);
  const event = findScheduledEvent(guild, eventId);
  requireManage(guild, actorId, event.creatorId, EVENTS);
  const next: ScheduledEvent = { ...event };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  checkEvent(emu, guild, next, fields.scheduledStartTime !== undefined);
  Object.assign(event, next);
  emu.changed();
  emu.bus.publish({ type: 'GUILD_SCHEDULED_EVENT_UPDATE', data: scheduledEventJson(emu, event), userIds: [], guildId: guild.id });
  return event;
}

export function deleteScheduledEvent(emu: Emulator, guild: Guild, actorId: string, eventId: string): void {
  requireMember(guild, actorId);
  const event = findScheduledEvent(guild, eventId);
  requireManage(guild, actorId, event.creatorId, EVENTS);
  guild.scheduledEvents = eventsOf(guild).filter((e) => e !== event);
  emu.changed();
  emu.bus.publish({ type: 'GUILD_SCHEDULED_EVENT_DELETE', data: scheduledEventJson(emu, event), userIds: [], guildId: guild.id });
}
