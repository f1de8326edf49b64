// Guild tags (spec "User": primary_guild, a badge of 1 to 4 characters): a user shows the tag
// of one guild it is a member of, or none. Set through the control API (the public API's guild
// profile routes that choose a guild's tag are not shown); USER_UPDATE to the user.
import type { Emulator } from '../emulator';
import { ApiError, Errors, fieldError } from './errors';
import { userJson } from './accounts';
import { findGuild } from './guilds';
import { codePoints, Limits } from './limits';

export const GUILD_TAG_MIN = 1;
export const GUILD_TAG_MAX = Limits.MaxGuildTagCodePoints;

/** Shows `tag` of `guildId` on the user (null guild: none); 1 to 4 characters, else 50035. */
export function setPrimaryGuild(emu: Emulator, userId: string, guildId: string | null, tag: string | null): Record<string, unknown> {
  const user = emu.user(userId);
  if (!user) throw Errors.unknownUser();
  if (guildId !== null) {
    if (typeof tag !== 'string' || codePoints(tag) < GUILD_TAG_MIN || codePoints(tag) > GUILD_TAG_MAX) {
      throw fieldError('tag', 'BASE_TYPE_BAD_LENGTH', `Must be between ${GUILD_TAG_MIN} and ${GUILD_TAG_MAX} in length.`);
    }
    const guild = findGuild(emu, guildId);
    if (!guild.members.some((m) => m.userId === userId)) throw new ApiError(400, 50035, 'guildId: the user is not a member of this guild');
  }
  user.primaryGuildId = guildId;
  user.primaryGuildTag = guildId === null ? null : tag;
  emu.changed();
  const json = userJson(user);
  emu.bus.publish({ type: 'USER_UPDATE', data: json, userIds: [userId] });
  return json;
}
