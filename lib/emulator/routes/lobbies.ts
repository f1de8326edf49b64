// Lobby routes (docs/protocols/http.md): create-or-join by secret, bot management, bulk members (25),
// channel linking, messages (200 / 72 h, members only), moderation metadata, single-use
// one-hour invites to the linked channel. The adapter parses and validates; domain/lobbies and
// domain/messages hold the rules.
import { Limits } from '../domain/limits';
import { acceptInvite } from '../domain/invites';
import {
  applyBulkMembers,
  checkCanLink,
  createBotLobby,
  createChannelInvite,
  createOrJoin,
  deleteLobby,
  findLobby,
  isMember,
  linkChannel,
  lobbyJson,
  lobbyMemberJson,
  putMember,
  removeMember,
  requireMember,
  updateLobby,
  type BulkMemberChange,
} from '../domain/lobbies';
import { findLobbyMessage, lobbyHistory, messageJson, messagePageJson, postLobbyMessage, setModerationMetadata } from '../domain/messages';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import { RULES } from '../rate_limits';
import type { Router } from '../http/router';
import { historyLimit, Validator } from '../domain/validate';
import type { Lobby } from '../model/types';
import { isSnowflake } from '../snowflake';

const IDLE_TIMEOUT_S = { min: 5, max: 604800 };

function lobbyFor(ctx: RequestContext, applicationId: string): Lobby {
  if (!isSnowflake(ctx.params.lobby_id)) throw Errors.unknownLobby();
  return findLobby(ctx.emu, applicationId, ctx.params.lobby_id);
}

function metadata(v: Validator, path: string, value: unknown): Record<string, string> | null | undefined {
  if (value === null) return null;
  return v.dict(path, value, { maxTotal: Limits.MaxMetadataCodePoints });
}

/** The caller as a member of the lobby: a user's bearer token. */
function memberCaller(ctx: RequestContext) {
  const { app, user } = ctx.bearer('lobbies.write');
  const lobby = lobbyFor(ctx, app.id);
  requireMember(lobby, user.id);
  return { app, user, lobby };
}

function botOrMember(ctx: RequestContext): { lobby: Lobby; userId: string | null } {
  const caller = ctx.anyCaller();
  const lobby = lobbyFor(ctx, caller.app.id);
  if (caller.kind === 'bot') return { lobby, userId: null };
  requireMember(lobby, caller.user?.id);
  return { lobby, userId: caller.user!.id };
}

export function registerLobbies(api: Router): void {
  // Create or join, in one call, by secret.
  api.put('/lobbies', async (ctx) => {
    const { app, user } = ctx.bearer('lobbies.write');
    const body = await ctx.jsonObject();
    const v = new Validator();
    const secret = v.string('secret', body.secret, { min: 1, max: Limits.MaxLobbySecretCodePoints });
    const lobbyMetadata = metadata(v, 'lobby_metadata', body.lobby_metadata);
    const memberMetadata = metadata(v, 'member_metadata', body.member_metadata);
    const idle = v.int('idle_timeout_seconds', body.idle_timeout_seconds, { optional: true, ...IDLE_TIMEOUT_S });
    if ('additional_name' in body) v.fail('additional_name', 'UNKNOWN_FIELD', 'additional_name is set server-side only.');
    v.check();
    ctx.rateLimit(RULES.lobbyWrite, user.id);
    const lobby = createOrJoin(ctx.emu, app.id, user.id, { secret: secret!, lobbyMetadata, memberMetadata, idleTimeoutSeconds: idle });
    return lobbyJson(ctx.emu, lobby);
  });

  api.post('/lobbies', async (ctx) => {
    const { app } = ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const lobbyMetadata = metadata(v, 'metadata', body.metadata);
    const idle = v.int('idle_timeout_seconds', body.idle_timeout_seconds, { optional: true, ...IDLE_TIMEOUT_S });
    const members: Array<{ id: string; metadata: Record<string, string> | null; flags: number }> = [];
    if (body.members !== undefined) {
      if (!Array.isArray(body.members)) v.fail('members', 'LIST_TYPE_CONVERT', 'Must be a list.');
      else if (body.members.length > Limits.MaxBulkLobbyMembersCount) v.fail('members', 'BASE_TYPE_MAX_LENGTH', `Must have at most ${Limits.MaxBulkLobbyMembersCount} members.`);
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
    ctx.rateLimit(RULES.lobbyWrite, app.id);
    return lobbyJson(ctx.emu, createBotLobby(ctx.emu, app.id, { metadata: lobbyMetadata ?? null, idleTimeoutSeconds: idle, members }));
  });

  api.get('/lobbies/:lobby_id', (ctx) => lobbyJson(ctx.emu, botOrMember(ctx).lobby));

  api.patch('/lobbies/:lobby_id', async (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const md = metadata(v, 'metadata', body.metadata);
    const idle = v.int('idle_timeout_seconds', body.idle_timeout_seconds, { optional: true, ...IDLE_TIMEOUT_S });
    v.check();
    updateLobby(ctx.emu, lobby, { metadata: md, idleTimeoutSeconds: idle });
    return lobbyJson(ctx.emu, lobby);
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
    const name = v.string('additional_name', body.additional_name, { optional: true, min: 1, max: Limits.MaxAdditionalNameCodePoints });
    if (userId && !ctx.emu.user(userId)) v.fail('user_id', 'UNKNOWN_USER', 'Unknown user.');
    v.check();
    return lobbyMemberJson(putMember(ctx.emu, lobby, { id: userId!, metadata: md, flags, additionalName: name }));
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
    const max = Limits.MaxBulkLobbyMembersCount;
    const list = body as unknown[];
    if (list.length < 1 || list.length > max) v.fail('_root', 'BASE_TYPE_BAD_LENGTH', `Must have between 1 and ${max} members.`);
    const changes: BulkMemberChange[] = [];
    list.slice(0, max).forEach((item, i) => {
      const m = v.object(`${i}`, item);
      if (!m) return;
      const id = v.snowflake(`${i}.id`, m.id);
      const md = metadata(v, `${i}.metadata`, m.metadata);
      const flags = v.int(`${i}.flags`, m.flags, { optional: true, min: 0, max: 1 });
      const name = v.string(`${i}.additional_name`, m.additional_name, { optional: true, min: 1, max: Limits.MaxAdditionalNameCodePoints });
      const remove = v.bool(`${i}.remove_member`, m.remove_member, { optional: true });
      if (id && !ctx.emu.user(id)) v.fail(`${i}.id`, 'UNKNOWN_USER', 'Unknown user.');
      if (id) changes.push({ id, metadata: md, flags, additionalName: name, remove: remove ?? false });
    });
    v.check(); // all or nothing: nothing below runs for an invalid item
    ctx.rateLimit(RULES.lobbyWrite, app.id);
    return applyBulkMembers(ctx.emu, lobby, changes).map(lobbyMemberJson);
  });

  api.patch('/lobbies/:lobby_id/channel-linking', async (ctx) => {
    const caller = ctx.anyCaller();
    const lobby = lobbyFor(ctx, caller.app.id);
    const userId = caller.kind === 'bearer' ? (caller.user?.id ?? '') : null;
    checkCanLink(lobby, userId);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const channelId = body.channel_id === null ? null : v.snowflake('channel_id', body.channel_id, { optional: true });
    v.check();
    linkChannel(ctx.emu, lobby, userId, channelId ?? null);
    return lobbyJson(ctx.emu, lobby);
  });

  api.post('/lobbies/:lobby_id/messages', async (ctx) => {
    const { user, lobby } = memberCaller(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const content = v.string('content', body.content, { min: 1, max: Limits.MaxMessageContentCodePoints });
    const md = v.dict('metadata', body.metadata, { maxTotal: Limits.MaxMetadataCodePoints });
    const flags = v.int('flags', body.flags, { optional: true, min: 0, max: 2 ** 31 - 1 });
    v.check();
    ctx.rateLimit(RULES.lobbyMessageWrite, `${user.id}:${lobby.id}`);
    return messageJson(ctx.emu, postLobbyMessage(ctx.emu, lobby, user.id, content!, md ?? null, flags ?? 0));
  });

  api.get('/lobbies/:lobby_id/messages', (ctx) => {
    const { lobby } = botOrMember(ctx);
    return messagePageJson(ctx.emu, lobbyHistory(ctx.emu, lobby, historyLimit(ctx.query)));
  });

  api.put('/lobbies/:lobby_id/messages/:message_id/moderation-metadata', async (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    if (!isSnowflake(ctx.params.message_id)) throw Errors.unknownMessage();
    const message = findLobbyMessage(ctx.emu, lobby.id, ctx.params.message_id);
    setModerationMetadata(ctx.emu, message, await ctx.json());
    return null;
  });

  api.post('/lobbies/:lobby_id/members/@me/invites', (ctx) => {
    const { user, lobby } = memberCaller(ctx);
    return createChannelInvite(ctx.emu, lobby, user.id);
  });

  api.post('/lobbies/:lobby_id/members/:user_id/invites', (ctx) => {
    const { app } = ctx.bot();
    const lobby = lobbyFor(ctx, app.id);
    if (!isMember(lobby, ctx.params.user_id)) throw Errors.unknownUser();
    return createChannelInvite(ctx.emu, lobby, ctx.params.user_id);
  });

  // Accepting an invite: a lobby's (single use, valid one hour, by the emulator clock) or a
  // guild channel invite (domain/invites).
  api.post('/invites/:code', (ctx) => {
    const { user, app } = ctx.bearer();
    return acceptInvite(ctx.emu, ctx.params.code, user.id, app.id);
  });
}
