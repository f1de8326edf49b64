// OpenID Connect for the emulator's OAuth2: an id_token (RS256, with the authorize request's
// nonce) beside the tokens when `openid` was granted, the key set to verify it, and the
// discovery document. The signing key is made on first use and kept in the state, so tokens
// stay verifiable across a restart from the data file.
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Emulator } from '../emulator';
import type { TokenRecord } from '../model/types';
import { KNOWN_SCOPES } from '../auth/scopes';
import { DEVICE_GRANT, tokenResponse, type IssuedTokens } from './authorizations';

const ID_TOKEN_LIFETIME_S = 3600;

// One RSA key per process for every emulator without one in its state, made off the event loop:
// RSA-2048 generation takes ~0.1 s natively but 5-30 s under emulation (qemu), and done inline it
// froze the emulator, and a client sharing its process, past the SDK's 30 s request timeout.
let processKeyPem: Promise<string> | undefined;

function generateKeyPem(): Promise<string> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, key) => {
      if (error) reject(error);
      else resolve(key.export({ type: 'pkcs8', format: 'pem' }).toString());
    });
  });
}

/** Gives the emulator its signing key without blocking the event loop; the token and key set routes await it. */
export async function ensureSigningKey(emu: Emulator): Promise<void> {
  if (emu.state.signingKeyPem) return;
  // A failed generation is not kept: the next request tries again instead of failing for the
  // rest of the process.
  processKeyPem ??= generateKeyPem().catch((error: unknown) => {
    processKeyPem = undefined;
    throw error;
  });
  const pem = await processKeyPem;
  if (!emu.state.signingKeyPem) {
    emu.state.signingKeyPem = pem;
    emu.changed();
  }
}

function privateKey(emu: Emulator): KeyObject {
  if (!emu.state.signingKeyPem) {
    const { privateKey: key } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    emu.state.signingKeyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    emu.changed();
  }
  return createPrivateKey(emu.state.signingKeyPem);
}

function publicJwk(emu: Emulator): Record<string, string> {
  const jwk = createPublicKey(privateKey(emu)).export({ format: 'jwk' }) as Record<string, string>;
  const kid = createHash('sha256').update(jwk.n).digest('base64url').slice(0, 16);
  return { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig', kid };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The id_token for an access token's user and application, signed with the emulator's key. */
export function idToken(emu: Emulator, issuer: string, access: TokenRecord, nonce: string | null): string {
  const now = Math.floor(emu.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: publicJwk(emu).kid };
  const claims: Record<string, unknown> = { iss: issuer, sub: access.userId, aud: access.applicationId, iat: now, exp: now + ID_TOKEN_LIFETIME_S };
  if (nonce !== null) claims.nonce = nonce;
  const signingInput = `${base64url(header)}.${base64url(claims)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey(emu)).toString('base64url')}`;
}

/** The token response, with an id_token when `openid` was granted to a user. */
export function oidcTokenResponse(emu: Emulator, issued: IssuedTokens, issuer: string, nonce: string | null = null): Record<string, unknown> {
  const body = tokenResponse(emu, issued);
  if (issued.access.userId && issued.access.scopes.includes('openid')) body.id_token = idToken(emu, issuer, issued.access, nonce);
  return body;
}

export function jwks(emu: Emulator): { keys: Array<Record<string, string>> } {
  return { keys: [publicJwk(emu)] };
}

/** /.well-known/openid-configuration for `issuer` (the emulator's web base). */
export function discoveryDocument(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/api/oauth2/token`,
    revocation_endpoint: `${issuer}/api/oauth2/token/revoke`,
    device_authorization_endpoint: `${issuer}/api/oauth2/device/authorize`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials', DEVICE_GRANT],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: [...KNOWN_SCOPES],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: ['iss', 'sub', 'aud', 'iat', 'exp', 'nonce'],
  };
}
