// OAuth2 and OpenID Connect as certified clients expect them (issue 11, item 17): token
// responses are never cached (RFC 6749 §5.1), invalid_client with Basic auth is a 401 with the
// challenge (§5.2), discovery at /.well-known/openid-configuration, and an id_token signed with
// the published key, carrying the authorize request's nonce, when openid was granted.
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkce, SEED, start, type Started } from './helpers';

let s: Started;

beforeAll(async () => {
  s = await start();
});

afterAll(() => s?.emu.close());

function decode(jwt: string): { header: any; claims: any; signingInput: string; signature: Buffer } {
  const [header, claims, signature] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()),
    signingInput: `${header}.${claims}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

describe('token endpoint responses', () => {
  it('carry Cache-Control: no-store and Pragma: no-cache, answers and errors alike', async () => {
    const ok = await s.api.exchange(await s.api.code(SEED.users.nelly));
    expect(ok.status).toBe(200);
    const bad = await s.api.form('/oauth2/token', { grant_type: 'authorization_code', client_id: SEED.applicationId, code: 'nope' });
    expect(bad.status).toBe(400);
    for (const reply of [ok, bad]) {
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('pragma')).toBe('no-cache');
    }
  });

  it('invalid_client with Basic auth is a 401 with WWW-Authenticate', async () => {
    const basic = `Basic ${Buffer.from(`${SEED.applicationId}:wrong-secret`).toString('base64')}`;
    const reply = await s.api.web('POST', '/api/oauth2/token', { form: { grant_type: 'client_credentials' }, headers: { authorization: basic } });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('invalid_client');
    expect(reply.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
  });
});

describe('OpenID Connect', () => {
  it('publishes a discovery document and its key set', async () => {
    const discovery = await s.api.web('GET', '/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.body).toMatchObject({
      issuer: s.emu.webBase,
      authorization_endpoint: `${s.emu.webBase}/oauth2/authorize`,
      token_endpoint: `${s.emu.apiBase}/oauth2/token`,
      jwks_uri: `${s.emu.webBase}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.body.scopes_supported).toContain('openid');
    const keys = await s.api.web('GET', '/.well-known/jwks.json');
    expect(keys.body.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })]);
  });

  it('an openid code exchange returns an id_token signed with the published key, with the nonce', async () => {
    const { verifier, challenge } = pkce();
    const redirectUri = 'http://127.0.0.1:43210/callback';
    s.emu.control.setAutoApprove(SEED.users.nelly);
    const authorize = await s.api.authorize({
      response_type: 'code', client_id: SEED.applicationId, scope: 'openid sdk.social_layer', redirect_uri: redirectUri,
      code_challenge: challenge, code_challenge_method: 'S256', nonce: 'n-0S6_WzA2Mj',
    });
    s.emu.control.setAutoApprove(null);
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const reply = await s.api.exchange({ code, verifier, redirectUri });
    expect(reply.status).toBe(200);
    const token = decode(reply.body.id_token);
    expect(token.header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(token.claims).toMatchObject({ iss: s.emu.webBase, sub: SEED.users.nelly, aud: SEED.applicationId, nonce: 'n-0S6_WzA2Mj' });
    expect(token.claims.exp).toBeGreaterThan(token.claims.iat);
    const jwk = (await s.api.web('GET', '/.well-known/jwks.json')).body.keys.find((k: any) => k.kid === token.header.kid);
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    expect(verify('sha256', Buffer.from(token.signingInput), key, token.signature)).toBe(true);
  });

  it('no nonce asked, none given; no openid granted, no id_token', async () => {
    const withoutNonce = await s.api.exchange(await s.api.code(SEED.users.nelly));
    expect(decode(withoutNonce.body.id_token).claims).not.toHaveProperty('nonce');
    const withoutOpenid = await s.api.exchange(await s.api.code(SEED.users.nelly, { scope: 'sdk.social_layer' }));
    expect(withoutOpenid.status).toBe(200);
    expect(withoutOpenid.body).not.toHaveProperty('id_token');
  });
});
