// A lobby linked to a guild text channel, seen from the game through the real addon: a message
// written in the channel (by a person or a bot) fires MessageCreated with its channel author and
// reads as not sent from the game; its edit and deletion fire MessageUpdated and MessageDeleted;
// the player's own lobby message shows in the channel's history under the same id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../lib/index';
import { SEED } from '../../lib/emulator/index';
import { linkChannel } from '../../lib/emulator/domain/lobbies';
import { readyClient, startHarness, until, type Harness } from './helpers';

const general = (BigInt(SEED.guildId) + 12n).toString(); // the seeded guild's #general

let h: Harness;
let nelly: Client;
let lobbyId = 0n;
const created: bigint[] = [];
const updated: bigint[] = [];
const deleted: Array<[bigint, bigint]> = [];

beforeAll(async () => {
  h = await startHarness();
  nelly = await readyClient(h, h.emu.users[0].id);
  nelly.SetMessageCreatedCallback((id) => created.push(id));
  nelly.SetMessageUpdatedCallback((id) => updated.push(id));
  nelly.SetMessageDeletedCallback((id, channelId) => deleted.push([id, channelId]));
  lobbyId = (await nelly.CreateOrJoinLobby('linked-channel-e2e')).lobbyId;
  linkChannel(h.emu.core, h.emu.core.state.lobbies.get(String(lobbyId))!, null, general);
  await until(() => nelly.GetLobbyHandle(lobbyId)?.LinkedChannel()?.Id() === BigInt(general));
});
afterAll(async () => h.close());

/** A bot's request to the emulator's API. */
async function asBot(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${h.emu.apiBase}${path}`, {
    method,
    headers: { authorization: `Bot ${h.emu.application.botToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

describe('a linked channel seen from the game', () => {
  it("a person's channel message fires MessageCreated; the handle has the channel author and is not sent from the game", async () => {
    const alice = h.emu.users[1];
    const posted = h.emu.control.postChannelMessage(alice.id, general, 'hello from the guild') as { id: string };
    const id = BigInt(posted.id);
    await until(() => created.includes(id));
    const message = nelly.GetMessageHandle(id)!;
    expect(message.AuthorId()).toBe(BigInt(alice.id));
    expect(message.Author()?.Username()).toBe('alice');
    expect(message.Content()).toBe('hello from the guild');
    expect(message.Lobby()?.Id()).toBe(lobbyId);
    expect(message.ChannelId()).toBe(lobbyId);
    expect(message.SentFromGame()).toBe(false);
  });

  it("a bot's channel message arrives with the bot as author; its edit and deletion follow", async () => {
    const sent = await asBot('POST', `/channels/${general}/messages`, { content: 'the bot speaks' });
    const id = BigInt(sent.id);
    await until(() => created.includes(id));
    expect(nelly.GetMessageHandle(id)!.AuthorId()).toBe(BigInt(SEED.botUserId));

    await asBot('PATCH', `/channels/${general}/messages/${sent.id}`, { content: 'the bot speaks again' });
    await until(() => updated.includes(id));
    expect(nelly.GetMessageHandle(id)!.Content()).toBe('the bot speaks again');

    await asBot('DELETE', `/channels/${general}/messages/${sent.id}`);
    await until(() => deleted.some(([deletedId]) => deletedId === id));
    expect(deleted.find(([deletedId]) => deletedId === id)![1]).toBe(lobbyId);
    expect(nelly.GetMessageHandle(id)).toBeUndefined();
  });

  it("the player's lobby message is in the channel's history under the same id, with the player as author", async () => {
    const { messageId } = await nelly.SendLobbyMessage(lobbyId, 'hello from the game');
    await until(() => nelly.GetMessageHandle(messageId) !== undefined);
    expect(nelly.GetMessageHandle(messageId)!.SentFromGame()).toBe(true);
    const history = (await asBot('GET', `/channels/${general}/messages?limit=10`)) as any[];
    const copy = history.find((m) => m.id === String(messageId));
    expect(copy).toMatchObject({ author: { id: h.emu.users[0].id }, channel_id: general, lobby_id: String(lobbyId) });
  });
});
