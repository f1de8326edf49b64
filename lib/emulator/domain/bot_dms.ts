// DM channels between an application's bot and a person (the public API's Create DM, `POST
// /users/@me/channels {recipient_id}`). They are apart from the game DMs between people
// (domain/messages, /users/@me/dms): the bot side's messages live in textChannelMessages.
import type { APIDMChannel, APIUser, ChannelType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { Errors } from './errors';
import type { BotDmChannel } from '../model/types';
import { findPerson, userOrIdJson } from './accounts';

/** The bot's DM channel with `userId`, opened on first use (the same channel every time). */
export function openBotDm(emu: Emulator, botUserId: string, userId: string): BotDmChannel {
  if (!findPerson(emu, userId)) throw Errors.unknownUser();
  for (const channel of emu.state.botDmChannels.values()) {
    if (channel.botUserId === botUserId && channel.userId === userId) return channel;
  }
  const channel: BotDmChannel = { id: emu.ids.next(), botUserId, userId };
  emu.state.botDmChannels.set(channel.id, channel);
  emu.changed();
  return channel;
}

/** The DM channel as its bot reads it (APIDMChannel): the person as the one recipient. */
export function botDmJson(emu: Emulator, channel: BotDmChannel): Record<string, unknown> {
  const messages = emu.state.textChannelMessages.get(channel.id) ?? [];
  return {
    id: channel.id,
    type: 1 as ChannelType.DM,
    name: null,
    recipients: [userOrIdJson(emu, channel.userId) as unknown as APIUser],
    last_message_id: messages.length > 0 ? messages[messages.length - 1].id : null,
    last_pin_timestamp: null,
  } satisfies APIDMChannel;
}
