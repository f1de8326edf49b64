// Where an interaction happens and through which installs: the place (a guild channel, the
// bot's DM, a DM between people), the interaction context, the installs that authorize it
// ({"0": guild id or "0", "1": user id}), the app's permissions there (always set; a user-installed
// app in a server without its bot has the user-app set), whether responses are forced ephemeral
// (USE_EXTERNAL_APPS off and the app not installed to the server), and the attachment size limit.
import type { Emulator } from '../emulator';
import { defaultUploadLimit } from './attachments';
import { ApiError } from './errors';
import type { Application, Channel, DmChannel, Guild, User } from '../model/types';
import { hasScope } from '../auth/scopes';
import { openBotDm } from './bot_dms';
import { findChannel } from './channels';
import { InteractionContext } from './commands';
import { dmChannel } from './messages';
import { canView, channelPermissions, Permission } from './permissions';
import { isRestricted } from './automod';

/** The scope a user install grants (the app is added to the user's account); either spelling (auth/scopes). */
export const USER_INSTALL_SCOPE = 'applications.commands';

/**
 * What a user-installed app may do where its bot is not (servers without it, DMs): embed links,
 * attach files, mention everyone and use external emojis — the public API's set.
 */
export const USER_APP_PERMISSIONS = (1n << 14n) | (1n << 15n) | (1n << 17n) | (1n << 18n);

const MiB = 1024 * 1024;
/**
 * Larger limits for the invoking user's premium subscription (premium_type 1 Classic and
 * 3 Basic: 50 MiB; 2: 500 MiB). Guild boosts are not modelled: every guild is tier 0.
 */
const PREMIUM_ATTACHMENT_SIZE_LIMIT: Record<number, number> = { 1: 50 * MiB, 2: 500 * MiB, 3: 50 * MiB };

export interface Place {
  guild: Guild | null;
  channel: Channel | null;
  dm: DmChannel | null;
  channelId: string;
  /** 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL */
  context: number;
}

/**
 * The place a person acts in: a guild channel they can view, the bot's DM (a bot DM channel), or
 * a DM between two people (a game DM channel: no bot reads it, so nothing is mirrored there).
 */
export function resolvePlace(emu: Emulator, app: Application, user: User, where: { channelId?: string; dmWith?: string }): Place {
  if (where.channelId !== undefined) {
    const found = findChannel(emu, where.channelId);
    if (found) {
      if (!found.guild.members.some((m) => m.userId === user.id) || !canView(found.guild, found.channel, user.id)) throw new ApiError(403, 50001, 'Missing Access');
      // BLOCK_MEMBER_INTERACTION (spec): a member auto moderation quarantined, or one timed out,
      // uses no application command, component or modal in the guild until released.
      if (isRestricted(emu, found.guild, user.id)) throw new ApiError(403, 50013, 'Missing Permissions: the member is quarantined by auto moderation or timed out');
      return { guild: found.guild, channel: found.channel, dm: null, channelId: found.channel.id, context: InteractionContext.GUILD };
    }
    const botDm = emu.state.botDmChannels.get(where.channelId);
    if (botDm && botDm.userId === user.id && botDm.botUserId === app.botUserId) {
      return { guild: null, channel: null, dm: { id: botDm.id, userIds: [user.id, app.botUserId] }, channelId: botDm.id, context: InteractionContext.BOT_DM };
    }
    const dm = emu.state.dmChannels.get(where.channelId);
    if (!dm || !dm.userIds.includes(user.id)) throw new ApiError(404, 10003, 'Unknown Channel');
    const other = dm.userIds[0] === user.id ? dm.userIds[1] : dm.userIds[0];
    return { guild: null, channel: null, dm, channelId: dm.id, context: other === app.botUserId ? InteractionContext.BOT_DM : InteractionContext.PRIVATE_CHANNEL };
  }
  if (where.dmWith !== undefined) {
    if (!emu.user(where.dmWith) || where.dmWith === user.id) throw new ApiError(404, 10013, 'Unknown User');
    if (where.dmWith === app.botUserId) {
      // The bot's DM is the bot side's DM channel (domain/bot_dms), where its messages live.
      const botDm = openBotDm(emu, app.botUserId, user.id);
      return { guild: null, channel: null, dm: { id: botDm.id, userIds: [user.id, app.botUserId] }, channelId: botDm.id, context: InteractionContext.BOT_DM };
    }
    const dm = dmChannel(emu, user.id, where.dmWith);
    return { guild: null, channel: null, dm, channelId: dm.id, context: where.dmWith === app.botUserId ? InteractionContext.BOT_DM : InteractionContext.PRIVATE_CHANNEL };
  }
  throw new ApiError(400, 50035, 'channelId or dmWith is required');
}

export function botInGuild(app: Application, guild: Guild | null): boolean {
  return !!guild?.members.some((m) => m.userId === app.botUserId);
}

/** The app is installed to the user's account: their authorization of it holds applications.commands (or application.commands). */
export function userInstalled(emu: Emulator, app: Application, userId: string): boolean {
  const scopes = emu.state.authorizations.get(`${app.id}:${userId}`);
  return !!scopes && hasScope(scopes, USER_INSTALL_SCOPE);
}

/**
 * The installs that authorize an interaction with these integration types, as
 * authorizing_integration_owners: "0" is the guild's id (or "0" in the bot's DM, for a user who
 * shares a server with the bot), "1" the user's id. Empty: the app cannot be used here.
 */
export function authorizingOwners(emu: Emulator, app: Application, user: User, place: Place, integrationTypes: number[]): Record<string, string> {
  const owners: Record<string, string> = {};
  if (integrationTypes.includes(0)) {
    if (place.guild && botInGuild(app, place.guild)) owners['0'] = place.guild.id;
    else if (place.context === InteractionContext.BOT_DM) {
      const shared = [...emu.state.guilds.values()].some((g) => botInGuild(app, g) && g.members.some((m) => m.userId === user.id));
      if (shared) owners['0'] = '0';
    }
  }
  if (integrationTypes.includes(1) && userInstalled(emu, app, user.id)) owners['1'] = user.id;
  return owners;
}

/** The app's permissions where the interaction happens (always serialized, the spec). */
export function appPermissions(app: Application, place: Place): bigint {
  if (place.guild && place.channel && botInGuild(app, place.guild)) return channelPermissions(place.guild, place.channel, app.botUserId);
  return USER_APP_PERMISSIONS;
}

/** The invoking user's permissions in the channel (DMs: what a person may do in a DM). */
export function userPermissions(place: Place, userId: string): bigint {
  if (place.guild && place.channel) return channelPermissions(place.guild, place.channel, userId);
  return Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES | Permission.READ_MESSAGE_HISTORY | USER_APP_PERMISSIONS;
}

/** The spec: USE_EXTERNAL_APPS off for the user and the app not installed to the server → ephemeral responses. */
export function forcedEphemeral(app: Application, place: Place, userId: string): boolean {
  if (!place.guild || botInGuild(app, place.guild)) return false;
  return (userPermissions(place, userId) & Permission.USE_EXTERNAL_APPS) === 0n;
}

/**
 * The invoking user's upload limit at `now` (emulator clock): the spec's default upload size
 * (10 MiB from 16 January 2025, 25 MiB before) or their premium subscription's, the larger.
 */
export function attachmentSizeLimit(user: User, now: number): number {
  return Math.max(defaultUploadLimit(now), PREMIUM_ATTACHMENT_SIZE_LIMIT[user.premiumType] ?? 0);
}
