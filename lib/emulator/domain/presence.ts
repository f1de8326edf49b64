// Presence: a user's status and activities (from the gateway's op 3 or the local client's
// SET_ACTIVITY), sent to the user, its friends and its lobby mates as PRESENCE_UPDATE; an
// invisible user looks offline to others. Presence follows the connection: a user's first
// gateway connection makes it online, the end of its last one offline with no activity, and a
// resume of that session shows again what it showed before.
import type { Emulator } from '../emulator';
import type { Presence } from '../model/types';
import { validateActivity } from './activities';
import { expireInvitesOfLeftParties } from './activity_invites';
import { recordActivity } from './members';
import { friendIds } from './relationships';

const STATUSES = new Set(['online', 'idle', 'dnd', 'invisible', 'offline']);
const MAX_ACTIVITIES = 5;

export function setPresence(emu: Emulator, userId: string, status: Presence['status'], activities: Record<string, unknown>[]): void {
  const presence: Presence = { userId, status, activities };
  emu.state.presences.set(userId, presence);
  const lobbyMates = new Set<string>();
  for (const lobby of emu.state.lobbies.values()) {
    if (lobby.members.some((m) => m.id === userId)) for (const m of lobby.members) lobbyMates.add(m.id);
  }
  emu.bus.publish({
    type: 'PRESENCE_UPDATE',
    data: { user: { id: userId }, status: status === 'invisible' ? 'offline' : status, activities: status === 'invisible' ? [] : activities },
    userIds: [...new Set([userId, ...friendIds(emu, userId), ...lobbyMates])],
  });
  expireInvitesOfLeftParties(emu, userId, status === 'invisible' || status === 'offline' ? [] : activities);
}

/**
 * A presence update as a client sends it ({status, activities}); each activity is stamped with
 * the sending application. False (nothing changed) when it breaks a rule.
 */
export function updatePresence(emu: Emulator, userId: string, applicationId: string, d: unknown): boolean {
  if (typeof d !== 'object' || d === null) return false;
  const body = d as Record<string, unknown>;
  const status = body.status ?? 'online';
  if (typeof status !== 'string' || !STATUSES.has(status)) return false;
  const raw = body.activities ?? [];
  if (!Array.isArray(raw) || raw.length > MAX_ACTIVITIES) return false;
  const activities: Record<string, unknown>[] = [];
  for (const item of raw) {
    const checked = validateActivity(item);
    if ('error' in checked) return false;
    activities.push({ ...checked.activity, application_id: applicationId });
  }
  setPresence(emu, userId, status as Presence['status'], activities);
  return true;
}

/**
 * The user's first live gateway connection: the presence its Identify carried, if valid, else
 * online — unless it already shows a status (idle, dnd, invisible, or online from the local
 * client), which stays as it is.
 */
export function userConnected(emu: Emulator, userId: string, applicationId: string, identifyPresence: unknown): void {
  recordActivity(emu, userId); // what guild prune counts as activity
  const current = emu.state.presences.get(userId);
  if (current && current.status !== 'offline') return;
  if (identifyPresence !== undefined && identifyPresence !== null && updatePresence(emu, userId, applicationId, identifyPresence)) return;
  setPresence(emu, userId, 'online', []);
}

/**
 * A session resumed: the status and activities it showed before its socket closed (`shown`)
 * come back, unless the user shows something else by now (another connection, the local
 * client); without them, as a first connection.
 */
export function userResumed(emu: Emulator, userId: string, applicationId: string, shown: Presence | undefined): void {
  const current = emu.state.presences.get(userId);
  if (shown && shown.status !== 'offline' && (!current || current.status === 'offline')) {
    recordActivity(emu, userId);
    setPresence(emu, userId, shown.status, shown.activities);
    return;
  }
  userConnected(emu, userId, applicationId, undefined);
}

/** The user's last live gateway connection ended: offline, and nothing it was playing. */
export function userDisconnected(emu: Emulator, userId: string): void {
  const current = emu.state.presences.get(userId);
  if (current?.status === 'offline' && current.activities.length === 0) return;
  setPresence(emu, userId, 'offline', []);
}

/** The presences READY carries: those of the users `userId` has a relationship with. */
export function presencesFor(emu: Emulator, otherIds: string[]): Array<Record<string, unknown>> {
  return otherIds
    .map((id) => emu.state.presences.get(id))
    .filter((p) => p !== undefined)
    .map((p) => ({ user: { id: p!.userId }, status: p!.status, activities: p!.activities }));
}

/** GUILD_STATUS data: the guild and how many of its members are online. */
export function guildStatusJson(emu: Emulator, guildId: string): Record<string, unknown> {
  const guild = emu.state.guilds.get(guildId);
  const online = guild
    ? guild.members.filter((m) => {
        const status = emu.state.presences.get(m.userId)?.status;
        return status !== undefined && status !== 'offline' && status !== 'invisible';
      }).length
    : 0;
  return { guild: { id: guildId, name: guild?.name ?? null, icon_url: null }, online };
}

/** The activity a user shows (the first), for an ACTIVITY_INVITE the local client relays. */
export function currentActivity(emu: Emulator, userId: string): Record<string, unknown> | null {
  return emu.state.presences.get(userId)?.activities[0] ?? null;
}
