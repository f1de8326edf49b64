// Provisional accounts (protocols.md §2): tokens for an external identity, merging it into a
// full account through the OAuth2 code exchange, unmerging, and the spec's ban rule — the
// banned account's identities move to a restricted provisional account, and merges answer
// 530017 until the ban lifts. Child tokens for publisher-level linking.
import type { Emulator } from '../emulator';
import type { RequestContext } from '../http/context';
import { ApiError, fieldError } from '../http/errors';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import type { Application, User } from '../model/types';

export const EXTERNAL_AUTH_TYPES = new Set([
  'OIDC',
  'STEAM_SESSION_TICKET',
  'EPIC_ONLINE_SERVICES_ACCESS_TOKEN',
  'EPIC_ONLINE_SERVICES_ID_TOKEN',
  'UNITY_SERVICES_ID_TOKEN',
  'APPLE_ID_TOKEN',
  'PLAYSTATION_NETWORK_ID_TOKEN',
  'SERVICE_BOT_ISSUED_ACCESS_TOKEN',
]);

const MAX_IDENTITIES = 10;

const err = {
  notEnabled: () => new ApiError(403, 530000, 'Provisional accounts are not enabled for this application'),
  expiredIdToken: () => new ApiError(401, 530001, 'The external identity token expired'),
  notProvisional: () => new ApiError(400, 530010, 'The account is not provisional: use OAuth2'),
  sourceNotProvisional: () => new ApiError(400, 530014, 'The merge source is not a provisional account'),
  destinationProvisional: () => new ApiError(400, 530016, 'The merge destination is a provisional account'),
  banned: () => new ApiError(403, 530017, 'The linked account is banned; merging is not possible until the ban lifts'),
  tooManyIdentities: () => new ApiError(400, 530023, 'The account has too many linked identities'),
};

/**
 * The emulator's identity provider: the external token names its subject. A token of the form
 * "expired:<anything>" stands for a provider token that has expired (530001).
 */
export function identityFromToken(type: string, token: string): { type: string; subject: string } {
  if (token.startsWith('expired:')) throw err.expiredIdToken();
  return { type, subject: token };
}

export function holderOf(emu: Emulator, type: string, subject: string): User | undefined {
  for (const user of emu.state.users.values()) {
    if (user.mergedInto) continue;
    if (user.identities.some((i) => i.type === type && i.subject === subject)) return user;
  }
  return undefined;
}

function newProvisionalUser(emu: Emulator, identity: { type: string; subject: string }, name: string | null, restrictedFor: string | null): User {
  const id = emu.ids.next();
  const user: User = {
    id,
    username: `provisional_${id.slice(-6)}`,
    globalName: name,
    avatar: null,
    bot: false,
    provisional: true,
    premiumType: 0,
    primaryGuildTag: null,
    primaryGuildId: null,
    bannedUntil: null,
    identities: [identity],
    connections: [],
    mergedInto: null,
    restrictedFor,
  };
  emu.state.users.set(id, user);
  emu.changed();
  return user;
}

function provisionalTokens(emu: Emulator, app: Application, type: string, externalToken: string, name: string | null) {
  if (!app.provisionalAccounts) throw err.notEnabled();
  const identity = identityFromToken(type, externalToken);
  const holder = holderOf(emu, identity.type, identity.subject) ?? newProvisionalUser(emu, identity, name, null);
  if (emu.isBanned(holder)) throw new ApiError(403, 40007, 'The account is banned');
  // The refresh grant is deprecated for OIDC provisional accounts: none is issued.
  const refresh = !(holder.provisional && identity.type === 'OIDC');
  const issued = emu.issueTokens(app.id, holder.id, ['sdk.social_layer'], { refresh });
  const body = emu.tokenResponse(issued);
  if (identity.type === 'OIDC') body.id_token = `emu_idt_${holder.id}`;
  return body;
}

/** Merges a provisional identity into `user` (the OAuth2 exchange with external_auth_*). */
export function mergeProvisionalIdentity(emu: Emulator, app: Application, user: User, type: string, externalToken: string): void {
  if (!EXTERNAL_AUTH_TYPES.has(type)) throw fieldError('external_auth_type', 'ENUM_TYPE_COERCE', 'Unknown external_auth_type');
  const identity = identityFromToken(type, externalToken);
  if (user.provisional) throw err.destinationProvisional();
  const holder = holderOf(emu, identity.type, identity.subject);
  if (holder && holder.id === user.id) return; // already merged
  if (holder && !holder.provisional) throw err.sourceNotProvisional();
  if (holder?.restrictedFor) {
    const banned = emu.user(holder.restrictedFor);
    if (banned && emu.isBanned(banned)) throw err.banned();
  }
  if (user.identities.length >= MAX_IDENTITIES) throw err.tooManyIdentities();
  user.identities.push(identity);
  if (holder) {
    holder.identities = holder.identities.filter((i) => !(i.type === identity.type && i.subject === identity.subject));
    holder.mergedInto = user.id;
    for (const [token, record] of emu.state.tokens) if (record.userId === holder.id) emu.state.tokens.delete(token);
  }
  emu.changed();
}

/** The spec's ban rule; returns the restricted provisional account, if the user had identities. */
export function banUser(emu: Emulator, userId: string, durationMs: number | null): User | null {
  const user = emu.user(userId);
  if (!user) throw new ApiError(404, 10013, 'Unknown User');
  user.bannedUntil = durationMs === null ? Infinity : emu.now() + durationMs;
  const apps = new Set<string>();
  for (const record of emu.state.tokens.values()) if (record.userId === userId) apps.add(record.applicationId);
  for (const key of emu.state.authorizations.keys()) if (key.endsWith(`:${userId}`)) apps.add(key.split(':')[0]);
  for (const appId of apps) emu.deauthorize(appId, userId, 'account banned');
  let restricted: User | null = null;
  if (user.identities.length > 0) {
    const [first, ...rest] = user.identities;
    restricted = newProvisionalUser(emu, first, user.globalName, user.id);
    restricted.identities.push(...rest);
    user.identities = [];
  }
  emu.changed();
  return restricted;
}

export function unbanUser(emu: Emulator, userId: string): void {
  const user = emu.user(userId);
  if (!user) throw new ApiError(404, 10013, 'Unknown User');
  user.bannedUntil = null;
  emu.changed();
}

export function registerPartnerSdk(api: Router): void {
  api.post('/partner-sdk/token', async (ctx: RequestContext) => {
    const body = await ctx.jsonObject();
    const v = new Validator();
    const clientId = v.snowflake('client_id', body.client_id);
    const type = v.string('external_auth_type', body.external_auth_type, { min: 1, max: 64 });
    const token = v.string('external_auth_token', body.external_auth_token, { min: 1, max: 8192 });
    v.string('client_secret', body.client_secret, { optional: true, max: 256 });
    if (type !== undefined && !EXTERNAL_AUTH_TYPES.has(type)) v.fail('external_auth_type', 'ENUM_TYPE_COERCE', 'Unknown external_auth_type');
    v.check();
    const app = ctx.emu.app(clientId!);
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    if (body.client_secret !== undefined && body.client_secret !== app.clientSecret) throw new ApiError(401, 0, 'Invalid client_secret');
    return provisionalTokens(ctx.emu, app, type!, token!, null);
  });

  api.post('/partner-sdk/token/bot', async (ctx) => {
    const { app } = ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const externalId = v.string('external_user_id', body.external_user_id, { min: 1, max: 256 });
    const name = v.string('preferred_global_name', body.preferred_global_name, { optional: true, min: 1, max: 32 });
    v.check();
    const tokens = provisionalTokens(ctx.emu, app, 'SERVICE_BOT_ISSUED_ACCESS_TOKEN', externalId!, name ?? null);
    return { access_token: tokens.access_token, id_token: `emu_idt_${externalId}`, token_type: 'Bearer', expires_in: tokens.expires_in, scope: 'sdk.social_layer' };
  });

  const unmerge = (ctx: RequestContext, app: Application, type: string, externalToken: string) => {
    const identity = identityFromToken(type, externalToken);
    const holder = holderOf(ctx.emu, identity.type, identity.subject);
    if (!holder) throw new ApiError(404, 10013, 'Unknown User: no account holds this identity');
    if (holder.provisional) throw err.notProvisional();
    holder.identities = holder.identities.filter((i) => !(i.type === identity.type && i.subject === identity.subject));
    newProvisionalUser(ctx.emu, identity, holder.globalName, null);
    ctx.emu.changed();
    void app;
    return null;
  };

  api.post('/partner-sdk/provisional-accounts/unmerge', async (ctx) => {
    const body = await ctx.jsonObject();
    const v = new Validator();
    const clientId = v.snowflake('client_id', body.client_id);
    const type = v.string('external_auth_type', body.external_auth_type, { min: 1, max: 64 });
    const token = v.string('external_auth_token', body.external_auth_token, { min: 1, max: 8192 });
    if (type !== undefined && !EXTERNAL_AUTH_TYPES.has(type)) v.fail('external_auth_type', 'ENUM_TYPE_COERCE', 'Unknown external_auth_type');
    v.check();
    const app = ctx.emu.app(clientId!);
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    return unmerge(ctx, app, type!, token!);
  });

  api.post('/partner-sdk/provisional-accounts/unmerge/bot', async (ctx) => {
    const { app } = ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const externalId = v.string('external_user_id', body.external_user_id, { min: 1, max: 256 });
    v.check();
    return unmerge(ctx, app, 'SERVICE_BOT_ISSUED_ACCESS_TOKEN', externalId!);
  });

  api.post('/partner-sdk/child-token', async (ctx) => {
    const body = await ctx.jsonObject();
    const v = new Validator();
    const parentToken = v.string('parent_access_token', body.parent_access_token, { min: 1, max: 512 });
    const childId = v.snowflake('child_application_id', body.child_application_id);
    const parentSecret = v.string('parent_client_secret', body.parent_client_secret, { optional: true, max: 256 });
    v.check();
    const parent = ctx.emu.accessToken(parentToken!);
    if (!parent || !parent.userId) throw new ApiError(401, 0, '401: Unauthorized (parent_access_token)');
    const child = ctx.emu.app(childId!);
    if (!child) throw new ApiError(404, 10002, 'Unknown Application');
    if (child.parentId !== parent.applicationId) {
      throw new ApiError(403, 50001, 'Missing Access: the child application does not belong to the parent application');
    }
    const parentApp = ctx.emu.app(parent.applicationId)!;
    if (parentSecret !== undefined && parentSecret !== parentApp.clientSecret) throw new ApiError(401, 0, 'Invalid parent_client_secret');
    const remainingS = Math.max(1, Math.floor(((parent.expiresAt ?? ctx.emu.now()) - ctx.emu.now()) / 1000));
    const issued = ctx.emu.issueTokens(child.id, parent.userId, parent.scopes, { refresh: false, lifetimeS: remainingS, parentToken: parent.token });
    return { access_token: issued.access.token, token_type: 'Bearer', expires_in: remainingS, scope: parent.scopes.join(' ') };
  });
}
