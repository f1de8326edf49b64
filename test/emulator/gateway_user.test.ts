// What the SDK gets from the gateway as a user, over loopback: lobby and lobby-member lifecycle,
// lobby messages, game direct messages, presence updates and activity invites — each to exactly
// the users (and the application) it concerns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const { nelly, alice, bob, erin } = SEED.users;

let t: TestEmulator;
const clients: GatewayClient[] = [];
let sessions: Record<'nelly' | 'alice' | 'bob' | 'erin', GatewayClient>;

async function userSession(token: string): Promise<GatewayClient> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  await client.identifyUser(token);
  return client;
}

const as = (userId: string) => ({ auth: `Bearer ${t.token(userId)}` });

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
  sessions = {
    nelly: await userSession(t.token(nelly)),
    alice: await userSession(t.token(alice)),
    bob: await userSession(t.token(bob)),
    erin: await userSession(t.token(erin)),
  };
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('lobbies', () => {
  it('create, member add/update/remove, update and delete reach the members, in order, and nobody else', async () => {
    const { nelly: n, alice: a, bob: b } = sessions;
    // A session of the same user in another application must not hear about this one's lobbies.
    const childToken = t.emu.control.issueToken(nelly, ['openid', 'sdk.social_layer'], SEED.childApplicationId).accessToken;
    const child = await userSession(childToken);
    const start = { n: n.mark(), a: a.mark(), b: b.mark(), child: child.mark() };

    const created = await api(t.emu, 'PUT', '/lobbies', { ...as(nelly), body: { secret: 'lifecycle', lobby_metadata: { mode: 'duo' } } });
    expect(created.status).toBe(200);
    const lobbyId = created.body.id;
    const nCreate = (await n.waitFor(dispatchOf('LOBBY_CREATE', (d) => d.id === lobbyId), { from: start.n })).d;
    expect(nCreate).toMatchObject({ id: lobbyId, application_id: SEED.applicationId, metadata: { mode: 'duo' } });
    expect(nCreate.members.map((m: any) => m.id)).toEqual([nelly]);

    await api(t.emu, 'PUT', '/lobbies', { ...as(alice), body: { secret: 'lifecycle' } });
    const aCreate = (await a.waitFor(dispatchOf('LOBBY_CREATE', (d) => d.id === lobbyId), { from: start.a })).d;
    expect(aCreate.members.map((m: any) => m.id)).toEqual([nelly, alice]);
    const added = (await n.waitFor(dispatchOf('LOBBY_MEMBER_ADD'), { from: start.n })).d;
    expect(added).toMatchObject({ lobby_id: lobbyId, member: { id: alice } });

    await api(t.emu, 'PATCH', `/lobbies/${lobbyId}`, { auth: bot(t.emu), body: { metadata: { mode: 'squad' } } });
    for (const client of [n, a]) {
      expect((await client.waitFor(dispatchOf('LOBBY_UPDATE', (d) => d.id === lobbyId))).d.metadata).toEqual({ mode: 'squad' });
    }

    await api(t.emu, 'PUT', `/lobbies/${lobbyId}/members/${alice}`, { auth: bot(t.emu), body: { metadata: { role: 'healer' }, additional_name: 'Mira' } });
    for (const client of [n, a]) {
      const update = (await client.waitFor(dispatchOf('LOBBY_MEMBER_UPDATE', (d) => d.lobby_id === lobbyId))).d;
      expect(update.member).toMatchObject({ id: alice, metadata: { role: 'healer' }, additional_name: 'Mira' });
    }

    const left = await api(t.emu, 'DELETE', `/lobbies/${lobbyId}/members/@me`, as(alice));
    expect(left.status).toBeLessThan(300);
    expect((await n.waitFor(dispatchOf('LOBBY_MEMBER_REMOVE', (d) => d.lobby_id === lobbyId))).d.member.id).toBe(alice);
    expect((await a.waitFor(dispatchOf('LOBBY_DELETE', (d) => d.id === lobbyId))).d.id).toBe(lobbyId);

    await api(t.emu, 'DELETE', `/lobbies/${lobbyId}`, { auth: bot(t.emu) });
    await n.waitFor(dispatchOf('LOBBY_DELETE', (d) => d.id === lobbyId));

    const lobbyEvents = (client: GatewayClient, from: number) =>
      client.received.slice(from).filter((p) => p.op === 0 && String(p.t).startsWith('LOBBY_')).map((p) => p.t);
    expect(lobbyEvents(n, start.n)).toEqual(['LOBBY_CREATE', 'LOBBY_MEMBER_ADD', 'LOBBY_UPDATE', 'LOBBY_MEMBER_UPDATE', 'LOBBY_MEMBER_REMOVE', 'LOBBY_DELETE']);
    expect(lobbyEvents(a, start.a)).toEqual(['LOBBY_CREATE', 'LOBBY_UPDATE', 'LOBBY_MEMBER_UPDATE', 'LOBBY_MEMBER_REMOVE', 'LOBBY_DELETE']);
    expect(lobbyEvents(b, start.b)).toEqual([]);
    expect(lobbyEvents(child, start.child)).toEqual([]);
  });

  it('LOBBY_MESSAGE_CREATE / UPDATE / DELETE reach every member', async () => {
    const { nelly: n, alice: a, bob: b } = sessions;
    const fromB = b.mark();
    const created = await api(t.emu, 'PUT', '/lobbies', { ...as(nelly), body: { secret: 'chat' } });
    const lobbyId = created.body.id;
    await api(t.emu, 'PUT', '/lobbies', { ...as(alice), body: { secret: 'chat' } });
    const from = { n: n.mark(), a: a.mark() };

    const posted = await api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { ...as(nelly), body: { content: 'gg', metadata: { k: 'v' } } });
    expect(posted.status).toBe(200);
    const messageId = posted.body.id;
    for (const [client, mark] of [[n, from.n], [a, from.a]] as const) {
      const message = (await client.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.id === messageId), { from: mark })).d;
      expect(message).toMatchObject({ id: messageId, lobby_id: lobbyId, content: 'gg', author: { id: nelly }, metadata: { k: 'v' }, application_id: SEED.applicationId });
    }

    const moderated = await api(t.emu, 'PUT', `/lobbies/${lobbyId}/messages/${messageId}/moderation-metadata`, { auth: bot(t.emu), body: { verdict: 'ok' } });
    expect(moderated.status).toBeLessThan(300);
    for (const client of [n, a]) {
      const update = (await client.waitFor(dispatchOf('LOBBY_MESSAGE_UPDATE', (d) => d.id === messageId))).d;
      expect(update.moderation_metadata).toEqual({ verdict: 'ok' });
    }

    t.emu.control.deleteLobbyMessage(lobbyId, messageId);
    for (const client of [n, a]) {
      expect((await client.waitFor(dispatchOf('LOBBY_MESSAGE_DELETE', (d) => d.id === messageId))).d).toMatchObject({ id: messageId, lobby_id: lobbyId });
    }
    expect(b.received.slice(fromB).some((p) => String(p.t).startsWith('LOBBY_MESSAGE_'))).toBe(false);
  });
});

describe('direct messages', () => {
  it('MESSAGE_CREATE / UPDATE / DELETE reach the author and the recipient only', async () => {
    const { nelly: n, alice: a, bob: b } = sessions;
    const fromB = b.mark();
    const sent = await api(t.emu, 'POST', `/users/@me/dms/${alice}/messages`, { ...as(nelly), body: { content: 'hi alice' } });
    expect(sent.status).toBe(200);
    const id = sent.body.id;
    for (const client of [n, a]) {
      const message = (await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === id))).d;
      expect(message).toMatchObject({ id, content: 'hi alice', author: { id: nelly }, recipient_id: alice });
    }
    const edited = await api(t.emu, 'PATCH', `/users/@me/dms/${alice}/messages/${id}`, { ...as(nelly), body: { content: 'hi Alice' } });
    expect(edited.status).toBe(200);
    for (const client of [n, a]) {
      const message = (await client.waitFor(dispatchOf('MESSAGE_UPDATE', (d) => d.id === id))).d;
      expect(message.content).toBe('hi Alice');
      expect(message.edited_timestamp).not.toBeNull();
    }
    const deleted = await api(t.emu, 'DELETE', `/users/@me/dms/${alice}/messages/${id}`, as(nelly));
    expect(deleted.status).toBeLessThan(300);
    for (const client of [n, a]) {
      expect((await client.waitFor(dispatchOf('MESSAGE_DELETE', (d) => d.id === id))).d).toMatchObject({ id, author_id: nelly, recipient_id: alice });
    }
    expect(b.received.slice(fromB).some((p) => /^MESSAGE_/.test(String(p.t)))).toBe(false);
  });
});

describe('presence and activity invites', () => {
  it('a presence update (op 3) reaches the user\'s friends as PRESENCE_UPDATE, not strangers', async () => {
    const { nelly: n, alice: a, erin: e } = sessions;
    const from = { a: a.mark(), e: e.mark() };
    n.send({ op: 3, d: { status: 'dnd', activities: [{ name: 'Raid', type: 0, state: 'In a group', details: '' }], since: null, afk: false } });
    const presence = (await a.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === nelly), { from: from.a })).d;
    expect(presence.status).toBe('dnd');
    expect(presence.activities).toEqual([expect.objectContaining({ name: 'Raid', type: 0, state: 'In a group', application_id: SEED.applicationId })]);
    // Empty keys are omitted.
    expect(presence.activities[0]).not.toHaveProperty('details');
    expect(await e.collectFor(100, dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === nelly))).toEqual([]);
    expect(e.dispatches('PRESENCE_UPDATE', from.e)).toEqual([]);
  });

  it('an invisible user looks offline to friends', async () => {
    const { nelly: n, alice: a } = sessions;
    const from = a.mark();
    n.send({ op: 3, d: { status: 'invisible', activities: [{ name: 'Hidden', type: 0 }], since: null, afk: false } });
    const presence = (await a.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === nelly), { from })).d;
    expect(presence).toMatchObject({ status: 'offline', activities: [] });
  });

  it('ACTIVITY_INVITE_CREATE reaches the invited user with the sender, the party and the DM carrying it', async () => {
    const { nelly: n, bob: b } = sessions;
    const from = { n: n.mark(), b: b.mark() };
    const sent = await api(t.emu, 'POST', '/users/@me/activity-invites', {
      ...as(alice),
      body: { recipient_id: nelly, type: 1, party_id: 'party-7', join_secret: 'secret-7', content: 'join us' },
    });
    expect(sent.status).toBe(200);
    const invite = (await n.waitFor(dispatchOf('ACTIVITY_INVITE_CREATE'), { from: from.n })).d;
    expect(invite).toMatchObject({ sender_id: alice, type: 1, party_id: 'party-7', application_id: SEED.applicationId, is_valid: true, message_id: sent.body.message_id });
    const carrier = (await n.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === invite.message_id), { from: from.n })).d;
    expect(carrier.activity_invite).toMatchObject({ type: 1, party_id: 'party-7' });
    expect(b.dispatches('ACTIVITY_INVITE_CREATE', from.b)).toEqual([]);
  });
});
