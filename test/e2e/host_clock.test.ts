// The Node host hands each event to the addon with the time (native/napi/callbacks/host_clock.h), and the
// addon answers its clock from that time only until it runs JS. These tests move the app's clock
// (the `now` option, as fake timers would) from inside an SDK callback, which runs inside the
// gateway event, and read the clock again in the same event: a time reused after the callback
// would show 72-hour-old lobby messages as fresh. A clock that throws or answers garbage falls
// back to the system clock, with the failure logged, as before the time came with the event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoggingSeverity, type Client, type MessageHandle } from '../../lib/index';
import { readyClient, startHarness, until, type Harness } from './helpers';

const HOUR_MS = 3600_000;
const HISTORY_WINDOW_MS = 72 * HOUR_MS; // a lobby's history reaches back 72 hours

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setRateLimits(false);
});
afterAll(async () => h.close());

/** A lobby of `client`'s with `count` messages in its cache, the history read once (so cached). */
async function lobbyWithMessages(client: Client, secret: string, count: number): Promise<{ lobbyId: bigint; ids: bigint[] }> {
  const { lobbyId } = await client.CreateOrJoinLobby(secret);
  const ids: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const { messageId } = await client.SendLobbyMessage(lobbyId, `message ${i}`);
    await until(() => client.GetMessageHandle(messageId) !== undefined);
    ids.push(messageId);
  }
  const { messages } = await client.GetLobbyMessagesWithLimit(lobbyId, 50);
  expect(messages.length).toBe(count);
  return { lobbyId, ids };
}

const contents = (messages: MessageHandle[]) => messages.map((m) => m.Content());

describe('the time that comes with a host event', () => {
  it('is not reused once an app callback has run: a clock moved in the callback is read in the same event', async () => {
    let clockMs = Date.now();
    const client = await readyClient(h, h.emu.users[0].id, { now: () => clockMs });
    const { lobbyId } = await lobbyWithMessages(client, 'host-clock-moved', 2);

    let readInCallback: Promise<{ messages: MessageHandle[] }> | undefined;
    client.SetMessageCreatedCallback((messageId) => {
      if (client.GetMessageHandle(messageId)?.Content() !== 'moves the clock') return;
      clockMs += HISTORY_WINDOW_MS + HOUR_MS; // 73 hours on: every message of the lobby is too old
      readInCallback = client.GetLobbyMessagesWithLimit(lobbyId, 50);
    });
    let historyRequests = 0;
    const countHistory = (request: { method?: string; url?: string }) => {
      if (request.method === 'GET' && request.url?.includes(`/lobbies/${lobbyId}/messages`)) historyRequests++;
    };
    h.emu.server.on('request', countHistory);
    await client.SendLobbyMessage(lobbyId, 'moves the clock');
    await until(() => readInCallback !== undefined);
    const { messages } = await readInCallback!;
    h.emu.server.off('request', countHistory);
    // Served from the cache inside the gateway event (no request), filtered by the moved clock.
    expect(historyRequests).toBe(0);
    expect(contents(messages)).toEqual([]);

    // Back to the present: the same cache answers with all three.
    clockMs = Date.now();
    client.SetMessageCreatedCallback(() => undefined);
    expect(contents((await client.GetLobbyMessagesWithLimit(lobbyId, 50)).messages)).toEqual(['moves the clock', 'message 1', 'message 0']);
  });

  it('falls back to the system clock, logged, when the app clock throws or answers no time', async () => {
    for (const [name, now] of [
      ['throws', () => { throw new Error('clock broke'); }],
      ['a string', () => 'soon' as unknown as number],
      ['NaN', () => Number.NaN],
      ['negative', () => -1],
    ] as const) {
      const errors: string[] = [];
      const client = await readyClient(h, h.emu.users[2].id, { now });
      client.AddLogCallback((line) => errors.push(line), LoggingSeverity.Error);
      const { lobbyId } = await lobbyWithMessages(client, `host-clock-broken-${name}`, 2);
      // Fresh by the system clock: nothing is hidden as old.
      expect(contents((await client.GetLobbyMessagesWithLimit(lobbyId, 50)).messages), name).toEqual(['message 1', 'message 0']);
      if (name === 'throws') expect(errors.some((line) => line.includes('platform host now threw'))).toBe(true);
      client.Dispose();
    }
  });

  it('follows the clock from one event to the next', async () => {
    let clockMs = Date.now();
    const client = await readyClient(h, h.emu.users[1].id, { now: () => clockMs });
    const { lobbyId, ids } = await lobbyWithMessages(client, 'host-clock-next-event', 2);
    let seenInCallback: string | undefined;
    client.SetMessageCreatedCallback((messageId) => (seenInCallback = client.GetMessageHandle(messageId)?.Content()));
    clockMs += HISTORY_WINDOW_MS + HOUR_MS;
    // The gateway event of the next message comes with the moved time: every message of the
    // lobby is older than 72 hours by it, so all leave the cache by age as the new one goes in
    // (the new one stays for its callback).
    await client.SendLobbyMessage(lobbyId, 'after the move');
    await until(() => seenInCallback !== undefined);
    expect(seenInCallback).toBe('after the move');
    expect(ids.map((id) => client.GetMessageHandle(id))).toEqual([undefined, undefined]);
  });
});
