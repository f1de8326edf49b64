// Bad input on the gateway, table-driven: each row does what a broken or hostile client might,
// expects the close code of docs/protocols/gateway.md, and checks that another identified session keeps
// being served (heartbeat ACKs and dispatches) and new connections still get Hello.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GUILDS = 1 << 0;
const MESSAGE_CONTENT = 1 << 15;

let t: TestEmulator;
let bystander: GatewayClient;
let lobbyId: string;
const opened: GatewayClient[] = [];

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
  // The bystander is in a lobby with alice, who posts after each row.
  lobbyId = (await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(SEED.users.alice)}`, body: { secret: 'bystander' } })).body.id;
  await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(SEED.users.nelly)}`, body: { secret: 'bystander' } });
  bystander = await GatewayClient.connect(t.gatewayUrl);
  await bystander.identifyUser(t.token(SEED.users.nelly));
});

afterAll(async () => {
  bystander.close();
  for (const client of opened) client.close();
  await t.close();
});

const userToken = () => `Bearer ${t.token(SEED.users.bob)}`;
const identifyUser = (c: GatewayClient) => c.identify(userToken());
const ready = (c: GatewayClient) => c.waitFor(dispatchOf('READY'));

interface Row {
  name: string;
  /** Query string of the connection (default v=10&encoding=json). */
  query?: string;
  run(client: GatewayClient): Promise<void> | void;
  close: number;
}

const rows: Row[] = [
  { name: 'bad JSON', run: (c) => c.send('{"op": 1, "d":'), close: 4002 },
  { name: 'JSON that is not an object', run: (c) => c.send('[1, 2]'), close: 4002 },
  { name: 'a payload without op', run: (c) => c.send({ d: null }), close: 4002 },
  { name: 'a binary frame', run: (c) => c.ws.send(Buffer.from([1, 2, 3])), close: 4002 },
  { name: 'an unknown op', run: (c) => c.send({ op: 99, d: null }), close: 4001 },
  { name: 'an unknown op after identify', run: async (c) => (identifyUser(c), await ready(c), c.send({ op: 5, d: {} })), close: 4001 },
  { name: 'Request Guild Members before identify', run: (c) => c.send({ op: 8, d: { guild_id: SEED.guildId, query: '', limit: 0 } }), close: 4003 },
  { name: 'a presence update before identify', run: (c) => c.send({ op: 3, d: { status: 'online', activities: [] } }), close: 4003 },
  { name: 'Request Channel Info before identify', run: (c) => c.send({ op: 43, d: { guild_id: SEED.guildId } }), close: 4003 },
  { name: 'identify with a bad token', run: (c) => c.identify('Bearer definitely-not-a-token'), close: 4004 },
  { name: 'identify without a token', run: (c) => c.send({ op: 2, d: { properties: {} } }), close: 4004 },
  { name: 'identify twice', run: async (c) => (identifyUser(c), await ready(c), identifyUser(c)), close: 4005 },
  { name: 'resume after identify', run: async (c) => (identifyUser(c), await ready(c), c.send({ op: 6, d: { token: userToken(), session_id: 'x', seq: 1 } })), close: 4005 },
  { name: 'a heartbeat acknowledging a seq never sent', run: async (c) => (identifyUser(c), await ready(c), c.heartbeat(50)), close: 4007 },
  {
    name: 'heartbeats out of order (seq going backwards)',
    run: async (c) => {
      identifyUser(c);
      await ready(c);
      const from = c.mark();
      c.heartbeat(1);
      await c.waitFor((p) => p.op === 11, { from });
      c.heartbeat(0);
    },
    close: 4007,
  },
  { name: 'a heartbeat whose d is not a number', run: (c) => c.send({ op: 1, d: 'seven' }), close: 4002 },
  { name: 'more than 120 events in 60 s', run: (c) => { for (let i = 0; i < 121; i++) c.heartbeat(null); }, close: 4008 },
  { name: 'an unsupported API version', query: 'v=8&encoding=json', run: () => undefined, close: 4012 },
  { name: 'an unsupported encoding', query: 'v=10&encoding=etf', run: () => undefined, close: 4002 },
  { name: 'a bot identify without intents', run: (c) => c.identify(`Bot ${t.emu.application.botToken}`), close: 4013 },
  { name: 'a bot identify with intents out of range', run: (c) => c.identify(`Bot ${t.emu.application.botToken}`, { intents: 2 ** 40 }), close: 4013 },
  { name: 'a bot identify with a privileged intent not granted (MESSAGE_CONTENT)', run: (c) => c.identify(`Bot ${t.emu.application.botToken}`, { intents: GUILDS | MESSAGE_CONTENT }), close: 4014 },
  { name: 'an invalid shard', run: (c) => c.identify(`Bot ${t.emu.application.botToken}`, { intents: GUILDS, shard: [1, 1] }), close: 4010 },
  { name: 'a message over 16 KiB', run: (c) => c.send({ op: 1, d: null, pad: 'x'.repeat(17 * 1024) }), close: 1009 },
];

describe('bad input on the gateway', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const expectsHello = row.query === undefined;
    const client = await GatewayClient.connect(`${t.emu.gatewayUrl}?${row.query ?? 'v=10&encoding=json'}`, { waitHello: expectsHello });
    opened.push(client);
    await row.run(client);
    const { code } = await client.closed;
    expect(code).toBe(row.close);

    // The identified bystander keeps being served: a heartbeat ACK and a dispatch.
    let from = bystander.mark();
    bystander.heartbeat();
    await bystander.waitFor((p) => p.op === 11, { from });
    from = bystander.mark();
    const posted = await api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth: `Bearer ${t.token(SEED.users.alice)}`, body: { content: row.name } });
    expect(posted.status).toBe(200);
    await bystander.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.content === row.name), { from });
    expect(bystander.closeCode).toBeNull();
    // And a new connection still gets Hello.
    const fresh = await GatewayClient.connect(t.gatewayUrl);
    opened.push(fresh);
    expect(fresh.received[0].op).toBe(10);
    fresh.close();
  });
});
