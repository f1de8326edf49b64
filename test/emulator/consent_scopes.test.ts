// Per-scope consent (spec, AuthorizationArgs rule 3: "additional scopes may be requested; the user
// must grant each one"): the consent page's checkboxes, the control API's approval with the
// scopes granted, tokens carrying only those (token response, GET /oauth2/@me, refresh), calls
// needing a scope that was left out refused; relationships.read only once the application
// accepted the social SDK terms (spec, Authentication 2).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, bearer, pkce, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const appId = SEED.applicationId;
const redirectUri = 'http://127.0.0.1:40000/callback';

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  s.emu.control.setAutoApprove(null);
  s.emu.control.setApplicationSettings({ socialSdkTermsAccepted: false });
});

/** Opens the consent page for `scope`: the page, its pending id and the PKCE pair. */
async function consent(scope: string) {
  const { verifier, challenge } = pkce();
  const page = await api.authorize({ response_type: 'code', client_id: appId, scope, redirect_uri: redirectUri, state: 'st', code_challenge: challenge, code_challenge_method: 'S256' });
  expect(page.status, page.text).toBe(200);
  const pendingId = /name="pending_id" value="(\d+)"/.exec(page.text)![1];
  return { page: page.text, pendingId, verifier };
}

/** Follows a decision's redirect to the token endpoint: the token response. */
async function tokensFrom(location: string, verifier: string) {
  const code = new URL(location).searchParams.get('code');
  expect(code, location).toBeTruthy();
  const reply = await api.exchange({ code: code!, verifier, redirectUri });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { access_token: string; refresh_token: string; scope: string };
}

describe('the consent page', () => {
  it('shows a ticked checkbox for each scope beyond the required ones, and none for those', async () => {
    const { page } = await consent('openid sdk.social_layer_presence guilds email');
    expect(page).toMatch(/<input type="checkbox" name="scope" value="guilds" checked>/);
    expect(page).toMatch(/<input type="checkbox" name="scope" value="email" checked>/);
    for (const required of ['openid', 'sdk.social_layer_presence']) {
      expect(page).toContain(`<li>${required}</li>`);
      expect(page).not.toContain(`value="${required}"`);
    }
    expect(page).toContain('name="scope_choice" value="1"');
  });

  it('grants only the ticked scopes: the token response, GET /oauth2/@me and a refresh carry only those', async () => {
    const { pendingId, verifier } = await consent('openid sdk.social_layer_presence guilds email');
    // The browser sends the ticked boxes only: email ticked, guilds left out.
    const decided = await api.web('POST', '/oauth2/authorize/decide', {
      body: new URLSearchParams([['pending_id', pendingId], ['scope_choice', '1'], ['scope', 'email'], ['user_id', SEED.users.nelly], ['decision', 'approve']]).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(decided.status).toBe(302);
    const tokens = await tokensFrom(decided.headers.get('location')!, verifier);
    expect(tokens.scope).toBe('openid sdk.social_layer_presence email');
    const me = await api.get('/oauth2/@me', bearer(tokens.access_token));
    expect(me.body.scopes).toEqual(['openid', 'sdk.social_layer_presence', 'email']);
    // A call that needs the scope left out is refused, as any token without it.
    const guilds = await api.get('/users/@me/guilds', bearer(tokens.access_token));
    expect(guilds.status).toBe(403);
    expect(guilds.body.code).toBe(50001);
    // The refresh keeps the granted set; it does not come back to what was requested.
    const refreshed = await api.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe('openid sdk.social_layer_presence email');
    expect((await api.get('/users/@me/guilds', bearer(refreshed.body.access_token))).status).toBe(403);
  });

  it('with every box ticked the token has guilds, and GET /users/@me/guilds answers', async () => {
    const { pendingId, verifier } = await consent('openid sdk.social_layer_presence guilds');
    const decided = await api.web('POST', '/oauth2/authorize/decide', {
      body: new URLSearchParams([['pending_id', pendingId], ['scope_choice', '1'], ['scope', 'guilds'], ['user_id', SEED.users.nelly], ['decision', 'approve']]).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    const tokens = await tokensFrom(decided.headers.get('location')!, verifier);
    expect(tokens.scope).toBe('openid sdk.social_layer_presence guilds');
    expect((await api.get('/users/@me/guilds', bearer(tokens.access_token))).status).toBe(200);
  });
});

describe('the control API approval with the scopes granted', () => {
  it('grants the named scopes plus the required ones', async () => {
    const { pendingId, verifier } = await consent('openid sdk.social_layer_presence guilds email');
    const { redirect } = s.emu.control.approveAuthorization(pendingId, SEED.users.alice, ['guilds']);
    expect((await tokensFrom(redirect, verifier)).scope).toBe('openid sdk.social_layer_presence guilds');
  });

  it('grants everything requested when no list is given (as before)', async () => {
    const { pendingId, verifier } = await consent('openid sdk.social_layer_presence guilds email');
    const { redirect } = s.emu.control.approveAuthorization(pendingId, SEED.users.alice);
    expect((await tokensFrom(redirect, verifier)).scope).toBe('openid sdk.social_layer_presence guilds email');
  });

  it('over HTTP: `scopes` in the body; a scope that was not requested is 400 50035 and the request stays pending', async () => {
    const { pendingId, verifier } = await consent('openid sdk.social_layer_presence guilds email');
    const wrong = await api.control('approveAuthorization', { id: pendingId, userId: SEED.users.alice, scopes: ['guilds', 'connections'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(50035);
    expect(wrong.body.message).toContain('connections');
    const notList = await api.control('approveAuthorization', { id: pendingId, userId: SEED.users.alice, scopes: 'guilds' });
    expect(notList.status).toBe(400);
    expect(s.emu.control.listPendingAuthorizations().some((p) => p.id === pendingId)).toBe(true);
    const ok = await api.control('approveAuthorization', { id: pendingId, userId: SEED.users.alice, scopes: [] });
    expect(ok.status).toBe(200);
    expect((await tokensFrom(ok.body.redirect, verifier)).scope).toBe('openid sdk.social_layer_presence');
  });
});

describe('relationships.read and the social SDK terms', () => {
  it('before the terms are accepted, requesting relationships.read is invalid_scope', async () => {
    const reply = await api.authorize({ response_type: 'code', client_id: appId, scope: 'openid identify relationships.read', redirect_uri: redirectUri, state: 'st' });
    expect(reply.status).toBe(302);
    const params = new URL(reply.headers.get('location')!).searchParams;
    expect(params.get('error')).toBe('invalid_scope');
    expect(params.get('error_description')).toContain('relationships.read');
    expect(params.get('state')).toBe('st');
  });

  it('once accepted it is offered and granted without any approval; left out, the friends list is refused', async () => {
    expect(s.emu.control.setApplicationSettings({ socialSdkTermsAccepted: true })).toMatchObject({ socialSdkTermsAccepted: true });
    const granted = await consent('openid identify relationships.read');
    expect(granted.page).toMatch(/name="scope" value="relationships.read" checked/);
    const withIt = await tokensFrom(s.emu.control.approveAuthorization(granted.pendingId, SEED.users.nelly).redirect, granted.verifier);
    expect(withIt.scope).toBe('openid identify relationships.read');
    expect((await api.get('/users/@me/relationships', bearer(withIt.access_token))).status).toBe(200);

    const left = await consent('openid identify relationships.read');
    const without = await tokensFrom(s.emu.control.approveAuthorization(left.pendingId, SEED.users.nelly, []).redirect, left.verifier);
    expect(without.scope).toBe('openid identify');
    const refused = await api.get('/users/@me/relationships', bearer(without.access_token));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50001);
  });
});
