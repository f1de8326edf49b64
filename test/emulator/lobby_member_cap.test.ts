// A lobby holds at most 1000 members (limits.h kMaxLobbyMembersCount), on every path that adds
// one: a bot's PUT /lobbies/{id}/members/{user}, its bulk request, and a user joining by secret
// (PUT /lobbies). Each path at the cap (the 1000th gets in) and one over (the 1001st is refused
// with 30000 and nothing changes). The lobbies are filled up to just below the cap through the
// emulator's state, so each case costs a handful of requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../lib/limits.generated';
import type { Lobby } from '../../lib/emulator/model/types';
import { Api, bearer, SEED, start, type Started } from './helpers';

const CAP = Limits.MaxLobbyMembersCount;
let s: Started;
let api: Api;
/** The first SPARE users knock on doors; fillTo takes the others, from the end. */
const SPARE = 100;
const users: string[] = [];
let next = 0;
function fresh(): string {
  if (next >= SPARE) throw new Error('out of spare users: raise SPARE');
  return users[next++];
}
let secrets = 0;

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  for (let i = 0; i < CAP + SPARE; i++) users.push(String(s.emu.control.createUser({ username: `cap_member_${i}` }).id));
});
afterAll(async () => s.emu.close());

function state(lobbyId: string): Lobby {
  return s.emu.core.state.lobbies.get(lobbyId)!;
}

/** Fills the lobby with users nobody else uses until it has `count` members. */
function fillTo(lobbyId: string, count: number): void {
  const lobby = state(lobbyId);
  const taken = new Set(lobby.members.map((m) => m.id));
  for (let i = users.length - 1; lobby.members.length < count; i--) {
    if (taken.has(users[i])) continue;
    lobby.members.push({ id: users[i], metadata: null, flags: 0, additionalName: null, connected: false });
  }
  expect(lobby.members).toHaveLength(count);
}

/** A bot's lobby with `count` members. */
async function botLobby(count: number): Promise<string> {
  const created = await api.post('/lobbies', {}, api.bot);
  expect(created.status).toBe(200);
  fillTo(created.body.id, count);
  return created.body.id;
}

/** A lobby made by a user's secret, with `count` members; returns its id and secret. */
async function secretLobby(count: number): Promise<{ id: string; secret: string }> {
  const secret = `cap-${++secrets}`;
  const created = await api.put('/lobbies', { secret, lobby_metadata: { round: '1' } }, bearer(api.token(SEED.users.nelly)));
  expect(created.status).toBe(200);
  fillTo(created.body.id, count);
  return { id: created.body.id, secret };
}

function expectFull(reply: { status: number; body: { code?: number; message?: string } }): void {
  expect([reply.status, reply.body.code]).toEqual([400, 30000]);
  expect(reply.body.message).toMatch(/Maximum number of lobby members reached \(1000\)/);
}

const putMember = (lobbyId: string, userId: string) => api.put(`/lobbies/${lobbyId}/members/${userId}`, { metadata: { seat: 'x' } }, api.bot);
const bulk = (lobbyId: string, items: unknown[]) => api.post(`/lobbies/${lobbyId}/members/bulk`, items, api.bot);

describe('PUT /lobbies/{id}/members/{user}', () => {
  it('the 1000th member gets in, the 1001st is refused with 30000', async () => {
    const id = await botLobby(CAP - 1);
    const thousandth = fresh();
    expect((await putMember(id, thousandth)).status).toBe(200);
    expect(state(id).members).toHaveLength(CAP);
    const over = fresh();
    expectFull(await putMember(id, over));
    expect(state(id).members).toHaveLength(CAP);
    expect(state(id).members.some((m) => m.id === over)).toBe(false);
  });

  it('a full lobby still updates the members it has', async () => {
    const id = await botLobby(CAP);
    const member = state(id).members[0].id;
    const updated = await putMember(id, member);
    expect(updated.status).toBe(200);
    expect(updated.body.metadata).toEqual({ seat: 'x' });
  });
});

describe('PUT /lobbies: joining by secret', () => {
  it('the 1000th member joins, the 1001st is refused with 30000 and its lobby_metadata is not applied', async () => {
    const lobby = await secretLobby(CAP - 1);
    const thousandth = fresh();
    const joined = await api.put('/lobbies', { secret: lobby.secret }, bearer(api.token(thousandth)));
    expect(joined.status).toBe(200);
    expect(joined.body.members).toHaveLength(CAP);
    const over = fresh();
    expectFull(await api.put('/lobbies', { secret: lobby.secret, lobby_metadata: { round: '2' } }, bearer(api.token(over))));
    expect(state(lobby.id).members).toHaveLength(CAP);
    expect(state(lobby.id).metadata).toEqual({ round: '1' });
  });

  it('a member of a full lobby joins again (idempotent) and may update its metadata', async () => {
    const lobby = await secretLobby(CAP);
    const again = await api.put('/lobbies', { secret: lobby.secret, member_metadata: { ready: 'yes' } }, bearer(api.token(SEED.users.nelly)));
    expect(again.status).toBe(200);
    expect(again.body.members).toHaveLength(CAP);
  });
});

describe('POST /lobbies/{id}/members/bulk', () => {
  const add = (id: string) => ({ id });

  it('25 new members reaching exactly 1000 get in; 25 reaching 1001 are refused and none is added', async () => {
    const atCap = await botLobby(CAP - Limits.MaxBulkLobbyMembersCount);
    const fits = Array.from({ length: Limits.MaxBulkLobbyMembersCount }, () => add(fresh()));
    const accepted = await bulk(atCap, fits);
    expect(accepted.status).toBe(200);
    expect(state(atCap).members).toHaveLength(CAP);

    const overCap = await botLobby(CAP - Limits.MaxBulkLobbyMembersCount + 1);
    const before = state(overCap).members.map((m) => ({ ...m }));
    const tooMany = Array.from({ length: Limits.MaxBulkLobbyMembersCount }, () => add(fresh()));
    expectFull(await bulk(overCap, tooMany));
    expect(state(overCap).members).toEqual(before);
  });

  it('all or nothing: an update listed before the refused add is not applied either', async () => {
    const id = await botLobby(CAP);
    const member = state(id).members[0].id;
    expectFull(await bulk(id, [{ id: member, metadata: { changed: 'yes' } }, add(fresh())]));
    expect(state(id).members.find((m) => m.id === member)?.metadata).toBeNull();
  });

  it('a removal frees its place for an add after it, not for one before it', async () => {
    const id = await botLobby(CAP);
    const [first, second] = state(id).members.map((m) => m.id);
    const newcomer = fresh();
    expectFull(await bulk(id, [add(newcomer), { id: first, remove_member: true }]));
    expect(state(id).members.some((m) => m.id === first)).toBe(true);
    const swapped = await bulk(id, [{ id: second, remove_member: true }, add(newcomer)]);
    expect(swapped.status).toBe(200);
    expect(state(id).members).toHaveLength(CAP);
    expect(state(id).members.some((m) => m.id === newcomer)).toBe(true);
  });

  it('a full lobby takes a bulk request that only updates its members', async () => {
    const id = await botLobby(CAP);
    const member = state(id).members[1].id;
    expect((await bulk(id, [{ id: member, flags: 1 }])).status).toBe(200);
  });
});
