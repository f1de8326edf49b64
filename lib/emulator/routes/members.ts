// Guild members over HTTP (bot token): Get / List / Search Guild Members, Modify Guild Member,
// Modify Current Member (nick, and the bot's guild avatar, banner and bio as image data) and
// Remove Guild Member. Bodies are checked here (50035 with field paths); rules in domain/members.
import type { GuildObserver } from '../domain/channels';
import { parseImageData } from '../domain/images';
import {
  getMember,
  kickMember,
  listMembers,
  MEMBER_BIO_MAX,
  MEMBER_PAGE_MAX,
  modifyCurrentMember,
  modifyMember,
  NICK_MAX,
  searchMembers,
  type CurrentMemberChanges,
  type MemberChanges,
} from '../domain/members';
import { ApiError, fieldError } from '../domain/errors';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';
import { parseTimestamp, pathGuild, queryInt, querySnowflake } from '../http/guild_params';

function pathUser(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.user_id)) throw new ApiError(404, 10007, 'Unknown Member');
  return ctx.params.user_id;
}

/** A nick: a string of up to 32 characters, or null / "" to clear it. */
function nickField(v: Validator, body: Record<string, unknown>): string | null | undefined {
  if (!('nick' in body)) return undefined;
  if (body.nick === null) return null;
  return v.string('nick', body.nick, { max: NICK_MAX }) ?? undefined;
}

function imageField(v: Validator, body: Record<string, unknown>, name: string): string | null | undefined {
  if (!(name in body)) return undefined;
  if (body[name] === null) return null;
  const image = parseImageData(body[name]);
  if ('error' in image) {
    v.fail(name, 'IMAGE_INVALID', image.error);
    return undefined;
  }
  return image.hash;
}

function memberChanges(body: Record<string, unknown>): MemberChanges {
  const v = new Validator();
  const changes: MemberChanges = {};
  changes.nick = nickField(v, body);
  if ('roles' in body) {
    if (!Array.isArray(body.roles)) v.fail('roles', 'LIST_TYPE_CONVERT', 'Must be a list of role ids.');
    else changes.roles = body.roles.map((r, i) => v.snowflake(`roles.${i}`, r)).filter((r): r is string => r !== undefined);
  }
  changes.mute = v.bool('mute', body.mute, { optional: true });
  changes.deaf = v.bool('deaf', body.deaf, { optional: true });
  if ('channel_id' in body) changes.channelId = body.channel_id === null ? null : v.snowflake('channel_id', body.channel_id);
  if ('communication_disabled_until' in body) {
    const until = parseTimestamp(body.communication_disabled_until);
    if (until === undefined) v.fail('communication_disabled_until', 'DATE_TIME_TYPE_PARSE', 'Must be an ISO 8601 timestamp or null.');
    else changes.communicationDisabledUntil = until;
  }
  changes.flags = v.int('flags', body.flags, { optional: true, min: 0, max: 2 ** 31 - 1 });
  v.check();
  for (const key of Object.keys(changes) as Array<keyof MemberChanges>) if (changes[key] === undefined) delete changes[key];
  return changes;
}

function currentMemberChanges(body: Record<string, unknown>): CurrentMemberChanges {
  const v = new Validator();
  const changes: CurrentMemberChanges = {};
  changes.nick = nickField(v, body);
  changes.avatar = imageField(v, body, 'avatar');
  changes.banner = imageField(v, body, 'banner');
  if ('bio' in body) changes.bio = body.bio === null ? null : v.string('bio', body.bio, { max: MEMBER_BIO_MAX });
  v.check();
  for (const key of Object.keys(changes) as Array<keyof CurrentMemberChanges>) if (changes[key] === undefined) delete changes[key];
  return changes;
}

/** `observer`: the gateway once it runs (bots hear of channels a role change lets them view). */
export function registerMembers(api: Router, observer: () => GuildObserver | null): void {
  api.get('/guilds/:guild_id/members', (ctx) => {
    const { app } = ctx.bot();
    const guild = pathGuild(ctx);
    return listMembers(ctx.emu, app, guild, queryInt(ctx, 'limit', 1, MEMBER_PAGE_MAX, 1), querySnowflake(ctx, 'after', '0'));
  });

  api.get('/guilds/:guild_id/members/search', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const query = ctx.query.get('query');
    if (query === null || query.length === 0 || query.length > 100) throw fieldError('query', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    return searchMembers(ctx.emu, guild, user.id, query, queryInt(ctx, 'limit', 1, MEMBER_PAGE_MAX, 1));
  });

  api.patch('/guilds/:guild_id/members/@me', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    return modifyCurrentMember(ctx.emu, guild, user.id, currentMemberChanges(await ctx.jsonObject()));
  });

  api.get('/guilds/:guild_id/members/:user_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    return getMember(ctx.emu, guild, user.id, pathUser(ctx));
  });

  api.patch('/guilds/:guild_id/members/:user_id', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const target = pathUser(ctx);
    return modifyMember(ctx.emu, guild, user.id, target, memberChanges(await ctx.jsonObject()), observer());
  });

  api.delete('/guilds/:guild_id/members/:user_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    kickMember(ctx.emu, guild, user.id, pathUser(ctx));
    return null;
  });
}
