// Group DMs made by an application (public API "Create Group DM"): the access tokens of users
// who granted the app gdm.join, and their nicknames. The channel carries the creating
// application's id (spec "Channel": application_id is not null for group DMs); its recipients
// get CHANNEL_CREATE. The caller (the bot, or the bearer token's user) owns it.
import type { APIGroupDMChannel, ChannelFlags, ChannelType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, fieldError } from './errors';
import type { GroupDm } from '../model/types';
import { userOrIdJson } from './accounts';
import { accessToken } from './authorizations';

/** Recipients of a group DM besides its owner (public API: 10 members in all). */
export const MAX_GROUP_DM_TOKENS = 9;
export const GROUP_DM_SCOPE = 'gdm.join';
export const GROUP_DM_NICK_MAX = 32;
const GROUP_DM_TYPE = 3;

export function groupDmJson(emu: Emulator, channel: GroupDm): Record<string, unknown> {
  return {
    id: channel.id,
    type: GROUP_DM_TYPE as ChannelType.GroupDM,
    name: null,
    icon: null,
    owner_id: channel.ownerId,
    application_id: channel.applicationId,
    last_message_id: null,
    recipients: channel.recipientIds.map((id) => userOrIdJson(emu, id)) as unknown as APIGroupDMChannel['recipients'],
    flags: 0 as ChannelFlags,
    nicks: Object.entries(channel.nicks).map(([id, nick]) => ({ id, nick })),
  } satisfies APIGroupDMChannel & { nicks: Array<{ id: string; nick: string }> };
}

/**
 * Creates the group DM: every token must be a live access token of `appId` with gdm.join (the
 * index of the first that is not is named in the 50035); nicks are keyed by user id and must
 * name a recipient.
 */
export function createGroupDm(emu: Emulator, appId: string, ownerId: string, accessTokens: string[], nicks: Record<string, string>): GroupDm {
  if (accessTokens.length < 1 || accessTokens.length > MAX_GROUP_DM_TOKENS) throw fieldError('access_tokens', 'BASE_TYPE_BAD_LENGTH', `Must have 1 to ${MAX_GROUP_DM_TOKENS} tokens.`);
  const recipients: string[] = [];
  accessTokens.forEach((token, index) => {
    const record = typeof token === 'string' ? accessToken(emu, token) : undefined;
    if (!record || record.applicationId !== appId || !record.userId || !record.scopes.includes(GROUP_DM_SCOPE)) {
      throw fieldError(`access_tokens.${index}`, 'TOKEN_INVALID', `Must be an access token of this application with the ${GROUP_DM_SCOPE} scope.`);
    }
    if (!recipients.includes(record.userId)) recipients.push(record.userId);
  });
  for (const [userId, nick] of Object.entries(nicks)) {
    if (typeof nick !== 'string' || nick.length < 1 || nick.length > GROUP_DM_NICK_MAX) throw fieldError(`nicks.${userId}`, 'BASE_TYPE_BAD_LENGTH', `Must be 1 to ${GROUP_DM_NICK_MAX} characters.`);
    if (!recipients.includes(userId)) throw fieldError(`nicks.${userId}`, 'UNKNOWN_RECIPIENT', 'Not a recipient of this group DM.');
  }
  if (!emu.user(ownerId)) throw new ApiError(404, 10013, 'Unknown User');
  const channel: GroupDm = { id: emu.ids.next(), applicationId: appId, ownerId, recipientIds: recipients, nicks: { ...nicks } };
  emu.state.groupDms.set(channel.id, channel);
  emu.changed();
  emu.bus.publish({ type: 'CHANNEL_CREATE', data: groupDmJson(emu, channel), userIds: [...new Set([ownerId, ...recipients])] });
  return channel;
}
