// OAuth2 (docs/protocols/oauth2.md): the consent page, the token endpoint (authorization_code with PKCE,
// refresh_token with rotation, client_credentials, device_code), revocation, the device flow
// and GET /oauth2/@me.
import { isAllowedRedirect, withQuery } from '../auth/redirects';
import { parseScopes } from '../auth/scopes';
import { activatePage, consentPage, errorPage } from '../auth/consent_page';
import { userJson } from '../domain/accounts';
import {
  approveDevice,
  authenticateClient,
  clientCredentialsGrant,
  codeGrant,
  decide,
  DEVICE_CODE_LIFETIME_S,
  DEVICE_GRANT,
  DEVICE_POLL_INTERVAL_S,
  deviceCodeGrant,
  devicePageUser,
  refreshGrant,
  requestAuthorization,
  revokeToken,
  startDeviceAuthorization,
  tokenResponse,
} from '../domain/authorizations';
import { discoveryDocument, ensureSigningKey, jwks, oidcTokenResponse } from '../domain/id_tokens';
import { mergeProvisionalIdentity } from '../domain/provisional';
import type { RequestContext } from '../http/context';
import { OAuthError } from '../domain/errors';
import type { Router } from '../http/router';
import { HtmlPage, Redirect } from '../http/server';
import type { Application, PendingAuthorization, User } from '../model/types';
import { isSnowflake } from '../snowflake';

/** The client of a token request: client_id (+ secret by form or Basic auth). */
function client(ctx: RequestContext, form: URLSearchParams): { app: Application; authenticated: boolean } {
  let clientId = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = /^Basic\s+(.+)$/i.exec(String(ctx.req.headers.authorization ?? ''));
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon));
        secret = decodeURIComponent(decoded.slice(colon + 1));
      } catch {
        // A malformed percent-escape is a bad credential, not a server fault.
        throw new OAuthError(401, 'invalid_client', 'Malformed Basic credentials');
      }
    }
  }
  try {
    if (!clientId || !isSnowflake(clientId)) throw new OAuthError(401, 'invalid_client', 'Unknown client_id');
    return authenticateClient(ctx.emu, clientId, secret);
  } catch (error) {
    // RFC 6749 §5.2: a client that authenticated with Basic gets the challenge with the 401.
    if (basic && error instanceof OAuthError && error.status === 401) ctx.headers['WWW-Authenticate'] = 'Basic realm="sdkpp-emulator", charset="UTF-8"';
    throw error;
  }
}

function authorize(ctx: RequestContext): HtmlPage | Redirect {
  const q = ctx.query;
  const emu = ctx.emu;
  const clientId = q.get('client_id') ?? '';
  const app = isSnowflake(clientId) ? emu.app(clientId) : undefined;
  if (!app) return new HtmlPage(errorPage('Unknown application (client_id).'), 400);
  const redirectUri = q.get('redirect_uri') ?? `sdkpp-${app.id}:/authorize/callback`;
  // Never redirect to an unregistered URI: errors about it are shown, not sent.
  if (!isAllowedRedirect(app, redirectUri)) return new HtmlPage(errorPage('Invalid redirect_uri for this application.'), 400);
  const state = q.get('state');
  const fail = (error: string, description: string) =>
    new Redirect(withQuery(redirectUri, { error, error_description: description, ...(state !== null ? { state } : {}) }));
  if (q.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const scopes = parseScopes(q.get('scope'), app);
  if ('invalid' in scopes) return fail('invalid_scope', `The scope ${scopes.invalid} cannot be granted`);
  const challenge = q.get('code_challenge');
  const method = q.get('code_challenge_method');
  if (challenge !== null) {
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(challenge)) return fail('invalid_request', 'malformed code_challenge');
  }
  const integration = q.get('integration_type');
  if (integration !== null && integration !== '0' && integration !== '1') {
    return fail('invalid_request', 'integration_type must be 0 or 1');
  }
  const pending: PendingAuthorization = {
    id: emu.ids.next(),
    applicationId: app.id,
    scopes: scopes.scopes,
    redirectUri,
    state,
    challenge,
    challengeMethod: challenge !== null ? 'S256' : null,
    integrationType: integration === null ? null : Number(integration),
    nonce: q.get('nonce'),
    createdAt: emu.now(),
    via: 'web',
    decision: null,
  };
  const decided = requestAuthorization(emu, pending);
  if (decided !== null) return new Redirect(decided);
  return new HtmlPage(consentPage(app, pending, [...emu.state.users.values()]));
}

async function decideFromPage(ctx: RequestContext): Promise<Redirect | HtmlPage> {
  const form = await ctx.form();
  const pending = ctx.emu.state.pendingAuthorizations.get(form.get('pending_id') ?? '');
  if (!pending) return new HtmlPage(errorPage('This authorization request is no longer pending.'), 400);
  // The page's form says it offered the checkboxes (scope_choice): the ticked ones are granted,
  // an unticked box sends nothing. A form without it (a script's) grants everything requested.
  const granted = form.get('scope_choice') === '1' ? form.getAll('scope') : undefined;
  return new Redirect(decide(ctx.emu, pending, form.get('decision') === 'approve', form.get('user_id'), granted));
}

async function token(ctx: RequestContext, webBase: () => string): Promise<Record<string, unknown>> {
  // RFC 6749 §5.1: token responses (and their errors) are never cached.
  ctx.headers['Cache-Control'] = 'no-store';
  ctx.headers.Pragma = 'no-cache';
  const issuer = webBase();
  if (String(ctx.req.headers['content-type'] ?? '').split(';')[0].trim() !== 'application/x-www-form-urlencoded') {
    await ctx.raw().catch(() => undefined);
    throw new OAuthError(400, 'invalid_request', 'The token endpoint accepts only application/x-www-form-urlencoded bodies');
  }
  const form = await ctx.form();
  const emu = ctx.emu;
  await ensureSigningKey(emu);
  const grant = form.get('grant_type');
  switch (grant) {
    case 'authorization_code': {
      const { app, authenticated } = client(ctx, form);
      const externalType = form.get('external_auth_type');
      const externalToken = form.get('external_auth_token');
      const beforeSpend = (user: User) => {
        if ((externalType === null) !== (externalToken === null)) {
          throw new OAuthError(400, 'invalid_request', 'external_auth_type and external_auth_token go together');
        }
        // Throws the merge errors (530014, 530016, 530017, 530023) before the code is spent.
        if (externalType !== null && externalToken !== null) mergeProvisionalIdentity(emu, user, externalType, externalToken);
      };
      const issued = codeGrant(emu, app, { code: form.get('code'), redirectUri: form.get('redirect_uri'), codeVerifier: form.get('code_verifier'), authenticated, beforeSpend });
      return oidcTokenResponse(emu, issued, issuer, issued.nonce);
    }
    case 'refresh_token': {
      const { app } = client(ctx, form);
      return oidcTokenResponse(emu, refreshGrant(emu, app, form.get('refresh_token') ?? ''), issuer);
    }
    case 'client_credentials': {
      const { app, authenticated } = client(ctx, form);
      return tokenResponse(emu, clientCredentialsGrant(emu, app, authenticated, form.get('scope') ?? 'identify'));
    }
    case DEVICE_GRANT: {
      const { app } = client(ctx, form);
      return oidcTokenResponse(emu, deviceCodeGrant(emu, app, form.get('device_code')), issuer);
    }
    default:
      throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant_type: ${String(grant).slice(0, 64)}`);
  }
}

async function revoke(ctx: RequestContext): Promise<Record<string, unknown>> {
  const form = await ctx.form();
  const { app } = client(ctx, form);
  revokeToken(ctx.emu, app, form.get('token') ?? '');
  return {};
}

async function deviceAuthorize(ctx: RequestContext, webBase: () => string): Promise<Record<string, unknown>> {
  const form = await ctx.form();
  const { app } = client(ctx, form);
  const scopes = parseScopes(form.get('scope'), app);
  if ('invalid' in scopes) throw new OAuthError(400, 'invalid_scope', `The scope ${scopes.invalid} cannot be granted`);
  const device = startDeviceAuthorization(ctx.emu, app, scopes.scopes);
  const verification = `${webBase()}/activate`;
  return {
    device_code: device.deviceCode,
    user_code: device.userCode,
    verification_uri: verification,
    verification_uri_complete: `${verification}?user_code=${encodeURIComponent(device.userCode)}`,
    expires_in: DEVICE_CODE_LIFETIME_S,
    interval: DEVICE_POLL_INTERVAL_S,
  };
}

function me(ctx: RequestContext): Record<string, unknown> {
  const { token, app, user } = ctx.bearer();
  return {
    application: { id: app.id, name: app.name },
    scopes: token.scopes,
    expires: ctx.emu.iso(token.expiresAt),
    user: userJson(user, app),
  };
}

export function registerOAuth2(api: Router, web: Router, webBase: () => string): void {
  web.get('/.well-known/openid-configuration', () => discoveryDocument(webBase()));
  web.get('/.well-known/jwks.json', async (ctx) => {
    await ensureSigningKey(ctx.emu);
    return jwks(ctx.emu);
  });
  web.get('/oauth2/authorize', authorize);
  web.post('/oauth2/authorize/decide', decideFromPage);
  web.get('/activate', (ctx) => new HtmlPage(activatePage(ctx.query.get('user_code'), null)));
  web.post('/activate', async (ctx) => {
    const form = await ctx.form();
    const ok = approveDevice(ctx.emu, form.get('user_code') ?? '', devicePageUser(ctx.emu));
    return new HtmlPage(activatePage(null, ok ? 'Device approved. You can return to the game.' : 'Unknown or expired code.'), ok ? 200 : 400);
  });
  api.post('/oauth2/token', (ctx) => token(ctx, webBase));
  api.post('/oauth2/token/revoke', revoke);
  api.post('/oauth2/device/authorize', (ctx) => deviceAuthorize(ctx, webBase));
  api.get('/oauth2/@me', me);
}
