// Relationships over HTTP (domain/relationships), step by step: a request is pending both ways
// and accepted by the other side's request; game friends beside service friends; removing a
// service friend removes the game friendship too; a block clears the other side (unless it
// blocked too) and stops requests both ways; a game relationship is never a block; nobody
// befriends themselves. Each change is a RELATIONSHIP_ADD / UPDATE / REMOVE to the user it
// concerns (none when nothing changed), and the list holds what is something. Fresh users per
// test, so the seeded friendships never interfere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const { None, Friend, Blocked, PendingIncoming: Incoming, PendingOutgoing: Outgoing } = { None: 0, Friend: 1, Blocked: 2, PendingIncoming: 3, PendingOutgoing: 4 };

let t: TestEmulator;
let events: BusEvent[] = [];
let named = 0;
const opened: GatewayClient[] = [];

beforeAll(async () => {
  t = await startTestEmulator({ ipc: false });
  t.emu.control.setRateLimits(false);
  t.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  for (const client of opened) client.close();
  await t.close();
});

const fresh = (prefix = 'rel_user') => String(t.emu.control.createUser({ username: `${prefix}_${++named}` }).id);
const as = (userId: string) => ({ auth: `Bearer ${t.token(userId)}` });
const base = (kind: 'service' | 'game') => (kind === 'service' ? '/users/@me/relationships' : '/users/@me/game-relationships');
const request = (from: string, to: string, kind: 'service' | 'game' = 'service') => api(t.emu, 'PUT', `${base(kind)}/${to}`, as(from));
const block = (from: string, to: string, kind: 'service' | 'game' = 'service') => api(t.emu, 'PUT', `${base(kind)}/${to}`, { ...as(from), body: { type: 2 } });
const remove = (from: string, to: string, kind: 'service' | 'game' = 'service') => api(t.emu, 'DELETE', `${base(kind)}/${to}`, as(from));
/** What `userId`'s list says of each other user: [other, type, game type]. */
const list = async (userId: string) =>
  ((await api(t.emu, 'GET', '/users/@me/relationships', as(userId))).body as any[]).map((r) => [r.id, r.type, r.game_relationship_type]);

/** Runs `step` and returns the relationship events it caused: [event, to, about, type, game type]. */
async function eventsOf(step: () => Promise<{ status: number }>, status = 204): Promise<Array<[string, string, string, number, number]>> {
  const from = events.length;
  expect((await step()).status).toBe(status);
  return events
    .slice(from)
    .filter((e) => e.type.startsWith('RELATIONSHIP_'))
    .map((e) => [e.type, e.userIds![0], e.data.id as string, e.data.type as number, e.data.game_relationship_type as number]);
}

describe('service friends', () => {
  it('a request is pending both ways (ADD), the other side accepts (UPDATE), a request between friends changes nothing', async () => {
    const [a, b] = [fresh(), fresh()];
    expect(await eventsOf(() => request(a, b))).toEqual([
      ['RELATIONSHIP_ADD', a, b, Outgoing, None],
      ['RELATIONSHIP_ADD', b, a, Incoming, None],
    ]);
    expect(await list(a)).toEqual([[b, Outgoing, None]]);
    expect(await eventsOf(() => request(b, a))).toEqual([
      ['RELATIONSHIP_UPDATE', b, a, Friend, None],
      ['RELATIONSHIP_UPDATE', a, b, Friend, None],
    ]);
    expect((await request(a, b)).status).toBe(204); // already friends: stays so
    expect(await list(a)).toEqual([[b, Friend, None]]);
    expect(await list(b)).toEqual([[a, Friend, None]]);
    const made = (await api(t.emu, 'GET', '/users/@me/relationships', as(a))).body[0];
    expect(made.is_spam_request).toBe(false);
    expect((await api(t.emu, 'GET', '/users/@me/relationships', as(b))).body[0].is_spam_request).toBe(false);
  });

  it('by username: the person with it (not a bot); 80000 for a bot or nobody', async () => {
    const a = fresh();
    const b = fresh('rel_named');
    const username = t.emu.core.user(b)!.username;
    expect(await eventsOf(() => api(t.emu, 'POST', '/users/@me/relationships', { ...as(a), body: { username } }))).toEqual([
      ['RELATIONSHIP_ADD', a, b, Outgoing, None],
      ['RELATIONSHIP_ADD', b, a, Incoming, None],
    ]);
    const botName = t.emu.core.user(SEED.botUserId)!.username;
    for (const name of [botName, 'nobody_has_this']) {
      const reply = await api(t.emu, 'POST', '/users/@me/relationships', { ...as(a), body: { username: name } });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe(80000);
    }
    expect(await list(a)).toEqual([[b, Outgoing, None]]);
  });

  it('nobody befriends themselves (80004)', async () => {
    const a = fresh();
    for (const kind of ['service', 'game'] as const) {
      const reply = await request(a, a, kind);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe(80004);
    }
    expect(await list(a)).toEqual([]);
  });
});

describe('game friends', () => {
  it('beside a service friendship (UPDATE each step); removing the game friend keeps the service one', async () => {
    const [a, b] = [fresh(), fresh()];
    await request(a, b);
    await request(b, a);
    expect(await eventsOf(() => request(a, b, 'game'))).toEqual([
      ['RELATIONSHIP_UPDATE', a, b, Friend, Outgoing],
      ['RELATIONSHIP_UPDATE', b, a, Friend, Incoming],
    ]);
    expect(await eventsOf(() => request(b, a, 'game'))).toEqual([
      ['RELATIONSHIP_UPDATE', b, a, Friend, Friend],
      ['RELATIONSHIP_UPDATE', a, b, Friend, Friend],
    ]);
    expect(await eventsOf(() => remove(a, b, 'game'))).toEqual([
      ['RELATIONSHIP_UPDATE', a, b, Friend, None],
      ['RELATIONSHIP_UPDATE', b, a, Friend, None],
    ]);
  });

  it('a game friend alone is listed; a service request then is an UPDATE; removing the service friend removes both (REMOVE)', async () => {
    const [a, b] = [fresh(), fresh()];
    expect(await eventsOf(() => request(a, b, 'game'))).toEqual([
      ['RELATIONSHIP_ADD', a, b, None, Outgoing],
      ['RELATIONSHIP_ADD', b, a, None, Incoming],
    ]);
    expect(await eventsOf(() => request(b, a, 'game'))).toEqual([
      ['RELATIONSHIP_UPDATE', b, a, None, Friend],
      ['RELATIONSHIP_UPDATE', a, b, None, Friend],
    ]);
    expect(await list(a)).toEqual([[b, None, Friend]]);
    expect(await eventsOf(() => request(a, b))).toEqual([
      ['RELATIONSHIP_UPDATE', a, b, Outgoing, Friend],
      ['RELATIONSHIP_UPDATE', b, a, Incoming, Friend],
    ]);
    await request(b, a);
    expect(await eventsOf(() => remove(a, b))).toEqual([
      ['RELATIONSHIP_REMOVE', a, b, None, None],
      ['RELATIONSHIP_REMOVE', b, a, None, None],
    ]);
    expect(await list(a)).toEqual([]);
    expect(await list(b)).toEqual([]);
    // Nothing left to remove: no event.
    expect(await eventsOf(() => remove(a, b))).toEqual([]);
    expect(await eventsOf(() => remove(a, b, 'game'))).toEqual([]);
  });

  it('a game relationship is never a block (50035)', async () => {
    const [a, b] = [fresh(), fresh()];
    const reply = await block(a, b, 'game');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(50035);
    expect(await list(a)).toEqual([]);
  });
});

describe('blocks', () => {
  it('a block ends the friendships (the other side: REMOVE) and stops requests both ways (80001)', async () => {
    const [a, b] = [fresh(), fresh()];
    await request(a, b);
    await request(b, a);
    await request(a, b, 'game');
    await request(b, a, 'game');
    expect(await eventsOf(() => block(a, b))).toEqual([
      ['RELATIONSHIP_UPDATE', a, b, Blocked, None],
      ['RELATIONSHIP_REMOVE', b, a, None, None],
    ]);
    for (const [from, to] of [[a, b], [b, a]]) {
      const refused = await request(from, to);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(80001);
    }
    expect(await list(a)).toEqual([[b, Blocked, None]]);
    expect(await list(b)).toEqual([]);
  });

  it("blocking someone who blocked you keeps their block; removing yours keeps theirs", async () => {
    const [a, b] = [fresh(), fresh()];
    await block(b, a);
    expect((await block(a, b)).status).toBe(204);
    expect(await list(a)).toEqual([[b, Blocked, None]]);
    expect(await list(b)).toEqual([[a, Blocked, None]]);
    expect((await eventsOf(() => remove(a, b))).filter(([, to]) => to === a)).toEqual([['RELATIONSHIP_REMOVE', a, b, None, None]]);
    expect(await list(a)).toEqual([]);
    expect(await list(b)).toEqual([[a, Blocked, None]]);
    expect((await remove(b, a, 'game')).status).toBe(204);
    expect(await list(b)).toEqual([[a, Blocked, None]]);
  });

  it('removing a game relationship does not lift a block; removing the service one does', async () => {
    const [a, b] = [fresh(), fresh()];
    await block(a, b);
    expect((await remove(a, b, 'game')).status).toBe(204);
    expect(await list(a)).toEqual([[b, Blocked, None]]);
    expect(await eventsOf(() => remove(a, b))).toEqual([['RELATIONSHIP_REMOVE', a, b, None, None]]);
    expect(await list(a)).toEqual([]);
    expect(await eventsOf(() => request(a, b))).toEqual([
      ['RELATIONSHIP_ADD', a, b, Outgoing, None],
      ['RELATIONSHIP_ADD', b, a, Incoming, None],
    ]);
  });
});

describe('friends and presence', () => {
  it("a user's presence goes to its service friends only: not to pending, game-only, blocked or former friends", async () => {
    const [me, friend, pending, gameOnly, former, blocked] = [fresh(), fresh(), fresh(), fresh(), fresh(), fresh()];
    await request(me, friend);
    await request(friend, me);
    await request(me, pending);
    await request(me, gameOnly, 'game');
    await request(gameOnly, me, 'game');
    await request(me, former);
    await request(former, me);
    await remove(former, me);
    await block(me, blocked);
    const client = await GatewayClient.connect(t.gatewayUrl);
    opened.push(client);
    const from = events.length;
    const mark = client.mark();
    client.identify(`Bearer ${t.token(me)}`);
    await client.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === me), { from: mark });
    const update = events.slice(from).find((e) => e.type === 'PRESENCE_UPDATE' && (e.data.user as { id: string }).id === me)!;
    expect([...update.userIds!].sort()).toEqual([me, friend].sort());
  });
});
