// Friends (the service's relationships and per-game relationships), blocks, and activity invites
// over HTTP — what the SDK's relationship and invite methods call. Rules in
// domain/relationships and domain/activity_invites.
import { findPerson } from '../domain/accounts';
import { acceptActivityInvite, InviteType, sendActivityInvite } from '../domain/activity_invites';
import { personByUsername, relate, relationshipJson, relationshipsOf } from '../domain/relationships';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { Limits } from '../domain/limits';
import type { User } from '../model/types';
import { isSnowflake } from '../snowflake';

function target(ctx: RequestContext): User {
  const user = isSnowflake(ctx.params.user_id) ? findPerson(ctx.emu, ctx.params.user_id) : undefined;
  if (!user) throw Errors.unknownUser();
  return user;
}

async function byUsername(ctx: RequestContext): Promise<User> {
  const body = await ctx.jsonObject();
  const v = new Validator();
  const username = v.string('username', body.username, { min: Limits.MinUsernameCodePoints, max: Limits.MaxUsernameCodePoints });
  v.check();
  return personByUsername(ctx.emu, username!);
}

export function registerRelationships(api: Router): void {
  api.get('/users/@me/relationships', (ctx) => {
    // Reading the friends list is what relationships.read grants (the social SDK's scopes include it).
    const { user } = ctx.bearer('relationships.read');
    return relationshipsOf(ctx.emu, user.id).map((r) => relationshipJson(ctx.emu, r));
  });

  for (const [kind, base] of [['service', '/users/@me/relationships'], ['game', '/users/@me/game-relationships']] as const) {
    api.put(`${base}/:user_id`, async (ctx) => {
      const { user } = ctx.bearer();
      const other = target(ctx);
      let block = false;
      if (ctx.req.headers['content-type']) {
        const body = await ctx.jsonObject();
        const v = new Validator();
        const type = v.int('type', body.type, { optional: true, min: 1, max: 2 });
        v.check();
        block = type === 2;
      }
      relate(ctx.emu, user, other, kind, block ? 'block' : 'request');
      return null;
    });
    api.post(base, async (ctx) => {
      const { user } = ctx.bearer();
      relate(ctx.emu, user, await byUsername(ctx), kind, 'request');
      return null;
    });
    api.delete(`${base}/:user_id`, (ctx) => {
      const { user } = ctx.bearer();
      relate(ctx.emu, user, target(ctx), kind, 'remove');
      return null;
    });
  }

  // Activity invites: a direct message carrying the invite, and ACTIVITY_INVITE_CREATE.
  api.post('/users/@me/activity-invites', async (ctx) => {
    const { user, app } = ctx.bearer();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const recipientId = v.snowflake('recipient_id', body.recipient_id);
    const type = v.int('type', body.type, { min: 1, max: 5 });
    const partyId = v.string('party_id', body.party_id, { min: 1, max: Limits.MaxActivityTextCodePoints });
    const sessionId = v.string('session_id', body.session_id, { optional: true, max: 128 });
    const joinSecret = v.string('join_secret', body.join_secret, { optional: true, max: Limits.MaxActivityTextCodePoints });
    const content = v.string('content', body.content, { optional: true, max: Limits.MaxActivityInviteContentCodePoints });
    if (type !== undefined && type !== InviteType.Join && type !== InviteType.JoinRequest) v.fail('type', 'ENUM_TYPE_COERCE', 'Must be 1 (Join) or 5 (JoinRequest).');
    if (type === InviteType.Join && !joinSecret) v.fail('join_secret', 'BASE_TYPE_REQUIRED', 'A Join invite needs the join secret.');
    v.check();
    return sendActivityInvite(ctx.emu, app.id, user, { recipientId: recipientId!, type: type!, partyId: partyId!, sessionId, joinSecret, content });
  });

  api.post('/users/@me/activity-invites/:message_id/accept', (ctx) => {
    const { user, app } = ctx.bearer();
    if (!isSnowflake(ctx.params.message_id)) throw Errors.unknownMessage();
    return acceptActivityInvite(ctx.emu, user, app.id, ctx.params.message_id);
  });
}
