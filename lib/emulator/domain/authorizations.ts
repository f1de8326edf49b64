// Authorizations and tokens (docs/protocols/oauth2.md): which user authorized which application with
// which scopes, the access and refresh tokens that carry it (child tokens live only while their
// parent does), authorization codes from the consent page or the local client, the device flow,
// and the OAuth2 grants' rules. The HTTP and IPC adapters only parse and shape.
import { timingSafeEqual } from 'node:crypto';
import { withQuery } from '../auth/redirects';
import { verifierMatches } from '../auth/pkce';
import { grantedScopes, parseScopes } from '../auth/scopes';
import type { Emulator } from '../emulator';
import { ApiError, OAuthError } from './errors';
import type { Application, AuthorizationCode, DeviceAuthorization, PendingAuthorization, TokenRecord, User } from '../model/types';
import { newSecret } from '../secrets';
import { isBanned, userJson } from './accounts';
import { mainApplication } from './applications';

export const ACCESS_TOKEN_LIFETIME_S = 604800; // 7 days, as the service's token responses say
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const DEVICE_CODE_LIFETIME_S = 300;
export const DEVICE_POLL_INTERVAL_S = 5;
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export interface IssuedTokens {
  access: TokenRecord;
  refresh: TokenRecord | null;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The client of a token request; a secret, when given, must be the application's. */
export function authenticateClient(emu: Emulator, clientId: string | null, secret: string | null): { app: Application; authenticated: boolean } {
  const app = clientId ? emu.app(clientId) : undefined;
  if (!app) throw new OAuthError(401, 'invalid_client', 'Unknown client_id');
  if (secret !== null && !safeEqual(secret, app.clientSecret)) {
    throw new OAuthError(401, 'invalid_client', 'Invalid client_secret');
  }
  return { app, authenticated: secret !== null };
}

export function issueTokens(
  emu: Emulator,
  applicationId: string,
  userId: string | null,
  scopes: string[],
  options: { refresh?: boolean; lifetimeS?: number; parentToken?: string | null } = {},
): IssuedTokens {
  const now = emu.now();
  const access: TokenRecord = {
    token: newSecret('emu_at_'),
    kind: 'access',
    applicationId,
    userId,
    scopes,
    issuedAt: now,
    expiresAt: now + (options.lifetimeS ?? ACCESS_TOKEN_LIFETIME_S) * 1000,
    pairedWith: null,
    parentToken: options.parentToken ?? null,
  };
  emu.state.tokens.set(access.token, access);
  let refresh: TokenRecord | null = null;
  if (options.refresh !== false) {
    refresh = {
      token: newSecret('emu_rt_'),
      kind: 'refresh',
      applicationId,
      userId,
      scopes,
      issuedAt: now,
      expiresAt: null,
      pairedWith: access.token,
      parentToken: null,
    };
    emu.state.tokens.set(refresh.token, refresh);
  }
  if (userId) emu.state.authorizations.set(`${applicationId}:${userId}`, scopes);
  emu.changed();
  return { access, refresh };
}

/** The token response of the OAuth2 token endpoint. */
export function tokenResponse(emu: Emulator, issued: IssuedTokens): Record<string, unknown> {
  const body: Record<string, unknown> = {
    access_token: issued.access.token,
    token_type: 'Bearer',
    expires_in: Math.round(((issued.access.expiresAt ?? emu.now()) - emu.now()) / 1000),
    scope: issued.access.scopes.join(' '),
  };
  if (issued.refresh) body.refresh_token = issued.refresh.token;
  return body;
}

/** A live access token (known, not expired by the emulator clock, parent alive, user not banned). */
export function accessToken(emu: Emulator, token: string): TokenRecord | undefined {
  const record = emu.state.tokens.get(token);
  if (!record || record.kind !== 'access') return undefined;
  if (record.expiresAt !== null && record.expiresAt <= emu.now()) return undefined;
  if (record.parentToken && !accessToken(emu, record.parentToken)) return undefined;
  if (record.userId) {
    const user = emu.user(record.userId);
    if (!user || isBanned(emu, user)) return undefined;
  }
  return record;
}

/** Deletes every token of `applicationId` for `userId`, then APPLICATION_DEAUTHORIZED. */
export function deauthorize(emu: Emulator, applicationId: string, userId: string, reason: string): number {
  let removed = 0;
  for (const [token, record] of emu.state.tokens) {
    if (record.applicationId === applicationId && record.userId === userId) {
      emu.state.tokens.delete(token);
      removed++;
    }
  }
  // Child tokens die with their parents (accessToken() checks the parent).
  emu.state.authorizations.delete(`${applicationId}:${userId}`);
  const app = emu.app(applicationId);
  const user = emu.user(userId);
  if (app && user) {
    emu.log(`APPLICATION_DEAUTHORIZED app=${applicationId} user=${userId} (${reason})`);
    emu.webhooks.send(app, 'APPLICATION_DEAUTHORIZED', { user: userJson(user, app) });
    emu.bus.publish({ type: 'APPLICATION_DEAUTHORIZED', data: { application_id: applicationId, user_id: userId }, userIds: [userId], applicationId });
  }
  emu.changed();
  return removed;
}

/** Deauthorizes `userId` from every application it holds tokens or an authorization for. */
export function deauthorizeEverywhere(emu: Emulator, userId: string, reason: string): void {
  const apps = new Set<string>();
  for (const record of emu.state.tokens.values()) if (record.userId === userId) apps.add(record.applicationId);
  for (const key of emu.state.authorizations.keys()) if (key.endsWith(`:${userId}`)) apps.add(key.split(':')[0]);
  for (const appId of apps) deauthorize(emu, appId, userId, reason);
}

/** RFC 7009: revoking a user's token ends the application's authorization; an unknown token is not an error. */
export function revokeToken(emu: Emulator, app: Application, token: string): void {
  const record = emu.state.tokens.get(token);
  if (record && record.applicationId === app.id && record.userId) deauthorize(emu, app.id, record.userId, 'token revoked');
}

export function recordAuthorized(emu: Emulator, app: Application, user: User, scopes: string[], integrationType: number | null): void {
  const key = `${app.id}:${user.id}`;
  const first = !emu.state.authorizations.has(key);
  emu.state.authorizations.set(key, scopes);
  if (first) {
    emu.webhooks.send(app, 'APPLICATION_AUTHORIZED', {
      integration_type: integrationType ?? 1,
      scopes,
      user: userJson(user, app),
    });
  }
}

/** A token for tests (the control API), without the browser dance. */
export function issueTestToken(emu: Emulator, userId: string, scopes: string[], applicationId?: string): IssuedTokens {
  const appId = applicationId ?? mainApplication(emu).id;
  if (!emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
  return issueTokens(emu, appId, userId, scopes);
}

// --- Authorization codes

export type CodeRequest = Pick<PendingAuthorization, 'applicationId' | 'scopes' | 'redirectUri' | 'challenge' | 'challengeMethod' | 'integrationType' | 'nonce'>;

export function issueCode(emu: Emulator, request: CodeRequest, user: User): AuthorizationCode {
  const code: AuthorizationCode = {
    code: newSecret('emu_code_', 18),
    applicationId: request.applicationId,
    userId: user.id,
    scopes: request.scopes,
    redirectUri: request.redirectUri,
    challenge: request.challenge,
    challengeMethod: request.challengeMethod,
    nonce: request.nonce ?? null,
    expiresAt: emu.now() + CODE_LIFETIME_MS,
    used: false,
  };
  emu.state.codes.set(code.code, code);
  const app = emu.app(request.applicationId);
  if (app) recordAuthorized(emu, app, user, request.scopes, request.integrationType);
  emu.changed();
  return code;
}

/** A person who may approve an authorization: known, not a bot, not banned. */
export function approver(emu: Emulator, userId: string | null): User | undefined {
  const user = userId ? emu.user(userId) : undefined;
  return user && !user.bot && !isBanned(emu, user) ? user : undefined;
}

/**
 * The scopes a person grants of a request (spec, AuthorizationArgs rule 3: each additional scope
 * is theirs to grant): `granted` undefined grants everything requested; the required ones are
 * granted whether named or not; a scope that was not requested is refused (400 50035).
 */
export function consentScopes(requested: string[], granted?: readonly string[]): string[] {
  const result = grantedScopes(requested, granted);
  if ('notRequested' in result) throw new ApiError(400, 50035, `scopes: ${result.notRequested.slice(0, 64)} was not requested`);
  return result.scopes;
}

/**
 * Approves or denies a pending web authorization; returns where the browser goes next. The code
 * carries the scopes granted (`granted`: see consentScopes).
 */
export function decide(emu: Emulator, pending: PendingAuthorization, approved: boolean, userId: string | null, granted?: readonly string[]): string {
  // Check the user and the scopes before anything changes: a refused approval leaves the request pending.
  const user = approved ? approver(emu, userId) : undefined;
  if (approved && !user) throw new ApiError(400, 10013, 'Unknown or unavailable user');
  const scopes = approved ? consentScopes(pending.scopes, granted) : pending.scopes;
  pending.decision = { approved, userId };
  emu.state.pendingAuthorizations.delete(pending.id);
  const params: Record<string, string> = {};
  if (approved) {
    params.code = issueCode(emu, { ...pending, scopes }, user!).code;
  } else {
    params.error = 'access_denied';
    params.error_description = 'The resource owner or authorization server denied the request';
  }
  if (pending.state !== null) params.state = pending.state;
  return withQuery(pending.redirectUri, params);
}

/** A consent request: decided at once when the emulator auto-approves, else it waits; null then. */
export function requestAuthorization(emu: Emulator, pending: PendingAuthorization): string | null {
  if (emu.state.autoApproveUserId) return decide(emu, pending, true, emu.state.autoApproveUserId);
  emu.state.pendingAuthorizations.set(pending.id, pending);
  return null;
}

// --- Grants

function isOidcProvisional(user: User): boolean {
  return user.provisional && user.identities.some((i) => i.type === 'OIDC');
}

/** refresh_token: single use (rotation); no new refresh token for an OIDC provisional account. */
export function refreshGrant(emu: Emulator, app: Application, refreshToken: string): IssuedTokens {
  const record = emu.state.tokens.get(refreshToken);
  if (!record || record.kind !== 'refresh' || record.applicationId !== app.id) {
    throw new OAuthError(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
  }
  const user = record.userId ? emu.user(record.userId) : undefined;
  if (!user || isBanned(emu, user)) throw new OAuthError(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
  emu.state.tokens.delete(record.token);
  return issueTokens(emu, app.id, user.id, record.scopes, { refresh: !isOidcProvisional(user) });
}

export interface CodeExchange {
  code: string | null;
  redirectUri: string | null;
  codeVerifier: string | null;
  /** The client authenticated with its secret (a confidential client). */
  authenticated: boolean;
  /** Runs after the code is checked and before it is spent (the provisional merge). */
  beforeSpend?: (user: User) => void;
}

/**
 * authorization_code: PKCE or a confidential client, the same redirect_uri, single use, 10
 * minutes. Also hands back the authorize request's nonce, for the id_token.
 */
export function codeGrant(emu: Emulator, app: Application, exchange: CodeExchange): IssuedTokens & { nonce: string | null } {
  const record = emu.state.codes.get(exchange.code ?? '');
  const invalid = (why: string) => new OAuthError(400, 'invalid_grant', why);
  if (!record || record.applicationId !== app.id) throw invalid('Invalid "code" in request.');
  if (record.used) throw invalid('The code was already used.');
  if (record.expiresAt <= emu.now()) throw invalid('The code expired.');
  // redirect_uri must repeat the authorize request's (RFC 6749 §4.1.3); a client that relied on
  // the default sdkpp-<appId> redirect there may leave it out here too.
  const redirectUri = exchange.redirectUri ?? (record.redirectUri === `sdkpp-${app.id}:/authorize/callback` ? record.redirectUri : '');
  if (redirectUri !== record.redirectUri) throw invalid('Invalid "redirect_uri" in request.');
  if (record.challenge !== null) {
    if (!verifierMatches(exchange.codeVerifier, record.challenge)) throw invalid('Invalid "code_verifier" in request.');
  } else if (!exchange.authenticated) {
    // Without PKCE only a confidential client (with its secret) may redeem a code.
    throw new OAuthError(401, 'invalid_client', 'Public clients must use PKCE');
  }
  const user = emu.user(record.userId);
  if (!user || isBanned(emu, user)) throw invalid('The authorizing user is not available.');
  exchange.beforeSpend?.(user);
  record.used = true;
  emu.changed();
  return { ...issueTokens(emu, app.id, user.id, record.scopes), nonce: record.nonce ?? null };
}

/** client_credentials: the application's own token, no user, no refresh. */
export function clientCredentialsGrant(emu: Emulator, app: Application, authenticated: boolean, scope: string): IssuedTokens {
  if (!authenticated) throw new OAuthError(401, 'invalid_client', 'client_credentials needs the client_secret');
  const scopes = parseScopes(scope, app);
  if ('invalid' in scopes) throw new OAuthError(400, 'invalid_scope', `The scope ${scopes.invalid} cannot be granted`);
  return issueTokens(emu, app.id, null, scopes.scopes, { refresh: false });
}

// --- The device flow

export function startDeviceAuthorization(emu: Emulator, app: Application, scopes: string[]): DeviceAuthorization {
  const alphabet = 'BCDFGHJKLMNPQRSTVWXZ';
  const raw = newSecret('', 8);
  let userCode = '';
  for (let i = 0; i < 8; i++) userCode += alphabet[raw.charCodeAt(i) % alphabet.length];
  userCode = `${userCode.slice(0, 4)}-${userCode.slice(4)}`;
  const device: DeviceAuthorization = {
    deviceCode: newSecret('emu_dc_'),
    userCode,
    applicationId: app.id,
    scopes,
    expiresAt: emu.now() + DEVICE_CODE_LIFETIME_S * 1000,
    interval: DEVICE_POLL_INTERVAL_S,
    lastPollAt: 0,
    approvedBy: null,
    denied: false,
    consumed: false,
  };
  emu.state.deviceAuthorizations.set(device.deviceCode, device);
  return device;
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

/** The user the device page approves as: the auto-approve user, else the first person. */
export function devicePageUser(emu: Emulator): string | null {
  return emu.state.autoApproveUserId ?? [...emu.state.users.values()].find((u) => !u.bot)?.id ?? null;
}

/** urn:ietf:params:oauth:grant-type:device_code: pending, slow_down, denied, expired, or the tokens. */
export function deviceCodeGrant(emu: Emulator, app: Application, deviceCode: string | null): IssuedTokens {
  const device = emu.state.deviceAuthorizations.get(deviceCode ?? '');
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
  recordAuthorized(emu, app, user, device.scopes, null);
  return issueTokens(emu, app.id, user.id, device.scopes);
}

// --- Child tokens (publisher-level linking)

export function childToken(emu: Emulator, parentToken: string, childId: string, parentSecret: string | undefined): Record<string, unknown> {
  const parent = accessToken(emu, parentToken);
  if (!parent || !parent.userId) throw new ApiError(401, 0, '401: Unauthorized (parent_access_token)');
  const child = emu.app(childId);
  if (!child) throw new ApiError(404, 10002, 'Unknown Application');
  if (child.parentId !== parent.applicationId) {
    throw new ApiError(403, 50001, 'Missing Access: the child application does not belong to the parent application');
  }
  const parentApp = emu.app(parent.applicationId)!;
  if (parentSecret !== undefined && parentSecret !== parentApp.clientSecret) throw new ApiError(401, 0, 'Invalid parent_client_secret');
  const remainingS = Math.max(1, Math.floor(((parent.expiresAt ?? emu.now()) - emu.now()) / 1000));
  const issued = issueTokens(emu, child.id, parent.userId, parent.scopes, { refresh: false, lifetimeS: remainingS, parentToken: parent.token });
  return { access_token: issued.access.token, token_type: 'Bearer', expires_in: remainingS, scope: parent.scopes.join(' ') };
}
