// The spec's ban rule: a banned account loses its tokens at once (APPLICATION_DEAUTHORIZED),
// its external identities move to a restricted provisional account, and merging them back
// answers 530017 until the ban lifts.
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { User } from '../model/types';
import { deauthorizeEverywhere } from './authorizations';
import { newProvisionalUser } from './provisional';

/** Bans `userId` (for `durationMs`, or for good); returns the restricted provisional account, if any. */
export function banUser(emu: Emulator, userId: string, durationMs: number | null): User | null {
  const user = emu.user(userId);
  if (!user) throw new ApiError(404, 10013, 'Unknown User');
  user.bannedUntil = durationMs === null ? Infinity : emu.now() + durationMs;
  deauthorizeEverywhere(emu, userId, 'account banned');
  let restricted: User | null = null;
  if (user.identities.length > 0) {
    const [first, ...rest] = user.identities;
    restricted = newProvisionalUser(emu, first, user.globalName, user.id);
    restricted.identities.push(...rest);
    user.identities = [];
  }
  emu.changed();
  return restricted;
}

export function unbanUser(emu: Emulator, userId: string): void {
  const user = emu.user(userId);
  if (!user) throw new ApiError(404, 10013, 'Unknown User');
  user.bannedUntil = null;
  emu.changed();
}
