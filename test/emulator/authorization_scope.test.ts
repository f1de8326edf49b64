// Who may use what (issue 11, items 14 and 15): invites are for their recipient and their
// application, a bot sees its own application's SKUs and moderates its own application's
// messages, and the history with a user who does not exist is an error, not an empty list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const { nelly, alice, erin } = SEED.users;
const GENERAL_TYPE = 0;

let t: TestEmulator;
const as = (token: string) => ({ auth: `Bearer ${token}` });
const childToken = (userId: string) => t.emu.control.issueToken(userId, ['sdk.social_layer'], SEED.childApplicationId).accessToken;
const childBot = () => `Bot ${t.emu.childApplication.botToken}`;
const parentBot = () => `Bot ${t.emu.application.botToken}`;

beforeAll(async () => {
  t = await startTestEmulator({ ipc: false });
  t.emu.control.setRateLimits(false);
});

afterAll(() => t?.close());

describe('activity invites', () => {
  it('a child application\'s token cannot accept the parent application\'s invite (no join secret)', async () => {
    const sent = await api(t.emu, 'POST', '/users/@me/activity-invites', { ...as(t.token(alice)), body: { recipient_id: nelly, type: 1, party_id: 'p-1', join_secret: 'parent-secret' } });
    expect(sent.status).toBe(200);
    const byChild = await api(t.emu, 'POST', `/users/@me/activity-invites/${sent.body.message_id}/accept`, as(childToken(nelly)));
    expect([byChild.status, byChild.body.code]).toEqual([403, 50001]);
    expect(JSON.stringify(byChild.body)).not.toContain('parent-secret');
    const byParent = await api(t.emu, 'POST', `/users/@me/activity-invites/${sent.body.message_id}/accept`, as(t.token(nelly)));
    expect(byParent.body).toEqual({ secret: 'parent-secret', application_id: SEED.applicationId });
  });
});

describe('lobby channel invites', () => {
  it('an invite made for one member is redeemed by that member only', async () => {
    const lobby = await api(t.emu, 'PUT', '/lobbies', { ...as(t.token(nelly)), body: { secret: 'invite-scope' } });
    const channel = t.emu.core.state.guilds.get(SEED.guildId)!.channels.find((c) => c.type === GENERAL_TYPE && !c.linkedLobbyId && c.overwrites.length === 0)!;
    expect((await api(t.emu, 'PATCH', `/lobbies/${lobby.body.id}/channel-linking`, { auth: parentBot(), body: { channel_id: channel.id } })).status).toBe(200);
    const invite = await api(t.emu, 'POST', `/lobbies/${lobby.body.id}/members/${nelly}/invites`, { auth: parentBot() });
    expect(invite.status).toBe(200);
    const stranger = await api(t.emu, 'POST', `/invites/${invite.body.code}`, as(t.token(erin)));
    expect([stranger.status, stranger.body.code]).toEqual([403, 50001]);
    const otherApp = await api(t.emu, 'POST', `/invites/${invite.body.code}`, as(childToken(nelly)));
    expect([otherApp.status, otherApp.body.code]).toEqual([404, 10006]);
    expect((await api(t.emu, 'POST', `/invites/${invite.body.code}`, as(t.token(nelly)))).status).toBe(200);
  });
});

describe('SKUs', () => {
  it('/applications/{id}/skus honours the id: another application\'s are not listed', async () => {
    const own = await api(t.emu, 'GET', `/applications/${SEED.applicationId}/skus`, { auth: parentBot() });
    expect(own.body.length).toBeGreaterThan(0);
    for (const [id, auth] of [[SEED.childApplicationId, parentBot()], [SEED.applicationId, childBot()]]) {
      const other = await api(t.emu, 'GET', `/applications/${id}/skus`, { auth });
      expect(other.status).toBe(200);
      expect(other.body).toEqual([]);
    }
  });
});

describe('direct message history', () => {
  it('with a user that does not exist is 404 Unknown User, not 200 []', async () => {
    const reply = await api(t.emu, 'GET', '/users/@me/dms/1234567890123456789/messages', as(t.token(nelly)));
    expect([reply.status, reply.body.code]).toEqual([404, 10013]);
    expect((await api(t.emu, 'GET', `/users/@me/dms/${erin}/messages`, as(t.token(nelly)))).body).toEqual([]);
  });
});

describe('moderation metadata is application-scoped', () => {
  it('a child application\'s bot cannot write it on a DM sent through the parent application', async () => {
    const sent = await api(t.emu, 'POST', `/users/@me/dms/${alice}/messages`, { ...as(t.token(nelly)), body: { content: 'moderate me' } });
    expect(sent.status).toBe(200);
    const path = `/partner-sdk/dms/${nelly}/${alice}/messages/${sent.body.id}/moderation-metadata`;
    const byChild = await api(t.emu, 'PUT', path, { auth: childBot(), body: { verdict: 'spam' } });
    expect([byChild.status, byChild.body.code]).toEqual([404, 10008]);
    const stored = () => t.emu.core.state.messages.get(sent.body.channel_id)!.find((m) => m.id === sent.body.id)!;
    expect(stored().moderationMetadata).toBeNull();
    expect((await api(t.emu, 'PUT', path, { auth: parentBot(), body: { verdict: 'ok' } })).status).toBe(204);
    expect(stored().moderationMetadata).toEqual({ verdict: 'ok' });
  });
});
