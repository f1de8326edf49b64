// The guild audit log: other domains append entries with recordAuditEntry (voice channel status,
// invites, auto moderation), and GET /guilds/{id}/audit-logs reads them back, newest first, for
// members with VIEW_AUDIT_LOG — filtered by user_id and action_type, paged with before/after.
import type { APIAuditLog, APIAuditLogEntry, APIAutoModerationRule, APIUser, AuditLogEvent } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { Errors } from './errors';
import type { AuditLogEntry, Guild } from '../model/types';
import { userOrIdJson } from './accounts';
import { basePermissions, Permission } from './permissions';

/** The public API's action types the emulator records (values from the public API; 192/193 from the spec). */
export const AuditLogAction = {
  INVITE_CREATE: 40,
  INVITE_DELETE: 42,
  MESSAGE_PIN: 74,
  MESSAGE_UNPIN: 75,
  SOUNDBOARD_SOUND_CREATE: 130,
  SOUNDBOARD_SOUND_UPDATE: 131,
  SOUNDBOARD_SOUND_DELETE: 132,
  AUTO_MODERATION_RULE_CREATE: 140,
  AUTO_MODERATION_RULE_UPDATE: 141,
  AUTO_MODERATION_RULE_DELETE: 142,
  AUTO_MODERATION_BLOCK_MESSAGE: 143,
  AUTO_MODERATION_FLAG_TO_CHANNEL: 144,
  AUTO_MODERATION_USER_COMMUNICATION_DISABLED: 145,
  AUTO_MODERATION_QUARANTINE_USER: 146,
  VOICE_CHANNEL_STATUS_UPDATE: 192,
  VOICE_CHANNEL_STATUS_DELETE: 193,
} as const;

/** `limit` of a read: 1..100, default 50 (public API). */
export const AUDIT_LOG_LIMIT_MAX = 100;
export const AUDIT_LOG_LIMIT_DEFAULT = 50;

export interface NewAuditEntry {
  userId: string | null;
  targetId: string | null;
  actionType: number;
  options?: Record<string, string> | null;
  changes?: AuditLogEntry['changes'];
  reason?: string | null;
}

/** Appends an entry to the guild's audit log (ids are snowflakes, so they order by time). */
export function recordAuditEntry(emu: Emulator, guildId: string, entry: NewAuditEntry): AuditLogEntry {
  const record: AuditLogEntry = {
    id: emu.ids.next(),
    guildId,
    userId: entry.userId,
    targetId: entry.targetId,
    actionType: entry.actionType,
    options: entry.options ?? null,
    changes: entry.changes ?? null,
    reason: entry.reason ?? null,
  };
  let list = emu.state.auditLog.get(guildId);
  if (!list) emu.state.auditLog.set(guildId, (list = []));
  list.push(record);
  emu.changed();
  return record;
}

export interface AuditLogQuery {
  userId?: string;
  actionType?: number;
  before?: string;
  after?: string;
  limit: number;
}

function entryJson(entry: AuditLogEntry): APIAuditLogEntry {
  const json: APIAuditLogEntry = {
    id: entry.id,
    target_id: entry.targetId,
    user_id: entry.userId,
    action_type: entry.actionType as AuditLogEvent,
  };
  if (entry.options) json.options = entry.options;
  if (entry.changes) json.changes = entry.changes as APIAuditLogEntry['changes'];
  if (entry.reason) json.reason = entry.reason;
  return json;
}

/**
 * The guild's audit log as `callerId` may read it (VIEW_AUDIT_LOG): newest first; with `after`,
 * the entries after that id oldest-first as the public API pages forward.
 * `rules` are the auto moderation rules the entries name, supplied by the caller's adapter.
 */
export function readAuditLog(emu: Emulator, guild: Guild, callerId: string, query: AuditLogQuery, rules: (ids: Set<string>) => APIAutoModerationRule[]): APIAuditLog {
  if (!guild.members.some((m) => m.userId === callerId)) throw Errors.missingAccess();
  if ((basePermissions(guild, callerId) & Permission.VIEW_AUDIT_LOG) === 0n) throw Errors.missingPermissions();
  let entries = (emu.state.auditLog.get(guild.id) ?? []).filter((e) =>
    (query.userId === undefined || e.userId === query.userId) &&
    (query.actionType === undefined || e.actionType === query.actionType) &&
    (query.before === undefined || BigInt(e.id) < BigInt(query.before)) &&
    (query.after === undefined || BigInt(e.id) > BigInt(query.after)));
  entries = query.after !== undefined && query.before === undefined
    ? entries.slice(0, query.limit).reverse()
    : entries.slice(-query.limit).reverse();
  const userIds = new Set<string>();
  const targets = new Set<string>();
  for (const e of entries) {
    if (e.userId) userIds.add(e.userId);
    if (e.targetId) targets.add(e.targetId);
  }
  return {
    audit_log_entries: entries.map(entryJson),
    users: [...userIds].filter((id) => emu.user(id)).map((id) => userOrIdJson(emu, id) as unknown as APIUser),
    auto_moderation_rules: rules(targets),
    application_commands: [],
    webhooks: [],
    integrations: [],
    threads: [],
    guild_scheduled_events: [],
  } satisfies APIAuditLog;
}
