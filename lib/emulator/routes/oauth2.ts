// OAuth2 (protocols.md §2): the consent page, the token endpoint (authorization_code with PKCE,
// refresh_token with rotation, client_credentials, device_code), revocation, the device flow
// and GET /oauth2/@me.
import { timingSafeEqual } from 'node:crypto';
import { isAllowedRedirect, withQuery } from '../auth/redirects';
import { parseScopes } from '../auth/scopes';
import { verifierMatches } from '../auth/pkce';
import { activatePage, consentPage, errorPage } from '../auth/consent_page';
import type { Emulator } from '../emulator';
import type { RequestContext } from '../http/context';
import { ApiError, OAuthError } from '../http/errors';
import type { Router } from '../http/router';
import { HtmlPage, Redirect } from '../http/server';
import type { Application, AuthorizationCode, PendingAuthorization, User } from '../model/types';
import { isSnowflake } from '../snowflake';
import { CODE_LIFETIME_MS, DEVICE_CODE_LIFETIME_S, DEVICE_POLL_INTERVAL_S, newSecret } from '../tokens';
import { mergeProvisionalIdentity } from './partner_sdk';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

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
  if (!clientId || !isSnowflake(clientId)) throw new OAuthError(401, 'invalid_client', 'Unknown client_id');
  const app = ctx.emu.app(clientId);
  if (!app) throw new OAuthError(401, 'invalid_client', 'Unknown client_id');
  if (secret !== null && !safeEqual(secret, app.clientSecret)) {
    throw new OAuthError(401, 'invalid_client', 'Invalid client_secret');
  }
  return { app, authenticated: secret !== null };
}

export function issueCode(emu: Emulator, pending: PendingAuthorization, user: User): AuthorizationCode {
  const code: AuthorizationCode = {
    code: newSecret('emu_code_', 18),
    applicationId: pending.applicationId,
    userId: user.id,
    scopes: pending.scopes,
    redirectUri: pending.redirectUri,
    challenge: pending.challenge,
    challengeMethod: pending.challengeMethod,
    expiresAt: emu.now() + CODE_LIFETIME_MS,
    used: false,
  };
  emu.state.codes.set(code.code, code);
  const app = emu.app(pending.applicationId);
  if (app) emu.recordAuthorized(app, user, pending.scopes, pending.integrationType);
  emu.changed();
  return code;
}

/** Approves or denies a pending web authorization; returns where the browser goes next. */
export function decide(emu: Emulator, pending: PendingAuthorization, approved: boolean, userId: string | null): string {
  // Check the user before anything changes: a refused approval leaves the request pending.
  const user = approved && userId ? emu.user(userId) : undefined;
  if (approved && (!user || user.bot || emu.isBanned(user))) throw new ApiError(400, 10013, 'Unknown or unavailable user');
  pending.decision = { approved, userId };
  emu.state.pendingAuthorizations.delete(pending.id);
  const params: Record<string, string> = {};
  if (approved) {
    params.code = issueCode(emu, pending, user!).code;
  } else {
    params.error = 'access_denied';
    params.error_description = 'The resource owner or authorization server denied the request';
  }
  if (pending.state !== null) params.state = pending.state;
  return withQuery(pending.redirectUri, params);
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
    createdAt: emu.now(),
    via: 'web',
    decision: null,
  };
  if (emu.state.autoApproveUserId) {
    return new Redirect(decide(emu, pending, true, emu.state.autoApproveUserId));
  }
  emu.state.pendingAuthorizations.set(pending.id, pending);
  return new HtmlPage(consentPage(app, pending, [...emu.state.users.values()]));
}

async function decideFromPage(ctx: RequestContext): Promise<Redirect | HtmlPage> {
  const form = await ctx.form();
  const pending = ctx.emu.state.pendingAuthorizations.get(form.get('pending_id') ?? '');
  if (!pending) return new HtmlPage(errorPage('This authorization request is no longer pending.'), 400);
  return new Redirect(decide(ctx.emu, pending, form.get('decision') === 'approve', form.get('user_id')));
}

async function token(ctx: RequestContext): Promise<Record<string, unknown>> {
  if (String(ctx.req.headers['content-type'] ?? '').split(';')[0].trim() !== 'application/x-www-form-urlencoded') {
    await ctx.raw().catch(() => undefined);
    throw new OAuthError(400, 'invalid_request', 'The token endpoint accepts only application/x-www-form-urlencoded bodies');
  }
  const form = await ctx.form();
  const emu = ctx.emu;
  const grant = form.get('grant_type');
  switch (grant) {
    case 'authorization_code':
      return authorizationCodeGrant(ctx, form);
    case 'refresh_token': {
      const { app } = client(ctx, form);
      const record = emu.state.tokens.get(form.get('refresh_token') ?? '');
      if (!record || record.kind !== 'refresh' || record.applicationId !== app.id) {
        throw new OAuthError(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
      }
      const user = record.userId ? emu.user(record.userId) : undefined;
      if (!user || emu.isBanned(user)) throw new OAuthError(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
      // Rotation: the refresh token is single use.
      emu.state.tokens.delete(record.token);
      return emu.tokenResponse(emu.issueTokens(app.id, user.id, record.scopes, { refresh: !isOidcProvisional(user) }));
    }
    case 'client_credentials': {
      const { app, authenticated } = client(ctx, form);
      if (!authenticated) throw new OAuthError(401, 'invalid_client', 'client_credentials needs the client_secret');
      const scopes = parseScopes(form.get('scope') ?? 'identify', app);
      if ('invalid' in scopes) throw new OAuthError(400, 'invalid_scope', `The scope ${scopes.invalid} cannot be granted`);
      return emu.tokenResponse(emu.issueTokens(app.id, null, scopes.scopes, { refresh: false }));
    }
    case DEVICE_GRANT:
      return deviceCodeGrant(ctx, form);
    default:
      throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant_type: ${String(grant).slice(0, 64)}`);
  }
}

function isOidcProvisional(user: User): boolean {
  return user.provisional && user.identities.some((i) => i.type === 'OIDC');
}

function authorizationCodeGrant(ctx: RequestContext, form: URLSearchParams): Record<string, unknown> {
  const emu = ctx.emu;
  const { app, authenticated } = client(ctx, form);
  const record = emu.state.codes.get(form.get('code') ?? '');
  const invalid = (why: string) => new OAuthError(400, 'invalid_grant', why);
  if (!record || record.applicationId !== app.id) throw invalid('Invalid "code" in request.');
  if (record.used) throw invalid('The code was already used.');
  if (record.expiresAt <= emu.now()) throw invalid('The code expired.');
  // redirect_uri must repeat the authorize request's (RFC 6749 §4.1.3); a client that relied on
  // the default sdkpp-<appId> redirect there may leave it out here too.
  const redirectUri = form.get('redirect_uri') ?? (record.redirectUri === `sdkpp-${app.id}:/authorize/callback` ? record.redirectUri : '');
  if (redirectUri !== record.redirectUri) throw invalid('Invalid "redirect_uri" in request.');
  if (record.challenge !== null) {
    if (!verifierMatches(form.get('code_verifier'), record.challenge)) throw invalid('Invalid "code_verifier" in request.');
  } else if (!authenticated) {
    // Without PKCE only a confidential client (with its secret) may redeem a code.
    throw new OAuthError(401, 'invalid_client', 'Public clients must use PKCE');
  }
  const user = emu.user(record.userId);
  if (!user || emu.isBanned(user)) throw invalid('The authorizing user is not available.');
  const externalType = form.get('external_auth_type');
  const externalToken = form.get('external_auth_token');
  if ((externalType === null) !== (externalToken === null)) {
    throw new OAuthError(400, 'invalid_request', 'external_auth_type and external_auth_token go together');
  }
  if (externalType !== null && externalToken !== null) {
    // Throws the merge errors (530014, 530016, 530017, 530023) before the code is spent.
    mergeProvisionalIdentity(emu, app, user, externalType, externalToken);
  }
  record.used = true;
  emu.changed();
  return emu.tokenResponse(emu.issueTokens(app.id, user.id, record.scopes));
}

function deviceCodeGrant(ctx: RequestContext, form: URLSearchParams): Record<string, unknown> {
  const emu = ctx.emu;
  const { app } = client(ctx, form);
  const device = emu.state.deviceAuthorizations.get(form.get('device_code') ?? '');
  if (!device || device.applicationId !== app.id || device.consumed) {
    throw new OAuthError(400, 'invalid_grant', 'Invalid "device_code" in request.');
  }
  const now = emu.now();
  if (device.expiresAt <= now) throw new OAuthError(400, 'expired_token', 'The device code expired.');
  if (device.denied) throw new OAuthError(400, 'access_denied', 'The user denied the request.');
  if (!device.approvedBy) {
    const tooSoon = now - device.lastPollAt < device.interval * 1000;
    device.lastPollAt = now;
    if (tooSoon) throw new OAuthError(400, 'slow_down', 'Polling too often.');
    throw new OAuthError(400, 'authorization_pending', 'The user has not approved the request yet.');
  }
  device.consumed = true;
  const user = emu.user(device.approvedBy);
  if (!user) throw new OAuthError(400, 'invalid_grant', 'The approving user is gone.');
  emu.recordAuthorized(app, user, device.scopes, null);
  return emu.tokenResponse(emu.issueTokens(app.id, user.id, device.scopes));
}

async function revoke(ctx: RequestContext): Promise<Record<string, unknown>> {
  const form = await ctx.form();
  const { app } = client(ctx, form);
  const record = ctx.emu.state.tokens.get(form.get('token') ?? '');
  // RFC 7009: an unknown token is not an error.
  if (record && record.applicationId === app.id && record.userId) {
    ctx.emu.deauthorize(app.id, record.userId, 'token revoked');
  }
  return {};
}

async function deviceAuthorize(ctx: RequestContext, webBase: () => string): Promise<Record<string, unknown>> {
  const form = await ctx.form();
  const { app } = client(ctx, form);
  const scopes = parseScopes(form.get('scope'), app);
  if ('invalid' in scopes) throw new OAuthError(400, 'invalid_scope', `The scope ${scopes.invalid} cannot be granted`);
  const alphabet = 'BCDFGHJKLMNPQRSTVWXZ';
  const raw = newSecret('', 8);
  let userCode = '';
  for (let i = 0; i < 8; i++) userCode += alphabet[raw.charCodeAt(i) % alphabet.length];
  userCode = `${userCode.slice(0, 4)}-${userCode.slice(4)}`;
  const device = {
    deviceCode: newSecret('emu_dc_'),
    userCode,
    applicationId: app.id,
    scopes: scopes.scopes,
    expiresAt: ctx.emu.now() + DEVICE_CODE_LIFETIME_S * 1000,
    interval: DEVICE_POLL_INTERVAL_S,
    lastPollAt: 0,
    approvedBy: null,
    denied: false,
    consumed: false,
  };
  ctx.emu.state.deviceAuthorizations.set(device.deviceCode, device);
  const verification = `${webBase()}/activate`;
  return {
    device_code: device.deviceCode,
    user_code: userCode,
    verification_uri: verification,
    verification_uri_complete: `${verification}?user_code=${encodeURIComponent(userCode)}`,
    expires_in: DEVICE_CODE_LIFETIME_S,
    interval: DEVICE_POLL_INTERVAL_S,
  };
}

export function approveDevice(emu: Emulator, userCode: string, userId: string | null, approve = true): boolean {
  for (const device of emu.state.deviceAuthorizations.values()) {
    if (device.userCode === userCode.toUpperCase() && !device.consumed && device.expiresAt > emu.now()) {
      if (approve) {
        const user = userId ? emu.user(userId) : undefined;
        if (!user) return false;
        device.approvedBy = user.id;
      } else {
        device.denied = true;
      }
      return true;
    }
  }
  return false;
}

function me(ctx: RequestContext): Record<string, unknown> {
  const { token, app, user } = ctx.bearer();
  return {
    application: { id: app.id, name: app.name },
    scopes: token.scopes,
    expires: ctx.emu.iso(token.expiresAt),
    user: ctx.emu.userJson(user, app),
  };
}

export function registerOAuth2(api: Router, web: Router, webBase: () => string): void {
  web.get('/oauth2/authorize', authorize);
  web.post('/oauth2/authorize/decide', decideFromPage);
  web.get('/activate', (ctx) => new HtmlPage(activatePage(ctx.query.get('user_code'), null)));
  web.post('/activate', async (ctx) => {
    const form = await ctx.form();
    const userId = ctx.emu.state.autoApproveUserId ?? [...ctx.emu.state.users.values()].find((u) => !u.bot)?.id ?? null;
    const ok = approveDevice(ctx.emu, form.get('user_code') ?? '', userId);
    return new HtmlPage(activatePage(null, ok ? 'Device approved. You can return to the game.' : 'Unknown or expired code.'), ok ? 200 : 400);
  });
  api.post('/oauth2/token', token);
  api.post('/oauth2/token/revoke', revoke);
  api.post('/oauth2/device/authorize', (ctx) => deviceAuthorize(ctx, webBase));
  api.get('/oauth2/@me', me);
}
