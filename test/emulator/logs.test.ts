// Secrets (tokens, refresh tokens, codes, verifiers, device codes, client secrets, bot tokens,
// external identity tokens) never appear in the emulator's log lines: every flow that handles one
// runs here with a collecting `log`, including the paths that do log (deauthorization, bans,
// webhook give-ups, idle lobbies), and every collected line is searched for every secret seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, MINUTE, Receiver, SEED, start, until, type Started } from './helpers';

let s: Started;
let api: Api;
const secrets = new Set<string>();
const remember = (...values: Array<string | undefined | null>) => {
  for (const value of values) if (value && value.length >= 6) secrets.add(value);
};

beforeAll(async () => {
  s = await start();
  api = s.api;
  remember(s.emu.application.clientSecret, s.emu.application.botToken, s.emu.childApplication.clientSecret, s.emu.childApplication.botToken);
});
afterAll(async () => s.emu.close());

function leaks(): string[] {
  const hits: string[] = [];
  for (const secret of secrets) {
    for (const line of s.logs) if (line.includes(secret)) hits.push(`${secret.slice(0, 8)}… in "${line.slice(0, 80)}"`);
  }
  return hits;
}

describe('no secret in any log line', () => {
  it('OAuth2, refresh, revoke, device flow, provisional accounts, merges, child tokens, bans', async () => {
    const code = await api.code(SEED.users.nelly);
    remember(code.code, code.verifier);
    const tokens = (await api.exchange(code)).body;
    remember(tokens.access_token, tokens.refresh_token);
    const rotated = (await api.refresh(tokens.refresh_token)).body;
    remember(rotated.access_token, rotated.refresh_token);
    const child = (await api.post('/partner-sdk/child-token', { parent_access_token: rotated.access_token, child_application_id: SEED.childApplicationId, parent_client_secret: SEED.clientSecret })).body;
    remember(child.access_token);
    await api.form('/oauth2/token/revoke', { client_id: SEED.applicationId, token: rotated.refresh_token }); // logs APPLICATION_DEAUTHORIZED

    const device = (await api.form('/oauth2/device/authorize', { client_id: SEED.applicationId, scope: 'openid' })).body;
    remember(device.device_code);
    s.emu.control.approveDevice(device.user_code, SEED.users.alice);
    const fromDevice = (await api.form('/oauth2/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: SEED.applicationId, device_code: device.device_code })).body;
    remember(fromDevice.access_token, fromDevice.refresh_token);

    const ticket = 'steam-ticket-that-is-a-secret-0123456789';
    remember(ticket);
    const guest = (await api.post('/partner-sdk/token', { client_id: SEED.applicationId, client_secret: SEED.clientSecret, external_auth_type: 'STEAM_SESSION_TICKET', external_auth_token: ticket })).body;
    remember(guest.access_token, guest.refresh_token);
    const bot = (await api.post('/partner-sdk/token/bot', { external_user_id: 'backend-secret-user-42' }, api.bot)).body;
    remember(bot.access_token, bot.id_token);
    const mergeCode = await api.code(SEED.users.bob);
    remember(mergeCode.code, mergeCode.verifier);
    const merged = (await api.exchange(mergeCode, { external_auth_type: 'STEAM_SESSION_TICKET', external_auth_token: ticket })).body;
    remember(merged.access_token, merged.refresh_token);
    const confidential = (await api.form('/oauth2/token', { grant_type: 'client_credentials', client_id: SEED.applicationId, client_secret: SEED.clientSecret })).body;
    remember(confidential.access_token);

    s.emu.control.banUser(SEED.users.bob, MINUTE); // logs APPLICATION_DEAUTHORIZED (account banned)
    const issued = s.emu.control.issueToken(SEED.users.dave);
    remember(issued.accessToken, issued.refreshToken);

    // Failed requests carrying secrets in bodies and headers.
    await api.form('/oauth2/token', { grant_type: 'refresh_token', client_id: SEED.applicationId, client_secret: 'wrong-secret-value-123', refresh_token: tokens.refresh_token });
    remember('wrong-secret-value-123');
    await api.get('/users/@me', bearer('not-a-real-token-but-secret-anyway'));
    remember('not-a-real-token-but-secret-anyway');

    expect(s.logs.some((line) => line.includes('APPLICATION_DEAUTHORIZED'))).toBe(true);
    expect(s.logs.some((line) => line.includes('account banned'))).toBe(true);
    expect(leaks()).toEqual([]);
  });

  it('webhook give-ups and idle lobbies log without secrets', async () => {
    const receiver = await new Receiver().listen();
    receiver.mode = 'failing';
    s.emu.control.setWebhookUrl(receiver.url);
    const token = api.token(SEED.users.erin);
    remember(token);
    const lobby = (await api.put('/lobbies', { secret: 'lobby-secret-never-logged', idle_timeout_seconds: 5 }, bearer(token))).body;
    remember('lobby-secret-never-logged');
    await api.post(`/lobbies/${lobby.id}/messages`, { content: 'webhook that never lands' }, bearer(token));
    for (let i = 0; i < 15 && s.emu.core.webhooks.pending.size > 0; i++) {
      s.emu.control.advanceClock(MINUTE);
      await until(() => [...s.emu.core.webhooks.pending].every((d) => !d.inFlight), 5000, 'attempts settled');
    }
    await receiver.close();
    expect(s.emu.core.webhooks.pending.size).toBe(0);
    expect(s.logs.some((line) => line.includes('giving up'))).toBe(true);
    expect(s.logs.some((line) => line.includes(`lobby ${lobby.id} idle`))).toBe(true);
    expect(leaks()).toEqual([]);
  });

  it('every line goes through the credential mask', () => {
    const code = 'emu_code_abcdefghijklmnop';
    s.emu.core.log(`debug: Authorization: Bearer ${secrets.values().next().value} code=${code} client_secret=${SEED.clientSecret} Bot ${SEED.botToken}`);
    s.emu.core.log(`{"access_token":"emu_at_zzzzzzzzzzzzzzzz","refresh_token":"emu_rt_yyyyyyyyyyyyyyyy"}`);
    remember(code, 'emu_at_zzzzzzzzzzzzzzzz', 'emu_rt_yyyyyyyyyyyyyyyy');
    expect(s.logs.at(-2)).toContain('[REDACTED]');
    expect(leaks()).toEqual([]);
  });
});
