// Search Guild Messages over HTTP (Bot): GET /guilds/{id}/messages/search with the public API's
// query parameters (list filters repeat the key: channel_id=1&channel_id=2). Rules in domain/search.
import { AUTHOR_TYPES, HAS_TYPES, searchGuildMessages, SearchLimits, type SearchQuery } from '../domain/search';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';

function parseQuery(ctx: RequestContext): SearchQuery {
  const q = ctx.query;
  const v = new Validator();
  const int = (name: string, min: number, max: number, fallback: number): number => {
    const raw = q.get(name);
    if (raw === null) return fallback;
    if (!/^\d{1,5}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      v.fail(name, 'NUMBER_TYPE_MAX', `Must be between ${min} and ${max}.`);
      return fallback;
    }
    return Number(raw);
  };
  const bool = (name: string): boolean | undefined => {
    const raw = q.get(name);
    if (raw === null) return undefined;
    if (raw !== 'true' && raw !== 'false') v.fail(name, 'BOOLEAN_TYPE_COERCE', 'Must be true or false.');
    return raw === 'true';
  };
  const ids = (name: string, max: number = SearchLimits.LIST_MAX): string[] => {
    const values = q.getAll(name);
    if (values.length > max) v.fail(name, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    values.forEach((value, i) => {
      if (!isSnowflake(value)) v.fail(`${name}.${i}`, 'NUMBER_TYPE_COERCE', `Value "${String(value).slice(0, 32)}" is not snowflake.`);
    });
    return values.filter((value) => isSnowflake(value));
  };
  const strings = (name: string, maxLength: number): string[] => {
    const values = q.getAll(name);
    if (values.length > SearchLimits.LIST_MAX) v.fail(name, 'BASE_TYPE_MAX_LENGTH', `Must be ${SearchLimits.LIST_MAX} or fewer in length.`);
    values.forEach((value, i) => {
      if (value.length === 0 || value.length > maxLength) v.fail(`${name}.${i}`, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${maxLength} in length.`);
    });
    return values;
  };
  const choices = (name: string, allowed: readonly string[]): string[] => {
    const values = q.getAll(name);
    values.forEach((value, i) => {
      if (!allowed.includes(value.replace(/^-/, ''))) v.fail(`${name}.${i}`, 'ENUM_TYPE_COERCE', `Must be one of ${allowed.join(', ')} (or negated with -).`);
    });
    return values;
  };
  const single = (name: string): string | undefined => {
    const values = q.getAll(name);
    if (values.length > 1) v.fail(name, 'BASE_TYPE_MAX_LENGTH', 'Give it once.');
    return values[0];
  };
  const snowflake = (name: string): string | undefined => {
    const raw = single(name);
    if (raw !== undefined && !isSnowflake(raw)) v.fail(name, 'NUMBER_TYPE_COERCE', `Value "${String(raw).slice(0, 32)}" is not snowflake.`);
    return raw !== undefined && isSnowflake(raw) ? raw : undefined;
  };
  const content = single('content');
  if (content !== undefined && content.length > SearchLimits.CONTENT_MAX) v.fail('content', 'BASE_TYPE_BAD_LENGTH', `Must be ${SearchLimits.CONTENT_MAX} or fewer in length.`);
  const sortBy = single('sort_by') ?? 'timestamp';
  if (sortBy !== 'timestamp' && sortBy !== 'relevance') v.fail('sort_by', 'ENUM_TYPE_COERCE', 'Must be timestamp or relevance.');
  const sortOrder = single('sort_order') ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc') v.fail('sort_order', 'ENUM_TYPE_COERCE', 'Must be asc or desc.');
  // slop (words allowed between the content's terms) is validated; the emulator's matching
  // ignores word distance (every term must appear).
  int('slop', 0, SearchLimits.SLOP_MAX, 2);
  const query: SearchQuery = {
    limit: int('limit', 1, SearchLimits.LIMIT_MAX, SearchLimits.LIMIT_DEFAULT),
    offset: int('offset', 0, SearchLimits.OFFSET_MAX, 0),
    minId: snowflake('min_id'),
    maxId: snowflake('max_id'),
    content,
    channelIds: ids('channel_id', SearchLimits.CHANNEL_IDS_MAX),
    authorIds: ids('author_id'),
    authorTypes: choices('author_type', AUTHOR_TYPES),
    mentions: ids('mentions'),
    mentionRoleIds: ids('mentions_role_id'),
    mentionEveryone: bool('mention_everyone'),
    repliedToUserIds: ids('replied_to_user_id'),
    repliedToMessageIds: ids('replied_to_message_id'),
    pinned: bool('pinned'),
    has: choices('has', HAS_TYPES),
    embedTypes: strings('embed_type', 32),
    embedProviders: strings('embed_provider', 256),
    linkHostnames: strings('link_hostname', 256).map((h) => h.toLowerCase()),
    attachmentFilenames: strings('attachment_filename', 1024),
    attachmentExtensions: strings('attachment_extension', 256).map((e) => e.toLowerCase().replace(/^\./, '')),
    sortBy: sortBy as SearchQuery['sortBy'],
    sortOrder: sortOrder as SearchQuery['sortOrder'],
    includeNsfw: bool('include_nsfw') ?? false,
  };
  v.check();
  return query;
}

export function registerSearch(api: Router): void {
  api.get('/guilds/:guild_id/messages/search', (ctx) => {
    const { app } = ctx.bot();
    if (!isSnowflake(ctx.params.guild_id)) throw Errors.unknownGuild();
    return searchGuildMessages(ctx.emu, ctx.params.guild_id, app, parseQuery(ctx));
  });
}
