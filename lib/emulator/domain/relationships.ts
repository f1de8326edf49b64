// Relationships: service friends and per-game friends, requests (accepted when the other side
// asked first), removal (of a service friend also removes the game friendship) and blocks, each
// change a RELATIONSHIP_ADD/UPDATE/REMOVE to the user it concerns.
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { Relationship, User } from '../model/types';
import { userOrIdJson } from './accounts';

export const RelationshipType = { None: 0, Friend: 1, Blocked: 2, PendingIncoming: 3, PendingOutgoing: 4 } as const;
export type RelationshipKind = 'service' | 'game';
export type RelationshipAction = 'request' | 'remove' | 'block';

export function relationshipJson(emu: Emulator, r: Relationship): Record<string, unknown> {
  return {
    id: r.otherId,
    type: r.type,
    game_relationship_type: r.gameType,
    is_spam_request: r.isSpamRequest,
    user: userOrIdJson(emu, r.otherId),
  };
}

/** The user's relationships that are something (a friend, pending, blocked, a game friend). */
export function relationshipsOf(emu: Emulator, userId: string): Relationship[] {
  return emu.state.relationships.filter((r) => r.userId === userId && (r.type !== 0 || r.gameType !== 0));
}

/** The ids of the user's service friends. */
export function friendIds(emu: Emulator, userId: string): string[] {
  return emu.state.relationships.filter((r) => r.userId === userId && r.type === RelationshipType.Friend).map((r) => r.otherId);
}

/** A person found by username (80000 when nobody has it). */
export function personByUsername(emu: Emulator, username: string): User {
  const user = [...emu.state.users.values()].find((u) => u.username === username && !u.bot && !u.mergedInto);
  if (!user) throw new ApiError(400, 80000, 'Incorrect username');
  return user;
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

function field(kind: RelationshipKind): 'type' | 'gameType' {
  return kind === 'service' ? 'type' : 'gameType';
}

/** Applies one relationship action for `me` towards `other`. */
export function relate(emu: Emulator, me: User, other: User, kind: RelationshipKind, action: RelationshipAction): void {
  if (action === 'block' && kind === 'game') throw new ApiError(400, 50035, 'Blocking is a service relationship');
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
