// The emulator's core: state, clock, ids, the event bus, webhooks, rate limits and persistence,
// plus the operations several routes share (issuing and revoking tokens, bans, the JSON shapes
// of users and lobbies).
import { createHash } from 'node:crypto';
import { EmulatorClock } from './clock';
import { EventBus } from './events';
import { armIdleTimeout } from './lobbies';
import { armPeriodEnd } from './monetization';
import { RateLimiter } from './http/rate_limits';
import { EmulatorState } from './model/state';
import type { Application, Lobby, LobbyMember, Message, TokenRecord, User } from './model/types';
import { Persistence } from './persistence';
import { seedState } from './seed';
import { SnowflakeFactory } from './snowflake';
import { ACCESS_TOKEN_LIFETIME_S, newSecret, redact } from './tokens';
import { WebhookDispatcher } from './webhooks';

export interface EmulatorCoreOptions {
  dataFile?: string;
  startTime?: number;
  webhookUrl?: string;
  log?: (line: string) => void;
}

const ISO_MEMO = new Map<number, string>();
const ISO_MEMO_MAX = 20_000;

// ExternalIdentityProviderType (api-surface.md) of each external_auth_type.
const PROVIDER_TYPES: Record<string, number> = {
  OIDC: 0,
  EPIC_ONLINE_SERVICES_ACCESS_TOKEN: 1,
  EPIC_ONLINE_SERVICES_ID_TOKEN: 1,
  STEAM_SESSION_TICKET: 2,
  UNITY_SERVICES_ID_TOKEN: 3,
  SERVICE_BOT_ISSUED_ACCESS_TOKEN: 4,
};
const PROVIDER_UNKNOWN = 6;

function providerUserId(type: string, subject: string): string {
  return createHash('sha256').update(`${type}:${subject}`).digest('hex').slice(0, 20);
}

export class Emulator {
  readonly clock: EmulatorClock;
  readonly ids: SnowflakeFactory;
  readonly bus = new EventBus();
  readonly limiter: RateLimiter;
  readonly webhooks: WebhookDispatcher;
  readonly persistence: Persistence;
  state: EmulatorState;
  readonly #log: (line: string) => void;

  constructor(options: EmulatorCoreOptions = {}) {
    this.persistence = new Persistence(options.dataFile, () => this.state, () => this.clock.now());
    const saved = this.persistence.load();
    // A restored state resumes the clock where it was saved, never earlier (see savedAt).
    const resumeAt = saved && saved.savedAt > Date.now() ? saved.savedAt : undefined;
    this.clock = new EmulatorClock(options.startTime ?? resumeAt);
    this.ids = new SnowflakeFactory(() => this.clock.now());
    this.limiter = new RateLimiter(() => this.clock.now());
    this.#log = options.log ?? (() => {});
    this.state = saved ?? seedState(this.clock.now());
    // Idle timeouts live on the clock's scheduler, which a restart starts empty.
    for (const lobby of this.state.lobbies.values()) armIdleTimeout(this, lobby);
    for (const subscription of this.state.subscriptions.values()) armPeriodEnd(this, subscription);
    this.webhooks = new WebhookDispatcher(this.clock, (id) => this.state.applications.get(id), (line) => this.log(line));
    if (options.webhookUrl) {
      for (const app of this.state.applications.values()) if (!app.parentId) app.eventsUrl = options.webhookUrl;
    }
  }

  /** Every log line goes through the credential mask. */
  log(line: string): void {
    this.#log(redact(line));
  }

  changed(): void {
    this.persistence.markDirty();
  }

  now(): number {
    return this.clock.now();
  }

  iso(ms: number | null): string | null {
    if (ms === null) return null;
    // History pages format the same stored timestamps on every request; formatting was a tenth
    // of a 200-message page's CPU time. A bounded memo keeps that to a map lookup.
    let text = ISO_MEMO.get(ms);
    if (text === undefined) {
      if (ISO_MEMO.size >= ISO_MEMO_MAX) ISO_MEMO.clear();
      text = new Date(ms).toISOString();
      ISO_MEMO.set(ms, text);
    }
    return text;
  }

  // --- Applications and users

  app(id: string): Application | undefined {
    return this.state.applications.get(id);
  }

  user(id: string): User | undefined {
    return this.state.users.get(id);
  }

  isBanned(user: User): boolean {
    return user.bannedUntil !== null && user.bannedUntil > this.now();
  }

  /**
   * The user's application profiles: one per external identity linked to the account. The
   * spec names the SDK's GetUserApplicationProfiles but not where the service sends them;
   * here they ride on the user's own object (GET /users/@me and READY), never on others'.
   */
  applicationProfilesJson(user: User, viewer?: Application): Array<Record<string, unknown>> {
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
  userJson(user: User, viewer?: Application): Record<string, unknown> {
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

  // --- Tokens

  issueTokens(
    applicationId: string,
    userId: string | null,
    scopes: string[],
    options: { refresh?: boolean; lifetimeS?: number; parentToken?: string | null } = {},
  ): { access: TokenRecord; refresh: TokenRecord | null } {
    const now = this.now();
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
    this.state.tokens.set(access.token, access);
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
      this.state.tokens.set(refresh.token, refresh);
    }
    if (userId) this.state.authorizations.set(`${applicationId}:${userId}`, scopes);
    this.changed();
    return { access, refresh };
  }

  /** The token response of the OAuth2 token endpoint. */
  tokenResponse(issued: { access: TokenRecord; refresh: TokenRecord | null }): Record<string, unknown> {
    const body: Record<string, unknown> = {
      access_token: issued.access.token,
      token_type: 'Bearer',
      expires_in: Math.round(((issued.access.expiresAt ?? this.now()) - this.now()) / 1000),
      scope: issued.access.scopes.join(' '),
    };
    if (issued.refresh) body.refresh_token = issued.refresh.token;
    return body;
  }

  /** A live access token (known, not expired by the emulator clock, user not banned). */
  accessToken(token: string): TokenRecord | undefined {
    const record = this.state.tokens.get(token);
    if (!record || record.kind !== 'access') return undefined;
    if (record.expiresAt !== null && record.expiresAt <= this.now()) return undefined;
    if (record.parentToken && !this.accessToken(record.parentToken)) return undefined;
    if (record.userId) {
      const user = this.user(record.userId);
      if (!user || this.isBanned(user)) return undefined;
    }
    return record;
  }

  /** Deletes every token of `applicationId` for `userId`, then APPLICATION_DEAUTHORIZED. */
  deauthorize(applicationId: string, userId: string, reason: string): number {
    let removed = 0;
    for (const [token, record] of this.state.tokens) {
      if (record.applicationId === applicationId && record.userId === userId) {
        this.state.tokens.delete(token);
        removed++;
      }
    }
    // Child tokens die with their parents (accessToken() checks the parent).
    this.state.authorizations.delete(`${applicationId}:${userId}`);
    const app = this.app(applicationId);
    const user = this.user(userId);
    if (app && user) {
      this.log(`APPLICATION_DEAUTHORIZED app=${applicationId} user=${userId} (${reason})`);
      this.webhooks.send(app, 'APPLICATION_DEAUTHORIZED', { user: this.userJson(user, app) });
      this.bus.publish({ type: 'APPLICATION_DEAUTHORIZED', data: { application_id: applicationId, user_id: userId }, userIds: [userId], applicationId });
    }
    this.changed();
    return removed;
  }

  recordAuthorized(app: Application, user: User, scopes: string[], integrationType: number | null): void {
    const key = `${app.id}:${user.id}`;
    const first = !this.state.authorizations.has(key);
    this.state.authorizations.set(key, scopes);
    if (first) {
      this.webhooks.send(app, 'APPLICATION_AUTHORIZED', {
        integration_type: integrationType ?? 1,
        scopes,
        user: this.userJson(user, app),
      });
    }
  }

  // --- Lobbies and messages (shapes shared by HTTP and the gateway)

  lobbyMemberJson(member: LobbyMember): Record<string, unknown> {
    const json: Record<string, unknown> = {
      id: member.id,
      metadata: member.metadata,
      flags: member.flags,
      connected: member.connected,
    };
    if (member.additionalName !== null) json.additional_name = member.additionalName;
    return json;
  }

  lobbyJson(lobby: Lobby): Record<string, unknown> {
    const json: Record<string, unknown> = {
      id: lobby.id,
      application_id: lobby.applicationId,
      metadata: lobby.metadata,
      members: lobby.members.map((m) => this.lobbyMemberJson(m)),
    };
    if (lobby.linkedChannelId) {
      const channel = this.findChannel(lobby.linkedChannelId);
      json.linked_channel = channel
        ? { id: channel.channel.id, name: channel.channel.name, guild_id: channel.guild.id }
        : { id: lobby.linkedChannelId };
    }
    return json;
  }

  messageJson(message: Message): Record<string, unknown> {
    const author = this.user(message.authorId);
    const json: Record<string, unknown> = {
      id: message.id,
      type: 0,
      content: message.content,
      channel_id: message.channelId,
      author: author ? this.userJson(author) : { id: message.authorId },
      timestamp: this.iso(message.timestamp),
      edited_timestamp: this.iso(message.editedTimestamp),
      flags: message.flags,
      application_id: message.applicationId,
      metadata: message.metadata ?? undefined,
      moderation_metadata: message.moderationMetadata ?? undefined,
    };
    if (message.lobbyId) {
      json.lobby_id = message.lobbyId;
      const lobby = this.state.lobbies.get(message.lobbyId);
      const member = lobby?.members.find((m) => m.id === message.authorId);
      if (member?.additionalName) json.lobby_member = { additional_name: member.additionalName };
    }
    if (message.recipientId) json.recipient_id = message.recipientId;
    if (message.activityInvite) {
      const invite = message.activityInvite;
      json.activity_invite = {
        type: invite.type,
        party_id: invite.partyId,
        session_id: invite.sessionId,
        application_id: invite.applicationId,
        is_valid: invite.valid,
      };
    }
    return json;
  }

  findChannel(channelId: string) {
    for (const guild of this.state.guilds.values()) {
      const channel = guild.channels.find((c) => c.id === channelId);
      if (channel) return { guild, channel };
    }
    return undefined;
  }
}
