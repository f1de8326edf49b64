// Gateway wire facts (docs/protocols/gateway.md).
export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
  RequestChannelInfo: 43,
} as const;

export const Close = {
  UnknownError: 4000,
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  InvalidSeq: 4007,
  RateLimited: 4008,
  SessionTimedOut: 4009,
  InvalidShard: 4010,
  ShardingRequired: 4011,
  InvalidApiVersion: 4012,
  InvalidIntents: 4013,
  DisallowedIntents: 4014,
} as const;

export const Intent = {
  GUILDS: 1 << 0,
  GUILD_MEMBERS: 1 << 1,
  GUILD_PRESENCES: 1 << 8,
  GUILD_MESSAGES: 1 << 9,
  DIRECT_MESSAGES: 1 << 12,
  MESSAGE_CONTENT: 1 << 15,
  GUILD_INVITES: 1 << 6,
  AUTO_MODERATION_CONFIGURATION: 1 << 20,
  AUTO_MODERATION_EXECUTION: 1 << 21,
  GUILD_EXPRESSIONS: 1 << 3,
  GUILD_SCHEDULED_EVENTS: 1 << 16,
  GUILD_VOICE_STATES: 1 << 7,
} as const;

export const ALL_INTENTS = (1 << 26) - 1;
// Which intents are privileged, and which of them an application has switched on: domain/privileged_intents.

/** capabilities bit opting a bot in to channel obfuscation (spec). */
export const CAPABILITY_CHANNEL_OBFUSCATION = 1 << 15;
export const CHANNEL_OBFUSCATED_FLAG = 1 << 17;

export const SEND_LIMIT = 120;
export const SEND_WINDOW_MS = 60_000;
export const MEMBER_CHUNK_SIZE = 1000;
export const ALL_MEMBERS_COOLDOWN_MS = 30_000;
/** The spec's roll-out of that limit to all servers (1 October 2025): before it, no limit. */
export const ALL_MEMBERS_LIMIT_FROM = Date.UTC(2025, 9, 1);
export const RESUME_BUFFER_EVENTS = 5000;
export const SESSION_RETENTION_MS = 5 * 60 * 1000;
export const MAX_INBOUND_BYTES = 16 * 1024;
