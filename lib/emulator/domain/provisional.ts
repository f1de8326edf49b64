// Provisional accounts (docs/protocols/oauth2.md): tokens for an external identity, merging it into a
// full account through the OAuth2 code exchange, and unmerging. The emulator is its own identity
// provider: the external token names its subject.
import type { Emulator } from '../emulator';
import { ApiError, fieldError } from './errors';
import type { Application, User } from '../model/types';
import { isBanned } from './accounts';
import { issueTokens, tokenResponse } from './authorizations';

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

export function newProvisionalUser(emu: Emulator, identity: { type: string; subject: string }, name: string | null, restrictedFor: string | null): User {
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

/** The token response for an external identity: its holder's, or a new provisional account's. */
export function provisionalTokens(emu: Emulator, app: Application, type: string, externalToken: string, name: string | null): Record<string, unknown> {
  if (!app.provisionalAccounts) throw err.notEnabled();
  const identity = identityFromToken(type, externalToken);
  const holder = holderOf(emu, identity.type, identity.subject) ?? newProvisionalUser(emu, identity, name, null);
  if (isBanned(emu, holder)) throw new ApiError(403, 40007, 'The account is banned');
  // The refresh grant is deprecated for OIDC provisional accounts: none is issued.
  const refresh = !(holder.provisional && identity.type === 'OIDC');
  const body = tokenResponse(emu, issueTokens(emu, app.id, holder.id, ['sdk.social_layer'], { refresh }));
  if (identity.type === 'OIDC') body.id_token = `emu_idt_${holder.id}`;
  return body;
}

/** Merges a provisional identity into `user` (the OAuth2 exchange with external_auth_*). */
export function mergeProvisionalIdentity(emu: Emulator, user: User, type: string, externalToken: string): void {
  if (!EXTERNAL_AUTH_TYPES.has(type)) throw fieldError('external_auth_type', 'ENUM_TYPE_COERCE', 'Unknown external_auth_type');
  const identity = identityFromToken(type, externalToken);
  if (user.provisional) throw err.destinationProvisional();
  const holder = holderOf(emu, identity.type, identity.subject);
  if (holder && holder.id === user.id) return; // already merged
  if (holder && !holder.provisional) throw err.sourceNotProvisional();
  if (holder?.restrictedFor) {
    const banned = emu.user(holder.restrictedFor);
    if (banned && isBanned(emu, banned)) throw err.banned();
  }
  if (user.identities.length >= MAX_IDENTITIES) throw err.tooManyIdentities();
  user.identities.push(identity);
  if (holder) {
    holder.identities = holder.identities.filter((i) => !(i.type === identity.type && i.subject === identity.subject));
    holder.mergedInto = user.id;
    const apps = new Set<string>();
    for (const [token, record] of emu.state.tokens) {
      if (record.userId !== holder.id) continue;
      apps.add(record.applicationId);
      emu.state.tokens.delete(token);
    }
    // The provisional account's tokens are gone: the gateway sessions and local-client
    // connections they opened end too (as on a revocation; no webhook, nobody deauthorized the app).
    for (const applicationId of apps) {
      emu.bus.publish({ type: 'APPLICATION_DEAUTHORIZED', data: { application_id: applicationId, user_id: holder.id }, userIds: [holder.id], applicationId });
    }
  }
  emu.changed();
}

/** Moves an external identity out of a full account into a new provisional account. */
export function unmergeIdentity(emu: Emulator, type: string, externalToken: string): void {
  const identity = identityFromToken(type, externalToken);
  const holder = holderOf(emu, identity.type, identity.subject);
  if (!holder) throw new ApiError(404, 10013, 'Unknown User: no account holds this identity');
  if (holder.provisional) throw err.notProvisional();
  holder.identities = holder.identities.filter((i) => !(i.type === identity.type && i.subject === identity.subject));
  newProvisionalUser(emu, identity, holder.globalName, null);
  emu.changed();
}
