// The player's own messages, end to end: each reaches the SDK twice — the send's answer and the
// gateway's LOBBY_MESSAGE_CREATE / MESSAGE_CREATE, in whichever order the network delivers them
// — and the player hears MessageCreated exactly once per message and never MessageUpdated
// (README "The API": Created fires once, Updated only for a change).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client } from '../../lib/index';
import { readyClient, startHarness, until, type Harness } from './helpers';

const N = 20; // of each kind, half of them with the answer first

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // Off: the service's write limits (20 lobby messages, 10 DMs per 10 s) are not what this is about.
  h.emu.control.setRateLimits(false);
});
afterAll(async () => h.close());

it(`the sender hears MessageCreated once for each of ${N} lobby messages and ${N} DMs, and no MessageUpdated`, async () => {
  const nelly: Client = await readyClient(h, h.emu.users[0].id);
  const alice: Client = await readyClient(h, h.emu.users[1].id);
  const created = new Map<bigint, number>();
  const updated: bigint[] = [];
  nelly.SetMessageCreatedCallback((id) => created.set(id, (created.get(id) ?? 0) + 1));
  nelly.SetMessageUpdatedCallback((id) => updated.push(id));
  const { lobbyId } = await nelly.CreateOrJoinLobby('own-messages');
  await alice.CreateOrJoinLobby('own-messages');

  // Over loopback the gateway's event reaches the SDK before the send's answer. To have both
  // orders, half the messages go while nelly's gateway socket holds its writes (corked, as a
  // slow link would), so their answers come first and the events after.
  const gateway = h.emu.control.gateway!.sessions()
    .filter((session) => session.identity?.user.id === h.emu.users[0].id && session.socket)
    .map((session) => (session.socket as unknown as { _socket: import('node:net').Socket })._socket);
  expect(gateway.length).toBe(1);
  const sent: bigint[] = [];
  const alicesId = BigInt(h.emu.users[1].id);
  for (const answerFirst of [false, true]) {
    if (answerFirst) gateway[0].cork();
    try {
      for (let i = 0; i < N / 2; i++) sent.push((await nelly.SendLobbyMessage(lobbyId, `lobby ${answerFirst} ${i}`)).messageId);
      const together = await Promise.all(
        Array.from({ length: N / 2 }, (_, i) => nelly.SendUserMessage(alicesId, `dm ${answerFirst} ${i}`)),
      );
      sent.push(...together.map((result) => result.messageId));
    } finally {
      if (answerFirst) gateway[0].uncork();
    }
  }

  // Every answer is in (the Promises settled). The gateway delivers to nelly in order, so once
  // a later message from alice has reached her, so have the gateway's creates of all of hers.
  const marker = (await alice.SendLobbyMessage(lobbyId, 'marker')).messageId;
  await until(() => created.has(marker));

  expect(new Set(sent).size).toBe(2 * N);
  const counts = sent.map((id) => created.get(id) ?? 0);
  expect(counts).toEqual(sent.map(() => 1));
  expect(updated).toEqual([]);
  expect(created.size).toBe(2 * N + 1); // nothing else: her messages and the marker
  expect(h.watch.leaks()).toEqual([]);
});
