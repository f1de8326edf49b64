// Presence follows the connection (issue 11, item 6): a friend who connects reads online without
// setting a status first, and reads offline, playing nothing, once its last connection is gone —
// not still online and "playing" minutes later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const { nelly, alice } = SEED.users;
const MINUTE = 60_000;

let t: TestEmulator;
const clients: GatewayClient[] = [];

async function connect(userId: string, extra: Record<string, unknown> = {}): Promise<GatewayClient> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  const from = client.mark();
  client.identify(`Bearer ${t.token(userId)}`, extra);
  await client.waitFor(dispatchOf('READY'), { from });
  return client;
}

const presenceOf = (client: GatewayClient, userId: string, from: number) =>
  client.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === userId), { from });

beforeAll(async () => {
  t = await startTestEmulator({ ipc: false });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('presence follows the gateway connection', () => {
  it('a friend who connects reads online at once, and offline with no activity once it disconnects', async () => {
    const watcher = await connect(nelly);
    const from = watcher.mark();
    const friend = await connect(alice);
    expect((await presenceOf(watcher, alice, from)).d).toMatchObject({ status: 'online', activities: [] });

    const playing = watcher.mark();
    friend.send({ op: 3, d: { status: 'online', activities: [{ name: 'Raid', type: 0 }], since: null, afk: false } });
    expect((await presenceOf(watcher, alice, playing)).d.activities).toEqual([expect.objectContaining({ name: 'Raid' })]);

    const gone = watcher.mark();
    friend.close();
    expect((await presenceOf(watcher, alice, gone)).d).toEqual({ user: { id: alice }, status: 'offline', activities: [] });

    // Ten minutes later a fresh session of the friend's friend reads it offline, playing nothing.
    t.emu.control.advanceClock(10 * MINUTE);
    const later = await GatewayClient.connect(t.gatewayUrl);
    clients.push(later);
    const ready = await later.identifyUser(t.token(nelly));
    expect(ready.presences.find((p: any) => p.user.id === alice)).toEqual({ user: { id: alice }, status: 'offline', activities: [] });
    watcher.close();
    later.close();
  });

  it('stays online while another connection of the same user is open', async () => {
    const watcher = await connect(nelly);
    const first = await connect(alice);
    const second = await connect(alice);
    const from = watcher.mark();
    first.close();
    expect(await watcher.collectFor(200, dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === alice))).toEqual([]);
    expect(t.emu.core.state.presences.get(alice)?.status).toBe('online');
    second.close();
    expect((await presenceOf(watcher, alice, from)).d.status).toBe('offline');
    watcher.close();
  });

  it('keeps a status the user chose (dnd) when it connects again, and takes the presence Identify carries', async () => {
    const watcher = await connect(nelly);
    const from = watcher.mark();
    const friend = await connect(alice, { presence: { status: 'dnd', activities: [{ name: 'Focus', type: 0 }], since: null, afk: false } });
    expect((await presenceOf(watcher, alice, from)).d).toMatchObject({ status: 'dnd', activities: [expect.objectContaining({ name: 'Focus' })] });
    const again = watcher.mark();
    const second = await connect(alice);
    expect(await watcher.collectFor(200, dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === alice && d.status !== 'dnd'))).toEqual([]);
    expect(watcher.dispatches('PRESENCE_UPDATE', again).filter((d: any) => d.user.id === alice)).toEqual([]);
    friend.close();
    second.close();
    watcher.close();
  });
});
