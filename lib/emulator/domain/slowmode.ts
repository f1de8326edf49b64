// Slowmode (a channel's rate_limit_per_user): a person waits that many seconds between messages
// in the channel, unless a permission lets them bypass it. The spec's permission split: from
// 2026-02-23 (emulator clock) BYPASS_SLOWMODE is what bypasses it; before, MANAGE_MESSAGES or
// MANAGE_CHANNELS did (the public API's older rule). Bots are not subject to slowmode (public API).
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { Channel, Guild } from '../model/types';
import { channelPermissions, Permission } from './permissions';

/** Slowmode's range in seconds (public API: 0 to 6 hours). */
export const MAX_SLOWMODE_SECONDS = 21_600;
/** The spec's permission split date: BYPASS_SLOWMODE required from then on. */
export const PERMISSION_SPLIT_AT = Date.UTC(2026, 1, 23);
export const SLOWMODE_ERROR_CODE = 20016;

export function bypassesSlowmode(emu: Emulator, guild: Guild, channel: Channel, userId: string): boolean {
  const permissions = channelPermissions(guild, channel, userId);
  const bypass = emu.now() >= PERMISSION_SPLIT_AT ? Permission.BYPASS_SLOWMODE : Permission.MANAGE_MESSAGES | Permission.MANAGE_CHANNELS;
  return (permissions & bypass) !== 0n;
}

/**
 * Refuses a person's message sent sooner than the channel's slowmode after their previous one
 * (their last message still in the channel): a 429 with code 20016 and retry_after.
 */
export function checkSlowmode(emu: Emulator, guild: Guild, channel: Channel, authorId: string): void {
  const seconds = channel.rateLimitPerUser ?? 0;
  if (seconds <= 0 || emu.user(authorId)?.bot) return;
  if (bypassesSlowmode(emu, guild, channel, authorId)) return;
  const messages = emu.state.textChannelMessages.get(channel.id) ?? [];
  let last: number | null = null;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].authorId === authorId) {
      last = messages[i].timestamp;
      break;
    }
  }
  if (last === null) return;
  const waitMs = last + seconds * 1000 - emu.now();
  if (waitMs <= 0) return;
  const retryAfter = Math.ceil(waitMs / 1000);
  throw new ApiError(429, SLOWMODE_ERROR_CODE, 'This action cannot be performed due to slowmode rate limit.', undefined,
    { 'Retry-After': String(retryAfter) }, { retry_after: waitMs / 1000, global: false });
}

/** Sets a channel's slowmode (0 turns it off). */
export function setSlowmode(emu: Emulator, channel: Channel, seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_SLOWMODE_SECONDS) {
    throw new ApiError(400, 50035, `rate_limit_per_user: an integer from 0 to ${MAX_SLOWMODE_SECONDS}`);
  }
  channel.rateLimitPerUser = seconds;
  emu.changed();
}
