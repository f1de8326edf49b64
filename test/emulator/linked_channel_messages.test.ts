// A lobby linked to a guild text channel is one conversation: a lobby message shows in the
// channel (its history, MESSAGE_CREATE to the guild's bots by GUILD_MESSAGES and the
// MESSAGE_CONTENT rule, not to a bot that cannot view the channel), a channel message in the
// lobby (LOBBY_MESSAGE_CREATE to its members), both under one id; edits and deletions follow;
// after an unlink nothing crosses and what crossed stays. "Nothing arrived" is checked behind a
// later event on the same socket (a session's events arrive in order), never by sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { giveRoles } from './helpers/guild_setup';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GUILD_MESSAGES = 1 << 9;
const MESSAGE_CONTENT_INTENT = 1 << 15;
const GATEWAY_MESSAGE_CONTENT = 1n << 18n; // the application flag that allows the intent
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const CHANNEL = { welcome: at(10), general: at(12), announcements: at(13), noBots: at(19) };
const MODERATORS = at(1);
const { nelly, alice, dave } = SEED.users;
const BOT_USER = SEED.botUserId;

let t: TestEmulator;
const clients: GatewayClient[] = [];

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function connect(): Promise<GatewayClient> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  return client;
}

async function botSession(intents: number): Promise<GatewayClient> {
  const client = await connect();
  const from = client.mark();
  await client.identifyBot(t.emu.application.botToken, intents);
  await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from });
  return client;
}

async function userSession(userId: string): Promise<GatewayClient> {
  const client = await connect();
  await client.identifyUser(t.token(userId));
  return client;
}

const member = (userId: string) => `Bearer ${t.token(userId)}`;

/** A lobby of nelly and dave (by secret) linked by the bot to `channelId`. */
async function linkedLobby(secret: string, channelId: string | null): Promise<string> {
  const lobby = (await api(t.emu, 'PUT', '/lobbies', { auth: member(nelly), body: { secret } })).body;
  expect((await api(t.emu, 'PUT', '/lobbies', { auth: member(dave), body: { secret } })).status).toBe(200);
  if (channelId) expect((await link(lobby.id, channelId)).status).toBe(200);
  return lobby.id;
}

const link = (lobbyId: string, channelId: string | null) =>
  api(t.emu, 'PATCH', `/lobbies/${lobbyId}/channel-linking`, { auth: bot(t.emu), body: { channel_id: channelId } });
const sayInLobby = (lobbyId: string, userId: string, content: string) =>
  api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth: member(userId), body: { content } });
const sayInChannel = (channelId: string, content: string) =>
  api(t.emu, 'POST', `/channels/${channelId}/messages`, { auth: bot(t.emu), body: { content } });
const channelHistory = async (channelId: string) =>
  (await api(t.emu, 'GET', `/channels/${channelId}/messages?limit=100`, { auth: bot(t.emu) })).body as any[];
const lobbyHistory = async (lobbyId: string) =>
  (await api(t.emu, 'GET', `/lobbies/${lobbyId}/messages?limit=200`, { auth: member(nelly) })).body as any[];

/** Sets the application's MESSAGE_CONTENT flag for the duration of `body`. */
async function withMessageContent<T>(body: () => Promise<T>): Promise<T> {
  const app = t.emu.core.state.applications.get(t.emu.application.id)!;
  app.flags |= GATEWAY_MESSAGE_CONTENT;
  try {
    return await body();
  } finally {
    app.flags &= ~GATEWAY_MESSAGE_CONTENT;
  }
}

describe('a lobby message in the linked channel', () => {
  it('is stored in the channel under the same id, with the member as author and lobby_id naming the lobby', async () => {
    const lobbyId = await linkedLobby('linked-to-channel', CHANNEL.general);
    const sent = (await sayInLobby(lobbyId, nelly, 'gg from the game')).body;
    expect(sent.linked_channel_id).toBeUndefined(); // written in the lobby
    const copy = (await channelHistory(CHANNEL.general)).find((m) => m.id === sent.id);
    expect(copy).toMatchObject({ id: sent.id, channel_id: CHANNEL.general, author: { id: nelly }, lobby_id: lobbyId, application_id: t.emu.application.id, type: 0, tts: false });
    expect(copy.content).toBe(''); // the bot's app has no MESSAGE_CONTENT: the public rule
    await withMessageContent(async () => {
      expect((await channelHistory(CHANNEL.general)).find((m) => m.id === sent.id).content).toBe('gg from the game');
    });
    await link(lobbyId, null);
  });

  it('reaches bots with GUILD_MESSAGES: content by the MESSAGE_CONTENT rule (intent, mention); not a bot without the intent', async () => {
    const lobbyId = await linkedLobby('linked-intents', CHANNEL.general);
    const plain = await botSession(GUILD_MESSAGES);
    const noIntent = await botSession(1);
    const from = plain.mark();
    const noIntentFrom = noIntent.mark();
    const sent = (await sayInLobby(lobbyId, nelly, 'hidden words')).body;
    const event = (await plain.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === sent.id), { from })).d;
    expect(event).toMatchObject({ guild_id: SEED.guildId, channel_id: CHANNEL.general, author: { id: nelly }, lobby_id: lobbyId, content: '', member: { roles: [] } });
    const mention = (await sayInLobby(lobbyId, nelly, `<@${BOT_USER}> look`)).body;
    const mentioned = (await plain.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === mention.id), { from })).d;
    expect(mentioned.content).toBe(`<@${BOT_USER}> look`);
    expect(mentioned.mentions.map((u: any) => u.id)).toEqual([BOT_USER]);

    await withMessageContent(async () => {
      const reader = await botSession(GUILD_MESSAGES | MESSAGE_CONTENT_INTENT);
      const readerFrom = reader.mark();
      const full = (await sayInLobby(lobbyId, dave, 'plain words')).body;
      expect((await reader.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === full.id), { from: readerFrom })).d.content).toBe('plain words');
    });

    // The session without GUILD_MESSAGES: a heartbeat's ACK comes after anything sent before it.
    noIntent.heartbeat();
    await noIntent.waitFor((p) => p.op === 11, { from: noIntentFrom });
    expect(noIntent.dispatches('MESSAGE_CREATE', noIntentFrom)).toEqual([]);
    await link(lobbyId, null);
  });

  it('does not reach a bot that cannot view the channel', async () => {
    const lobbyId = await linkedLobby('linked-no-bots', CHANNEL.noBots);
    const client = await botSession(GUILD_MESSAGES);
    const from = client.mark();
    const hidden = (await sayInLobby(lobbyId, nelly, `<@${BOT_USER}> you cannot see this`)).body;
    const marker = (await sayInChannel(CHANNEL.general, 'marker')).body;
    await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === marker.id), { from });
    expect(client.dispatches('MESSAGE_CREATE', from).map((d) => d.id)).toEqual([marker.id]);
    // It is in the channel all the same, for those who can read it.
    expect(t.emu.core.state.textChannelMessages.get(CHANNEL.noBots)!.some((m) => m.id === hidden.id)).toBe(true);
    await link(lobbyId, null);
  });
});

describe('a channel message in the linked lobby', () => {
  it("a bot's message reaches the members as LOBBY_MESSAGE_CREATE with its author and linked_channel_id, in full", async () => {
    const lobbyId = await linkedLobby('channel-to-lobby', CHANNEL.general);
    const nellyGateway = await userSession(nelly);
    const from = nellyGateway.mark();
    const sent = (await sayInChannel(CHANNEL.general, 'hello players')).body;
    const event = (await nellyGateway.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.id === sent.id), { from })).d;
    expect(event).toMatchObject({ id: sent.id, lobby_id: lobbyId, channel_id: lobbyId, linked_channel_id: CHANNEL.general, author: { id: BOT_USER, bot: true }, content: 'hello players' });
    expect((await lobbyHistory(lobbyId)).find((m) => m.id === sent.id)).toMatchObject({ content: 'hello players', linked_channel_id: CHANNEL.general });
    expect(sent.lobby_id).toBeUndefined(); // written in the channel
    await link(lobbyId, null);
  });

  it("a person's message (control API) reaches the members with that person as author", async () => {
    const lobbyId = await linkedLobby('person-to-lobby', CHANNEL.general);
    const daveGateway = await userSession(dave);
    const from = daveGateway.mark();
    const posted = t.emu.control.postChannelMessage(alice, CHANNEL.general, 'alice from the guild') as any;
    const event = (await daveGateway.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.id === posted.id), { from })).d;
    expect(event).toMatchObject({ author: { id: alice }, content: 'alice from the guild', linked_channel_id: CHANNEL.general });
    await link(lobbyId, null);
  });
});

describe('edits and deletions follow', () => {
  it("a bot's edit and delete in the channel reach the lobby as LOBBY_MESSAGE_UPDATE and LOBBY_MESSAGE_DELETE", async () => {
    const lobbyId = await linkedLobby('edit-delete', CHANNEL.general);
    const gateway = await userSession(nelly);
    const from = gateway.mark();
    const sent = (await sayInChannel(CHANNEL.general, 'first words')).body;
    await gateway.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.id === sent.id), { from });
    expect((await api(t.emu, 'PATCH', `/channels/${CHANNEL.general}/messages/${sent.id}`, { auth: bot(t.emu), body: { content: 'second words' } })).status).toBe(200);
    const update = (await gateway.waitFor(dispatchOf('LOBBY_MESSAGE_UPDATE', (d) => d.id === sent.id), { from })).d;
    expect(update).toMatchObject({ content: 'second words', lobby_id: lobbyId, linked_channel_id: CHANNEL.general });
    expect(typeof update.edited_timestamp).toBe('string');
    expect((await lobbyHistory(lobbyId)).find((m) => m.id === sent.id).content).toBe('second words');

    expect((await api(t.emu, 'DELETE', `/channels/${CHANNEL.general}/messages/${sent.id}`, { auth: bot(t.emu) })).status).toBe(204);
    const deleted = (await gateway.waitFor(dispatchOf('LOBBY_MESSAGE_DELETE', (d) => d.id === sent.id), { from })).d;
    expect(deleted).toEqual({ id: sent.id, lobby_id: lobbyId, channel_id: lobbyId });
    expect((await lobbyHistory(lobbyId)).some((m) => m.id === sent.id)).toBe(false);
    await link(lobbyId, null);
  });

  it('a lobby message deleted by moderation leaves the channel too (MESSAGE_DELETE to bots)', async () => {
    const lobbyId = await linkedLobby('moderated', CHANNEL.general);
    const client = await botSession(GUILD_MESSAGES);
    const from = client.mark();
    const sent = (await sayInLobby(lobbyId, nelly, 'to be removed')).body;
    await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === sent.id), { from });
    t.emu.control.deleteLobbyMessage(lobbyId, sent.id);
    const event = (await client.waitFor(dispatchOf('MESSAGE_DELETE', (d) => d.id === sent.id), { from })).d;
    expect(event).toEqual({ id: sent.id, channel_id: CHANNEL.general, guild_id: SEED.guildId });
    expect((await channelHistory(CHANNEL.general)).some((m) => m.id === sent.id)).toBe(false);
    await link(lobbyId, null);
  });

  it("deleting a member's message in the channel needs MANAGE_MESSAGES (50013, the lobby keeps it); with it, the lobby loses it too", async () => {
    const lobbyId = await linkedLobby('bot-deletes', CHANNEL.announcements);
    const gateway = await userSession(dave);
    const from = gateway.mark();
    const sent = (await sayInLobby(lobbyId, nelly, 'spam spam')).body;
    const remove = () => api(t.emu, 'DELETE', `/channels/${CHANNEL.announcements}/messages/${sent.id}`, { auth: bot(t.emu) });
    const refused = await remove();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50013);
    expect((await lobbyHistory(lobbyId)).some((m) => m.id === sent.id)).toBe(true);
    giveRoles(t.emu, SEED.guildId, BOT_USER, [MODERATORS]);
    expect((await remove()).status).toBe(204);
    expect((await gateway.waitFor(dispatchOf('LOBBY_MESSAGE_DELETE', (d) => d.id === sent.id), { from })).d.lobby_id).toBe(lobbyId);
    expect((await lobbyHistory(lobbyId)).some((m) => m.id === sent.id)).toBe(false);
    await link(lobbyId, null);
  });
});

describe('unlinking', () => {
  it('stops the crossing both ways; what crossed before stays on both sides and its later edit stays in the channel', async () => {
    const lobbyId = await linkedLobby('unlinked-later', CHANNEL.welcome);
    const before = (await sayInChannel(CHANNEL.welcome, 'said while linked')).body;
    const fromGame = (await sayInLobby(lobbyId, nelly, 'game said while linked')).body;
    expect((await link(lobbyId, null)).status).toBe(200);

    const gateway = await userSession(nelly);
    const client = await botSession(GUILD_MESSAGES);
    const userFrom = gateway.mark();
    const botFrom = client.mark();
    const channelAfter = (await sayInChannel(CHANNEL.welcome, 'said after the unlink')).body;
    const lobbyAfter = (await sayInLobby(lobbyId, nelly, 'game said after the unlink')).body;
    await api(t.emu, 'PATCH', `/channels/${CHANNEL.welcome}/messages/${before.id}`, { auth: bot(t.emu), body: { content: 'edited after the unlink' } });

    // The lobby's own message arrives on nelly's socket after anything the channel sent her.
    await gateway.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.id === lobbyAfter.id), { from: userFrom });
    expect(gateway.dispatches('LOBBY_MESSAGE_CREATE', userFrom).map((d) => d.id)).toEqual([lobbyAfter.id]);
    // The bot's own edit arrives after anything the lobby sent it.
    await client.waitFor(dispatchOf('MESSAGE_UPDATE', (d) => d.id === before.id), { from: botFrom });
    expect(client.dispatches('MESSAGE_CREATE', botFrom).map((d) => d.id)).toEqual([channelAfter.id]);
    expect(gateway.dispatches('LOBBY_MESSAGE_UPDATE', userFrom)).toEqual([]);

    const lobby = await lobbyHistory(lobbyId);
    expect(lobby.map((m) => m.id)).toEqual([lobbyAfter.id, fromGame.id, before.id]);
    expect(lobby.find((m) => m.id === before.id).content).toBe('said while linked');
    const channel = (await channelHistory(CHANNEL.welcome)).map((m) => m.id);
    expect(channel).toContain(before.id);
    expect(channel).toContain(fromGame.id);
    expect(channel).not.toContain(lobbyAfter.id);
  });

  it("a deleted lobby frees its channel: the channel's messages go to no lobby after", async () => {
    const lobbyId = await linkedLobby('deleted-lobby', CHANNEL.welcome);
    const whileLinked = (await sayInChannel(CHANNEL.welcome, 'crosses')).body;
    expect((await lobbyHistory(lobbyId)).map((m) => m.id)).toEqual([whileLinked.id]);
    expect((await api(t.emu, 'DELETE', `/lobbies/${lobbyId}`, { auth: bot(t.emu) })).status).toBe(204);
    const channels = (await api(t.emu, 'GET', `/guilds/${SEED.guildId}/channels`, { auth: bot(t.emu) })).body as any[];
    expect(channels.find((c) => c.id === CHANNEL.welcome).linked_lobby).toBeUndefined();
    const sent = (await sayInChannel(CHANNEL.welcome, 'anyone there?')).body;
    for (const list of t.emu.core.state.messages.values()) expect(list.some((m) => m.id === sent.id)).toBe(false);
  });

  it('only the linked lobby and its channel share messages: a lobby without a link and other channels stay apart', async () => {
    const linked = await linkedLobby('the-linked-one', CHANNEL.general);
    const apart = await linkedLobby('the-unlinked-one', null);
    const fromChannel = (await sayInChannel(CHANNEL.general, 'for the linked lobby only')).body;
    const elsewhere = (await sayInChannel(CHANNEL.welcome, 'for no lobby')).body;
    const fromApart = (await sayInLobby(apart, nelly, 'not for the guild')).body;
    expect((await lobbyHistory(linked)).map((m) => m.id)).toEqual([fromChannel.id]);
    expect((await lobbyHistory(apart)).map((m) => m.id)).toEqual([fromApart.id]);
    for (const list of t.emu.core.state.messages.values()) expect(list.some((m) => m.id === elsewhere.id)).toBe(false);
    for (const list of t.emu.core.state.textChannelMessages.values()) expect(list.some((m) => m.id === fromApart.id)).toBe(false);
    await link(linked, null);
  });
});
