// Revoking a token ends the gateway sessions it opened (issue 11, item 13): a session opened with
// a child token ends (4004) when the parent token is revoked — REST already refused the child
// token then — and receives nothing afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, revokeToken, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const { nelly, alice } = SEED.users;

let t: TestEmulator;
const clients: GatewayClient[] = [];

async function session(token: string): Promise<GatewayClient> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  await client.identifyUser(token);
  return client;
}

const revoke = async (token: string) => expect(await revokeToken(t.emu, token)).toBe(200);

beforeAll(async () => {
  t = await startTestEmulator({ ipc: false });
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('revoking a token ends the gateway sessions it opened', () => {
  it('a child-token session ends with 4004 when the parent token is revoked, and gets no DM after', async () => {
    const parent = t.emu.control.issueToken(nelly).accessToken;
    const child = await api(t.emu, 'POST', '/partner-sdk/child-token', { body: { parent_access_token: parent, child_application_id: SEED.childApplicationId } });
    expect(child.status).toBe(200);
    const childSession = await session(child.body.access_token);
    const parentSession = await session(parent);

    await revoke(parent);
    expect((await parentSession.closed).code).toBe(4004);
    expect((await childSession.closed).code).toBe(4004);
    // REST agrees: the child token is dead.
    expect((await api(t.emu, 'GET', '/users/@me', { auth: `Bearer ${child.body.access_token}` })).status).toBe(401);

    const from = childSession.mark();
    const sent = await api(t.emu, 'POST', `/users/@me/dms/${nelly}/messages`, { auth: `Bearer ${t.token(alice)}`, body: { content: 'still there?' } });
    expect(sent.status).toBe(200);
    expect(childSession.dispatches('MESSAGE_CREATE', from)).toEqual([]);
  });

  it('a session of the same user with a token that still lives (another application) stays open', async () => {
    const doomed = t.emu.control.issueToken(alice).accessToken;
    const other = t.emu.control.issueToken(alice, ['sdk.social_layer'], SEED.childApplicationId).accessToken;
    const survivor = await session(other);
    const ended = await session(doomed);
    await revoke(doomed);
    expect((await ended.closed).code).toBe(4004);
    const from = survivor.mark();
    // Game DMs are application-scoped: the child application's DM reaches its session.
    const sender = t.emu.control.issueToken(nelly, ['sdk.social_layer'], SEED.childApplicationId).accessToken;
    const sent = await api(t.emu, 'POST', `/users/@me/dms/${alice}/messages`, { auth: `Bearer ${sender}`, body: { content: 'hello' } });
    expect(sent.status).toBe(200);
    expect(survivor.closeCode).toBeNull();
    await survivor.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === sent.body.id), { from });
  });
});
