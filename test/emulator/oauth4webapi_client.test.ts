// A third-party OAuth 2.0 / OpenID Connect client, oauth4webapi 3.8.8 (standards-strict: it checks
// the discovery document, the authorization response, the token response and the id_token's
// claims), runs the code flow with PKCE against the emulator as a public client — with the person
// leaving one requested scope out on the consent step, so the token carries only what was granted.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const insecure = { [oauth.allowInsecureRequests]: true }; // the emulator serves http on loopback
const redirectUri = 'http://127.0.0.1:5000/callback';

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.control.setAutoApprove(null);
});
afterAll(async () => s.emu.close());

describe('oauth4webapi 3.8.8 against the emulator', () => {
  it('discovers the server, runs the code flow with PKCE, and gets a token with the scopes the person granted', async () => {
    const issuer = new URL(s.emu.webBase);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oidc' }));
    expect(as.authorization_endpoint).toBe(`${s.emu.webBase}/oauth2/authorize`);
    const client: oauth.Client = { client_id: SEED.applicationId };

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid sdk.social_layer_presence email guilds',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    }).toString();
    // The person's browser: the consent page, where guilds is left out.
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const [pending] = s.emu.control.listPendingAuthorizations().filter((p) => p.state === state);
    const granted = pending.scopes.filter((scope) => scope !== 'guilds');
    const { redirect } = s.emu.control.approveAuthorization(pending.id, SEED.users.dave, granted);

    const params = oauth.validateAuthResponse(as, client, new URL(redirect), state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const scopes = tokens.scope!.split(' ');
    expect(scopes).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(scopes).not.toContain('guilds');
    expect(oauth.getValidatedIdTokenClaims(tokens)!.sub).toBe(SEED.users.dave);
    // What was left out is refused, as the service refuses it.
    const guilds = await api.get('/users/@me/guilds', `Bearer ${tokens.access_token}`);
    expect(guilds.status).toBe(403);
    expect((await api.get('/users/@me', `Bearer ${tokens.access_token}`)).body.id).toBe(SEED.users.dave);
  });
});
