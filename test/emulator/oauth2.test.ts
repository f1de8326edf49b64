// Part 2, OAuth2 (docs/protocols/oauth2.md): the authorize page (client_id, scope, redirect_uri, PKCE S256,
// state, consent page, auto-approve), the token endpoint (form bodies only; authorization_code,
// refresh_token, client_credentials, device_code) and revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, MINUTE, pkce, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const appId = SEED.applicationId;

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

const base = (extra: Record<string, string | undefined> = {}) => ({
  response_type: 'code',
  client_id: appId,
  scope: 'openid sdk.social_layer',
  redirect_uri: 'http://127.0.0.1:40000/callback',
  state: 'state-123',
  ...extra,
});

function redirectParams(location: string | null): URLSearchParams {
  if (!location) throw new Error('no Location header');
  return new URL(location).searchParams;
}

describe('GET /oauth2/authorize', () => {
  it('refuses an unknown, missing or malformed client_id with a page, not a redirect', async () => {
    for (const client_id of ['1', '999999999999999999', 'abc', undefined]) {
      const reply = await api.authorize(base({ client_id }));
      expect(reply.status, String(client_id)).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.headers.get('location')).toBeNull();
    }
  });

  it('accepts the loopback redirect on any port, the sdkpp-<appId> default and registered custom schemes', async () => {
    for (const redirect_uri of [
      'http://127.0.0.1:1/callback',
      'http://127.0.0.1:40000/callback',
      'http://127.0.0.1:65535/callback',
      'http://127.0.0.1/callback', // the form docs/protocols/oauth2.md writes: no port at all
      `sdkpp-${appId}:/authorize/callback`,
      'sdkppdemo:/authorize/callback', // registered for the seeded application
    ]) {
      const reply = await api.authorize(base({ redirect_uri }));
      expect(reply.status, redirect_uri).toBe(200); // the consent page
      expect(reply.text).toContain(redirect_uri);
    }
  });

  it('refuses other redirect URIs with a page and never redirects to them', async () => {
    for (const redirect_uri of [
      'http://127.0.0.1:0/callback',
      'http://127.0.0.1:70000/callback',
      'http://127.0.0.1:40000/other',
      'http://127.0.0.1:40000/callback/extra',
      'https://evil.example/callback',
      'http://127.0.0.1.evil.example:80/callback',
      `sdkpp-${SEED.childApplicationId}:/authorize/callback`, // another application's default
      'otherscheme:/authorize/callback', // not registered
      'sdkppdemo:/somewhere/else',
    ]) {
      const reply = await api.authorize(base({ redirect_uri }));
      expect(reply.status, redirect_uri).toBe(400);
      expect(reply.headers.get('location'), redirect_uri).toBeNull();
    }
  });

  it('defaults the redirect to sdkpp-<appId>:/authorize/callback', async () => {
    s.emu.control.setAutoApprove(SEED.users.nelly);
    try {
      const reply = await api.authorize(base({ redirect_uri: undefined }));
      expect(reply.status).toBe(302);
      expect(reply.headers.get('location')).toMatch(new RegExp(`^sdkpp-${appId}:/authorize/callback\\?code=`));
    } finally {
      s.emu.control.setAutoApprove(null);
    }
  });

  it('redirects scope and request errors with the state echoed', async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ scope: 'openid not.a.scope' }, 'invalid_scope'],
      [{ scope: '' }, 'invalid_scope'],
      [{ scope: 'identify.premium' }, 'invalid_scope'], // approved partners only
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: pkce().challenge }, 'invalid_request'], // no method
      [{ code_challenge: pkce().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [extra, error] of cases) {
      const reply = await api.authorize(base(extra));
      expect(reply.status, JSON.stringify(extra)).toBe(302);
      const params = redirectParams(reply.headers.get('location'));
      expect(params.get('error'), JSON.stringify(extra)).toBe(error);
      expect(params.get('state')).toBe('state-123');
      expect(params.get('code')).toBeNull();
    }
  });

  it('grants identify.premium once the application is approved for it', async () => {
    s.emu.control.setPremiumApproval(true);
    try {
      expect((await api.authorize(base({ scope: 'identify identify.premium' }))).status).toBe(200);
    } finally {
      s.emu.control.setPremiumApproval(false);
    }
  });

  it('stores the S256 challenge and shows a consent page with approve and deny', async () => {
    const { verifier, challenge } = pkce();
    const reply = await api.authorize(base({ code_challenge: challenge, code_challenge_method: 'S256', state: 'consent-1' }));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toContain('sdkpp Demo Game');
    expect(reply.text).toMatch(/<form method="post" action="\/oauth2\/authorize\/decide">/);
    expect(reply.text).toMatch(/name="decision" value="approve"/);
    expect(reply.text).toMatch(/name="decision" value="deny"/);
    expect(reply.text).toContain(`value="${SEED.users.nelly}"`);
    expect(reply.text).not.toContain(`value="${SEED.botUserId}"`); // no bot signs in
    const pendingId = /name="pending_id" value="(\d+)"/.exec(reply.text)![1];
    const pending = s.emu.control.listPendingAuthorizations().find((p) => p.id === pendingId)!;
    expect(pending).toMatchObject({ challenge, challengeMethod: 'S256', state: 'consent-1', scopes: ['openid', 'sdk.social_layer'] });

    // A person approves as nelly.
    const decided = await api.web('POST', '/oauth2/authorize/decide', { form: { pending_id: pendingId, decision: 'approve', user_id: SEED.users.nelly } });
    expect(decided.status).toBe(302);
    const params = redirectParams(decided.headers.get('location'));
    expect(decided.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:40000\/callback\?/);
    expect(params.get('state')).toBe('consent-1');
    const code = params.get('code')!;
    // The stored challenge is what the token endpoint checks.
    const token = await api.exchange({ code, verifier, redirectUri: 'http://127.0.0.1:40000/callback' });
    expect(token.status).toBe(200);
    expect((await api.get('/users/@me', bearer(token.body.access_token))).body.id).toBe(SEED.users.nelly);
    // Decided: no longer pending.
    const again = await api.web('POST', '/oauth2/authorize/decide', { form: { pending_id: pendingId, decision: 'approve', user_id: SEED.users.nelly } });
    expect(again.status).toBe(400);
  });

  it('a deny on the consent page redirects with access_denied and the state', async () => {
    const reply = await api.authorize(base({ state: 'deny-state' }));
    const pendingId = /name="pending_id" value="(\d+)"/.exec(reply.text)![1];
    const decided = await api.web('POST', '/oauth2/authorize/decide', { form: { pending_id: pendingId, decision: 'deny', user_id: SEED.users.nelly } });
    expect(decided.status).toBe(302);
    const params = redirectParams(decided.headers.get('location'));
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('deny-state');
    expect(params.get('code')).toBeNull();
  });

  it('an approval for an unusable user is refused and leaves the request pending', async () => {
    const reply = await api.authorize(base({ state: 'retry-state' }));
    const pendingId = /name="pending_id" value="(\d+)"/.exec(reply.text)![1];
    for (const user_id of [SEED.botUserId, '123', '']) {
      const bad = await api.web('POST', '/oauth2/authorize/decide', { form: { pending_id: pendingId, decision: 'approve', user_id } });
      expect(bad.status, user_id).toBe(400);
    }
    expect(s.emu.control.listPendingAuthorizations().some((p) => p.id === pendingId)).toBe(true);
    const ok = await api.web('POST', '/oauth2/authorize/decide', { form: { pending_id: pendingId, decision: 'approve', user_id: SEED.users.dave } });
    expect(ok.status).toBe(302);
    expect(redirectParams(ok.headers.get('location')).get('state')).toBe('retry-state');
  });

  it('auto-approves as the control API says, without a page', async () => {
    s.emu.control.setAutoApprove(SEED.users.bob);
    try {
      const reply = await api.authorize(base({ state: 'auto-state' }));
      expect(reply.status).toBe(302);
      const params = redirectParams(reply.headers.get('location'));
      expect(params.get('code')).toBeTruthy();
      expect(params.get('state')).toBe('auto-state');
    } finally {
      s.emu.control.setAutoApprove(null);
    }
    expect((await api.authorize(base())).status).toBe(200); // back to the page
  });
});

describe('POST /oauth2/token', () => {
  it('accepts only form bodies: JSON and others are invalid_request', async () => {
    const code = await api.code(SEED.users.nelly);
    const fields = { grant_type: 'authorization_code', client_id: appId, code: code.code, code_verifier: code.verifier, redirect_uri: code.redirectUri };
    const json = await api.call('POST', '/oauth2/token', { json: fields });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: 'invalid_request' });
    const text = await api.call('POST', '/oauth2/token', { body: new URLSearchParams(fields).toString(), contentType: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('invalid_request');
    const none = await api.call('POST', '/oauth2/token', { body: new URLSearchParams(fields).toString() });
    expect(none.status).toBe(400);
    // The same fields as a form work (the code was not spent by the refused requests).
    const form = await api.exchange(code);
    expect(form.status).toBe(200);
  });

  it('answers an unknown grant_type with unsupported_grant_type', async () => {
    const reply = await api.form('/oauth2/token', { grant_type: 'password', client_id: appId });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('unsupported_grant_type');
  });

  it('authorization_code returns the documented token response', async () => {
    const reply = await api.exchange(await api.code(SEED.users.nelly));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: 'openid sdk.social_layer',
      // openid was granted: an id_token too (issue 11, item 17; oauth2_oidc.test.ts checks it).
      id_token: expect.any(String),
    });
    expect(reply.body.access_token).not.toBe(reply.body.refresh_token);
  });

  it('a wrong or missing code_verifier for a challenged code is invalid_grant', async () => {
    const code = await api.code(SEED.users.nelly);
    const wrong = await api.exchange({ ...code, verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const missing = await api.form('/oauth2/token', { grant_type: 'authorization_code', client_id: appId, code: code.code, redirect_uri: code.redirectUri });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_grant');
  });

  it('codes are single use', async () => {
    const code = await api.code(SEED.users.nelly);
    expect((await api.exchange(code)).status).toBe(200);
    const second = await api.exchange(code);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
  });

  it('codes are short-lived: still good after 9 minutes, gone after 10 (emulator clock)', async () => {
    const fresh = await api.code(SEED.users.nelly);
    const stale = await api.code(SEED.users.nelly);
    s.emu.control.advanceClock(9 * MINUTE);
    expect((await api.exchange(fresh)).status).toBe(200);
    s.emu.control.advanceClock(1 * MINUTE);
    const reply = await api.exchange(stale);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_grant');
  });

  it('a code is bound to its redirect_uri and its application', async () => {
    const code = await api.code(SEED.users.nelly);
    const otherRedirect = await api.exchange({ ...code, redirectUri: 'http://127.0.0.1:40001/callback' });
    expect(otherRedirect.body.error).toBe('invalid_grant');
    const omitted = await api.form('/oauth2/token', { grant_type: 'authorization_code', client_id: appId, code: code.code, code_verifier: code.verifier });
    expect(omitted.body.error).toBe('invalid_grant'); // the authorize request named one: it must be repeated
    const otherApp = await api.exchange(code, { client_id: SEED.childApplicationId });
    expect(otherApp.body.error).toBe('invalid_grant');
    expect((await api.exchange(code)).status).toBe(200);
  });

  it('a code issued to the default redirect may be exchanged without redirect_uri', async () => {
    const { verifier, challenge } = pkce();
    s.emu.control.setAutoApprove(SEED.users.nelly);
    const reply = await api.authorize(base({ redirect_uri: undefined, code_challenge: challenge, code_challenge_method: 'S256' }));
    s.emu.control.setAutoApprove(null);
    const code = redirectParams(reply.headers.get('location')).get('code')!;
    const token = await api.form('/oauth2/token', { grant_type: 'authorization_code', client_id: appId, code, code_verifier: verifier });
    expect(token.status).toBe(200);
  });

  it('a code without PKCE needs the client secret', async () => {
    s.emu.control.setAutoApprove(SEED.users.nelly);
    const reply = await api.authorize(base({ state: 'no-pkce' }));
    s.emu.control.setAutoApprove(null);
    const code = redirectParams(reply.headers.get('location')).get('code')!;
    const fields = { grant_type: 'authorization_code', client_id: appId, code, redirect_uri: base().redirect_uri };
    const publicClient = await api.form('/oauth2/token', fields);
    expect(publicClient.status).toBe(401);
    expect(publicClient.body.error).toBe('invalid_client');
    const wrongSecret = await api.form('/oauth2/token', { ...fields, client_secret: 'wrong' });
    expect(wrongSecret.body.error).toBe('invalid_client');
    const confidential = await api.form('/oauth2/token', { ...fields, client_secret: s.emu.application.clientSecret });
    expect(confidential.status).toBe(200);
  });

  it('refresh_token rotates: the new pair works, the old refresh token is invalid_grant', async () => {
    const first = await api.login(SEED.users.bob);
    const rotated = await api.refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: first.scope });
    expect(rotated.body.refresh_token).not.toBe(first.refresh_token);
    expect(rotated.body.access_token).not.toBe(first.access_token);
    expect((await api.get('/users/@me', bearer(rotated.body.access_token))).body.id).toBe(SEED.users.bob);
    const old = await api.refresh(first.refresh_token);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('invalid_grant');
    expect((await api.refresh(rotated.body.refresh_token)).status).toBe(200);
  });

  it('refresh with a deleted (revoked) token is invalid_grant', async () => {
    const tokens = await api.login(SEED.users.carol);
    const revoked = await api.form('/oauth2/token/revoke', { client_id: appId, token: tokens.access_token });
    expect(revoked.status).toBe(200);
    const reply = await api.refresh(tokens.refresh_token);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_grant');
  });

  it('a refresh token belongs to its application', async () => {
    const tokens = await api.login(SEED.users.carol);
    const reply = await api.form('/oauth2/token', { grant_type: 'refresh_token', client_id: SEED.childApplicationId, refresh_token: tokens.refresh_token });
    expect(reply.body.error).toBe('invalid_grant');
    expect((await api.refresh('not-a-token')).body.error).toBe('invalid_grant');
    expect((await api.form('/oauth2/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).body.error).toBe('invalid_client');
  });

  it('access tokens expire after expires_in seconds of emulator time', async () => {
    const other = await start();
    try {
      const tokens = await other.api.login(SEED.users.erin);
      other.emu.control.advanceClock(tokens.expires_in * 1000 - 1000);
      expect((await other.api.get('/users/@me', bearer(tokens.access_token))).status).toBe(200);
      other.emu.control.advanceClock(1000);
      expect((await other.api.get('/users/@me', bearer(tokens.access_token))).status).toBe(401);
      // The refresh token outlives it.
      expect((await other.api.refresh(tokens.refresh_token)).status).toBe(200);
    } finally {
      await other.emu.close();
    }
  });

  it('client_credentials needs the client secret and issues the application a token without refresh', async () => {
    const missing = await api.form('/oauth2/token', { grant_type: 'client_credentials', client_id: appId, scope: 'identify' });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('invalid_client');
    const wrong = await api.form('/oauth2/token', { grant_type: 'client_credentials', client_id: appId, client_secret: 'nope', scope: 'identify' });
    expect(wrong.body.error).toBe('invalid_client');
    const reply = await api.form('/oauth2/token', { grant_type: 'client_credentials', client_id: appId, client_secret: s.emu.application.clientSecret, scope: 'identify' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ token_type: 'Bearer', scope: 'identify', expires_in: 604800 });
    expect(reply.body.refresh_token).toBeUndefined();
    // HTTP Basic client authentication works too.
    const basic = Buffer.from(`${appId}:${s.emu.application.clientSecret}`).toString('base64');
    const viaBasic = await api.call('POST', '/oauth2/token', { form: { grant_type: 'client_credentials' }, auth: `Basic ${basic}` });
    expect(viaBasic.status).toBe(200);
    // It is the application's own token: no user behind it.
    expect((await api.get('/users/@me', bearer(reply.body.access_token))).status).toBe(401);
    const badScope = await api.form('/oauth2/token', { grant_type: 'client_credentials', client_id: appId, client_secret: s.emu.application.clientSecret, scope: 'nope' });
    expect(badScope.body.error).toBe('invalid_scope');
  });
});

describe('device flow', () => {
  const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
  const poll = (deviceCode: string) => api.form('/oauth2/token', { grant_type: DEVICE, client_id: appId, device_code: deviceCode });

  it('returns the documented device authorization', async () => {
    const reply = await api.form('/oauth2/device/authorize', { client_id: appId, scope: 'openid sdk.social_layer' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      device_code: expect.any(String),
      user_code: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}$/),
      verification_uri: `${s.emu.webBase}/activate`,
      verification_uri_complete: `${s.emu.webBase}/activate?user_code=${reply.body.user_code}`,
      expires_in: 300,
      interval: 5,
    });
    const page = await api.web('GET', `/activate?user_code=${reply.body.user_code}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(reply.body.user_code);
  });

  it('authorization_pending, slow_down, then tokens once the user approves', async () => {
    const device = (await api.form('/oauth2/device/authorize', { client_id: appId, scope: 'openid sdk.social_layer' })).body;
    const first = await poll(device.device_code);
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('authorization_pending');
    const tooSoon = await poll(device.device_code);
    expect(tooSoon.body.error).toBe('slow_down');
    s.emu.control.advanceClock(5000);
    expect((await poll(device.device_code)).body.error).toBe('authorization_pending');
    s.emu.control.approveDevice(device.user_code, SEED.users.dave);
    const tokens = await poll(device.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', refresh_token: expect.any(String), scope: 'openid sdk.social_layer' });
    expect((await api.get('/users/@me', bearer(tokens.body.access_token))).body.id).toBe(SEED.users.dave);
    // Used up.
    expect((await poll(device.device_code)).body.error).toBe('invalid_grant');
  });

  it('the activation page approves a code', async () => {
    const device = (await api.form('/oauth2/device/authorize', { client_id: appId, scope: 'openid' })).body;
    s.emu.control.setAutoApprove(SEED.users.erin);
    try {
      const page = await api.web('POST', '/activate', { form: { user_code: device.user_code } });
      expect(page.status).toBe(200);
    } finally {
      s.emu.control.setAutoApprove(null);
    }
    const tokens = await poll(device.device_code);
    expect((await api.get('/users/@me', bearer(tokens.body.access_token))).body.id).toBe(SEED.users.erin);
    expect((await api.web('POST', '/activate', { form: { user_code: 'ZZZZ-ZZZZ' } })).status).toBe(400);
  });

  it('a denied code is access_denied; a code expires after expires_in (emulator clock)', async () => {
    const denied = (await api.form('/oauth2/device/authorize', { client_id: appId, scope: 'openid' })).body;
    s.emu.control.denyDevice(denied.user_code);
    expect((await poll(denied.device_code)).body.error).toBe('access_denied');

    const device = (await api.form('/oauth2/device/authorize', { client_id: appId, scope: 'openid' })).body;
    s.emu.control.advanceClock(299_000);
    expect((await poll(device.device_code)).body.error).toBe('authorization_pending');
    s.emu.control.advanceClock(1000);
    expect((await poll(device.device_code)).body.error).toBe('expired_token');
    expect(() => s.emu.control.approveDevice(device.user_code, SEED.users.dave)).toThrow();
  });

  it('refuses unknown clients and scopes', async () => {
    expect((await api.form('/oauth2/device/authorize', { client_id: '1', scope: 'openid' })).body.error).toBe('invalid_client');
    expect((await api.form('/oauth2/device/authorize', { client_id: appId, scope: 'bogus' })).body.error).toBe('invalid_scope');
    expect((await poll('nope')).body.error).toBe('invalid_grant');
  });
});

describe('POST /oauth2/token/revoke', () => {
  it("revokes every token of that application for that user, and only those", async () => {
    const userId = await api.createUser('revoke_me');
    const a = await api.login(userId);
    const b = await api.login(userId);
    const other = await api.login(SEED.users.nelly);
    const child = await api.post('/partner-sdk/child-token', { parent_access_token: b.access_token, child_application_id: SEED.childApplicationId });
    expect(child.status).toBe(200);

    const reply = await api.form('/oauth2/token/revoke', { client_id: appId, token: a.refresh_token, token_type_hint: 'refresh_token' });
    expect(reply.status).toBe(200);
    for (const token of [a.access_token, b.access_token, child.body.access_token]) {
      expect((await api.get('/users/@me', bearer(token))).status).toBe(401);
    }
    expect((await api.refresh(b.refresh_token)).body.error).toBe('invalid_grant');
    expect((await api.get('/users/@me', bearer(other.access_token))).status).toBe(200);
    // A new authorization works again.
    expect((await api.get('/users/@me', bearer((await api.login(userId)).access_token))).status).toBe(200);
  });

  it('an unknown token is not an error; an unknown client is', async () => {
    expect((await api.form('/oauth2/token/revoke', { client_id: appId, token: 'nothing' })).status).toBe(200);
    expect((await api.form('/oauth2/token/revoke', { client_id: '1', token: 'nothing' })).status).toBe(401);
  });

  it("another application's token is left alone", async () => {
    const tokens = await api.login(SEED.users.dave);
    const reply = await api.form('/oauth2/token/revoke', { client_id: SEED.childApplicationId, token: tokens.access_token });
    expect(reply.status).toBe(200);
    expect((await api.get('/users/@me', bearer(tokens.access_token))).status).toBe(200);
  });
});

describe('GET /oauth2/@me', () => {
  it('describes the bearer token', async () => {
    const tokens = await api.login(SEED.users.nelly);
    const reply = await api.get('/oauth2/@me', bearer(tokens.access_token));
    expect(reply.body).toMatchObject({ application: { id: appId }, scopes: ['openid', 'sdk.social_layer'], user: { id: SEED.users.nelly } });
    expect((await api.get('/oauth2/@me')).status).toBe(401);
  });
});
