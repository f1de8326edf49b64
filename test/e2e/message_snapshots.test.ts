// MessageHandle stays a live view although its common fields come from a snapshot (one call
// for a whole history page, tagged with the cache's change count): every test first reads the
// handles (so the snapshot is taken), then changes what they show (an edit, a delete, an
// eviction, a Dispose) and reads the same handle objects again. A snapshot served after the
// change fails them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type MessageHandle } from '../../lib/index';
import { postLobbyMessage } from '../../lib/emulator/domain/messages';
import { readyClient, startHarness, until, type Harness } from './helpers';

let h: Harness;
let nelly: Client;
let alice: Client;
let nellysId: bigint;
let alicesId: bigint;

const connected = (index: number): Promise<Client> => readyClient(h, h.emu.users[index].id);

/** A DM from nelly to alice, once alice's cache has it. */
async function dm(content: string): Promise<bigint> {
  const { messageId } = await nelly.SendUserMessage(alicesId, content);
  await until(() => alice.GetMessageHandle(messageId) !== undefined);
  return messageId;
}

/** Alice's handle of the message from a history page: a batch of several handles. */
async function fromHistory(messageId: bigint): Promise<MessageHandle> {
  const { messages } = await alice.GetUserMessagesWithLimit(nellysId, 50);
  expect(messages.length).toBeGreaterThan(1);
  const handle = messages.find((m) => m.Id() === messageId);
  expect(handle).toBeDefined();
  return handle!;
}

const fields = (m: MessageHandle) => ({ valid: m.valid, content: m.Content(), author: m.AuthorId(), edited: m.EditedTimestamp() > 0n });

beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setRateLimits(false); // many DMs in a row
  nelly = await connected(0);
  alice = await connected(1);
  nellysId = BigInt(h.emu.users[0].id);
  alicesId = BigInt(h.emu.users[1].id);
  await dm('first'); // so every history page below holds more than one message
});
afterAll(async () => h.close());

describe('MessageHandle snapshots stay live', () => {
  it('an edit shows in handles whose fields were already read (a history page and GetMessageHandle)', async () => {
    const id = await dm('before edit');
    const page = await fromHistory(id);
    const single = alice.GetMessageHandle(id)!;
    expect(fields(page)).toEqual({ valid: true, content: 'before edit', author: nellysId, edited: false });
    expect(fields(single)).toEqual(fields(page));
    await nelly.EditUserMessage(alicesId, id, 'after edit');
    await until(() => page.Content() === 'after edit');
    expect(fields(page)).toEqual({ valid: true, content: 'after edit', author: nellysId, edited: true });
    expect(fields(single)).toEqual(fields(page));
  });

  it('a delete, then an edit of another message: the deleted one reads defaults, the other its edit', async () => {
    const gone = await dm('to delete');
    const kept = await dm('to edit');
    const [a, b] = [await fromHistory(gone), await fromHistory(kept)];
    const single = alice.GetMessageHandle(gone)!;
    expect([a.Content(), b.Content(), single.Content()]).toEqual(['to delete', 'to edit', 'to delete']);
    await nelly.DeleteUserMessage(alicesId, gone);
    await until(() => !a.valid);
    expect(fields(a)).toEqual({ valid: false, content: '', author: 0n, edited: false });
    expect(fields(single)).toEqual(fields(a));
    expect(a.Id()).toBe(gone); // the id stays, as in C++
    expect(b.Content()).toBe('to edit');
    await nelly.EditUserMessage(alicesId, kept, 'edited after the delete');
    await until(() => b.Content() === 'edited after the delete');
    expect(a.valid).toBe(false);
  });

  it('an edit, then a delete of the same message', async () => {
    const id = await dm('edit me, then delete me');
    const handle = await fromHistory(id);
    expect(handle.Content()).toBe('edit me, then delete me');
    await nelly.EditUserMessage(alicesId, id, 'edited');
    await until(() => handle.Content() === 'edited');
    await nelly.DeleteUserMessage(alicesId, id);
    await until(() => !handle.valid);
    expect(handle.Content()).toBe('');
  });

  it('eviction by the cache bound: a read handle of the oldest message turns invalid', async () => {
    const { lobbyId } = await nelly.CreateOrJoinLobby('snapshot-eviction');
    await alice.CreateOrJoinLobby('snapshot-eviction');
    const lobby = h.emu.core.state.lobbies.get(String(lobbyId))!;
    const post = (content: string) => postLobbyMessage(h.emu.core, lobby, h.emu.users[0].id, content, null, 0);
    const oldest = post('oldest');
    post('second');
    await until(() => alice.GetMessageHandle(BigInt(oldest.id)) !== undefined);
    const { messages } = await alice.GetLobbyMessagesWithLimit(lobbyId, 2);
    const handle = messages.find((m) => m.Id() === BigInt(oldest.id))!;
    expect([handle.valid, handle.Content()]).toEqual([true, 'oldest']);
    let last = oldest;
    for (let i = 0; i < 250; i++) last = post(`push ${i}`); // past the per-channel bound of 200
    await until(() => alice.GetMessageHandle(BigInt(last.id)) !== undefined);
    await until(() => !handle.valid);
    expect([handle.Content(), handle.SentTimestamp()]).toEqual(['', 0n]);
  });

  it('content with markup: emoji are rendered in the snapshot, mentions live (names change apart from the message)', async () => {
    const emoji = await dm('<:wave:123> hi');
    const mention = await dm(`<:wave:123> hi <@${alicesId}>`);
    const [a, b] = [await fromHistory(emoji), await fromHistory(mention)];
    expect(a.Content()).toBe(':wave: hi');
    expect(b.Content()).toBe(':wave: hi @Alice');
    expect(b.RawContent()).toBe(`<:wave:123> hi <@${alicesId}>`);
    await nelly.EditUserMessage(alicesId, emoji, 'é <:wave:123> ünïcødé 👋');
    await until(() => a.Content() !== ':wave: hi');
    expect(a.Content()).toBe('é :wave: ünïcødé 👋');
  });

  it('a page with non-ASCII content: each handle reads its own content out of the batch', async () => {
    const sent = ['ascii first', 'ünïcødé 👋 two', '日本語', 'last, ascii'];
    for (const content of sent) await dm(content);
    const { messages } = await alice.GetUserMessagesWithLimit(nellysId, 4);
    expect(messages.map((m) => m.Content())).toEqual([...sent].reverse());
    expect(messages.map((m) => m.RawContent())).toEqual([...sent].reverse());
  });

  it('handles of two clients answer for their own client; Dispose of one turns only its handles to defaults', async () => {
    const id = await nelly.SendUserMessage(alicesId, 'seen by both').then((r) => r.messageId);
    await until(() => alice.GetMessageHandle(id) !== undefined && nelly.GetMessageHandle(id) !== undefined);
    const bob = await connected(2); // a third client, disposed below
    const dmToBob = await nelly.SendUserMessage(BigInt(h.emu.users[2].id), 'for bob').then((r) => r.messageId);
    await until(() => bob.GetMessageHandle(dmToBob) !== undefined);
    const [nellys, alices, bobs] = [nelly.GetMessageHandle(id)!, alice.GetMessageHandle(id)!, bob.GetMessageHandle(dmToBob)!];
    const bobsPage = (await bob.GetUserMessagesWithLimit(nellysId, 10)).messages;
    expect([nellys.Content(), alices.Content(), bobs.Content(), bobsPage[0].Content()]).toEqual(['seen by both', 'seen by both', 'for bob', 'for bob']);
    bob.Dispose();
    // At once, with no event-loop turn in between: Dispose itself bumps the change count.
    expect(fields(bobs)).toEqual({ valid: false, content: '', author: 0n, edited: false });
    expect(bobsPage[0].valid).toBe(false);
    expect(fields(nellys)).toEqual({ valid: true, content: 'seen by both', author: nellysId, edited: false });
    expect(fields(alices)).toEqual(fields(nellys));
    // A change in alice's cache (a delete) shows in alice's handle, and in nelly's, each by its own count.
    await nelly.DeleteUserMessage(alicesId, id);
    await until(() => !alices.valid && !nellys.valid);
  });

  it('Dispose after an edit: the edited snapshot is not served afterwards', async () => {
    const extra = await connected(3);
    const theirId = BigInt(h.emu.users[3].id);
    const { messageId } = await nelly.SendUserMessage(theirId, 'v1');
    await until(() => extra.GetMessageHandle(messageId) !== undefined);
    const handle = extra.GetMessageHandle(messageId)!;
    expect(handle.Content()).toBe('v1');
    await nelly.EditUserMessage(theirId, messageId, 'v2');
    await until(() => handle.Content() === 'v2');
    extra.Dispose();
    expect([handle.valid, handle.Content(), handle.AuthorId()]).toEqual([false, '', 0n]);
    expect(extra.GetMessageHandle(messageId)).toBeUndefined();
  });
});
