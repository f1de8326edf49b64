// The social layer end to end: two players connected to the emulator's gateway create and join
// a lobby, chat, read history (from the cache, without a request), exchange direct messages,
// manage friends, and read guild channels in the chat client's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ErrorType, RelationshipType, SdkError } from '../../lib/index';
import { postLobbyMessage } from '../../lib/emulator/domain/messages';
import { readyClient, startHarness, until, type Harness } from './helpers';

let h: Harness;
let nelly: Client;
let alice: Client;
const events: string[] = [];

const connected = (index: number): Promise<Client> => readyClient(h, h.emu.users[index].id);

beforeAll(async () => {
  h = await startHarness();
  nelly = await connected(0);
  alice = await connected(1);
  nelly.SetLobbyMemberAddedCallback((lobby, member) => events.push(`member+ ${member}`));
  nelly.SetMessageCreatedCallback((id) => events.push(`message ${id}`));
});
afterAll(async () => h.close());

describe('connection', () => {
  it('GetCurrentUserV2 is the player once Ready; friends come with READY', () => {
    const me = nelly.GetCurrentUserV2();
    expect(me?.Id()).toBe(BigInt(h.emu.users[0].id));
    expect(me?.Username()).toBe('nelly');
    const friends = nelly.GetRelationships().map((r) => r.User()?.Username());
    expect(friends).toEqual(expect.arrayContaining(['alice', 'bob']));
    expect(nelly.GetRelationshipHandle(h.emu.users[1].id).ServiceRelationshipType()).toBe(RelationshipType.Friend);
  });
});

describe('lobbies and lobby messages', () => {
  let lobbyId = 0n;

  it('creates a lobby, and the second player joins it by the same secret', async () => {
    const created = await nelly.CreateOrJoinLobbyWithMetadata('e2e-secret', { mode: 'duo' }, { role: 'tank' });
    lobbyId = created.lobbyId;
    const joined = await alice.CreateOrJoinLobby('e2e-secret');
    expect(joined.lobbyId).toBe(lobbyId);
    await until(() => nelly.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length === 2);
    const lobby = nelly.GetLobbyHandle(lobbyId)!;
    expect(lobby.Metadata()).toEqual({ mode: 'duo' });
    expect(lobby.GetLobbyMemberHandle(h.emu.users[0].id)?.Metadata()).toEqual({ role: 'tank' });
    expect(nelly.GetLobbyIds()).toContain(lobbyId);
    expect(events).toContain(`member+ ${h.emu.users[1].id}`);
  });

  it('chats: messages arrive over the gateway with their fields', async () => {
    const sent = await alice.SendLobbyMessageWithMetadata(lobbyId, 'gl hf', { emote: 'wave' });
    await until(() => nelly.GetMessageHandle(sent.messageId) !== undefined);
    const message = nelly.GetMessageHandle(sent.messageId)!;
    expect(message.Content()).toBe('gl hf');
    expect(message.Metadata()).toEqual({ emote: 'wave' });
    expect(message.AuthorId()).toBe(BigInt(h.emu.users[1].id));
    expect(message.Author()?.Username()).toBe('alice');
    expect(message.Lobby()?.Id()).toBe(lobbyId);
    expect(message.ApplicationId()).toBe(BigInt(h.emu.application.id));
    expect(events).toContain(`message ${sent.messageId}`);
  });

  it('history: the first read asks the service, the next one is served from the cache', async () => {
    for (let i = 0; i < 5; i++) await nelly.SendLobbyMessage(lobbyId, `line ${i}`);
    let requests = 0;
    const count = (req: { url?: string }) => {
      if (req.url?.includes('/messages')) requests++;
    };
    h.emu.server.on('request', count);
    try {
      const first = await alice.GetLobbyMessagesWithLimit(lobbyId, 50);
      expect(first.messages.map((m) => m.Content())).toEqual(['line 4', 'line 3', 'line 2', 'line 1', 'line 0', 'gl hf']);
      expect(requests).toBe(1);
      const sent = await nelly.SendLobbyMessage(lobbyId, 'line 5');
      await until(() => alice.GetMessageHandle(sent.messageId) !== undefined);
      requests = 0;
      const second = await alice.GetLobbyMessagesWithLimit(lobbyId, 7);
      expect(second.messages.map((m) => m.Content())).toEqual(['line 5', 'line 4', 'line 3', 'line 2', 'line 1', 'line 0', 'gl hf']);
      expect(requests).toBe(0); // no request: the cache knew
    } finally {
      h.emu.server.off('request', count);
    }
  });

  it('a burst longer than the cache holds per lobby: every MessageCreated callback finds its handle', async () => {
    // The service writes the whole burst into alice's socket in one go (corked), so the SDK
    // reads it in a few large chunks: hundreds of messages are parsed, and the oldest pushed out
    // of the cache's bound of 500, before the first callback runs.
    const aliceSockets = h.emu.control.gateway!.sessions()
      .filter((session) => session.identity?.user.id === h.emu.users[1].id && session.socket)
      .map((session) => (session.socket as unknown as { _socket: import('node:net').Socket })._socket);
    expect(aliceSockets.length).toBe(1);
    const lobby = h.emu.core.state.lobbies.get(String(lobbyId))!;
    const burst = 1500;
    const contents = new Map<bigint, string>();
    let missing = 0;
    alice.SetMessageCreatedCallback((id) => {
      const message = alice.GetMessageHandle(id);
      if (message) contents.set(id, message.Content());
      else missing++;
    });
    try {
      aliceSockets[0].cork();
      for (let i = 0; i < burst; i++) postLobbyMessage(h.emu.core, lobby, h.emu.users[0].id, `flood ${i}`, null, 0);
      aliceSockets[0].uncork();
      await until(() => contents.size + missing >= burst, 15_000);
    } finally {
      alice.SetMessageCreatedCallback(() => undefined);
    }
    expect(missing).toBe(0);
    expect([...contents.values()]).toEqual(Array.from({ length: burst }, (_, i) => `flood ${i}`));
    // The bound holds again once the callbacks ran: the oldest of the flood are gone.
    expect(alice.GetMessageHandle([...contents.keys()][0])).toBeUndefined();
  });

  it('a player outside the lobby gets no history', async () => {
    const bob = await connected(2);
    const error: SdkError = await bob.GetLobbyMessagesWithLimit(lobbyId, 10).catch((e) => e);
    expect(error.result.Type()).toBe(ErrorType.ValidationError);
  });

  it('LeaveLobby removes the lobby for the leaver and the member for the others', async () => {
    await alice.LeaveLobby(lobbyId);
    expect(alice.GetLobbyHandle(lobbyId)).toBeUndefined();
    await until(() => nelly.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length === 1);
  });
});

describe('direct messages', () => {
  it('send, edit and delete reach the other player; history and summaries agree', async () => {
    const alicesId = BigInt(h.emu.users[1].id);
    const nellysId = BigInt(h.emu.users[0].id);
    const sent = await nelly.SendUserMessage(alicesId, 'psst');
    await until(() => alice.GetMessageHandle(sent.messageId)?.Content() === 'psst');
    expect(alice.GetMessageHandle(sent.messageId)?.RecipientId()).toBe(alicesId);
    await nelly.EditUserMessage(alicesId, sent.messageId, 'psst (edited)');
    await until(() => alice.GetMessageHandle(sent.messageId)?.Content() === 'psst (edited)');
    expect(alice.GetMessageHandle(sent.messageId)!.EditedTimestamp()).toBeGreaterThan(0n);
    const history = await alice.GetUserMessagesWithLimit(nellysId, 10);
    expect(history.messages.map((m) => m.Content())).toEqual(['psst (edited)']);
    const summaries = await alice.GetUserMessageSummaries();
    expect(summaries.summaries.map((s) => s.UserId())).toContain(nellysId);
    await nelly.DeleteUserMessage(alicesId, sent.messageId);
    await until(() => alice.GetMessageHandle(sent.messageId) === undefined);
  });
});

describe('guilds', () => {
  it('GetUserGuilds and GetGuildChannels in the order the chat client shows them', async () => {
    const { guilds } = await nelly.GetUserGuilds();
    expect(guilds.map((g) => g.Name())).toContain('sdkpp Test Guild');
    const { guildChannels } = await nelly.GetGuildChannels(guilds[0].Id());
    const names = guildChannels.map((c) => c.Name());
    // No category first, then each category followed by its channels; the staff channels are
    // hidden from a player without the role.
    expect(names.slice(0, 2)).toEqual(['welcome', 'Text Channels']);
    expect(names.indexOf('general')).toBe(names.indexOf('Text Channels') + 1);
    expect(names.indexOf('Lobby Voice')).toBe(names.indexOf('Voice') + 1);
    expect(names).not.toContain('staff-only');
    const general = guildChannels.find((c) => c.Name() === 'general')!;
    expect(general.ParentId()).toBe(guildChannels.find((c) => c.Name() === 'Text Channels')!.Id());
  });
});

describe('friends', () => {
  it('a friend request by username, accepted by the other player', async () => {
    const daveIndex = h.emu.users.findIndex((u) => u.username === 'dave');
    const erinIndex = h.emu.users.findIndex((u) => u.username === 'erin');
    const daveId = h.emu.users[daveIndex].id;
    const erinId = h.emu.users[erinIndex].id;
    const dave = await connected(daveIndex);
    const erin = await connected(erinIndex);
    const created: bigint[] = [];
    erin.SetRelationshipCreatedCallback((userId) => created.push(userId));
    await dave.SendServiceFriendRequest('erin');
    await until(() => erin.GetRelationshipHandle(daveId).ServiceRelationshipType() === RelationshipType.PendingIncoming);
    expect(dave.GetRelationshipHandle(erinId).ServiceRelationshipType()).toBe(RelationshipType.PendingOutgoing);
    await erin.AcceptServiceFriendRequest(daveId);
    await until(() => dave.GetRelationshipHandle(erinId).ServiceRelationshipType() === RelationshipType.Friend);
    expect(created).toContain(BigInt(daveId));
    expect(erin.SearchFriendsByUsername('DAV').map((u) => u.Username())).toEqual(['dave']);
    await erin.RemoveServiceAndGameFriend(daveId);
    await until(() => !dave.GetRelationshipHandle(erinId).valid);
  });
});

describe('secrets', () => {
  it('no secret reached a log line', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
