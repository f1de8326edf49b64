// The public API's required keys of each wire object the emulator sends, as a run-time table the
// compiler ties to discord-api-types: `RequiredKeys<T>` makes every table list exactly the
// required keys of its type, so a key the public types add or require fails to compile
// (test/emulator/payload_types.test.ts type-checks this file), and the test then checks every
// recorded payload against the table at run time.
import type {
  APIApplicationCommand,
  APIAttachment,
  APIApplication,
  APIApplicationEmoji,
  APIBaseInteraction,
  APIInteractionGuildMember,
  APIMessageInteractionMetadata,
  APIConnection,
  APIDMChannel,
  APIGuildCategoryChannel,
  APIGuildTextChannel,
  APIGuildVoiceChannel,
  APINewsChannel,
  ChannelType,
  APIEntitlement,
  APIGuild,
  APIGuildMember,
  APIInteractionDataResolvedChannelBase,
  APIInteractionDataResolvedGuildMember,
  APIMessage,
  APIOverwrite,
  APIRole,
  APISKU,
  GatewayGuildCreateDispatchData,
  GatewayReadyDispatchData,
  InteractionType,
  RESTAPIPartialCurrentUserGuild,
} from 'discord-api-types/v10';

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** What `typeof` (or array/null) a value must have; `|` joins alternatives. */
export type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string|null' | 'number|null' | 'object|null' | 'array|null' | 'string|number|null';
export type Shape<T> = { readonly [K in RequiredKeys<T>]: Kind };

// GUILD_CREATE: APIGuild's required keys plus the GUILD_CREATE-only ones.
// Get Guild: APIGuild's required keys.
export const GUILD: Shape<APIGuild> = {
  id: 'string', name: 'string', icon: 'string|null', splash: 'string|null', discovery_splash: 'string|null',
  banner: 'string|null', description: 'string|null', owner_id: 'string',
  afk_channel_id: 'string|null', afk_timeout: 'number', verification_level: 'number',
  default_message_notifications: 'number', explicit_content_filter: 'number', mfa_level: 'number',
  nsfw_level: 'number', premium_tier: 'number', premium_progress_bar_enabled: 'boolean',
  preferred_locale: 'string', application_id: 'string|null', system_channel_id: 'string|null',
  system_channel_flags: 'number', rules_channel_id: 'string|null', public_updates_channel_id: 'string|null',
  safety_alerts_channel_id: 'string|null', vanity_url_code: 'string|null', hub_type: 'number|null',
  incidents_data: 'object|null', features: 'array', roles: 'array', emojis: 'array',
};

export const GUILD_CREATE: Shape<GatewayGuildCreateDispatchData> = {
  ...GUILD,
  joined_at: 'string', large: 'boolean', member_count: 'number', members: 'array', voice_states: 'array',
  presences: 'array', threads: 'array', channels: 'array', stage_instances: 'array',
  guild_scheduled_events: 'array', soundboard_sounds: 'array',
};

export const ROLE: Shape<APIRole> = {
  id: 'string', name: 'string', color: 'number', colors: 'object', hoist: 'boolean', position: 'number',
  permissions: 'string', managed: 'boolean', mentionable: 'boolean', flags: 'number',
};

// GET /users/@me/guilds: `permissions` is the full bit set as a string.
export const CURRENT_USER_GUILD: Shape<RESTAPIPartialCurrentUserGuild> = {
  id: 'string', name: 'string', icon: 'string|null', banner: 'string|null', owner: 'boolean', features: 'array', permissions: 'string',
};

export const OVERWRITE: Shape<APIOverwrite> = { id: 'string', type: 'number', allow: 'string', deny: 'string' };

export const MEMBER: Shape<APIGuildMember> = {
  roles: 'array', joined_at: 'string', deaf: 'boolean', mute: 'boolean', flags: 'number', user: 'object',
};

export const READY_APPLICATION: Shape<GatewayReadyDispatchData['application']> = {
  id: 'string', flags: 'number', flags_new: 'string',
};

export const SKU: Shape<APISKU> = {
  id: 'string', type: 'number', application_id: 'string', name: 'string', slug: 'string', flags: 'number',
};

export const ENTITLEMENT: Shape<APIEntitlement> = {
  id: 'string', sku_id: 'string', application_id: 'string', type: 'number', deleted: 'boolean',
  starts_at: 'string|null', ends_at: 'string|null',
};

export const CONNECTION: Shape<APIConnection> = {
  id: 'string', name: 'string', type: 'string', verified: 'boolean', friend_sync: 'boolean',
  show_activity: 'boolean', two_way_link: 'boolean', visibility: 'number',
};

export const MESSAGE: Shape<APIMessage> = {
  id: 'string', channel_id: 'string', author: 'object', content: 'string', timestamp: 'string',
  edited_timestamp: 'string|null', tts: 'boolean', mention_everyone: 'boolean', mentions: 'array',
  mention_roles: 'array', attachments: 'array', embeds: 'array', pinned: 'boolean', type: 'number',
};

export const ATTACHMENT: Shape<APIAttachment> = {
  id: 'string', filename: 'string', size: 'number', url: 'string', proxy_url: 'string',
};

export const DM_CHANNEL: Shape<APIDMChannel> = { id: 'string', type: 'number', name: 'string|null' };

// Guild channels of the kinds the emulator has (text 0, voice 2, category 4, announcement 5).
export const TEXT_CHANNEL: Shape<APIGuildTextChannel<ChannelType.GuildText>> = {
  id: 'string', type: 'number', name: 'string', position: 'number',
};
export const VOICE_CHANNEL: Shape<APIGuildVoiceChannel> = {
  id: 'string', type: 'number', name: 'string', position: 'number',
};
export const ANNOUNCEMENT_CHANNEL: Shape<APINewsChannel> = {
  id: 'string', type: 'number', name: 'string', position: 'number',
};
export const CATEGORY_CHANNEL: Shape<APIGuildCategoryChannel> = {
  id: 'string', type: 'number', name: 'string', position: 'number',
};

export const APPLICATION_COMMAND: Shape<APIApplicationCommand> = {
  id: 'string', type: 'number', application_id: 'string', name: 'string', description: 'string',
  default_member_permissions: 'string|null', version: 'string',
};

/** Every interaction's required keys (the base all interaction types share). */
export const INTERACTION: Shape<APIBaseInteraction<InteractionType, unknown>> = {
  id: 'string', application_id: 'string', type: 'number', token: 'string', version: 'number',
  app_permissions: 'string', locale: 'string', entitlements: 'array', authorizing_integration_owners: 'object',
  attachment_size_limit: 'number',
};

export const INTERACTION_MEMBER: Shape<APIInteractionGuildMember> = {
  roles: 'array', joined_at: 'string', deaf: 'boolean', mute: 'boolean', flags: 'number', user: 'object', permissions: 'string',
};

// A resolved channel and member of an interaction's data: `permissions` is a string.
export const RESOLVED_CHANNEL: Shape<APIInteractionDataResolvedChannelBase<ChannelType.GuildText>> = {
  id: 'string', type: 'number', name: 'string|null', permissions: 'string',
};
export const RESOLVED_MEMBER: Shape<APIInteractionDataResolvedGuildMember> = {
  roles: 'array', joined_at: 'string|null', flags: 'number', permissions: 'string',
};

export const INTERACTION_METADATA: Shape<APIMessageInteractionMetadata> = {
  id: 'string', type: 'number', user: 'object', authorizing_integration_owners: 'object',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Every problem of `value` against `shape` ("missing x", "x: number, want string"). */
export function shapeProblems(value: unknown, shape: Readonly<Record<string, Kind>>): string[] {
  if (kindOf(value) !== 'object') return [`not an object: ${kindOf(value)}`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, kind] of Object.entries(shape)) {
    if (!(key in record) || record[key] === undefined) {
      problems.push(`missing ${key}`);
      continue;
    }
    const actual = kindOf(record[key]);
    if (!kind.split('|').includes(actual)) problems.push(`${key}: ${actual}, want ${kind}`);
  }
  return problems;
}

export const APPLICATION: Shape<APIApplication> = {
  id: 'string', name: 'string', icon: 'string|null', description: 'string', bot_public: 'boolean',
  bot_require_code_grant: 'boolean', summary: 'string', verify_key: 'string', team: 'object|null',
  flags: 'number', flags_new: 'string',
};

export const APPLICATION_EMOJI: Shape<APIApplicationEmoji> = {
  id: 'string', name: 'string', animated: 'boolean', user: 'object', roles: 'array', require_colons: 'boolean',
  managed: 'boolean', available: 'boolean',
};
