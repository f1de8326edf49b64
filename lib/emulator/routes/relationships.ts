// Friends (the service's relationships and per-game relationships), blocks, and activity invites
// — what the SDK's relationship and invite methods call.
import type { Emulator } from '../emulator';
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../http/errors';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import { findMessage, postDirectMessage } from '../messages';
import type { Relationship, User } from '../model/types';
import { isSnowflake } from '../snowflake';
import { newSecret } from '../tokens';

export const RelationshipType = { None: 0, Friend: 1, Blocked: 2, PendingIncoming: 3, PendingOutgoing: 4 } as const;
type Kind = 'service' | 'game';

export function relationshipJson(emu: Emulator, r: Relationship): Record<string, unknown> {
  const user = emu.user(r.otherId);
  return {
    id: r.otherId,
    type: r.type,
    game_relationship_type: r.gameType,
    is_spam_request: r.isSpamRequest,
    user: user ? emu.userJson(user) : { id: r.otherId },
  };
}

function pair(emu: Emulator, a: string, b: string): [Relationship, Relationship] {
  let mine = emu.state.relationship(a, b);
  if (!mine) {
    mine = { userId: a, otherId: b, type: 0, gameType: 0, isSpamRequest: false };
    emu.state.relationships.push(mine);
  }
  let theirs = emu.state.relationship(b, a);
  if (!theirs) {
    theirs = { userId: b, otherId: a, type: 0, gameType: 0, isSpamRequest: false };
    emu.state.relationships.push(theirs);
  }
  return [mine, theirs];
}

function publish(emu: Emulator, r: Relationship, before: { type: number; gameType: number }): void {
  const wasNone = before.type === 0 && before.gameType === 0;
  const isNone = r.type === 0 && r.gameType === 0;
  if (wasNone && isNone) return;
  const type = isNone ? 'RELATIONSHIP_REMOVE' : wasNone ? 'RELATIONSHIP_ADD' : 'RELATIONSHIP_UPDATE';
  emu.bus.publish({ type, data: relationshipJson(emu, r), userIds: [r.userId] });
}

function field(kind: Kind): 'type' | 'gameType' {
  return kind === 'service' ? 'type' : 'gameType';
}

/** Applies one relationship action for `me` towards `other`. */
export function relate(emu: Emulator, me: User, other: User, kind: Kind, action: 'request' | 'remove' | 'block'): void {
  if (me.id === other.id) throw new ApiError(400, 80004, 'You cannot befriend yourself');
  const [mine, theirs] = pair(emu, me.id, other.id);
  const before = [{ type: mine.type, gameType: mine.gameType }, { type: theirs.type, gameType: theirs.gameType }];
  const f = field(kind);
  if (action === 'block') {
    mine.type = RelationshipType.Blocked;
    mine.gameType = 0;
    if (theirs.type !== RelationshipType.Blocked) theirs.type = 0;
    theirs.gameType = 0;
  } else if (action === 'remove') {
    if (mine.type === RelationshipType.Blocked && kind === 'service') mine.type = 0;
    mine[f] = 0;
    if (theirs[f] !== RelationshipType.Blocked) theirs[f] = 0;
    if (kind === 'service') {
      // Removing a service friend removes the game friendship too (RemoveServiceAndGameFriend).
      mine.gameType = 0;
      if (theirs.gameType !== RelationshipType.Blocked) theirs.gameType = 0;
    }
  } else {
    if (mine.type === RelationshipType.Blocked || theirs.type === RelationshipType.Blocked) {
      throw new ApiError(403, 80001, 'Friend request blocked');
    }
    if (mine[f] === RelationshipType.PendingIncoming) {
      mine[f] = RelationshipType.Friend;
      theirs[f] = RelationshipType.Friend;
    } else if (mine[f] !== RelationshipType.Friend) {
      mine[f] = RelationshipType.PendingOutgoing;
      theirs[f] = RelationshipType.PendingIncoming;
    }
  }
  emu.changed();
  publish(emu, mine, before[0]);
  publish(emu, theirs, before[1]);
}

function target(ctx: RequestContext): User {
  if (!isSnowflake(ctx.params.user_id)) throw Errors.unknownUser();
  const user = ctx.emu.user(ctx.params.user_id);
  if (!user || user.bot || user.mergedInto) throw Errors.unknownUser();
  return user;
}

async function byUsername(ctx: RequestContext): Promise<User> {
  const body = await ctx.jsonObject();
  const v = new Validator();
  const username = v.string('username', body.username, { min: 2, max: 32 });
  v.check();
  const user = [...ctx.emu.state.users.values()].find((u) => u.username === username && !u.bot && !u.mergedInto);
  if (!user) throw new ApiError(400, 80000, 'Incorrect username');
  return user;
}

export function registerRelationships(api: Router): void {
  api.get('/users/@me/relationships', (ctx) => {
    const { user } = ctx.bearer();
    return ctx.emu.state.relationships
      .filter((r) => r.userId === user.id && (r.type !== 0 || r.gameType !== 0))
      .map((r) => relationshipJson(ctx.emu, r));
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
        if (block && kind === 'game') throw new ApiError(400, 50035, 'Blocking is a service relationship');
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
    const partyId = v.string('party_id', body.party_id, { min: 1, max: 128 });
    const sessionId = v.string('session_id', body.session_id, { optional: true, max: 128 });
    const joinSecret = v.string('join_secret', body.join_secret, { optional: true, max: 128 });
    const content = v.string('content', body.content, { optional: true, max: 1024 });
    if (type !== undefined && type !== 1 && type !== 5) v.fail('type', 'ENUM_TYPE_COERCE', 'Must be 1 (Join) or 5 (JoinRequest).');
    if (type === 1 && !joinSecret) v.fail('join_secret', 'BASE_TYPE_REQUIRED', 'A Join invite needs the join secret.');
    v.check();
    const recipient = ctx.emu.user(recipientId!);
    if (!recipient || recipient.bot) throw Errors.unknownUser();
    const message = postDirectMessage(ctx.emu, app.id, user.id, recipient.id, content ?? '', null, {
      type: type!,
      partyId: partyId!,
      sessionId: sessionId ?? newSecret('', 8),
      applicationId: app.id,
      joinSecret: joinSecret ?? null,
      valid: true,
    });
    const invite = inviteJson(ctx.emu, message.id, message.channelId, user.id);
    ctx.emu.bus.publish({ type: 'ACTIVITY_INVITE_CREATE', data: invite, userIds: [recipient.id], applicationId: app.id });
    return invite;
  });

  api.post('/users/@me/activity-invites/:message_id/accept', (ctx) => {
    const { user } = ctx.bearer();
    for (const channel of ctx.emu.state.dmChannels.values()) {
      if (!channel.userIds.includes(user.id)) continue;
      const message = isSnowflake(ctx.params.message_id) ? findMessage(ctx.emu, channel.id, ctx.params.message_id) : undefined;
      if (!message?.activityInvite) continue;
      if (message.recipientId !== user.id) throw new ApiError(403, 50001, 'Missing Access: the invite is for another user');
      if (!message.activityInvite.valid || message.activityInvite.type !== 1 || !message.activityInvite.joinSecret) {
        throw new ApiError(400, 50035, 'The invite is no longer valid');
      }
      return { secret: message.activityInvite.joinSecret, application_id: message.activityInvite.applicationId };
    }
    throw Errors.unknownMessage();
  });
}

export function inviteJson(emu: Emulator, messageId: string, channelId: string, senderId: string): Record<string, unknown> {
  const message = findMessage(emu, channelId, messageId);
  const invite = message?.activityInvite;
  const app = invite ? emu.app(invite.applicationId) : undefined;
  return {
    sender_id: senderId,
    channel_id: channelId,
    message_id: messageId,
    type: invite?.type ?? 0,
    application_id: invite?.applicationId ?? null,
    parent_application_id: app?.parentId ?? null,
    party_id: invite?.partyId ?? '',
    session_id: invite?.sessionId ?? '',
    is_valid: invite?.valid ?? false,
  };
}
