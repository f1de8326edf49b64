// Lobbies (docs/protocols/http.md): create-or-join by secret, bot-made lobbies, membership with its
// events, metadata, the idle timeout on the emulator clock (re-armed after a restore), channel
// linking and the linked channel's single-use invites, and deletion.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Lobby, LobbyMember } from '../model/types';
import { newSecret } from '../secrets';
import { findChannel, isLinkableType } from './channels';
import { joinGuild } from './guilds';
import { Limits } from './limits';
import { channelPermissions, Permission } from './permissions';

export const DEFAULT_IDLE_TIMEOUT_S = 300;
export const MAX_LOBBY_MEMBERS = Limits.MaxLobbyMembersCount;
const CAN_LINK_LOBBY = 1 << 0;
const INVITE_LIFETIME_MS = 60 * 60 * 1000;

const idleTasks = new WeakMap<Lobby, number>();

export function memberIds(lobby: Lobby): string[] {
  return lobby.members.map((m) => m.id);
}

export function lobbyMemberJson(member: LobbyMember): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: member.id,
    metadata: member.metadata,
    flags: member.flags,
    connected: member.connected,
  };
  if (member.additionalName !== null) json.additional_name = member.additionalName;
  return json;
}

export function lobbyJson(emu: Emulator, lobby: Lobby): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: lobby.id,
    application_id: lobby.applicationId,
    metadata: lobby.metadata,
    members: lobby.members.map(lobbyMemberJson),
  };
  if (lobby.linkedChannelId) {
    const channel = findChannel(emu, lobby.linkedChannelId);
    json.linked_channel = channel
      ? { id: channel.channel.id, name: channel.channel.name, guild_id: channel.guild.id }
      : { id: lobby.linkedChannelId };
  }
  return json;
}

/** The application's lobby, or 10031 (another application's lobby does not exist for it). */
export function findLobby(emu: Emulator, applicationId: string, lobbyId: string): Lobby {
  const lobby = emu.state.lobbies.get(lobbyId);
  if (!lobby || lobby.applicationId !== applicationId) throw Errors.unknownLobby();
  return lobby;
}

export function isMember(lobby: Lobby, userId: string): boolean {
  return lobby.members.some((m) => m.id === userId);
}

/** 50001 unless `userId` is a member. */
export function requireMember(lobby: Lobby, userId: string | undefined): void {
  if (!userId || !isMember(lobby, userId)) throw new ApiError(403, 50001, 'Missing Access: not a member of this lobby');
}

/** Marks activity and (re)arms the idle timeout. */
export function touch(emu: Emulator, lobby: Lobby): void {
  lobby.lastActivityAt = emu.now();
  armIdleTimeout(emu, lobby);
}

/** Schedules the lobby's deletion `idleTimeoutSeconds` after its last activity. */
function armIdleTimeout(emu: Emulator, lobby: Lobby): void {
  const previous = idleTasks.get(lobby);
  if (previous !== undefined) emu.clock.cancel(previous);
  idleTasks.set(
    lobby,
    emu.clock.at(lobby.lastActivityAt + lobby.idleTimeoutSeconds * 1000, () => {
      if (!emu.state.lobbies.has(lobby.id)) return;
      if (emu.now() - lobby.lastActivityAt >= lobby.idleTimeoutSeconds * 1000) {
        emu.log(`lobby ${lobby.id} idle for ${lobby.idleTimeoutSeconds} s: deleted`);
        deleteLobby(emu, lobby);
      }
    }),
  );
}

/** Restore hook: idle timeouts live on the clock's scheduler, which a restart starts empty. */
export function rearmIdleTimeouts(emu: Emulator): void {
  for (const lobby of emu.state.lobbies.values()) armIdleTimeout(emu, lobby);
}

export function createLobby(emu: Emulator, applicationId: string, init: Partial<Lobby>): Lobby {
  const lobby: Lobby = {
    id: emu.ids.next(),
    applicationId,
    secret: init.secret ?? null,
    metadata: init.metadata ?? null,
    members: init.members ?? [],
    linkedChannelId: null,
    idleTimeoutSeconds: init.idleTimeoutSeconds ?? DEFAULT_IDLE_TIMEOUT_S,
    lastActivityAt: emu.now(),
    createdAt: emu.now(),
  };
  emu.state.lobbies.set(lobby.id, lobby);
  touch(emu, lobby);
  emu.changed();
  emu.bus.publish({ type: 'LOBBY_CREATE', data: lobbyJson(emu, lobby), userIds: memberIds(lobby), applicationId });
  return lobby;
}

function announceUpdate(emu: Emulator, lobby: Lobby): void {
  emu.bus.publish({ type: 'LOBBY_UPDATE', data: lobbyJson(emu, lobby), userIds: memberIds(lobby), applicationId: lobby.applicationId });
}

/**
 * PUT /lobbies: the application's lobby with this secret, created when there is none (given
 * metadata replaces the lobby's), then the user joins it (connected) or updates its metadata.
 */
export function createOrJoin(
  emu: Emulator,
  applicationId: string,
  userId: string,
  request: { secret: string; lobbyMetadata?: Record<string, string> | null; memberMetadata?: Record<string, string> | null; idleTimeoutSeconds?: number },
): Lobby {
  let lobby = [...emu.state.lobbies.values()].find((l) => l.applicationId === applicationId && l.secret === request.secret);
  // A full lobby takes no one new by secret either; refused before its metadata changes.
  if (lobby && !isMember(lobby, userId)) requireRoom(lobby, 1);
  if (!lobby) {
    lobby = createLobby(emu, applicationId, { secret: request.secret, metadata: request.lobbyMetadata ?? null, idleTimeoutSeconds: request.idleTimeoutSeconds });
  } else if (request.lobbyMetadata !== undefined) {
    lobby.metadata = request.lobbyMetadata;
    announceUpdate(emu, lobby);
  }
  upsertMember(emu, lobby, { id: userId, metadata: request.memberMetadata ?? undefined, connected: true });
  return lobby;
}

/** A bot's lobby with its first members (not connected until they join themselves). */
export function createBotLobby(
  emu: Emulator,
  applicationId: string,
  init: { metadata: Record<string, string> | null; idleTimeoutSeconds?: number; members: Array<{ id: string; metadata: Record<string, string> | null; flags: number }> },
): Lobby {
  const lobby = createLobby(emu, applicationId, { metadata: init.metadata, idleTimeoutSeconds: init.idleTimeoutSeconds });
  for (const m of init.members) upsertMember(emu, lobby, { ...m, connected: false });
  return lobby;
}

export function updateLobby(emu: Emulator, lobby: Lobby, changes: { metadata?: Record<string, string> | null; idleTimeoutSeconds?: number }): void {
  if (changes.metadata !== undefined) lobby.metadata = changes.metadata;
  if (changes.idleTimeoutSeconds !== undefined) lobby.idleTimeoutSeconds = changes.idleTimeoutSeconds;
  touch(emu, lobby);
  emu.changed();
  announceUpdate(emu, lobby);
}

export function upsertMember(emu: Emulator, lobby: Lobby, member: Partial<LobbyMember> & { id: string }): LobbyMember {
  let existing = lobby.members.find((m) => m.id === member.id);
  const added = !existing;
  if (!existing) {
    existing = { id: member.id, metadata: null, flags: 0, additionalName: null, connected: true };
    lobby.members.push(existing);
  }
  if (member.metadata !== undefined) existing.metadata = member.metadata;
  if (member.flags !== undefined) existing.flags = member.flags;
  if (member.additionalName !== undefined) existing.additionalName = member.additionalName;
  if (member.connected !== undefined) existing.connected = member.connected;
  touch(emu, lobby);
  emu.changed();
  const data = { lobby_id: lobby.id, member: lobbyMemberJson(existing) };
  if (added) {
    // The new member learns about the whole lobby; the others about the new member.
    emu.bus.publish({ type: 'LOBBY_CREATE', data: lobbyJson(emu, lobby), userIds: [member.id], applicationId: lobby.applicationId });
    emu.bus.publish({ type: 'LOBBY_MEMBER_ADD', data, userIds: memberIds(lobby).filter((id) => id !== member.id), applicationId: lobby.applicationId });
  } else {
    emu.bus.publish({ type: 'LOBBY_MEMBER_UPDATE', data, userIds: memberIds(lobby), applicationId: lobby.applicationId });
  }
  return existing;
}

/**
 * 30000 unless the lobby has room for `newcomers` more members: a lobby holds at most 1000
 * (limits.h), on every path that adds one — a bot's PUT, its bulk request, joining by secret.
 */
function requireRoom(lobby: Lobby, newcomers: number): void {
  if (lobby.members.length + newcomers > MAX_LOBBY_MEMBERS) {
    throw new ApiError(400, 30000, `Maximum number of lobby members reached (${MAX_LOBBY_MEMBERS})`);
  }
}

/** A bot adds or updates one member; a full lobby (1000 members) takes no one new. */
export function putMember(emu: Emulator, lobby: Lobby, member: Partial<LobbyMember> & { id: string }): LobbyMember {
  if (!isMember(lobby, member.id)) requireRoom(lobby, 1);
  return upsertMember(emu, lobby, member);
}

export interface BulkMemberChange {
  id: string;
  metadata?: Record<string, string> | null;
  flags?: number;
  additionalName?: string;
  remove: boolean;
}

/**
 * The largest the membership gets while `changes` apply in order (a removal before an add frees
 * its place for it; an add before a removal does not).
 */
function peakMembers(lobby: Lobby, changes: BulkMemberChange[]): number {
  const ids = new Set(memberIds(lobby));
  let peak = ids.size;
  for (const change of changes) {
    if (change.remove) ids.delete(change.id);
    else ids.add(change.id);
    peak = Math.max(peak, ids.size);
  }
  return peak;
}

/**
 * The bulk members request, already validated as a whole: each change in order. All or nothing
 * here too: a request that would take the lobby past its member cap changes nothing.
 */
export function applyBulkMembers(emu: Emulator, lobby: Lobby, changes: BulkMemberChange[]): LobbyMember[] {
  requireRoom(lobby, peakMembers(lobby, changes) - lobby.members.length);
  const result: LobbyMember[] = [];
  for (const change of changes) {
    if (change.remove) removeMember(emu, lobby, change.id);
    else result.push(upsertMember(emu, lobby, change));
  }
  return result;
}

export function removeMember(emu: Emulator, lobby: Lobby, userId: string): boolean {
  const index = lobby.members.findIndex((m) => m.id === userId);
  if (index < 0) return false;
  const [member] = lobby.members.splice(index, 1);
  touch(emu, lobby);
  emu.changed();
  emu.bus.publish({
    type: 'LOBBY_MEMBER_REMOVE',
    data: { lobby_id: lobby.id, member: lobbyMemberJson(member) },
    userIds: [...memberIds(lobby), userId],
    applicationId: lobby.applicationId,
  });
  emu.bus.publish({ type: 'LOBBY_DELETE', data: { id: lobby.id, reason: 'left' }, userIds: [userId], applicationId: lobby.applicationId });
  return true;
}

export function deleteLobby(emu: Emulator, lobby: Lobby): void {
  emu.state.lobbies.delete(lobby.id);
  const task = idleTasks.get(lobby);
  if (task !== undefined) emu.clock.cancel(task);
  if (lobby.linkedChannelId) {
    const found = findChannel(emu, lobby.linkedChannelId);
    if (found) found.channel.linkedLobbyId = null;
  }
  emu.state.messages.delete(lobby.id);
  emu.changed();
  emu.bus.publish({ type: 'LOBBY_DELETE', data: { id: lobby.id }, userIds: memberIds(lobby), applicationId: lobby.applicationId });
}

/** 50001/50013 for a member that may not link, before the request body is read. */
export function checkCanLink(lobby: Lobby, userId: string | null): void {
  if (userId === null) return;
  const member = lobby.members.find((m) => m.id === userId);
  if (!member) throw new ApiError(403, 50001, 'Missing Access: not a member of this lobby');
  if ((member.flags & CAN_LINK_LOBBY) === 0) throw new ApiError(403, 50013, 'Missing Permissions: the member cannot link this lobby');
}

/**
 * Links the lobby to a guild text channel, or unlinks it (null). A member (checkCanLink first)
 * needs MANAGE_CHANNELS in the channel, a bot (`userId` null) does not; a channel links to one
 * lobby at most. The new channel is checked completely before the current link is touched: a
 * refused relink leaves the lobby linked as it was.
 */
export function linkChannel(emu: Emulator, lobby: Lobby, userId: string | null, channelId: string | null): void {
  const target = channelId ? findChannel(emu, channelId) : undefined;
  if (channelId) {
    if (!target || !isLinkableType(target.channel)) throw Errors.unknownChannel();
    if (userId !== null && (channelPermissions(target.guild, target.channel, userId) & Permission.MANAGE_CHANNELS) === 0n) {
      throw Errors.missingPermissions();
    }
    if (target.channel.linkedLobbyId && target.channel.linkedLobbyId !== lobby.id) {
      throw new ApiError(400, 30000, 'The channel is already linked to a lobby');
    }
  }
  if (lobby.linkedChannelId) {
    const previous = findChannel(emu, lobby.linkedChannelId);
    if (previous) previous.channel.linkedLobbyId = null;
    lobby.linkedChannelId = null;
  }
  if (target) {
    target.channel.linkedLobbyId = lobby.id;
    lobby.linkedChannelId = target.channel.id;
  }
  touch(emu, lobby);
  emu.changed();
  announceUpdate(emu, lobby);
}

/** An invite to the lobby's linked channel for one member: single use, valid one hour. */
export function createChannelInvite(emu: Emulator, lobby: Lobby, userId: string): { code: string } {
  if (!lobby.linkedChannelId) throw new ApiError(400, 50035, 'The lobby has no linked channel');
  const found = findChannel(emu, lobby.linkedChannelId);
  if (!found) throw Errors.unknownChannel();
  const code = newSecret('', 6).replace(/[^A-Za-z0-9]/g, 'x');
  emu.state.lobbyInvites.set(code, {
    code,
    lobbyId: lobby.id,
    guildId: found.guild.id,
    channelId: found.channel.id,
    userId,
    expiresAt: emu.now() + INVITE_LIFETIME_MS,
    used: false,
  });
  emu.changed();
  return { code };
}

/**
 * Accepting a channel invite (by the emulator clock): only the member it was made for may, and
 * only through the lobby's application; the user joins the channel's guild.
 */
export function acceptChannelInvite(emu: Emulator, code: string, userId: string, applicationId: string): Record<string, unknown> {
  const record = emu.state.lobbyInvites.get(code);
  if (!record || record.used || record.expiresAt <= emu.now()) throw new ApiError(404, 10006, 'Unknown Invite');
  const lobby = emu.state.lobbies.get(record.lobbyId);
  if (lobby && lobby.applicationId !== applicationId) throw new ApiError(404, 10006, 'Unknown Invite');
  if (record.userId !== userId) throw new ApiError(403, 50001, 'Missing Access: the invite is for another user');
  record.used = true;
  const guild = emu.state.guilds.get(record.guildId);
  if (guild) joinGuild(emu, guild, userId);
  emu.changed();
  return { code: record.code, guild: guild ? { id: guild.id, name: guild.name } : null, channel: { id: record.channelId } };
}

/** A channel invite that can still be accepted (unused, not expired), for the invite page. */
export function openChannelInvite(emu: Emulator, code: string): { guildName: string; username: string } | null {
  const record = emu.state.lobbyInvites.get(code);
  if (!record || record.used || record.expiresAt <= emu.now()) return null;
  const guild = emu.state.guilds.get(record.guildId);
  return { guildName: guild?.name ?? 'a server', username: emu.user(record.userId)?.username ?? record.userId };
}

/**
 * The invite URL JoinLinkedLobbyGuild hands out, accepted in a browser: the person at the
 * browser is the member the invite was made for (the emulator has no browser login), through the
 * lobby's application — the same rules as POST /invites/{code}.
 */
export function acceptChannelInviteFromPage(emu: Emulator, code: string): Record<string, unknown> {
  const record = emu.state.lobbyInvites.get(code);
  if (!record) throw new ApiError(404, 10006, 'Unknown Invite');
  const lobby = emu.state.lobbies.get(record.lobbyId);
  return acceptChannelInvite(emu, code, record.userId, lobby?.applicationId ?? '');
}
