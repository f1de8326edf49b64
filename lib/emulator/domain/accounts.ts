// Accounts: users as the service shows them (to an application: premium_type only when approved,
// application profiles only on the user's own object), created through the control API, renamed
// (provisional accounts only); bans are in bans.ts.
import type { APIConnection, ConnectionService, ConnectionVisibility } from 'discord-api-types/v10';
import { createHash } from 'node:crypto';
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { Application, User } from '../model/types';
import { codePoints, Limits } from './limits';

// ExternalIdentityProviderType (docs/guides/migrating-from-cpp.md) of each external_auth_type.
const PROVIDER_TYPES: Record<string, number> = {
  OIDC: 0,
  EPIC_ONLINE_SERVICES_ACCESS_TOKEN: 1,
  EPIC_ONLINE_SERVICES_ID_TOKEN: 1,
  STEAM_SESSION_TICKET: 2,
  UNITY_SERVICES_ID_TOKEN: 3,
  SERVICE_BOT_ISSUED_ACCESS_TOKEN: 4,
};
const PROVIDER_UNKNOWN = 6;
const GLOBAL_NAME_MAX = Limits.MaxDisplayNameCodePoints;

function providerUserId(type: string, subject: string): string {
  return createHash('sha256').update(`${type}:${subject}`).digest('hex').slice(0, 20);
}

export function isBanned(emu: Emulator, user: User): boolean {
  return user.bannedUntil !== null && user.bannedUntil > emu.now();
}

/** A user others can address: known, not a bot, not merged into another account. */
export function findPerson(emu: Emulator, userId: string): User | undefined {
  const user = emu.user(userId);
  return user && !user.bot && !user.mergedInto ? user : undefined;
}

/**
 * The user's application profiles: one per external identity linked to the account. The
 * spec names the SDK's GetUserApplicationProfiles but not where the service sends them;
 * here they ride on the user's own object (GET /users/@me and READY), never on others'.
 */
export function applicationProfilesJson(user: User, viewer?: Application): Array<Record<string, unknown>> {
  return user.identities.map((identity) => ({
    provider_type: PROVIDER_TYPES[identity.type] ?? PROVIDER_UNKNOWN,
    // The emulator keys an identity by the token it was shown (it asks no provider), so the
    // id it shows is derived from that, never the token itself.
    provider_issued_user_id: providerUserId(identity.type, identity.subject),
    provider_id: viewer?.id ?? null,
    username: user.globalName ?? user.username,
    avatar_hash: user.avatar ?? '',
    metadata: '',
  }));
}

/** The user object as `viewer` (an application) sees it. */
export function userJson(user: User, viewer?: Application): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: user.avatar,
    bot: user.bot || undefined,
    // The spec: 0 for applications not approved for identify.premium, whatever the truth.
    premium_type: viewer?.premiumApproved ? user.premiumType : 0,
    primary_guild: user.primaryGuildTag
      ? { identity_guild_id: user.primaryGuildId, identity_enabled: true, tag: user.primaryGuildTag, badge: null }
      : null,
  };
  if (user.provisional) json.is_provisional_account = true;
  return json;
}

/** The user or, when unknown, a stub with just the id (a deleted author, say). */
export function userOrIdJson(emu: Emulator, userId: string, viewer?: Application): Record<string, unknown> {
  const user = emu.user(userId);
  return user ? userJson(user, viewer) : { id: userId };
}

/** A new person for `control.createUser` (each field checked; a bad one is a 400 naming it). */
export interface NewUser {
  /** 2–32 characters of `a-z`, `0-9`, `_` and `.`, not taken yet. */
  username: string;
  /** The display name, 1–32 characters (default: none). */
  globalName?: string;
  /** 0 (none, default), 1, 2 or 3: the premium subscription `premium_type` shows to approved apps. */
  premiumType?: number;
  /** A guild tag of 1–4 characters, shown as the first guild's (default: none). */
  primaryGuildTag?: string;
}

export function createUser(emu: Emulator, options: NewUser): User {
  if (typeof options?.username !== 'string' || !/^[a-z0-9_.]{2,32}$/.test(options.username)) {
    throw new ApiError(400, 50035, 'username: 2-32 characters of a-z, 0-9, _ and .');
  }
  if (options.globalName !== undefined && (typeof options.globalName !== 'string' || codePoints(options.globalName) < 1 || codePoints(options.globalName) > GLOBAL_NAME_MAX)) {
    throw new ApiError(400, 50035, 'globalName: 1-32 characters');
  }
  if (options.premiumType !== undefined && (!Number.isInteger(options.premiumType) || options.premiumType < 0 || options.premiumType > 3)) {
    throw new ApiError(400, 50035, 'premiumType: 0-3');
  }
  // A guild tag is a badge of 1 to 4 characters (spec).
  if (options.primaryGuildTag !== undefined && (typeof options.primaryGuildTag !== 'string' || !(codePoints(options.primaryGuildTag) >= 1 && codePoints(options.primaryGuildTag) <= Limits.MaxGuildTagCodePoints))) {
    throw new ApiError(400, 50035, 'primaryGuildTag: 1-4 characters');
  }
  if ([...emu.state.users.values()].some((u) => u.username === options.username)) {
    throw new ApiError(400, 50035, 'username: already taken');
  }
  const id = emu.ids.next();
  const user: User = {
    id,
    username: options.username,
    globalName: options.globalName ?? null,
    avatar: null,
    bot: false,
    provisional: false,
    premiumType: options.premiumType ?? 0,
    primaryGuildTag: options.primaryGuildTag ?? null,
    primaryGuildId: options.primaryGuildTag !== undefined ? ([...emu.state.guilds.keys()][0] ?? null) : null,
    bannedUntil: null,
    identities: [],
    connections: [],
    mergedInto: null,
    restrictedFor: null,
  };
  emu.state.users.set(id, user);
  emu.changed();
  return user;
}

/** A provisional account's display name (full accounts change theirs elsewhere); USER_UPDATE. */
export function renameProvisional(emu: Emulator, user: User, app: Application, globalName: string): Record<string, unknown> {
  if (!user.provisional) throw new ApiError(403, 50001, 'Missing Access: only provisional accounts change their name here');
  user.globalName = globalName;
  emu.changed();
  const json = userJson(user, app);
  emu.bus.publish({ type: 'USER_UPDATE', data: json, userIds: [user.id] });
  return json;
}

/** The spec: the legacy third-party game connections stop being returned from 10 July 2026. */
export const LEGACY_CONNECTIONS_HIDDEN_AT = Date.UTC(2026, 6, 10);

/**
 * The account's third-party connections at `now` (emulator clock): legacy game connections only
 * before 10 July 2026 (spec). The spec's "newly created" legacy connections, never returned, do
 * not arise: the emulator's connections are seeded, none is created later.
 */
export function connectionsJson(user: User, now: number): Array<Record<string, unknown>> {
  const legacyShown = now < LEGACY_CONNECTIONS_HIDDEN_AT;
  return user.connections
    .filter((c) => legacyShown || !c.legacyGameConnection)
    .map((c) => ({
      type: c.type as ConnectionService,
      id: c.id,
      name: c.name,
      verified: true,
      // The emulator keeps no per-connection settings: the service's defaults for a linked account.
      friend_sync: false,
      show_activity: true,
      two_way_link: false,
      visibility: 1 as ConnectionVisibility,
    }) satisfies APIConnection);
}
