// Issue 11 item 13 (IPC side): a game connected to the local chat client and AUTHENTICATEd with
// a token that is then revoked is cut off (docs/protocols/http.md: close 4003, token revoked), as the
// gateway ends that token's sessions; a connection authenticated with another, live token and a
// connection that never authenticated stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcClient } from './helpers/ipc_client';
import { revokeToken, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const { nelly, alice } = SEED.users;
let t: TestEmulator;
const clients: IpcClient[] = [];

beforeAll(async () => {
  t = await startTestEmulator({ ipc: true });
  t.emu.control.setRateLimits(false);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

async function game(token?: string): Promise<IpcClient> {
  const { client } = await IpcClient.ready(t.emu.ipcPath!, SEED.applicationId);
  clients.push(client);
  if (token) {
    const reply = await client.command('AUTHENTICATE', { access_token: token });
    expect(reply.evt).not.toBe('ERROR');
  }
  return client;
}

const revoke = async (token: string) => expect(await revokeToken(t.emu, token)).toBe(200);

describe('revoking a token closes the IPC connections it authenticated', () => {
  it('closes with 4003 the connection of the revoked token only', async () => {
    const revoked = t.emu.control.issueToken(nelly).accessToken;
    const other = t.emu.control.issueToken(alice).accessToken;
    const victim = await game(revoked);
    const bystander = await game(other);
    const anonymous = await game();

    await revoke(revoked);
    const { close } = await victim.ended;
    expect(close).toMatchObject({ code: 4003 });
    // The others still answer.
    expect((await bystander.command('GET_USER', { id: alice })).evt).not.toBe('ERROR');
    expect(await anonymous.ping()).toBeTruthy();
    // And the revoked token cannot authenticate again.
    const again = await game();
    const reply = await again.command('AUTHENTICATE', { access_token: revoked });
    expect(reply.evt).toBe('ERROR');
  });
});
