// The whole account link against the emulator over real sockets: PKCE through the browser
// path, the token exchange, the current user, refresh with rotation, revoke and its webhook.
import http from 'node:http';
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationArgs, AuthorizationTokenType, Client, ErrorType, SdkError } from '../../lib/index';
import { startHarness, until, type Harness } from './helpers';

let h: Harness;
const webhooks: Array<{ body: Record<string, any>; signature: string; timestamp: string; raw: string }> = [];
let receiver: http.Server;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      webhooks.push({
        body: JSON.parse(raw),
        raw,
        signature: String(req.headers['x-signature-ed25519']),
        timestamp: String(req.headers['x-signature-timestamp']),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const port = (receiver.address() as { port: number }).port;
  h = await startHarness({ webhookUrl: `http://127.0.0.1:${port}/events` });
  h.emu.control.setAutoApprove(h.emu.users[0].id);
});

afterAll(async () => {
  await h.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

function verifySignature(hook: (typeof webhooks)[number], publicKeyHex: string): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return verify(null, Buffer.from(hook.timestamp + hook.raw), key, Buffer.from(hook.signature, 'hex'));
}

describe('account linking through the browser (end to end)', () => {
  let accessToken = '';
  let refreshToken = '';
  const appId = () => BigInt(h.emu.application.id);

  it('Authorize with PKCE, then GetToken', async () => {
    const client = h.newClient();
    const pair = client.CreateAuthorizationCodeVerifier();
    h.watch.remember(pair.Verifier());
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    args.SetCodeChallenge(pair.Challenge());
    const authorized = await client.Authorize(args);
    expect(authorized.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    h.watch.remember(authorized.code);
    // The code is bound to the challenge: a wrong verifier is refused...
    const wrong = client.CreateAuthorizationCodeVerifier();
    const refused: SdkError = await client.GetToken(appId(), authorized.code, wrong.Verifier(), authorized.redirectUri).catch((e) => e);
    expect(refused.result.Error()).toMatch(/^invalid_grant/);
    // ...and the right one accepted.
    const tokens = await client.GetToken(appId(), authorized.code, pair.Verifier(), authorized.redirectUri);
    h.watch.remember(tokens.accessToken, tokens.refreshToken);
    expect(tokens.expiresIn).toBe(604800);
    expect(tokens.tokenType).toBe(AuthorizationTokenType.Bearer);
    expect(tokens.scopes).toBe('openid sdk.social_layer');
    accessToken = tokens.accessToken;
    refreshToken = tokens.refreshToken;
    // Codes are single use.
    const reused: SdkError = await client.GetToken(appId(), authorized.code, pair.Verifier(), authorized.redirectUri).catch((e) => e);
    expect(reused.result.Error()).toMatch(/^invalid_grant/);
  });

  it('FetchCurrentUser names the user who approved', async () => {
    const client = h.newClient();
    const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, accessToken);
    expect(me.id).toBe(BigInt(h.emu.users[0].id));
    expect(me.name).toBe(h.emu.users[0].username);
  });

  it('RefreshToken rotates; the old refresh token is then invalid_grant and deauthorizes', async () => {
    const client = h.newClient();
    const refreshed = await client.RefreshToken(appId(), refreshToken);
    h.watch.remember(refreshed.accessToken, refreshed.refreshToken);
    expect(refreshed.accessToken).not.toBe(accessToken);
    await client.UpdateToken(AuthorizationTokenType.Bearer, refreshed.accessToken);
    expect(client.IsAuthenticated()).toBe(true);
    const stale: SdkError = await client.RefreshToken(appId(), refreshToken).catch((e) => e);
    expect(stale.result.Type()).toBe(ErrorType.AuthorizationFailed);
    expect(client.IsAuthenticated()).toBe(false);
    accessToken = refreshed.accessToken;
    refreshToken = refreshed.refreshToken;
  });

  it('RevokeToken revokes every token of the app for the user and fires APPLICATION_DEAUTHORIZED', async () => {
    const client = h.newClient();
    await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    await client.RevokeToken(appId(), accessToken);
    expect(client.IsAuthenticated()).toBe(false);
    const after: SdkError = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, accessToken).catch((e) => e);
    expect(after.result.Status()).toBe(401);
    const afterRefresh: SdkError = await client.RefreshToken(appId(), refreshToken).catch((e) => e);
    expect(afterRefresh.result.Error()).toMatch(/^invalid_grant/);
    await until(() => webhooks.some((w) => w.body.event?.type === 'APPLICATION_DEAUTHORIZED'));
    const hook = webhooks.find((w) => w.body.event?.type === 'APPLICATION_DEAUTHORIZED')!;
    expect(hook.body.application_id).toBe(h.emu.application.id);
    expect(hook.body.event.data.user.id).toBe(h.emu.users[0].id);
    expect(verifySignature(hook, h.emu.application.publicKey)).toBe(true);
  });

  it('no secret reached a log line (SDK or emulator)', () => {
    expect(h.watch.lines.length).toBeGreaterThan(0);
    expect(h.watch.leaks()).toEqual([]);
  });
});
