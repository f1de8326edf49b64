// Activity invites: a game direct message carrying the invite (Join needs the join secret) plus
// ACTIVITY_INVITE_CREATE to the recipient; only the recipient may accept a valid Join invite,
// which hands back the join secret.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { User } from '../model/types';
import { newSecret } from '../secrets';
import { findMessage, postDirectMessage } from './messages';

export const InviteType = { Join: 1, JoinRequest: 5 } as const;

export function inviteJson(emu: Emulator, messageId: string, channelId: string, senderId: string): Record<string, unknown> {
  const message = findMessage(emu, channelId, messageId);
  const invite = message?.activityInvite;
  const app = invite ? emu.app(invite.applicationId) : undefined;
  return {
    sender_id: senderId,
    channel_id: channelId,
    message_id: messageId,
    type: invite?.type ?? 0,
    application_id: invite?.applicationId ?? null,
    parent_application_id: app?.parentId ?? null,
    party_id: invite?.partyId ?? '',
    session_id: invite?.sessionId ?? '',
    is_valid: invite?.valid ?? false,
  };
}

/**
 * A Join invite lives as long as the party it names: once its sender's activity (of the
 * invite's application) shows another party or none, the invite turns invalid and its
 * recipient hears ACTIVITY_INVITE_UPDATE with `is_valid: false`.
 */
export function expireInvitesOfLeftParties(emu: Emulator, senderId: string, activities: Record<string, unknown>[]): void {
  const partyOf = (applicationId: string) => {
    const activity = activities.find((a) => a.application_id === applicationId);
    const party = activity?.party as { id?: unknown } | undefined;
    return typeof party?.id === 'string' ? party.id : null;
  };
  for (const channel of emu.state.dmChannels.values()) {
    if (!channel.userIds.includes(senderId)) continue;
    for (const message of emu.state.channelMessages(channel.id)) {
      const invite = message.activityInvite;
      if (!invite || !invite.valid || message.authorId !== senderId || invite.type !== InviteType.Join) continue;
      if (partyOf(invite.applicationId) === invite.partyId) continue;
      invite.valid = false;
      emu.changed();
      emu.bus.publish({
        type: 'ACTIVITY_INVITE_UPDATE',
        data: inviteJson(emu, message.id, channel.id, senderId),
        userIds: message.recipientId ? [message.recipientId] : [],
        applicationId: invite.applicationId,
      });
    }
  }
}

export interface NewInvite {
  recipientId: string;
  type: number;
  partyId: string;
  sessionId?: string;
  joinSecret?: string;
  content?: string;
}

export function sendActivityInvite(emu: Emulator, applicationId: string, sender: User, invite: NewInvite): Record<string, unknown> {
  const recipient = emu.user(invite.recipientId);
  if (!recipient || recipient.bot) throw Errors.unknownUser();
  const message = postDirectMessage(emu, applicationId, sender.id, recipient.id, invite.content ?? '', null, {
    type: invite.type,
    partyId: invite.partyId,
    sessionId: invite.sessionId ?? newSecret('', 8),
    applicationId,
    joinSecret: invite.joinSecret ?? null,
    valid: true,
  });
  const json = inviteJson(emu, message.id, message.channelId, sender.id);
  emu.bus.publish({ type: 'ACTIVITY_INVITE_CREATE', data: json, userIds: [recipient.id], applicationId });
  return json;
}

/**
 * The recipient accepts a Join invite through the inviting application (another application,
 * a child one included, gets no join secret): the join secret and the application.
 */
export function acceptActivityInvite(emu: Emulator, user: User, applicationId: string, messageId: string): { secret: string; application_id: string } {
  for (const channel of emu.state.dmChannels.values()) {
    if (!channel.userIds.includes(user.id)) continue;
    const message = findMessage(emu, channel.id, messageId);
    if (!message?.activityInvite) continue;
    if (message.recipientId !== user.id) throw new ApiError(403, 50001, 'Missing Access: the invite is for another user');
    const invite = message.activityInvite;
    if (invite.applicationId !== applicationId) throw new ApiError(403, 50001, 'Missing Access: the invite is for another application');
    if (!invite.valid || invite.type !== InviteType.Join || !invite.joinSecret) throw new ApiError(400, 50035, 'The invite is no longer valid');
    return { secret: invite.joinSecret, application_id: invite.applicationId };
  }
  throw Errors.unknownMessage();
}

