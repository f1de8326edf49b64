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
  /**
   * Every application flag bit (bits beyond 30 included): `flags_new` is its decimal string,
   * `flags` its low 31 bits. Older data files hold a number here (read with applicationFlags).
   */
  flags: bigint;
  /** Enabled for provisional accounts (else 530000). */
  provisionalAccounts: boolean;
  /** The application's owner (the Application object's `owner`); absent in older data files. */
  ownerId?: string | null;
  /** Settings of the Application object (domain/application_object.ts); absent in older data files. */
  settings?: ApplicationSettings;
  /** Approved for privileged intents at or above the user threshold (domain/privileged_intents). */
  privilegedIntentsApproved?: boolean;
  /** Users who installed the app to their account (a number the control API sets). */
  userInstallCount?: number;
  /** Activities enabled (the default "Launch" entry point command; LAUNCH_ACTIVITY responses). */
  activitiesEnabled?: boolean;
  /** The activity proxy host's URL mappings, `[{prefix, target}]` (domain/activity_url_mappings.ts); absent: none. */
  activityUrlMappings?: Array<{ prefix: string; target: string }>;
  /** The portal's social SDK terms accepted: relationships.read may be granted (domain/applications). */
  socialSdkTermsAccepted?: boolean;
  /** The portal's invite cover image (URL or asset key): the fallback of an invite's activity. */
  inviteCoverImage?: string | null;
  /** The portal's Private Channel Obfuscation toggle: the bot is obfuscated as with Identify's capability. */
  privateChannelObfuscation?: boolean;
}

/** The Application object's editable settings (PATCH /applications/@me). */
export interface ApplicationSettings {
  description: string;
  interactionsEndpointUrl: string | null;
  installParams: InstallParams | null;
  /** Installation contexts by integration type ("0" guild, "1" user); a context left out is off. */
  integrationTypesConfig: Partial<Record<'0' | '1', { oauth2InstallParams: InstallParams | null }>>;
  /** Webhook event types the events URL receives; null: every type (the emulator's default). */
  eventWebhooksTypes: string[] | null;
}

export interface InstallParams {
  scopes: string[];
  /** Decimal string (64-bit permissions). */
  permissions: string;
}

export interface ApplicationEmoji {
  id: string;
  applicationId: string;
  name: string;
  animated: boolean;
  /** The user who uploaded it (the bot). */
  userId: string;
  /** The uploaded image as its data URI's media type and size (the bytes are not kept). */
  imageType: string;
  imageBytes: number;
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

/** A consent request of the web authorize page waiting for a person (`control.listPendingAuthorizations()`). */
export interface PendingAuthorization {
  /** Its id: decide it with `control.approveAuthorization(id, userId)` or `control.denyAuthorization(id)`. */
  id: string;
  /** The application (client) id that asks. */
  applicationId: string;
  /** The scopes it asks for. */
  scopes: string[];
  /** Where the browser is sent with the code or the error. */
  redirectUri: string;
  /** The request's `state`, echoed in the redirect; null when it had none. */
  state: string | null;
  /** The PKCE code challenge, or null without PKCE. */
  challenge: string | null;
  /** `S256` with a challenge, else null. */
  challengeMethod: string | null;
  /** 0 (guild install) or 1 (user install), or null when the request named none. */
  integrationType: number | null;
  /** The OpenID nonce to echo in the id_token. */
  nonce?: string | null;
  /** Emulator-clock time of the request, ms. */
  createdAt: number;
  /** Where it came from: the web authorize page (`web`); IPC requests are listed apart. */
  via: 'web' | 'ipc';
  /** Set when decided (a listed request is not decided yet: null). */
  decision: {
    /** Approved or denied. */
    approved: boolean;
    /** The approving person, or null. */
    userId: string | null;
  } | null;
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
  /** Slowmode: seconds a person waits between messages (0 or absent: off; set by the control API). */
  rateLimitPerUser?: number;
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
  /** The member's own mute and deafen in its voice call (op 4), while it is in one. */
  selfMute?: boolean;
  selfDeaf?: boolean;
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
  soundboardSounds?: GuildSoundboardSound[];
}

/** A guild's own soundboard sound (domain/soundboard.ts); the emulator keeps no sound bytes. */
export interface GuildSoundboardSound {
  id: string;
  name: string;
  /** 0 to 1. */
  volume: number;
  emojiId: string | null;
  emojiName: string | null;
  creatorId: string;
  /** The uploaded file's length, read from its container. */
  durationMs: number;
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
  /**
   * Written in this guild channel, linked to the lobby (domain/linked_channels.ts): the lobby's
   * view of a channel message, under the channel message's id. Absent for the rest.
   */
  linkedChannelId?: string | null;
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
  /**
   * Entitlements from before the 2024 migration (type APPLICATION_SUBSCRIPTION 8 with a period
   * ends_at): 'renew' or 'end' at ends_at (domain/entitlement_migration.ts). Absent otherwise.
   */
  legacyRenewal?: 'renew' | 'end';
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
  /**
   * Where it came from, in words: the gateway session or the local client's connection (with
   * the game's pid and whom that connection acted for). Never sent to clients; it lets a test
   * tell which path a wrong presence took.
   */
  origin: string;
}

/** One audit log entry (domain/audit_log.ts); `options` and `changes` are already wire-shaped. */
export interface AuditLogEntry {
  id: string;
  guildId: string;
  userId: string | null;
  targetId: string | null;
  actionType: number;
  options: Record<string, string> | null;
  changes: Array<{ key: string; old_value?: unknown; new_value?: unknown }> | null;
  reason: string | null;
}

/** An auto moderation rule (domain/automod.ts); trigger metadata and actions as on the wire. */
export interface AutoModRule {
  id: string;
  guildId: string;
  name: string;
  creatorId: string;
  eventType: number;
  triggerType: number;
  triggerMetadata: { keyword_filter?: string[]; regex_patterns?: string[]; allow_list?: string[] };
  actions: Array<{ type: number; metadata?: { channel_id?: string; duration_seconds?: number; custom_message?: string | null } }>;
  enabled: boolean;
  exemptRoles: string[];
  exemptChannels: string[];
}

/** A guild channel invite (domain/invites.ts); lobby invites are LobbyInvite. */
export interface GuildInvite {
  code: string;
  guildId: string;
  channelId: string;
  inviterId: string;
  createdAt: number;
  /** Seconds; 0 = never expires. */
  maxAge: number;
  /** 0 = unlimited. */
  maxUses: number;
  uses: number;
  temporary: boolean;
  targetType: number | null;
  targetUserId: string | null;
  targetApplicationId: string | null;
  /** Only these users may accept it (target_users_file); null = anyone. */
  targetUserIds: string[] | null;
  /** Roles given on acceptance. */
  roleIds: string[];
}

/** An application command (global when guildId is null), as the public API defines it. */
export interface ApplicationCommand {
  id: string;
  applicationId: string;
  guildId: string | null;
  /** 1 CHAT_INPUT, 2 USER, 3 MESSAGE, 4 PRIMARY_ENTRY_POINT */
  type: number;
  name: string;
  nameLocalizations: Record<string, string> | null;
  description: string;
  descriptionLocalizations: Record<string, string> | null;
  /** Validated option objects, stored as given (public API shape). */
  options: Array<Record<string, unknown>>;
  /** Decimal string (64-bit) or null. */
  defaultMemberPermissions: string | null;
  nsfw: boolean;
  /** 0 GUILD_INSTALL, 1 USER_INSTALL */
  integrationTypes: number[];
  /** 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL */
  contexts: number[];
  /** Entry point commands only: 1 APP_HANDLER, 2 SERVICE_LAUNCH_ACTIVITY. */
  handler: number | null;
  version: string;
}

/** A message an application made through an interaction (response or follow-up). */
export interface InteractionMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  content: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
  poll: Record<string, unknown> | null;
  flags: number;
  /** 20 CHAT_INPUT_COMMAND, 23 CONTEXT_MENU_COMMAND, 0 DEFAULT (follow-ups, component updates), 19 REPLY */
  type: number;
  timestamp: number;
  editedTimestamp: number | null;
  /** Posted by the service itself (SERVICE_LAUNCH_ACTIVITY), not the app. */
  byService: boolean;
  /** Uploaded files (a channel copy's, or its own for an ephemeral message). */
  attachments?: StoredAttachment[];
}

/** An interaction a person started, its delivery and everything the app answered. */
export interface Interaction {
  id: string;
  token: string;
  applicationId: string;
  /** 2 APPLICATION_COMMAND, 3 MESSAGE_COMPONENT, 4 AUTOCOMPLETE, 5 MODAL_SUBMIT */
  type: number;
  userId: string;
  guildId: string | null;
  channelId: string;
  /** 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL */
  context: number;
  /** {"0": guildId | "0", "1": userId}, the installs that authorized it. */
  owners: Record<string, string>;
  /** The payload as delivered. */
  payload: Record<string, unknown>;
  createdAt: number;
  /** The initial response's type, once given. */
  responseType: number | null;
  /** Responses are forced ephemeral (USE_EXTERNAL_APPS off, app not installed to the server). */
  forcedEphemeral: boolean;
  originalMessageId: string | null;
  followupIds: string[];
  /** Messages made through this interaction, by id (original and follow-ups). */
  messages: Record<string, InteractionMessage>;
  /** MODAL (9): the modal shown, for the submit to be checked against. */
  modal: Record<string, unknown> | null;
  /** The modal was submitted (once). */
  modalSubmitted?: boolean;
  /** AUTOCOMPLETE_RESULT (8): the choices shown. */
  choices: Array<Record<string, unknown>> | null;
  /** LAUNCH_ACTIVITY (12) or the service's launch: the activity instance id. */
  activityInstanceId: string | null;
  /** The message a component was clicked on (component interactions). */
  sourceMessageId: string | null;
  /** The interaction that showed the modal (modal submits). */
  triggeringInteractionId: string | null;
  /** Delivery failed (endpoint error or bad reply). */
  deliveryError: string | null;
}

/** A file uploaded with a channel message; its bytes' hash is in EmulatorState.attachmentBlobs. */
export interface StoredAttachment {
  id: string;
  filename: string;
  description: string | null;
  contentType: string | null;
  size: number;
  /** IS_SPOILER (1 << 3) and the like. */
  flags: number;
}

/** A message in a guild text channel or a bot's DM channel (the bot side's messages). */
export interface ChannelMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  /** 0 DEFAULT, 19 REPLY, 20 CHAT_INPUT_COMMAND, ... */
  type: number;
  content: string;
  timestamp: number;
  editedTimestamp: number | null;
  flags: number;
  tts: boolean;
  nonce: string | number | null;
  embeds: Record<string, unknown>[];
  components: Record<string, unknown>[];
  attachments: StoredAttachment[];
  mentionIds: string[];
  mentionRoleIds: string[];
  /** message_reference: a reply (type 0) or a forward (type 1). */
  reference: { type: number; channelId: string; messageId: string; guildId: string | null } | null;
  /** Forwards: the message_snapshots' wire objects, frozen when forwarded. */
  snapshots: Record<string, unknown>[];
  applicationId: string | null;
  webhookId: string | null;
  interactionMetadata: Record<string, unknown> | null;
  /** When it was pinned (domain/pins.ts); absent or null = not pinned. */
  pinnedAt?: number | null;
  /**
   * Written in this lobby, which was linked to the channel (domain/linked_channels.ts): the
   * channel's view of a lobby message, under the lobby message's id. Absent for the rest.
   */
  lobbyId?: string | null;
}

/** A DM channel between an application's bot and a person (POST /users/@me/channels). */
export interface BotDmChannel {
  id: string;
  botUserId: string;
  userId: string;
}
