// Issue 11 item 13: merging a provisional account into a full one deletes the provisional
// tokens — and ends the gateway sessions and local-client connections they opened (before, the
// session lived on and kept receiving). REST and the gateway both refuse the old token after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from './helpers/gateway_client';
import { IpcClient } from './helpers/ipc_client';
import { api, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const STEAM = 'STEAM_SESSION_TICKET';
let t: TestEmulator;
const gateways: GatewayClient[] = [];
const ipcs: IpcClient[] = [];

beforeAll(async () => {
  t = await startTestEmulator({ ipc: true });
  t.emu.control.setRateLimits(false);
});
afterAll(async () => {
  for (const client of gateways) client.close();
  for (const client of ipcs) client.close();
  await t?.close();
});

async function authorizationCode(userId: string): Promise<{ code: string; verifier: string }> {
  const { createHash, randomBytes } = await import('node:crypto');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  t.emu.control.setAutoApprove(userId);
  const url = new URL(`${t.emu.webBase}/oauth2/authorize`);
  for (const [k, v] of Object.entries({ response_type: 'code', client_id: SEED.applicationId, scope: 'sdk.social_layer', state: 's',
    redirect_uri: 'http://127.0.0.1/callback', code_challenge: challenge, code_challenge_method: 'S256' })) url.searchParams.set(k, v);
  const response = await fetch(url, { redirect: 'manual' });
  const location = new URL(response.headers.get('location')!);
  return { code: location.searchParams.get('code')!, verifier };
}

describe('a provisional merge ends what the provisional tokens opened', () => {
  it('closes the provisional gateway session (4004) and IPC connection (4003); the token is dead everywhere', async () => {
    const provisional = await api(t.emu, 'POST', '/partner-sdk/token', { body: { client_id: SEED.applicationId, external_auth_type: STEAM, external_auth_token: 'merge-sessions-1' } });
    expect(provisional.status).toBe(200);
    const token = provisional.body.access_token as string;

    const session = await GatewayClient.connect(t.gatewayUrl);
    gateways.push(session);
    await session.identifyUser(token);
    const { client: ipc } = await IpcClient.ready(t.emu.ipcPath!, SEED.applicationId);
    ipcs.push(ipc);
    expect((await ipc.command('AUTHENTICATE', { access_token: token })).evt).not.toBe('ERROR');

    const { code, verifier } = await authorizationCode(SEED.users.nelly);
    const exchanged = await fetch(`${t.emu.apiBase}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1/callback',
        client_id: SEED.applicationId, external_auth_type: STEAM, external_auth_token: 'merge-sessions-1' }),
    });
    expect(exchanged.status).toBe(200);

    expect((await session.closed).code).toBe(4004);
    expect((await ipc.ended).close).toMatchObject({ code: 4003 });
    expect((await api(t.emu, 'GET', '/users/@me', { auth: `Bearer ${token}` })).status).toBe(401);
    const again = await GatewayClient.connect(t.gatewayUrl);
    gateways.push(again);
    again.identify(`Bearer ${token}`);
    expect((await again.closed).code).toBe(4004);
  });
});
