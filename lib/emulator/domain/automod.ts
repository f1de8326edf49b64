// Auto moderation: a guild's rules (CRUD by members with MANAGE_GUILD, gateway events
// AUTO_MODERATION_RULE_CREATE/UPDATE/DELETE), the KEYWORD trigger that channel messages are
// checked against (BLOCK_MESSAGE, SEND_ALERT_MESSAGE, TIMEOUT), and the MEMBER_PROFILE trigger
// that checks a member's nick and global name on join, on update and when a rule changes, with
// BLOCK_MEMBER_INTERACTION quarantining the member (guild member flag
// AUTOMOD_QUARANTINED_USERNAME, public API bit 1 << 7) until the profile no longer matches.
// Every action that runs is an AUTO_MODERATION_ACTION_EXECUTION event and an audit log entry.
import type {
  APIAutoModerationAction,
  APIAutoModerationRule,
  AutoModerationActionType,
  AutoModerationRuleEventType,
  AutoModerationRuleTriggerType,
} from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors } from '../http/errors';
import { Validator } from '../http/validate';
import type { AutoModRule, Guild, GuildMember } from '../model/types';
import { AuditLogAction, recordAuditEntry } from './audit_log';
import { compileAutoModPattern } from './automod_regex';
import { createChannelMessage, registerContentCheck, type ContentDraft } from './channel_messages';
import { findGuild, memberJson } from './guilds';
import { codePoints } from './limits';
import { basePermissions, Permission } from './permissions';

export const TriggerType = { KEYWORD: 1, MEMBER_PROFILE: 6 } as const;
export const EventType = { MESSAGE_SEND: 1, MEMBER_UPDATE: 2 } as const;
export const ActionType = { BLOCK_MESSAGE: 1, SEND_ALERT_MESSAGE: 2, TIMEOUT: 3, BLOCK_MEMBER_INTERACTION: 4 } as const;

/** The public API's auto moderation limits. */
export const AutoModLimits = {
  NAME_MAX: 100,
  KEYWORD_RULES_PER_GUILD: 6,
  MEMBER_PROFILE_RULES_PER_GUILD: 1,
  KEYWORDS_MAX: 1000,
  KEYWORD_LENGTH_MAX: 60,
  REGEX_PATTERNS_MAX: 10,
  REGEX_LENGTH_MAX: 260,
  ALLOW_LIST_KEYWORD_MAX: 100,
  ALLOW_LIST_MEMBER_PROFILE_MAX: 1000,
  EXEMPT_ROLES_MAX: 20,
  EXEMPT_CHANNELS_MAX: 50,
  CUSTOM_MESSAGE_MAX: 150,
  TIMEOUT_SECONDS_MAX: 2_419_200,
  ACTIONS_MAX: 5,
} as const;

/** Guild member flag AUTOMOD_QUARANTINED_USERNAME (public API): set while a MEMBER_PROFILE rule quarantines the member. */
export const QUARANTINED_FLAG = 1 << 7;

/** Actions each trigger type allows (public API: TIMEOUT for keywords, BLOCK_MEMBER_INTERACTION for profiles only). */
const ACTIONS_FOR: Record<number, number[]> = {
  [TriggerType.KEYWORD]: [ActionType.BLOCK_MESSAGE, ActionType.SEND_ALERT_MESSAGE, ActionType.TIMEOUT],
  [TriggerType.MEMBER_PROFILE]: [ActionType.SEND_ALERT_MESSAGE, ActionType.BLOCK_MEMBER_INTERACTION],
};
const EVENT_FOR: Record<number, number> = { [TriggerType.KEYWORD]: EventType.MESSAGE_SEND, [TriggerType.MEMBER_PROFILE]: EventType.MEMBER_UPDATE };

export function ruleJson(rule: AutoModRule): APIAutoModerationRule {
  return {
    id: rule.id,
    guild_id: rule.guildId,
    name: rule.name,
    creator_id: rule.creatorId,
    event_type: rule.eventType as AutoModerationRuleEventType,
    trigger_type: rule.triggerType as AutoModerationRuleTriggerType,
    trigger_metadata: { ...rule.triggerMetadata },
    actions: rule.actions.map((a) => ({ ...a, type: a.type as AutoModerationActionType }) as APIAutoModerationAction),
    enabled: rule.enabled,
    exempt_roles: [...rule.exemptRoles],
    exempt_channels: [...rule.exemptChannels],
  } satisfies APIAutoModerationRule;
}

/** The guild's rules whose ids are in `ids` (the audit log's referenced rules). */
export function rulesJson(emu: Emulator, guildId: string, ids: Set<string>): APIAutoModerationRule[] {
  return guildRules(emu, guildId).filter((r) => ids.has(r.id)).map(ruleJson);
}

function guildRules(emu: Emulator, guildId: string): AutoModRule[] {
  return [...emu.state.autoModRules.values()].filter((r) => r.guildId === guildId);
}

/** MANAGE_GUILD in the guild, else 50013 (50001 for a non-member). */
function requireManageGuild(guild: Guild, callerId: string): void {
  if (!guild.members.some((m) => m.userId === callerId)) throw Errors.missingAccess();
  if ((basePermissions(guild, callerId) & Permission.MANAGE_GUILD) === 0n) throw Errors.missingPermissions();
}

export function listRules(emu: Emulator, guildId: string, callerId: string): APIAutoModerationRule[] {
  const guild = findGuild(emu, guildId);
  requireManageGuild(guild, callerId);
  return guildRules(emu, guild.id).map(ruleJson);
}

function findRule(emu: Emulator, guild: Guild, ruleId: string): AutoModRule {
  const rule = emu.state.autoModRules.get(ruleId);
  if (!rule || rule.guildId !== guild.id) throw new ApiError(404, 10066, 'Unknown Auto Moderation Rule');
  return rule;
}

export function getRule(emu: Emulator, guildId: string, ruleId: string, callerId: string): APIAutoModerationRule {
  const guild = findGuild(emu, guildId);
  requireManageGuild(guild, callerId);
  return ruleJson(findRule(emu, guild, ruleId));
}

// --- Input

/** A list of strings, each 1..maxLength code points, at most maxCount of them. */
function stringList(v: Validator, path: string, value: unknown, maxCount: number, maxLength: number): string[] | undefined {
  const items = v.list(path, value, maxCount);
  if (items === undefined) return undefined;
  const out: string[] = [];
  items.forEach((item, i) => {
    const text = v.string(`${path}.${i}`, item, { min: 1, max: maxLength });
    if (text !== undefined) out.push(text);
  });
  return out;
}

function snowflakeList(v: Validator, path: string, value: unknown, maxCount: number, known: (id: string) => boolean): string[] | undefined {
  const items = v.list(path, value, maxCount);
  if (items === undefined) return undefined;
  const out: string[] = [];
  items.forEach((item, i) => {
    const id = v.snowflake(`${path}.${i}`, item);
    if (id === undefined) return;
    if (!known(id)) v.fail(`${path}.${i}`, 'AUTO_MODERATION_INVALID_ID', 'Unknown id in this guild.');
    else out.push(id);
  });
  return [...new Set(out)];
}

function triggerMetadata(v: Validator, triggerType: number, value: unknown): AutoModRule['triggerMetadata'] | undefined {
  const meta = v.object('trigger_metadata', value, true) ?? {};
  const keywords = stringList(v, 'trigger_metadata.keyword_filter', meta.keyword_filter, AutoModLimits.KEYWORDS_MAX, AutoModLimits.KEYWORD_LENGTH_MAX);
  const patterns = stringList(v, 'trigger_metadata.regex_patterns', meta.regex_patterns, AutoModLimits.REGEX_PATTERNS_MAX, AutoModLimits.REGEX_LENGTH_MAX);
  const allowMax = triggerType === TriggerType.MEMBER_PROFILE ? AutoModLimits.ALLOW_LIST_MEMBER_PROFILE_MAX : AutoModLimits.ALLOW_LIST_KEYWORD_MAX;
  const allow = stringList(v, 'trigger_metadata.allow_list', meta.allow_list, allowMax, AutoModLimits.KEYWORD_LENGTH_MAX);
  patterns?.forEach((p, i) => {
    if (!compileAutoModPattern(p)) v.fail(`trigger_metadata.regex_patterns.${i}`, 'AUTO_MODERATION_INVALID_REGEX', 'Invalid regex pattern.');
  });
  if ((keywords?.length ?? 0) === 0 && (patterns?.length ?? 0) === 0) {
    v.fail('trigger_metadata.keyword_filter', 'BASE_TYPE_REQUIRED', 'A keyword or a regex pattern is required.');
  }
  const out: AutoModRule['triggerMetadata'] = { keyword_filter: keywords ?? [], regex_patterns: patterns ?? [], allow_list: allow ?? [] };
  return out;
}

function actions(v: Validator, guild: Guild, callerId: string, triggerType: number, value: unknown): AutoModRule['actions'] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    v.fail('actions', value === undefined || value === null ? 'BASE_TYPE_REQUIRED' : 'LIST_TYPE_CONVERT', 'At least one action is required.');
    return undefined;
  }
  if (value.length > AutoModLimits.ACTIONS_MAX) {
    v.fail('actions', 'BASE_TYPE_MAX_LENGTH', `Must be ${AutoModLimits.ACTIONS_MAX} or fewer in length.`);
    return undefined;
  }
  const out: AutoModRule['actions'] = [];
  value.forEach((raw, i) => {
    const action = v.object(`actions.${i}`, raw);
    if (!action) return;
    const type = v.int(`actions.${i}.type`, action.type, { min: 1, max: 4 });
    if (type === undefined) return;
    if (!(ACTIONS_FOR[triggerType] ?? []).includes(type)) {
      v.fail(`actions.${i}.type`, 'AUTO_MODERATION_INVALID_ACTION_FOR_TRIGGER', 'This action is not available for the rule\'s trigger type.');
      return;
    }
    const meta = v.object(`actions.${i}.metadata`, action.metadata, type === ActionType.BLOCK_MESSAGE || type === ActionType.BLOCK_MEMBER_INTERACTION) ?? {};
    if (type === ActionType.BLOCK_MESSAGE) {
      const message = v.string(`actions.${i}.metadata.custom_message`, meta.custom_message, { optional: true, max: AutoModLimits.CUSTOM_MESSAGE_MAX });
      out.push(message === undefined ? { type } : { type, metadata: { custom_message: message } });
    } else if (type === ActionType.SEND_ALERT_MESSAGE) {
      const channelId = v.snowflake(`actions.${i}.metadata.channel_id`, meta.channel_id);
      if (channelId !== undefined && !guild.channels.some((c) => c.id === channelId && (c.type === 0 || c.type === 5))) {
        v.fail(`actions.${i}.metadata.channel_id`, 'AUTO_MODERATION_INVALID_CHANNEL', 'Must be a text channel of this guild.');
      } else if (channelId !== undefined) {
        out.push({ type, metadata: { channel_id: channelId } });
      }
    } else if (type === ActionType.TIMEOUT) {
      const seconds = v.int(`actions.${i}.metadata.duration_seconds`, meta.duration_seconds, { min: 0, max: AutoModLimits.TIMEOUT_SECONDS_MAX });
      // Timing members out is MODERATE_MEMBERS' (public API): without it the rule cannot carry the action.
      if ((basePermissions(guild, callerId) & Permission.MODERATE_MEMBERS) === 0n) throw Errors.missingPermissions();
      if (seconds !== undefined) out.push({ type, metadata: { duration_seconds: seconds } });
    } else {
      out.push({ type, metadata: {} });
    }
  });
  return out;
}

interface RuleInput {
  name?: string;
  eventType?: number;
  triggerType?: number;
  triggerMetadata?: AutoModRule['triggerMetadata'];
  actions?: AutoModRule['actions'];
  enabled?: boolean;
  exemptRoles?: string[];
  exemptChannels?: string[];
}

/** Validates a create (every required field) or a modify (only what is present) body; 50035 with every bad field. */
function parseRule(emu: Emulator, guild: Guild, callerId: string, body: Record<string, unknown>, existing: AutoModRule | null): RuleInput {
  const v = new Validator();
  const partial = existing !== null;
  const input: RuleInput = {};
  input.name = v.string('name', body.name, { optional: partial, min: 1, max: AutoModLimits.NAME_MAX });
  if (existing === null) {
    input.triggerType = v.int('trigger_type', body.trigger_type);
    if (input.triggerType !== undefined && !(input.triggerType in ACTIONS_FOR)) {
      v.fail('trigger_type', 'AUTO_MODERATION_INVALID_TRIGGER_TYPE', 'The emulator supports trigger types 1 (KEYWORD) and 6 (MEMBER_PROFILE).');
      input.triggerType = undefined;
    }
  } else if (body.trigger_type !== undefined && body.trigger_type !== existing.triggerType) {
    // The public API: a rule's trigger type cannot change.
    v.fail('trigger_type', 'AUTO_MODERATION_TRIGGER_TYPE_IMMUTABLE', 'A rule\'s trigger type cannot be changed.');
  }
  const triggerType = existing?.triggerType ?? input.triggerType;
  input.eventType = v.int('event_type', body.event_type, { optional: partial });
  if (input.eventType !== undefined && triggerType !== undefined && EVENT_FOR[triggerType] !== input.eventType) {
    v.fail('event_type', 'AUTO_MODERATION_INVALID_EVENT_TYPE', `Trigger type ${triggerType} needs event type ${EVENT_FOR[triggerType]}.`);
  }
  if (triggerType !== undefined) {
    if (!partial || body.trigger_metadata !== undefined) input.triggerMetadata = triggerMetadata(v, triggerType, body.trigger_metadata);
    if (!partial || body.actions !== undefined) input.actions = actions(v, guild, callerId, triggerType, body.actions);
  }
  input.enabled = v.bool('enabled', body.enabled, { optional: true });
  input.exemptRoles = snowflakeList(v, 'exempt_roles', body.exempt_roles, AutoModLimits.EXEMPT_ROLES_MAX, (id) => guild.roles.some((r) => r.id === id));
  input.exemptChannels = snowflakeList(v, 'exempt_channels', body.exempt_channels, AutoModLimits.EXEMPT_CHANNELS_MAX, (id) => guild.channels.some((c) => c.id === id));
  if (existing === null && triggerType !== undefined) {
    const max = triggerType === TriggerType.KEYWORD ? AutoModLimits.KEYWORD_RULES_PER_GUILD : AutoModLimits.MEMBER_PROFILE_RULES_PER_GUILD;
    if (guildRules(emu, guild.id).filter((r) => r.triggerType === triggerType).length >= max) {
      v.fail('trigger_type', 'AUTO_MODERATION_MAX_RULES_OF_TYPE_EXCEEDED', `At most ${max} rules of this trigger type per guild.`);
    }
  }
  v.check();
  return input;
}

function publishRule(emu: Emulator, type: 'AUTO_MODERATION_RULE_CREATE' | 'AUTO_MODERATION_RULE_UPDATE' | 'AUTO_MODERATION_RULE_DELETE', rule: AutoModRule): void {
  emu.bus.publish({ type, data: ruleJson(rule) as unknown as Record<string, unknown>, userIds: [], guildId: rule.guildId });
}

export function createRule(emu: Emulator, guildId: string, callerId: string, body: Record<string, unknown>, reason: string | null): APIAutoModerationRule {
  const guild = findGuild(emu, guildId);
  requireManageGuild(guild, callerId);
  const input = parseRule(emu, guild, callerId, body, null);
  const rule: AutoModRule = {
    id: emu.ids.next(),
    guildId: guild.id,
    name: input.name!,
    creatorId: callerId,
    eventType: input.eventType!,
    triggerType: input.triggerType!,
    triggerMetadata: input.triggerMetadata!,
    actions: input.actions!,
    enabled: input.enabled ?? false,
    exemptRoles: input.exemptRoles ?? [],
    exemptChannels: input.exemptChannels ?? [],
  };
  emu.state.autoModRules.set(rule.id, rule);
  recordAuditEntry(emu, guild.id, { userId: callerId, targetId: rule.id, actionType: AuditLogAction.AUTO_MODERATION_RULE_CREATE, reason });
  emu.changed();
  publishRule(emu, 'AUTO_MODERATION_RULE_CREATE', rule);
  if (rule.triggerType === TriggerType.MEMBER_PROFILE) reviewProfiles(emu, guild);
  return ruleJson(rule);
}

export function modifyRule(emu: Emulator, guildId: string, ruleId: string, callerId: string, body: Record<string, unknown>, reason: string | null): APIAutoModerationRule {
  const guild = findGuild(emu, guildId);
  requireManageGuild(guild, callerId);
  const rule = findRule(emu, guild, ruleId);
  const input = parseRule(emu, guild, callerId, body, rule);
  if (input.name !== undefined) rule.name = input.name;
  if (input.eventType !== undefined) rule.eventType = input.eventType;
  if (input.triggerMetadata !== undefined) rule.triggerMetadata = input.triggerMetadata;
  if (input.actions !== undefined) rule.actions = input.actions;
  if (input.enabled !== undefined) rule.enabled = input.enabled;
  if (input.exemptRoles !== undefined) rule.exemptRoles = input.exemptRoles;
  if (input.exemptChannels !== undefined) rule.exemptChannels = input.exemptChannels;
  recordAuditEntry(emu, guild.id, { userId: callerId, targetId: rule.id, actionType: AuditLogAction.AUTO_MODERATION_RULE_UPDATE, reason });
  emu.changed();
  publishRule(emu, 'AUTO_MODERATION_RULE_UPDATE', rule);
  if (rule.triggerType === TriggerType.MEMBER_PROFILE) reviewProfiles(emu, guild);
  return ruleJson(rule);
}

export function deleteRule(emu: Emulator, guildId: string, ruleId: string, callerId: string, reason: string | null): void {
  const guild = findGuild(emu, guildId);
  requireManageGuild(guild, callerId);
  const rule = findRule(emu, guild, ruleId);
  emu.state.autoModRules.delete(rule.id);
  recordAuditEntry(emu, guild.id, { userId: callerId, targetId: rule.id, actionType: AuditLogAction.AUTO_MODERATION_RULE_DELETE, reason });
  emu.changed();
  publishRule(emu, 'AUTO_MODERATION_RULE_DELETE', rule);
  if (rule.triggerType === TriggerType.MEMBER_PROFILE) reviewProfiles(emu, guild);
}

// --- Matching

const WORD = /[\p{L}\p{N}_]/u;

/**
 * Where `keyword` matches in `text` (public API wildcards: `cat` a whole word, `cat*` a word
 * starting with it, `*cat` one ending with it, `*cat*` anywhere; case-insensitive): the whole
 * words around each match.
 */
function keywordHits(keyword: string, text: string): string[] {
  const anyBefore = keyword.startsWith('*');
  const anyAfter = keyword.endsWith('*') && keyword.length > 1;
  const core = keyword.slice(anyBefore ? 1 : 0, anyAfter ? -1 : undefined).toLowerCase();
  if (core.length === 0) return [];
  const haystack = text.toLowerCase();
  const hits: string[] = [];
  for (let at = haystack.indexOf(core); at >= 0; at = haystack.indexOf(core, at + 1)) {
    const end = at + core.length;
    const before = at > 0 && WORD.test(haystack[at - 1]);
    const after = end < haystack.length && WORD.test(haystack[end]);
    if ((before && !anyBefore) || (after && !anyAfter)) continue;
    let start = at;
    while (start > 0 && WORD.test(haystack[start - 1])) start--;
    let stop = end;
    while (stop < haystack.length && WORD.test(haystack[stop])) stop++;
    hits.push(text.slice(start, stop));
  }
  return hits;
}

export interface Match {
  rule: AutoModRule;
  keyword: string;
  matchedContent: string;
}

/** The first keyword or pattern of `rule` that `text` triggers, unless the allow list covers every hit. */
export function matchRule(rule: AutoModRule, text: string): Match | null {
  const allowed = (word: string) => (rule.triggerMetadata.allow_list ?? []).some((a) => keywordHits(a, word).length > 0);
  for (const keyword of rule.triggerMetadata.keyword_filter ?? []) {
    const hit = keywordHits(keyword, text).find((word) => !allowed(word));
    if (hit !== undefined) return { rule, keyword, matchedContent: hit };
  }
  for (const pattern of rule.triggerMetadata.regex_patterns ?? []) {
    // Linear-time matching (automod_regex.ts): no pattern and no message can hang the emulator.
    const found = compileAutoModPattern(pattern)?.firstMatch(text) ?? null;
    if (found !== null && !allowed(found)) return { rule, keyword: pattern, matchedContent: found };
  }
  return null;
}

function exempt(rule: AutoModRule, member: GuildMember | undefined, channelId: string | null): boolean {
  if (channelId !== null && rule.exemptChannels.includes(channelId)) return true;
  return member !== undefined && member.roles.some((r) => rule.exemptRoles.includes(r));
}

/** A member the rules never touch: the owner and members with MANAGE_GUILD or ADMINISTRATOR (public API). */
function immune(guild: Guild, userId: string): boolean {
  return (basePermissions(guild, userId) & (Permission.MANAGE_GUILD | Permission.ADMINISTRATOR)) !== 0n;
}

function executed(emu: Emulator, guild: Guild, match: Match, action: AutoModRule['actions'][number], userId: string, extra: { channelId?: string; messageId?: string; alertId?: string; content: string }): void {
  emu.bus.publish({
    type: 'AUTO_MODERATION_ACTION_EXECUTION',
    data: {
      guild_id: guild.id,
      action,
      rule_id: match.rule.id,
      rule_trigger_type: match.rule.triggerType,
      user_id: userId,
      ...(extra.channelId ? { channel_id: extra.channelId } : {}),
      ...(extra.messageId ? { message_id: extra.messageId } : {}),
      ...(extra.alertId ? { alert_system_message_id: extra.alertId } : {}),
      content: extra.content,
      matched_keyword: match.keyword,
      matched_content: match.matchedContent,
    },
    userIds: [],
    guildId: guild.id,
  });
}

const AUDIT_FOR_ACTION: Record<number, number> = {
  [ActionType.BLOCK_MESSAGE]: AuditLogAction.AUTO_MODERATION_BLOCK_MESSAGE,
  [ActionType.SEND_ALERT_MESSAGE]: AuditLogAction.AUTO_MODERATION_FLAG_TO_CHANNEL,
  [ActionType.TIMEOUT]: AuditLogAction.AUTO_MODERATION_USER_COMMUNICATION_DISABLED,
  [ActionType.BLOCK_MEMBER_INTERACTION]: AuditLogAction.AUTO_MODERATION_QUARANTINE_USER,
};

function audit(emu: Emulator, guild: Guild, match: Match, actionType: number, userId: string, channelId: string | null): void {
  const options: Record<string, string> = { auto_moderation_rule_name: match.rule.name, auto_moderation_rule_trigger_type: String(match.rule.triggerType) };
  if (channelId) options.channel_id = channelId;
  recordAuditEntry(emu, guild.id, { userId, targetId: userId, actionType: AUDIT_FOR_ACTION[actionType], options });
}

export const messageBlocked = () => new ApiError(400, 200000, 'Message was blocked by automatic moderation');

/**
 * Checks a channel message's content (create or edit) against the guild's enabled KEYWORD
 * rules: every matching rule's actions run (alert, timeout; events and audit entries) and, when
 * any of them blocks, the result says so and the caller refuses the message with
 * {@link messageBlocked}. `alert` posts the alert message into a channel and returns its id.
 */
export function checkMessage(
  emu: Emulator,
  guild: Guild,
  channelId: string,
  authorId: string,
  content: string,
  options: { messageId?: string; alert?: (alertChannelId: string, match: Match) => string | undefined } = {},
): { blocked: boolean } {
  const member = guild.members.find((m) => m.userId === authorId);
  if (immune(guild, authorId) || content.length === 0) return { blocked: false };
  let blocked = false;
  // Timeouts apply after every alert is posted (an alert is the member's message too).
  const timeouts: number[] = [];
  for (const rule of guildRules(emu, guild.id)) {
    if (!rule.enabled || rule.triggerType !== TriggerType.KEYWORD || exempt(rule, member, channelId)) continue;
    const match = matchRule(rule, content);
    if (!match) continue;
    for (const action of rule.actions) {
      let alertId: string | undefined;
      if (action.type === ActionType.BLOCK_MESSAGE) blocked = true;
      if (action.type === ActionType.SEND_ALERT_MESSAGE && action.metadata?.channel_id) alertId = options.alert?.(action.metadata.channel_id, match);
      if (action.type === ActionType.TIMEOUT) timeouts.push(action.metadata?.duration_seconds ?? 0);
      executed(emu, guild, match, action, authorId, { channelId, messageId: options.messageId, alertId, content });
      audit(emu, guild, match, action.type, authorId, channelId);
    }
  }
  if (timeouts.length > 0 && member) {
    member.communicationDisabledUntil = emu.now() + Math.max(...timeouts) * 1000;
    emu.bus.publish({ type: 'GUILD_MEMBER_UPDATE', data: memberJson(emu, guild, member), userIds: [authorId], guildId: guild.id });
  }
  emu.changed();
  return { blocked };
}

/** Whether the member may not send messages or use interactions: quarantined by a MEMBER_PROFILE rule, or timed out. */
export function isRestricted(emu: Emulator, guild: Guild, userId: string): boolean {
  const member = guild.members.find((m) => m.userId === userId);
  if (!member) return false;
  if (((member.flags ?? 0) & QUARANTINED_FLAG) !== 0) return true;
  return (member.communicationDisabledUntil ?? 0) > emu.now();
}

/** The profile texts MEMBER_PROFILE rules read: the member's nick and the user's global name. */
function profileTexts(emu: Emulator, member: GuildMember): string[] {
  return [member.nick, emu.user(member.userId)?.globalName ?? null].filter((t): t is string => typeof t === 'string' && codePoints(t) > 0);
}

/**
 * Re-checks one member's profile against the guild's enabled MEMBER_PROFILE rules: a match
 * runs the rule's actions once (the quarantine flag is set); a member whose profile no longer
 * matches is released (flag cleared). Returns whether the flag changed; with `announce`, a
 * change is also a GUILD_MEMBER_UPDATE.
 */
export function reviewProfile(emu: Emulator, guild: Guild, member: GuildMember, announce = true): boolean {
  if (emu.user(member.userId)?.bot) return false;
  let quarantine: Match | null = null;
  for (const rule of guildRules(emu, guild.id)) {
    if (!rule.enabled || rule.triggerType !== TriggerType.MEMBER_PROFILE || immune(guild, member.userId) || exempt(rule, member, null)) continue;
    if (!rule.actions.some((a) => a.type === ActionType.BLOCK_MEMBER_INTERACTION)) continue;
    for (const text of profileTexts(emu, member)) {
      quarantine = matchRule(rule, text);
      if (quarantine) break;
    }
    if (quarantine) break;
  }
  const was = ((member.flags ?? 0) & QUARANTINED_FLAG) !== 0;
  if (Boolean(quarantine) === was) return false;
  member.flags = quarantine ? (member.flags ?? 0) | QUARANTINED_FLAG : (member.flags ?? 0) & ~QUARANTINED_FLAG;
  emu.changed();
  if (quarantine) {
    for (const action of quarantine.rule.actions) {
      executed(emu, guild, quarantine, action, member.userId, { content: quarantine.matchedContent });
      audit(emu, guild, quarantine, action.type, member.userId, null);
    }
  }
  if (announce) emu.bus.publish({ type: 'GUILD_MEMBER_UPDATE', data: memberJson(emu, guild, member), userIds: [member.userId], guildId: guild.id });
  return true;
}

function reviewProfiles(emu: Emulator, guild: Guild): void {
  for (const member of [...guild.members]) reviewProfile(emu, guild, member);
}

/**
 * MEMBER_UPDATE events: members are checked when they join and when their member record
 * changes (the guild domain publishes GUILD_MEMBER_ADD/UPDATE on the bus; listening keeps the
 * guild domain free of auto moderation). Installed once by domain/index.ts.
 */
export function installAutoModeration(emu: Emulator): void {
  registerContentCheck(emu, checkDraft);
  emu.bus.subscribe((event) => {
    if (event.type !== 'GUILD_MEMBER_ADD' && event.type !== 'GUILD_MEMBER_UPDATE') return;
    const guild = event.guildId ? emu.state.guilds.get(event.guildId) : undefined;
    const userId = (event.data.user as { id?: string } | undefined)?.id;
    const member = guild?.members.find((m) => m.userId === userId);
    // This listener is the bus's first (installed before any adapter subscribes), so the member
    // event itself can carry the new flag: no second, out-of-order GUILD_MEMBER_UPDATE.
    if (guild && member && reviewProfile(emu, guild, member, false)) event.data.flags = member.flags ?? 0;
  });
}

/** The system message type AUTO_MODERATION_ACTION (public API): an alert in the rule's channel. */
export const ALERT_MESSAGE_TYPE = 24;

/**
 * SEND_ALERT_MESSAGE: the alert the public API posts in the rule's channel — a message of type
 * 24 by the member, with an `auto_moderation_message` embed naming the rule, the channel and the
 * keyword. Posted by the service, so no permission or slowmode of the member is checked.
 */
function postAlert(emu: Emulator, alertChannelId: string, match: Match, draft: ContentDraft): string | undefined {
  const fields = [
    { name: 'rule_name', value: match.rule.name, inline: true },
    { name: 'channel_id', value: draft.channel.id, inline: true },
    { name: 'keyword', value: match.keyword, inline: true },
    { name: 'keyword_matched_content', value: match.matchedContent, inline: true },
  ];
  const alert = createChannelMessage(emu, {
    channelId: alertChannelId,
    authorId: draft.authorId,
    body: { embeds: [{ type: 'auto_moderation_message', description: draft.content.slice(0, 4096), fields }] },
    type: ALERT_MESSAGE_TYPE,
    skipSenderChecks: true,
  });
  return alert.id;
}

/**
 * The channel messages' content hook (create and edit, also an interaction's deferred response):
 * a member restricted by auto moderation (quarantined or timed out) may not post (50013); content
 * a KEYWORD rule blocks is refused with 400 / 200000 (spec: an edit whose new content automated
 * moderation blocks is HTTP 400).
 */
function checkDraft(emu: Emulator, draft: ContentDraft): void {
  if (draft.channel.kind !== 'guild') return;
  const guild = draft.channel.guild;
  if (isRestricted(emu, guild, draft.authorId)) throw new ApiError(403, 50013, 'Missing Permissions: the member is restricted by auto moderation');
  const { blocked } = checkMessage(emu, guild, draft.channel.id, draft.authorId, draft.content, {
    messageId: draft.editing?.id,
    alert: (alertChannelId, match) => postAlert(emu, alertChannelId, match, draft),
  });
  if (blocked) throw messageBlocked();
}
