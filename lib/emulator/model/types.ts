// The emulator's records. Ids are snowflake strings; times are ms on the emulator clock.
export interface Application {
  id: string;
  name: string;
  clientSecret: string;
  botToken: string;
  botUserId: string;
  publicKeyHex: string;
  privateKeyPkcs8Base64: string;
  /** Exact redirect URIs registered besides the loopback and the sdkpp-<id> default. */
  redirectUris: string[];
  /** Custom URI schemes registered for `<scheme>:/authorize/callback`. */
  customSchemes: string[];
  premiumApproved: boolean;
  parentId: string | null;
  eventsUrl: string | null;
  flags: number;
  /** Enabled for provisional accounts (else 530000). */
  provisionalAccounts: boolean;
  /** Privileged intents switched on (gateway intent bits); absent: GUILD_MEMBERS and GUILD_PRESENCES (domain/privileged_intents). */
  privilegedIntents?: number;
  /** Approved for privileged intents at or above the user threshold (domain/privileged_intents). */
  privilegedIntentsApproved?: boolean;
  /** Users who installed the app to their account (a number the control API sets). */
  userInstallCount?: number;
}

export interface ExternalIdentity {
  type: string; // wire name, e.g. STEAM_SESSION_TICKET's provider
  subject: string;
}

export interface Connection {
  type: string;
  id: string;
  name: string;
  legacyGameConnection: boolean;
}

export interface User {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
  bot: boolean;
  provisional: boolean;
  /** The real subscription; what apps see depends on identify.premium approval. */
  premiumType: number;
  primaryGuildTag: string | null;
  primaryGuildId: string | null;
  bannedUntil: number | null; // ms; Infinity-like large value for permanent
  identities: ExternalIdentity[];
  connections: Connection[];
  /** For provisional accounts: the account the identity was merged into, if any. */
  mergedInto: string | null;
  /** A provisional account made at a ban to hold the banned user's identities (restricted). */
  restrictedFor: string | null;
}

export interface TokenRecord {
  token: string;
  kind: 'access' | 'refresh';
  applicationId: string;
  userId: string | null; // null: client_credentials (the app's own)
  scopes: string[];
  issuedAt: number;
  expiresAt: number | null; // null: no expiry (refresh tokens)
  /** Refresh tokens: the access token issued with it (revoked together on rotation). */
  pairedWith: string | null;
  /** Child tokens: the parent token they were exchanged from. */
  parentToken: string | null;
}

export interface AuthorizationCode {
  code: string;
  applicationId: string;
  userId: string;
  scopes: string[];
  redirectUri: string;
  challenge: string | null;
  challengeMethod: string | null;
  /** The authorize request's OpenID nonce, echoed in the id_token (absent in older data files). */
  nonce?: string | null;
  expiresAt: number;
  used: boolean;
}

export interface PendingAuthorization {
  id: string;
  applicationId: string;
  scopes: string[];
  redirectUri: string;
  state: string | null;
  challenge: string | null;
  challengeMethod: string | null;
  integrationType: number | null;
  /** The OpenID nonce to echo in the id_token. */
  nonce?: string | null;
  createdAt: number;
  via: 'web' | 'ipc';
  /** Set when decided. */
  decision: { approved: boolean; userId: string | null } | null;
}

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  applicationId: string;
  scopes: string[];
  expiresAt: number;
  interval: number;
  lastPollAt: number;
  approvedBy: string | null;
  denied: boolean;
  consumed: boolean;
}

export interface Overwrite {
  id: string;
  type: 0 | 1; // role | member
  allow: bigint;
  deny: bigint;
}

export interface Role {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  /** colors.primary_color; `color` on the wire (deprecated) mirrors it. */
  color: number;
  /** Gradient colors (ENHANCED_ROLE_COLORS guilds only); absent means null. */
  secondaryColor?: number | null;
  tertiaryColor?: number | null;
  hoist?: boolean;
  mentionable?: boolean;
}

export interface Channel {
  id: string;
  guildId: string;
  name: string;
  type: number;
  position: number;
  parentId: string | null;
  topic: string | null;
  nsfw: boolean;
  overwrites: Overwrite[];
  /** Ephemeral, never part of the channel object (spec). */
  voiceStatus: string | null;
  voiceStartTime: number | null;
  linkedLobbyId: string | null;
}

export interface GuildMember {
  userId: string;
  roles: string[];
  nick: string | null;
  joinedAt: number;
  /** Voice channel the member is connected to. */
  voiceChannelId: string | null;
  /** Guild profile (image hashes) set through Modify Current Member; absent means null. */
  avatar?: string | null;
  banner?: string | null;
  bio?: string | null;
  mute?: boolean;
  deaf?: boolean;
  /** Timeout end (ms), absent or null when none. */
  communicationDisabledUntil?: number | null;
  flags?: number;
  /** Last activity on the emulator clock (joining, a gateway connection); absent: joinedAt. Prune reads it. */
  lastActivityAt?: number;
}

export interface Guild {
  id: string;
  name: string;
  banner: string | null;
  icon: string | null;
  ownerId: string;
  roles: Role[];
  channels: Channel[];
  members: GuildMember[];
  features: string[];
  emojis?: GuildEmoji[];
  stickers?: GuildSticker[];
  scheduledEvents?: ScheduledEvent[];
}

export interface GuildEmoji {
  id: string;
  name: string;
  roles: string[];
  creatorId: string;
  animated: boolean;
}

export interface GuildSticker {
  id: string;
  name: string;
  description: string | null;
  tags: string;
  formatType: number;
  creatorId: string;
}

export interface ScheduledEvent {
  id: string;
  guildId: string;
  channelId: string | null;
  creatorId: string;
  name: string;
  description: string | null;
  scheduledStartTime: number;
  scheduledEndTime: number | null;
  privacyLevel: number;
  status: number;
  entityType: number;
  location: string | null;
}

/** A group DM (type 3) made by an application with its users' gdm.join tokens. */
export interface GroupDm {
  id: string;
  applicationId: string;
  ownerId: string;
  recipientIds: string[];
  nicks: Record<string, string>;
}

export interface LobbyMember {
  id: string;
  metadata: Record<string, string> | null;
  flags: number;
  additionalName: string | null;
  connected: boolean;
}

export interface Lobby {
  id: string;
  applicationId: string;
  secret: string | null;
  metadata: Record<string, string> | null;
  members: LobbyMember[];
  linkedChannelId: string | null;
  idleTimeoutSeconds: number;
  lastActivityAt: number;
  createdAt: number;
}

export interface Message {
  id: string;
  channelId: string;
  lobbyId: string | null;
  recipientId: string | null; // DMs: the other user
  authorId: string;
  content: string;
  metadata: Record<string, string> | null;
  moderationMetadata: Record<string, string> | null;
  applicationId: string;
  timestamp: number;
  editedTimestamp: number | null;
  flags: number;
  activityInvite: ActivityInvite | null;
}

export interface ActivityInvite {
  type: number; // 1 Join, 5 JoinRequest
  partyId: string;
  sessionId: string;
  applicationId: string;
  joinSecret: string | null;
  valid: boolean;
}

export interface DmChannel {
  id: string;
  userIds: [string, string];
}

export interface LobbyInvite {
  code: string;
  lobbyId: string;
  guildId: string;
  channelId: string;
  userId: string;
  expiresAt: number;
  used: boolean;
}

export interface Relationship {
  userId: string;
  otherId: string;
  /** 1 friend, 2 blocked, 3 pending incoming, 4 pending outgoing */
  type: number;
  /** Game friendship (same numbering), per application. */
  gameType: number;
  isSpamRequest: boolean;
}

export interface Sku {
  id: string;
  applicationId: string;
  type: number;
  name: string;
  slug: string;
  flags: number;
}

export interface Entitlement {
  id: string;
  skuId: string;
  applicationId: string;
  userId: string | null;
  guildId: string | null;
  type: number;
  deleted: boolean;
  startsAt: number | null;
  endsAt: number | null;
  consumed: boolean;
  subscriptionId: string | null;
}

export interface Subscription {
  id: string;
  userId: string;
  skuIds: string[];
  entitlementIds: string[];
  renewalSkuIds: string[] | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  status: number; // 0 ACTIVE, 1 INACTIVE, 2 ENDING
  canceledAt: number | null;
}

export interface Presence {
  userId: string;
  status: 'online' | 'idle' | 'dnd' | 'invisible' | 'offline';
  activities: Record<string, unknown>[];
}
