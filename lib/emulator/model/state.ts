// Everything the emulator knows, in memory, with a JSON snapshot for `--data FILE`.
import type {
  Application,
  ApplicationEmoji,
  AuthorizationCode,
  BotDmChannel,
  ChannelMessage,
  DeviceAuthorization,
  DmChannel,
  Entitlement,
  ApplicationCommand,
  Guild,
  GroupDm,
  Interaction,
  Lobby,
  LobbyInvite,
  Message,
  PendingAuthorization,
  Presence,
  Relationship,
  Sku,
  Subscription,
  TokenRecord,
  User,
  AuditLogEntry,
  AutoModRule,
  GuildInvite,
} from './types';

export class EmulatorState {
  applications = new Map<string, Application>();
  users = new Map<string, User>();
  tokens = new Map<string, TokenRecord>();
  codes = new Map<string, AuthorizationCode>();
  pendingAuthorizations = new Map<string, PendingAuthorization>();
  deviceAuthorizations = new Map<string, DeviceAuthorization>();
  guilds = new Map<string, Guild>();
  lobbies = new Map<string, Lobby>();
  /** Messages by channel id (lobby channels and DM channels), oldest first. */
  messages = new Map<string, Message[]>();
  dmChannels = new Map<string, DmChannel>();
  groupDms = new Map<string, GroupDm>();
  lobbyInvites = new Map<string, LobbyInvite>();
  relationships: Relationship[] = [];
  skus = new Map<string, Sku>();
  entitlements = new Map<string, Entitlement>();
  subscriptions = new Map<string, Subscription>();
  /** Application emoji by id (GET/POST /applications/{app}/emojis). */
  applicationEmojis = new Map<string, ApplicationEmoji>();
  presences = new Map<string, Presence>();
  /** Audit log entries by guild id, oldest first. */
  auditLog = new Map<string, AuditLogEntry[]>();
  /** Auto moderation rules by rule id. */
  autoModRules = new Map<string, AutoModRule>();
  /** Guild channel invites by code. */
  guildInvites = new Map<string, GuildInvite>();
  /** control.setSearchIndexReady: guild id -> forced search index state (absent: the clock rule). */
  searchIndexOverrides = new Map<string, boolean>();
  /** Bot-side messages by channel id (guild text channels and bot DM channels), oldest first. */
  textChannelMessages = new Map<string, ChannelMessage[]>();
  /** DM channels between a bot and a person, by channel id. */
  botDmChannels = new Map<string, BotDmChannel>();
  /**
   * Uploaded attachments' bytes, by attachment id: the SHA-256 (hex) of the bytes, which the
   * emulator's BlobStore keeps apart from this state (in memory, or files next to the data file).
   */
  attachmentBlobs = new Map<string, string>();
  /** Users who authorized each application: "appId:userId" -> scopes. */
  authorizations = new Map<string, string[]>();
  /** Application commands by id (global and guild). */
  applicationCommands = new Map<string, ApplicationCommand>();
  /** Interactions by id (kept while their token lives, 15 minutes). */
  interactions = new Map<string, Interaction>();
  /** The id_token signing key (PKCS#8 PEM), made on first use. */
  signingKeyPem: string | null = null;
  /** Auto-approve the consent page as this user (tests and the demo). */
  autoApproveUserId: string | null = null;
  /**
   * The emulator clock when the state was last written. A restart resumes the clock here if
   * that is later than real time (after advanceClock), so expiries, windows and snowflake order
   * carry on instead of jumping back.
   */
  savedAt = 0;

  dmChannelBetween(a: string, b: string): DmChannel | undefined {
    for (const channel of this.dmChannels.values()) {
      if (channel.userIds.includes(a) && channel.userIds.includes(b) && (a !== b || channel.userIds[0] === channel.userIds[1])) {
        return channel;
      }
    }
    return undefined;
  }

  channelMessages(channelId: string): Message[] {
    let list = this.messages.get(channelId);
    if (!list) {
      list = [];
      this.messages.set(channelId, list);
    }
    return list;
  }

  relationship(userId: string, otherId: string): Relationship | undefined {
    return this.relationships.find((r) => r.userId === userId && r.otherId === otherId);
  }

  toJSON(): string {
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this)) {
      plain[key] = value instanceof Map ? [...value.entries()] : value;
    }
    return JSON.stringify(plain, (_key, value) =>
      typeof value === 'bigint' ? { $bigint: value.toString() } : value === Infinity ? { $infinity: true } : value,
    );
  }

  /** `unknown` receives what the text has that this state does not keep (older files' fields). */
  static fromJSON(text: string, unknown: (key: string, value: unknown) => void = () => {}): EmulatorState {
    const parsed = JSON.parse(text, (_key, value) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (typeof value.$bigint === 'string') return BigInt(value.$bigint);
        if (value.$infinity === true) return Infinity;
      }
      return value;
    }) as Record<string, unknown>;
    const state = new EmulatorState();
    for (const [key, value] of Object.entries(parsed)) if (!(key in state)) unknown(key, value);
    for (const [key, current] of Object.entries(state)) {
      if (!(key in parsed)) continue;
      (state as unknown as Record<string, unknown>)[key] =
        current instanceof Map ? new Map(parsed[key] as [unknown, unknown][]) : parsed[key];
    }
    return state;
  }
}
