// The internal event bus the gateway and IPC servers subscribe to: HTTP changes publish typed
// events (a declared BUS_EVENT_TYPES name) addressed to exactly the users they concern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_EVENT_TYPES, type BusEvent } from '../../lib/emulator/index';
import { SEED, bearer, start, type Started } from './helpers';

let started: Started;
const seen: BusEvent[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  started = await start();
  unsubscribe = started.emu.core.bus.subscribe((event) => seen.push(event));
});

afterAll(async () => {
  unsubscribe();
  await started.emu.close();
});

function take(type: BusEvent['type']): BusEvent[] {
  return seen.filter((e) => e.type === type);
}

describe('event bus', () => {
  it('lobby join, message, edit by moderation and leave publish to the lobby members only', async () => {
    const { nelly, alice } = SEED.users;
    const nellyToken = started.api.token(nelly);
    const aliceToken = started.api.token(alice);
    const lobby = (await started.api.put('/lobbies', { secret: 'bus-tour' }, bearer(nellyToken))).body;
    expect(take('LOBBY_CREATE').at(-1)).toMatchObject({ userIds: [nelly], applicationId: SEED.applicationId });

    await started.api.put('/lobbies', { secret: 'bus-tour' }, bearer(aliceToken));
    const added = take('LOBBY_MEMBER_ADD').at(-1)!;
    expect(added.userIds).toEqual([nelly]);
    expect(added.data).toMatchObject({ lobby_id: lobby.id, member: { id: alice } });

    const message = (await started.api.post(`/lobbies/${lobby.id}/messages`, { content: 'hi' }, bearer(aliceToken))).body;
    const created = take('LOBBY_MESSAGE_CREATE').at(-1)!;
    expect(new Set(created.userIds)).toEqual(new Set([nelly, alice]));
    expect(created.data).toMatchObject({ id: message.id, lobby_id: lobby.id, content: 'hi' });

    const moderated = await started.api.put(`/lobbies/${lobby.id}/messages/${message.id}/moderation-metadata`, { verdict: 'ok' }, started.api.bot);
    expect(moderated.status).toBe(204);
    expect(take('LOBBY_MESSAGE_UPDATE').at(-1)!.data).toMatchObject({ id: message.id, moderation_metadata: { verdict: 'ok' } });

    await started.api.delete(`/lobbies/${lobby.id}/members/@me`, bearer(aliceToken));
    const removed = take('LOBBY_MEMBER_REMOVE').at(-1)!;
    expect(new Set(removed.userIds)).toEqual(new Set([nelly, alice]));
  });

  it('a game DM publishes MESSAGE_CREATE to sender and recipient; a revoke publishes APPLICATION_DEAUTHORIZED to that user', async () => {
    const { bob, carol } = SEED.users;
    const login = await started.api.login(bob);
    const sent = await started.api.post(`/users/@me/dms/${carol}/messages`, { content: 'yo' }, bearer(login.access_token));
    expect(sent.status).toBe(200);
    const dm = take('MESSAGE_CREATE').at(-1)!;
    expect(new Set(dm.userIds)).toEqual(new Set([bob, carol]));
    expect(dm.data).toMatchObject({ id: sent.body.id, recipient_id: carol });

    const revoked = await started.api.form('/oauth2/token/revoke', { client_id: SEED.applicationId, token: login.access_token });
    expect(revoked.status).toBe(200);
    expect(take('APPLICATION_DEAUTHORIZED').at(-1)).toMatchObject({ userIds: [bob], applicationId: SEED.applicationId });
  });

  it('every event published along the way names a declared type', () => {
    expect(seen.length).toBeGreaterThan(5);
    for (const event of seen) expect(BUS_EVENT_TYPES).toContain(event.type);
  });
});
