// Lobby operations shared by the HTTP routes, the gateway and the control API: membership with
// events, idle timeout on the emulator clock, and deletion.
import type { Emulator } from './emulator';
import type { Lobby, LobbyMember } from './model/types';

export const DEFAULT_IDLE_TIMEOUT_S = 300;
export const LOBBY_METADATA_MAX_CHARS = 1000;
export const MAX_BULK_MEMBERS = 25;
export const LOBBY_SECRET_MAX = 250;
export const MESSAGE_CONTENT_MAX = 4000;
export const HISTORY_WINDOW_MS = 72 * 60 * 60 * 1000;
export const HISTORY_LIMIT_MAX = 200;

const idleTasks = new WeakMap<Lobby, number>();

export function memberIds(lobby: Lobby): string[] {
  return lobby.members.map((m) => m.id);
}

/** Marks activity and (re)arms the idle timeout. */
export function touch(emu: Emulator, lobby: Lobby): void {
  lobby.lastActivityAt = emu.now();
  armIdleTimeout(emu, lobby);
}

/** Schedules the lobby's deletion `idleTimeoutSeconds` after its last activity. */
export function armIdleTimeout(emu: Emulator, lobby: Lobby): void {
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
  emu.bus.publish({ type: 'LOBBY_CREATE', data: emu.lobbyJson(lobby), userIds: memberIds(lobby), applicationId });
  return lobby;
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
  const data = { lobby_id: lobby.id, member: emu.lobbyMemberJson(existing) };
  if (added) {
    // The new member learns about the whole lobby; the others about the new member.
    emu.bus.publish({ type: 'LOBBY_CREATE', data: emu.lobbyJson(lobby), userIds: [member.id], applicationId: lobby.applicationId });
    emu.bus.publish({ type: 'LOBBY_MEMBER_ADD', data, userIds: memberIds(lobby).filter((id) => id !== member.id), applicationId: lobby.applicationId });
  } else {
    emu.bus.publish({ type: 'LOBBY_MEMBER_UPDATE', data, userIds: memberIds(lobby), applicationId: lobby.applicationId });
  }
  return existing;
}

export function removeMember(emu: Emulator, lobby: Lobby, userId: string): boolean {
  const index = lobby.members.findIndex((m) => m.id === userId);
  if (index < 0) return false;
  const [member] = lobby.members.splice(index, 1);
  touch(emu, lobby);
  emu.changed();
  emu.bus.publish({
    type: 'LOBBY_MEMBER_REMOVE',
    data: { lobby_id: lobby.id, member: emu.lobbyMemberJson(member) },
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
    const found = emu.findChannel(lobby.linkedChannelId);
    if (found) found.channel.linkedLobbyId = null;
  }
  emu.state.messages.delete(lobby.id);
  emu.changed();
  emu.bus.publish({ type: 'LOBBY_DELETE', data: { id: lobby.id }, userIds: memberIds(lobby), applicationId: lobby.applicationId });
}

export function metadataLength(metadata: Record<string, string> | null | undefined): number {
  if (!metadata) return 0;
  return Object.entries(metadata).reduce((sum, [k, v]) => sum + k.length + v.length, 0);
}
