// PATCH /lobbies/{id}/channel-linking never half-applies: a refused relink (unknown or wrong
// channel, a channel linked to another lobby) leaves the lobby linked as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, start, type Started } from './helpers';

const channel = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const GENERAL = channel(12);
const ANNOUNCEMENTS = channel(13);
const LOBBY_VOICE = channel(15);

let started: Started;

beforeAll(async () => {
  started = await start();
});

afterAll(async () => {
  await started.emu.close();
});

async function newLobby(): Promise<string> {
  const reply = await started.api.post('/lobbies', {}, started.api.bot);
  expect(reply.status).toBe(200);
  return reply.body.id;
}

function link(lobbyId: string, channelId: string | null | undefined) {
  return started.api.patch(`/lobbies/${lobbyId}/channel-linking`, channelId === undefined ? {} : { channel_id: channelId }, started.api.bot);
}

async function linkedChannelOf(lobbyId: string): Promise<string | undefined> {
  const reply = await started.api.get(`/lobbies/${lobbyId}`, started.api.bot);
  expect(reply.status).toBe(200);
  return reply.body.linked_channel?.id;
}

describe('lobby channel linking', () => {
  it('a relink to a channel that cannot be linked is refused and keeps the current link', async () => {
    const lobby = await newLobby();
    expect((await link(lobby, GENERAL)).body.linked_channel.id).toBe(GENERAL);

    const voice = await link(lobby, LOBBY_VOICE);
    expect(voice.status).toBe(404);
    expect(voice.body.code).toBe(10003);
    const unknown = await link(lobby, '4242424242424242');
    expect(unknown.status).toBe(404);
    expect(await linkedChannelOf(lobby)).toBe(GENERAL);

    // The channel still points back at the lobby, so no other lobby can take it.
    const channels = await started.api.get(`/guilds/${SEED.guildId}/channels`, started.api.bot);
    expect(channels.body.find((c: { id: string }) => c.id === GENERAL).linked_lobby.lobby_id).toBe(lobby);

    await link(lobby, undefined);
  });

  it('a channel linked to another lobby is refused (30000) and the caller keeps its own link', async () => {
    const first = await newLobby();
    const second = await newLobby();
    expect((await link(first, GENERAL)).status).toBe(200);
    expect((await link(second, ANNOUNCEMENTS)).status).toBe(200);

    const taken = await link(second, GENERAL);
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe(30000);
    expect(await linkedChannelOf(second)).toBe(ANNOUNCEMENTS);
    expect(await linkedChannelOf(first)).toBe(GENERAL);

    await link(first, undefined);
    await link(second, undefined);
  });

  it('relinking the same channel is allowed; unlinking frees the channel for another lobby', async () => {
    const first = await newLobby();
    const second = await newLobby();
    expect((await link(first, GENERAL)).status).toBe(200);
    const again = await link(first, GENERAL);
    expect(again.status).toBe(200);
    expect(again.body.linked_channel.id).toBe(GENERAL);

    const unlinked = await link(first, null);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.linked_channel).toBeUndefined();
    expect((await link(second, GENERAL)).body.linked_channel.id).toBe(GENERAL);
    await link(second, undefined);
  });
});
