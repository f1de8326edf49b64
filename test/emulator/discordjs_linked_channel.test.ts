// A discord.js bot in the guild of a linked channel sees the game's lobby chat there: a player's
// lobby message arrives as the library's messageCreate in the linked channel (with its content,
// under the MESSAGE_CONTENT intent), and the bot's answer in the channel reaches the lobby's
// history with the bot as author. The library reads both through its own objects, so a payload
// it cannot read fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, type Message, type TextChannel } from 'discord.js';
import { SEED, startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { loggedIn, nextMessageFrom, within } from './helpers/discordjs';

const general = (BigInt(SEED.guildId) + 12n).toString(); // the seeded guild's #general

let emu: RunningEmulator;
let bot: Client<true>;

async function call(method: string, path: string, auth: string, body?: unknown): Promise<any> {
  const response = await fetch(`${emu.apiBase}${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  emu.control.setPrivilegedIntents(SEED.applicationId, { messageContent: true });
  bot = await loggedIn(new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent], rest: { api: emu.apiBase } }), emu.application.botToken);
});

afterAll(async () => {
  await bot?.destroy();
  await emu?.close();
});

describe('discord.js bot: a lobby linked to a guild channel', () => {
  it("sees a player's lobby message in the linked channel (messageCreate with content), and its answer reaches the lobby", async () => {
    const player = `Bearer ${emu.control.issueToken(SEED.users.nelly).accessToken}`;
    const lobby = await call('PUT', '/lobbies', player, { secret: 'discordjs-linked' });
    await call('PATCH', `/lobbies/${lobby.id}/channel-linking`, `Bot ${emu.application.botToken}`, { channel_id: general });

    const received = nextMessageFrom(bot, SEED.users.nelly);
    const sent = await call('POST', `/lobbies/${lobby.id}/messages`, player, { content: 'anyone up for a raid?' });
    const message = await within(received, 'messageCreate');
    expect(message.id).toBe(sent.id);
    expect(message.content).toBe('anyone up for a raid?');
    expect(message.channelId).toBe(general);
    expect(message.guildId).toBe(SEED.guildId);
    expect(message.author.username).toBe('nelly');
    expect(message.applicationId).toBe(emu.application.id);

    const answer = await within((message.channel as TextChannel).send('count me in'), 'channel.send');
    const history = await call('GET', `/lobbies/${lobby.id}/messages?limit=5`, player);
    expect(history[0]).toMatchObject({ id: answer.id, content: 'count me in', author: { id: SEED.botUserId }, linked_channel_id: general });
  });
});
