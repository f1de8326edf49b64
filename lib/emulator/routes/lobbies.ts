// Lobby routes (protocols.md §4): create-or-join by secret, bot management, bulk members (25),
// channel linking, messages (200 / 72 h, members only), moderation metadata, single-use
// one-hour invites to the linked channel.
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../http/errors';
import { RULES } from '../http/rate_limits';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import {
  createLobby,
  deleteLobby,
  LOBBY_METADATA_MAX_CHARS,
  LOBBY_SECRET_MAX,
  MAX_BULK_MEMBERS,
  MESSAGE_CONTENT_MAX,
  memberIds,
  metadataLength,
  removeMember,
  touch,
  upsertMember,
} from '../lobbies';
import { editMessage, findMessage, lobbyHistory, postLobbyMessage } from '../messages';
import type { Lobby } from '../model/types';
import { channelPermissions, Permission } from '../permissions';
import { isSnowflake } from '../snowflake';
import { newSecret } from '../tokens';

const CAN_LINK_LOBBY = 1 << 0;
const INVITE_LIFETIME_MS = 60 * 60 * 1000;

function lobbyFor(ctx: RequestContext, applicationId: string): Lobby {
  if (!isSnowflake(ctx.params.lobby_id)) throw Errors.unknownLobby();
  const lobby = ctx.emu.state.lobbies.get(ctx.params.lobby_id);
  if (!lobby || lobby.applicationId !== applicationId) throw Errors.unknownLobby();
  return lobby;
}

function metadata(v: Validator, path: string, value: unknown): Record<string, string> | null | undefined {
  if (value === null) return null;
  const dict = v.dict(path, value, { maxTotal: LOBBY_METADATA_MAX_CHARS });
  return dict;
}

/** The caller as a member of the lobby: a user's bearer token. */
function memberCaller(ctx: RequestContext) {
  const { app, user } = ctx.bearer('lobbies.write');
  const lobby = lobbyFor(ctx, app.id);
  if (!lobby.members.some((m) => m.id === user.id)) throw new ApiError(403, 50001, 'Missing Access: not a member of this lobby');
  return { app, user, lobby };
}

function botOrMember(ctx: RequestContext): { lobby: Lobby; userId: string | null } {
  const caller = ctx.anyCaller();
  const lobby = lobbyFor(ctx, caller.app.id);
  if (caller.kind === 'bot') return { lobby, userId: null };
  if (!caller.user || !lobby.members.some((m) => m.id === caller.user!.id)) {
    throw new ApiError(403, 50001, 'Missing Access: not a member of this lobby');
  }
  return { lobby, userId: caller.user.id };
}

export function registerLobbies(api: Router): void {
  // Create or join, in one call, by secret.
  api.put('/lobbies', async (ctx) => {
    const { app, user } = ctx.bearer('lobbies.write');
    const body = await ctx.jsonObject();
    const v = new Validator();
    const secret = v.string('secret', body.secret, { min: 1, max: LOBBY_SECRET_MAX });
    const lobbyMetadata = metadata(v, 'lobby_metadata', body.lobby_metadata);
    const memberMetadata = metadata(v, 'member_metadata', body.member_metadata);
    const idle = v.int('idle_timeout_seconds', body.idle_timeout_seconds, { optional: true, min: 5, max: 604800 });
    if ('additional_name' in body) v.fail('additional_name', 'UNKNOWN_FIELD', 'additional_name is set server-side only.');
    v.check();
    Object.assign(ctx.headers, ctx.emu.limiter.take(RULES.lobbyWrite, user.id));
    let lobby = [...ctx.emu.state.lobbies.values()].find((l) => l.applicationId === app.id && l.secret === secret);
    if (!lobby) {
      lobby = createLobby(ctx.emu, app.id, { secret: secret!, metadata: lobbyMetadata ?? null, idleTimeoutSeconds: idle });
    } else if (lobbyMetadata !== undefined) {
      lobby.metadata = lobbyMetadata;
      ctx.emu.bus.publish({ type: 'LOBBY_UPDATE', data: ctx.emu.lobbyJson(lobby), userIds: memberIds(lobby), applicationId: app.id });
    }
    upsertMember(ctx.emu, lobby, { id: user.id, metadata: memberMetadata ?? undefined, connected: true });
    return ctx.emu.lobbyJson(lobby);
  });

  api.post('/lobbies', async (ctx) => {
    const { app } = ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const lobbyMetadata = metadata(v, 'metadata', body.metadata);
    const idle = v.int('idle_timeout_seconds', body.idle_timeout_seconds, { optional: true, min: 5, max: 604800 });
    const members: Array<{ id: string; metadata: Record<string, string> | null; flags: number }> = [];
    if (body.members !== undefined) {
      if (!Array.isArray(body.members)) v.fail('members', 'LIST_TYPE_CONVERT', 'Must be a list.');
      else if (body.members.length > MAX_BULK_MEMBERS) v.fail('members', 'BASE_TYPE_MAX_LENGTH', `Must have at most ${MAX_BULK_MEMBERS} members.`);
      else body.members.forEach((m: unknown, i: number) => {
        const member = v.object(`members.${i}`, m);
        if (!member) return;
        const id = v.snowflake(`members.${i}.id`, member.id);
        const md = metadata(v, `members.${i}.metadata`, member.metadata);
        const flags = v.int(`members.${i}.flags`, member.flags, { optional: true, min: 0, max: 1 });
        if (id && !ctx.emu.user(id)) v.fail(`members.${i}.id`, 'UNKNOWN_USER', 'Unknown user.');
        if (id) members.push({ id, metadata: md ?? null, flags: flags ?? 0 });
      });
    }
    v.check();
    Object.assign(ctx.headers, ctx.emu.limiter.take(RULES.lobbyWrite, app.id));
    const lobby = createLobby(ctx.emu, app.id, { metadata: lobbyMetadata ?? null, idleTimeoutSeconds: idle });
    for (const m of members) upsertMember(ctx.emu, lobby, { ...m, connected: false });
    return ctx.emu.lobbyJson(lobby);
  });

  api.get('/lobbies/:lobby_id', (ctx) => ctx.emu.lobbyJson(botOrMember(ctx).lobby));

  api.patch('/lobbies/:lobby_id', async (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const md = metadata(v, 'metadata', body.metadata);
    const idle = v.int('idle_timeout_seconds', body.idle_timeout_seconds, { optional: true, min: 5, max: 604800 });
    v.check();
    if (md !== undefined) lobby.metadata = md;
    if (idle !== undefined) lobby.idleTimeoutSeconds = idle;
    touch(ctx.emu, lobby);
    ctx.emu.changed();
    ctx.emu.bus.publish({ type: 'LOBBY_UPDATE', data: ctx.emu.lobbyJson(lobby), userIds: memberIds(lobby), applicationId: app.id });
    return ctx.emu.lobbyJson(lobby);
  });

  api.delete('/lobbies/:lobby_id', (ctx) => {
    const { app } = ctx.bot();
    deleteLobby(ctx.emu, lobbyFor(ctx, app.id));
    return null;
  });

  api.delete('/lobbies/:lobby_id/members/@me', (ctx) => {
    const { user, lobby } = memberCaller(ctx);
    removeMember(ctx.emu, lobby, user.id);
    return null;
  });

  api.put('/lobbies/:lobby_id/members/:user_id', async (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    const body = ctx.req.headers['content-length'] === '0' || !ctx.req.headers['content-type'] ? {} : await ctx.jsonObject();
    const v = new Validator();
    const userId = v.snowflake('user_id', ctx.params.user_id);
    const md = metadata(v, 'metadata', body.metadata);
    const flags = v.int('flags', body.flags, { optional: true, min: 0, max: 1 });
    const name = v.string('additional_name', body.additional_name, { optional: true, min: 1, max: 80 });
    if (userId && !ctx.emu.user(userId)) v.fail('user_id', 'UNKNOWN_USER', 'Unknown user.');
    v.check();
    if (!lobby.members.some((m) => m.id === userId) && lobby.members.length >= 1000) {
      throw new ApiError(400, 30000, 'Maximum number of lobby members reached');
    }
    const member = upsertMember(ctx.emu, lobby, { id: userId!, metadata: md, flags, additionalName: name });
    return ctx.emu.lobbyMemberJson(member);
  });

  api.delete('/lobbies/:lobby_id/members/:user_id', (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    if (!removeMember(ctx.emu, lobby, ctx.params.user_id)) throw Errors.unknownUser();
    return null;
  });

  api.post('/lobbies/:lobby_id/members/bulk', async (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    const body = await ctx.json();
    const v = new Validator();
    if (!Array.isArray(body)) {
      v.fail('_root', 'LIST_TYPE_CONVERT', 'The body must be a list of members.');
      v.check();
    }
    const list = body as unknown[];
    if (list.length < 1 || list.length > MAX_BULK_MEMBERS) {
      v.fail('_root', 'BASE_TYPE_BAD_LENGTH', `Must have between 1 and ${MAX_BULK_MEMBERS} members.`);
    }
    const changes: Array<{ id: string; metadata?: Record<string, string> | null; flags?: number; additionalName?: string; remove: boolean }> = [];
    list.slice(0, MAX_BULK_MEMBERS).forEach((item, i) => {
      const m = v.object(`${i}`, item);
      if (!m) return;
      const id = v.snowflake(`${i}.id`, m.id);
      const md = metadata(v, `${i}.metadata`, m.metadata);
      const flags = v.int(`${i}.flags`, m.flags, { optional: true, min: 0, max: 1 });
      const name = v.string(`${i}.additional_name`, m.additional_name, { optional: true, min: 1, max: 80 });
      const remove = v.bool(`${i}.remove_member`, m.remove_member, { optional: true });
      if (id && !ctx.emu.user(id)) v.fail(`${i}.id`, 'UNKNOWN_USER', 'Unknown user.');
      if (id) changes.push({ id, metadata: md, flags, additionalName: name, remove: remove ?? false });
    });
    v.check(); // all or nothing: nothing below runs for an invalid item
    Object.assign(ctx.headers, ctx.emu.limiter.take(RULES.lobbyWrite, app.id));
    const result = [];
    for (const change of changes) {
      if (change.remove) {
        removeMember(ctx.emu, lobby, change.id);
      } else {
        result.push(ctx.emu.lobbyMemberJson(upsertMember(ctx.emu, lobby, change)));
      }
    }
    return result;
  });

  api.patch('/lobbies/:lobby_id/channel-linking', async (ctx) => {
    const caller = ctx.anyCaller();
    const lobby = lobbyFor(ctx, caller.app.id);
    if (caller.kind === 'bearer') {
      const member = lobby.members.find((m) => m.id === caller.user?.id);
      if (!member) throw new ApiError(403, 50001, 'Missing Access: not a member of this lobby');
      if ((member.flags & CAN_LINK_LOBBY) === 0) throw new ApiError(403, 50013, 'Missing Permissions: the member cannot link this lobby');
    }
    const body = await ctx.jsonObject();
    const v = new Validator();
    const channelId = body.channel_id === null ? null : v.snowflake('channel_id', body.channel_id, { optional: true });
    v.check();
    // Check the new channel completely before touching the current link: a refused relink must
    // leave the lobby linked as it was.
    const target = channelId ? ctx.emu.findChannel(channelId) : undefined;
    if (channelId) {
      if (!target || (target.channel.type !== 0 && target.channel.type !== 5)) throw Errors.unknownChannel();
      const userId = caller.user?.id ?? '';
      if (caller.kind === 'bearer' && (channelPermissions(target.guild, target.channel, userId) & Permission.MANAGE_CHANNELS) === 0n) {
        throw Errors.missingPermissions();
      }
      if (target.channel.linkedLobbyId && target.channel.linkedLobbyId !== lobby.id) {
        throw new ApiError(400, 30000, 'The channel is already linked to a lobby');
      }
    }
    if (lobby.linkedChannelId) {
      const previous = ctx.emu.findChannel(lobby.linkedChannelId);
      if (previous) previous.channel.linkedLobbyId = null;
      lobby.linkedChannelId = null;
    }
    if (target) {
      target.channel.linkedLobbyId = lobby.id;
      lobby.linkedChannelId = target.channel.id;
    }
    touch(ctx.emu, lobby);
    ctx.emu.changed();
    ctx.emu.bus.publish({ type: 'LOBBY_UPDATE', data: ctx.emu.lobbyJson(lobby), userIds: memberIds(lobby), applicationId: lobby.applicationId });
    return ctx.emu.lobbyJson(lobby);
  });

  api.post('/lobbies/:lobby_id/messages', async (ctx) => {
    const { user, lobby } = memberCaller(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const content = v.string('content', body.content, { min: 1, max: MESSAGE_CONTENT_MAX });
    const md = v.dict('metadata', body.metadata, { maxTotal: LOBBY_METADATA_MAX_CHARS });
    const flags = v.int('flags', body.flags, { optional: true, min: 0, max: 2 ** 31 - 1 });
    v.check();
    Object.assign(ctx.headers, ctx.emu.limiter.take(RULES.lobbyMessageWrite, `${user.id}:${lobby.id}`));
    return ctx.emu.messageJson(postLobbyMessage(ctx.emu, lobby, user.id, content!, md ?? null, flags ?? 0));
  });

  api.get('/lobbies/:lobby_id/messages', (ctx) => {
    const { lobby } = botOrMember(ctx);
    const raw = ctx.query.get('limit');
    const limit = raw === null ? 50 : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      throw Errors.invalidForm({ limit: [{ code: 'NUMBER_TYPE_MAX', message: 'Must be between 1 and 200.' }] });
    }
    return lobbyHistory(ctx.emu, lobby, limit).map((m) => ctx.emu.messageJson(m));
  });

  api.put('/lobbies/:lobby_id/messages/:message_id/moderation-metadata', async (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    const message = isSnowflake(ctx.params.message_id) ? findMessage(ctx.emu, lobby.id, ctx.params.message_id) : undefined;
    if (!message) throw Errors.unknownMessage();
    const body = await ctx.json();
    const v = new Validator();
    const md = v.dict('_root', body, { maxKeys: 5, optional: false, maxTotal: LOBBY_METADATA_MAX_CHARS });
    v.check();
    editMessage(ctx.emu, message, { moderationMetadata: md! });
    return null;
  });

  const invite = (ctx: RequestContext, lobby: Lobby, userId: string) => {
    if (!lobby.linkedChannelId) throw new ApiError(400, 50035, 'The lobby has no linked channel');
    const found = ctx.emu.findChannel(lobby.linkedChannelId);
    if (!found) throw Errors.unknownChannel();
    const code = newSecret('', 6).replace(/[^A-Za-z0-9]/g, 'x');
    ctx.emu.state.lobbyInvites.set(code, {
      code,
      lobbyId: lobby.id,
      guildId: found.guild.id,
      channelId: found.channel.id,
      userId,
      expiresAt: ctx.emu.now() + INVITE_LIFETIME_MS,
      used: false,
    });
    ctx.emu.changed();
    return { code };
  };

  api.post('/lobbies/:lobby_id/members/@me/invites', (ctx) => {
    const { user, lobby } = memberCaller(ctx);
    return invite(ctx, lobby, user.id);
  });

  api.post('/lobbies/:lobby_id/members/:user_id/invites', (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    if (!lobby.members.some((m) => m.id === ctx.params.user_id)) throw Errors.unknownUser();
    return invite(ctx, lobby, ctx.params.user_id);
  });

  // Accepting an invite: single use, valid one hour (by the emulator clock).
  api.post('/invites/:code', (ctx) => {
    const { user } = ctx.bearer();
    const record = ctx.emu.state.lobbyInvites.get(ctx.params.code);
    if (!record || record.used || record.expiresAt <= ctx.emu.now()) throw new ApiError(404, 10006, 'Unknown Invite');
    record.used = true;
    const guild = ctx.emu.state.guilds.get(record.guildId);
    if (guild && !guild.members.some((m) => m.userId === user.id)) {
      guild.members.push({ userId: user.id, roles: [], nick: null, joinedAt: ctx.emu.now(), voiceChannelId: null });
      ctx.emu.bus.publish({ type: 'GUILD_MEMBER_ADD', data: { guild_id: guild.id, user: ctx.emu.userJson(user), roles: [] }, userIds: [user.id], guildId: guild.id });
    }
    ctx.emu.changed();
    return { code: record.code, guild: guild ? { id: guild.id, name: guild.name } : null, channel: { id: record.channelId } };
  });
}
