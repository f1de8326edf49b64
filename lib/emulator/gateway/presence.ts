// Presence: a user's status and activities (from the gateway's op 3 or the local client's
// SET_ACTIVITY), sent to the user and their friends as PRESENCE_UPDATE.
import { validateActivity } from '../activity';
import type { Emulator } from '../emulator';
import type { Presence } from '../model/types';
import type { Session } from './session';

const STATUSES = new Set(['online', 'idle', 'dnd', 'invisible', 'offline']);

export function setPresence(emu: Emulator, userId: string, status: Presence['status'], activities: Record<string, unknown>[]): void {
  const presence: Presence = { userId, status, activities };
  emu.state.presences.set(userId, presence);
  const friends = emu.state.relationships.filter((r) => r.userId === userId && r.type === 1).map((r) => r.otherId);
  const lobbyMates = new Set<string>();
  for (const lobby of emu.state.lobbies.values()) {
    if (lobby.members.some((m) => m.id === userId)) for (const m of lobby.members) lobbyMates.add(m.id);
  }
  emu.bus.publish({
    type: 'PRESENCE_UPDATE',
    // An invisible user looks offline to others.
    data: { user: { id: userId }, status: status === 'invisible' ? 'offline' : status, activities: status === 'invisible' ? [] : activities },
    userIds: [...new Set([userId, ...friends, ...lobbyMates])],
  });
}

export function updatePresence(emu: Emulator, session: Session, d: unknown): boolean {
  const identity = session.identity!;
  if (typeof d !== 'object' || d === null) return false;
  const body = d as Record<string, unknown>;
  const status = body.status ?? 'online';
  if (typeof status !== 'string' || !STATUSES.has(status)) return false;
  const raw = body.activities ?? [];
  if (!Array.isArray(raw) || raw.length > 5) return false;
  const activities: Record<string, unknown>[] = [];
  for (const item of raw) {
    const checked = validateActivity(item);
    if ('error' in checked) return false;
    activities.push({ ...checked.activity, application_id: identity.app.id });
  }
  setPresence(emu, identity.user.id, status as Presence['status'], activities);
  return true;
}
