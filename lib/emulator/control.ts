// The control API for tests and people: programmatic (emu.control.*) and HTTP
// (POST {webBase}/_sdkpp/control/<name> with a JSON object of the same arguments).
import type { Emulator } from './emulator';
import type { GatewayServer } from './gateway/server';
import { ApiError } from './http/errors';
import type { Router } from './http/router';
import { deleteMessage, findMessage } from './messages';
import { createSubscription, endSubscription, entitlementJson, grantEntitlement, subscriptionJson } from './monetization';
import type { Guild, GuildMember, PendingAuthorization, User } from './model/types';
import { canView, Permission } from './permissions';
import { approveDevice, decide } from './routes/oauth2';
import { banUser, unbanUser } from './routes/partner_sdk';
import { isSnowflake } from './snowflake';
import type { VoiceControl } from './voice/server';

export interface LocalClientControl {
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Sends AUTHORIZE_REQUEST to subscribed games. Returns how many got it. */
  requestAuthorize(): number;
  /** Decides a pending AUTHORIZE command (the person clicking in the chat client). */
  decideAuthorize(id: string, approved: boolean, userId: string | null): boolean;
  /** AUTHORIZE commands waiting for a decision. */
  pendingAuthorizations(): PendingIpcAuthorization[];
  /** ACTIVITY_JOIN {secret} to subscribed games (of one application); returns how many. */
  activityJoin(secret: string, applicationId?: string): number;
  /** ACTIVITY_JOIN_REQUEST {user} to subscribed games (of one application); returns how many. */
  activityJoinRequest(userId: string, applicationId?: string): number;
}

export interface PendingIpcAuthorization {
  id: string;
  applicationId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string | null;
  integrationType: number | null;
}

export class EmulatorControl {
  /** Set by the local-client server when it runs (ipc: true). */
  localClient: LocalClientControl | null = null;
  /** Set by startEmulator once the gateway runs. */
  gateway: GatewayServer | null = null;
  /** Set by startEmulator once the voice server runs (voice.md §8's hooks). */
  voice: VoiceControl | null = null;

  constructor(private readonly emu: Emulator) {}

  now(): number {
    return this.emu.now();
  }

  /** Moves the emulator clock forward; every time rule and scheduled task follows. */
  advanceClock(ms: number): number {
    return this.emu.clock.advance(ms);
  }

  createUser(options: { username: string; globalName?: string; premiumType?: number; primaryGuildTag?: string }): Record<string, unknown> {
    if (typeof options?.username !== 'string' || !/^[a-z0-9_.]{2,32}$/.test(options.username)) {
      throw new ApiError(400, 50035, 'username: 2-32 characters of a-z, 0-9, _ and .');
    }
    if (options.globalName !== undefined && (typeof options.globalName !== 'string' || options.globalName.length < 1 || options.globalName.length > 32)) {
      throw new ApiError(400, 50035, 'globalName: 1-32 characters');
    }
    if (options.premiumType !== undefined && (!Number.isInteger(options.premiumType) || options.premiumType < 0 || options.premiumType > 3)) {
      throw new ApiError(400, 50035, 'premiumType: 0-3');
    }
    // A guild tag is a badge of 1 to 4 characters (spec).
    if (options.primaryGuildTag !== undefined && (typeof options.primaryGuildTag !== 'string' || ![1, 2, 3, 4].includes([...options.primaryGuildTag].length))) {
      throw new ApiError(400, 50035, 'primaryGuildTag: 1-4 characters');
    }
    if ([...this.emu.state.users.values()].some((u) => u.username === options.username)) {
      throw new ApiError(400, 50035, 'username: already taken');
    }
    const id = this.emu.ids.next();
    const user: User = {
      id,
      username: options.username,
      globalName: options.globalName ?? null,
      avatar: null,
      bot: false,
      provisional: false,
      premiumType: options.premiumType ?? 0,
      primaryGuildTag: options.primaryGuildTag ?? null,
      primaryGuildId: options.primaryGuildTag !== undefined ? ([...this.emu.state.guilds.keys()][0] ?? null) : null,
      bannedUntil: null,
      identities: [],
      connections: [],
      mergedInto: null,
      restrictedFor: null,
    };
    this.emu.state.users.set(id, user);
    this.emu.changed();
    return this.emu.userJson(user);
  }

  /** Bans a user: tokens deleted at once, identities to a restricted provisional account. */
  banUser(userId: string, durationMs: number | null = null): { restrictedAccountId: string | null } {
    const restricted = banUser(this.emu, userId, durationMs);
    return { restrictedAccountId: restricted?.id ?? null };
  }

  unbanUser(userId: string): void {
    unbanUser(this.emu, userId);
  }

  /** The consent page approves at once as this user (null: show the page). */
  setAutoApprove(userId: string | null): void {
    if (userId !== null && !this.emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
    this.emu.state.autoApproveUserId = userId;
  }

  listPendingAuthorizations(): PendingAuthorization[] {
    return [...this.emu.state.pendingAuthorizations.values()];
  }

  /** Approves a pending web authorization; returns the URL the browser is sent to. */
  approveAuthorization(id: string, userId: string): { redirect: string } {
    const pending = this.emu.state.pendingAuthorizations.get(id);
    if (pending) return { redirect: decide(this.emu, pending, true, userId) };
    if (this.localClient?.decideAuthorize(id, true, userId)) return { redirect: '' };
    throw new ApiError(404, 0, 'No such pending authorization');
  }

  denyAuthorization(id: string): { redirect: string } {
    const pending = this.emu.state.pendingAuthorizations.get(id);
    if (pending) return { redirect: decide(this.emu, pending, false, null) };
    if (this.localClient?.decideAuthorize(id, false, null)) return { redirect: '' };
    throw new ApiError(404, 0, 'No such pending authorization');
  }

  approveDevice(userCode: string, userId: string): void {
    if (!approveDevice(this.emu, userCode, userId)) throw new ApiError(404, 0, 'No such device code');
  }

  denyDevice(userCode: string): void {
    if (!approveDevice(this.emu, userCode, null, false)) throw new ApiError(404, 0, 'No such device code');
  }

  /** A bearer token for tests, without the browser dance. */
  issueToken(userId: string, scopes: string[] = ['openid', 'sdk.social_layer'], applicationId?: string): { accessToken: string; refreshToken: string; expiresIn: number } {
    const appId = applicationId ?? [...this.emu.state.applications.values()].find((a) => !a.parentId)!.id;
    if (!this.emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
    const issued = this.emu.issueTokens(appId, userId, scopes);
    return { accessToken: issued.access.token, refreshToken: issued.refresh!.token, expiresIn: Math.round((issued.access.expiresAt! - this.emu.now()) / 1000) };
  }

  grantEntitlement(userId: string, skuId: string): Record<string, unknown> {
    return entitlementJson(this.emu, grantEntitlement(this.emu, userId, skuId));
  }

  createSubscription(userId: string, skuId: string): Record<string, unknown> {
    return subscriptionJson(this.emu, createSubscription(this.emu, userId, skuId));
  }

  endSubscription(subscriptionId: string, immediately = true): Record<string, unknown> {
    return subscriptionJson(this.emu, endSubscription(this.emu, subscriptionId, immediately));
  }

  setWebhookUrl(url: string | null, applicationId?: string): void {
    if (url !== null && !/^https?:\/\//.test(url)) throw new ApiError(400, 50035, 'url: an http(s) URL');
    for (const app of this.emu.state.applications.values()) {
      if (applicationId ? app.id === applicationId : !app.parentId) {
        app.eventsUrl = url;
        if (url) this.emu.webhooks.send(app, null); // PING
      }
    }
    this.emu.changed();
  }

  setPremiumApproval(approved: boolean, applicationId?: string): void {
    for (const app of this.emu.state.applications.values()) {
      if (applicationId ? app.id === applicationId : !app.parentId) app.premiumApproved = approved;
    }
    this.emu.changed();
  }

  /** Puts a guild member (the bot, typically) into a voice channel, or out (null). */
  setVoiceChannel(userId: string, channelId: string | null): void {
    for (const guild of this.emu.state.guilds.values()) {
      const member = guild.members.find((m) => m.userId === userId);
      if (!member) continue;
      const previous = member.voiceChannelId;
      if (channelId === null || guild.channels.some((c) => c.id === channelId)) member.voiceChannelId = null;
      // The last one out ends the call: its start time goes (VOICE_CHANNEL_START_TIME_UPDATE null).
      const left = previous !== null && previous !== channelId ? guild.channels.find((c) => c.id === previous) : undefined;
      if (left && left.voiceStartTime !== null && !guild.members.some((m) => m.voiceChannelId === left.id)) {
        left.voiceStartTime = null;
        this.emu.bus.publish({ type: 'VOICE_CHANNEL_START_TIME_UPDATE', data: { id: left.id, guild_id: guild.id, voice_start_time: null }, userIds: [], guildId: guild.id });
      }
      if (channelId === null) {
        member.voiceChannelId = null;
      } else if (guild.channels.some((c) => c.id === channelId)) {
        member.voiceChannelId = channelId;
        const channel = guild.channels.find((c) => c.id === channelId)!;
        if (channel.voiceStartTime === null) {
          channel.voiceStartTime = this.emu.now();
          this.emu.bus.publish({ type: 'VOICE_CHANNEL_START_TIME_UPDATE', data: { id: channel.id, guild_id: guild.id, voice_start_time: this.emu.iso(channel.voiceStartTime) }, userIds: [], guildId: guild.id });
        }
      }
    }
    this.emu.changed();
  }

  setRateLimits(enabled: boolean): void {
    this.emu.limiter.enabled = enabled;
  }

  webhookDeliveries() {
    return { pending: this.emu.webhooks.pending.size, history: [...this.emu.webhooks.history] };
  }

  restartLocalClient(): Promise<void> {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    return this.localClient.restart();
  }

  stopLocalClient(): Promise<void> {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    return this.localClient.stop();
  }

  triggerAuthorizeRequest(): number {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    return this.localClient.requestAuthorize();
  }

  /** AUTHORIZE commands of games over IPC waiting for approveAuthorization / denyAuthorization. */
  listPendingIpcAuthorizations(): PendingIpcAuthorization[] {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    return this.localClient.pendingAuthorizations();
  }

  /** The local user accepted an invite in the chat client: ACTIVITY_JOIN {secret} to the game. */
  sendActivityJoin(secret: string, applicationId?: string): number {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    return this.localClient.activityJoin(secret, applicationId);
  }

  /** `userId` asks to join the local user's game: ACTIVITY_JOIN_REQUEST {user} to the game. */
  sendActivityJoinRequest(userId: string, applicationId?: string): number {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    if (!this.emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
    return this.localClient.activityJoinRequest(userId, applicationId);
  }

  /** Reconnect (op 7) to connected gateway sessions (of one user, or all); returns how many. */
  reconnectGateway(userId?: string): number {
    return this.#gateway().reconnect({ userId });
  }

  /** Cuts gateway sockets (of one user, or all) as a network failure would; sessions stay resumable. */
  dropGatewayConnections(userId?: string): number {
    return this.#gateway().drop({ userId });
  }

  /** A guild with the application's bot, an @everyone role, a text and a voice channel. */
  createGuild(name: string, memberIds: string[] = []): { id: string; name: string; channelIds: string[] } {
    if (typeof name !== 'string' || name.length < 2 || name.length > 100) throw new ApiError(400, 50035, 'name: 2-100 characters');
    const app = [...this.emu.state.applications.values()].find((a) => !a.parentId)!;
    const ids = [...new Set([app.botUserId, ...memberIds])];
    for (const id of ids) if (!this.emu.user(id)) throw new ApiError(404, 10013, 'Unknown User');
    const now = this.emu.now();
    const id = this.emu.ids.next();
    const channel = (name: string, type: number, position: number) => ({
      id: this.emu.ids.next(), guildId: id, name, type, position, parentId: null, topic: null, nsfw: false,
      overwrites: [], voiceStatus: null, voiceStartTime: null, linkedLobbyId: null,
    });
    const guild: Guild = {
      id,
      name,
      banner: null,
      icon: null,
      ownerId: memberIds[0] ?? app.botUserId,
      features: [],
      roles: [{ id, name: '@everyone', position: 0, color: 0, permissions: Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES | Permission.READ_MESSAGE_HISTORY | Permission.CONNECT | Permission.SPEAK }],
      members: ids.map((userId) => ({ userId, roles: [], nick: null, joinedAt: now, voiceChannelId: null })),
      channels: [channel('general', 0, 0), channel('Voice', 2, 1)],
    };
    this.emu.state.guilds.set(id, guild);
    this.emu.changed();
    this.gateway?.guildAvailable(id);
    return { id, name, channelIds: guild.channels.map((c) => c.id) };
  }

  /** Adds users to a guild (GUILD_MEMBER_ADD each); returns how many were new. */
  addGuildMembers(guildId: string, userIds: string[], roles: string[] = []): number {
    const guild = this.#guild(guildId);
    for (const id of userIds) if (!this.emu.user(id)) throw new ApiError(404, 10013, 'Unknown User');
    let added = 0;
    const present = new Set(guild.members.map((m) => m.userId));
    for (const userId of userIds) {
      if (present.has(userId)) continue;
      present.add(userId);
      const member: GuildMember = { userId, roles: roles.filter((r) => guild.roles.some((x) => x.id === r)), nick: null, joinedAt: this.emu.now(), voiceChannelId: null };
      guild.members.push(member);
      added++;
      this.emu.bus.publish({ type: 'GUILD_MEMBER_ADD', data: this.#memberJson(guild, member), userIds: [userId], guildId: guild.id });
    }
    this.emu.changed();
    return added;
  }

  /**
   * Changes a member's roles and/or nick: GUILD_MEMBER_UPDATE, and CHANNEL_UPDATE with the full
   * channel to an obfuscated bot that gains VIEW_CHANNEL through it.
   */
  updateGuildMember(guildId: string, userId: string, changes: { roles?: string[]; nick?: string | null }): Record<string, unknown> {
    const guild = this.#guild(guildId);
    const member = guild.members.find((m) => m.userId === userId);
    if (!member) throw new ApiError(404, 10007, 'Unknown Member');
    if (changes.roles !== undefined && changes.roles.some((r) => !guild.roles.some((x) => x.id === r))) throw new ApiError(400, 50035, 'roles: unknown role');
    const before = this.#visibility(guild);
    if (changes.roles !== undefined) member.roles = [...new Set(changes.roles)].filter((r) => r !== guild.id);
    if (changes.nick !== undefined) member.nick = changes.nick;
    this.emu.changed();
    const json = this.#memberJson(guild, member);
    this.emu.bus.publish({ type: 'GUILD_MEMBER_UPDATE', data: json, userIds: [userId], guildId: guild.id });
    this.#announceVisibility(guild, before, { visibilityOnly: true });
    return json;
  }

  /** Removes a member from a guild (GUILD_MEMBER_REMOVE). */
  removeGuildMember(guildId: string, userId: string): void {
    const guild = this.#guild(guildId);
    const index = guild.members.findIndex((m) => m.userId === userId);
    if (index < 0) throw new ApiError(404, 10007, 'Unknown Member');
    guild.members.splice(index, 1);
    this.emu.changed();
    const user = this.emu.user(userId);
    this.emu.bus.publish({ type: 'GUILD_MEMBER_REMOVE', data: { guild_id: guild.id, user: user ? this.emu.userJson(user) : { id: userId } }, userIds: [userId], guildId: guild.id });
  }

  /**
   * Sets (or, with allow and deny null, removes) a channel's permission overwrite for a role
   * (type 0) or member (type 1); bots get CHANNEL_UPDATE (full once they can view it).
   * Permissions are decimal strings (64-bit).
   */
  setChannelOverwrite(channelId: string, targetId: string, type: 0 | 1, allow: string | null, deny: string | null): void {
    const found = this.emu.findChannel(channelId);
    if (!found) throw new ApiError(404, 10003, 'Unknown Channel');
    const { guild, channel } = found;
    if (type !== 0 && type !== 1) throw new ApiError(400, 50035, 'type: 0 (role) or 1 (member)');
    const parse = (value: string | null) => {
      if (value === null) return 0n;
      if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) throw new ApiError(400, 50035, 'allow/deny: a decimal permission string');
      return BigInt(value);
    };
    const before = this.#visibility(guild);
    channel.overwrites = channel.overwrites.filter((o) => o.id !== targetId);
    if (allow !== null || deny !== null) channel.overwrites.push({ id: targetId, type, allow: parse(allow), deny: parse(deny) });
    this.emu.changed();
    this.gateway?.channelChanged(guild.id, channel.id, before.get(channel.id) ?? new Map());
  }

  /** Deletes a lobby message (LOBBY_MESSAGE_DELETE), as moderation tooling would. */
  deleteLobbyMessage(lobbyId: string, messageId: string): void {
    const message = findMessage(this.emu, lobbyId, messageId);
    if (!message || message.lobbyId !== lobbyId) throw new ApiError(404, 10008, 'Unknown Message');
    deleteMessage(this.emu, message);
  }

  #gateway(): GatewayServer {
    if (!this.gateway) throw new ApiError(400, 0, 'The gateway is not running');
    return this.gateway;
  }

  #guild(guildId: string): Guild {
    const guild = this.emu.state.guilds.get(guildId);
    if (!guild) throw new ApiError(404, 10004, 'Unknown Guild');
    return guild;
  }

  #memberJson(guild: Guild, member: GuildMember): Record<string, unknown> {
    const user = this.emu.user(member.userId);
    return { guild_id: guild.id, user: user ? this.emu.userJson(user) : { id: member.userId }, roles: member.roles, nick: member.nick, joined_at: this.emu.iso(member.joinedAt) };
  }

  /** channel id -> bot user id -> can view, for the guild's bots. */
  #visibility(guild: Guild): Map<string, Map<string, boolean>> {
    const bots = guild.members.filter((m) => this.emu.user(m.userId)?.bot).map((m) => m.userId);
    const map = new Map<string, Map<string, boolean>>();
    for (const channel of guild.channels) map.set(channel.id, new Map(bots.map((b) => [b, canView(guild, channel, b)])));
    return map;
  }

  #announceVisibility(guild: Guild, before: Map<string, Map<string, boolean>>, options: { visibilityOnly: boolean }): void {
    const after = this.#visibility(guild);
    for (const [channelId, bots] of after) {
      const earlier = before.get(channelId);
      if ([...bots].some(([bot, view]) => earlier?.get(bot) !== view)) this.gateway?.channelChanged(guild.id, channelId, earlier ?? new Map(), options);
    }
  }
}

/** POST /_sdkpp/control/<method> with a JSON object of named arguments. */
export function registerControlRoutes(router: Router, control: EmulatorControl): void {
  const call = (name: string, args: (body: Record<string, unknown>) => unknown[]) =>
    router.post(`/${name}`, async (ctx) => {
      const body = ctx.req.headers['content-type'] ? await ctx.jsonObject() : {};
      const method = (control as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
      const result = await method.apply(control, args(body));
      return result === undefined ? { ok: true } : result;
    });
  const id = (value: unknown) => {
    if (!isSnowflake(value)) throw new ApiError(400, 50035, 'an id (snowflake string) is required');
    return value;
  };
  call('now', () => []);
  // A bad duration is the caller's mistake (400), not the emulator's (500).
  const duration = (value: unknown, name: string) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new ApiError(400, 50035, `${name}: a finite number >= 0 is required`);
    return value;
  };
  call('advanceClock', (b) => [duration(b.ms, 'ms')]);
  call('createUser', (b) => [b]);
  call('banUser', (b) => [id(b.userId), b.durationMs === undefined || b.durationMs === null ? null : duration(b.durationMs, 'durationMs')]);
  call('unbanUser', (b) => [id(b.userId)]);
  call('setAutoApprove', (b) => [b.userId === null || b.userId === undefined ? null : id(b.userId)]);
  call('listPendingAuthorizations', () => []);
  call('approveAuthorization', (b) => [String(b.id), id(b.userId)]);
  call('denyAuthorization', (b) => [String(b.id)]);
  call('approveDevice', (b) => [String(b.userCode), id(b.userId)]);
  call('denyDevice', (b) => [String(b.userCode)]);
  call('issueToken', (b) => [id(b.userId), Array.isArray(b.scopes) ? b.scopes.map(String) : undefined]);
  call('grantEntitlement', (b) => [id(b.userId), id(b.skuId)]);
  call('createSubscription', (b) => [id(b.userId), id(b.skuId)]);
  call('endSubscription', (b) => [id(b.subscriptionId), b.immediately !== false]);
  call('setWebhookUrl', (b) => [b.url === null ? null : String(b.url)]);
  call('setPremiumApproval', (b) => [Boolean(b.approved)]);
  call('setVoiceChannel', (b) => [id(b.userId), b.channelId === null ? null : id(b.channelId)]);
  call('setRateLimits', (b) => [Boolean(b.enabled)]);
  call('webhookDeliveries', () => []);
  call('restartLocalClient', () => []);
  call('stopLocalClient', () => []);
  call('triggerAuthorizeRequest', () => []);
  call('listPendingIpcAuthorizations', () => []);
  call('sendActivityJoin', (b) => [String(b.secret), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('sendActivityJoinRequest', (b) => [id(b.userId), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('reconnectGateway', (b) => [b.userId === undefined ? undefined : id(b.userId)]);
  call('dropGatewayConnections', (b) => [b.userId === undefined ? undefined : id(b.userId)]);
  call('createGuild', (b) => [String(b.name), Array.isArray(b.memberIds) ? b.memberIds.map(id) : []]);
  call('addGuildMembers', (b) => [id(b.guildId), Array.isArray(b.userIds) ? b.userIds.map(id) : [], Array.isArray(b.roles) ? b.roles.map(id) : []]);
  call('updateGuildMember', (b) => [id(b.guildId), id(b.userId), {
    roles: Array.isArray(b.roles) ? b.roles.map(id) : undefined,
    nick: b.nick === undefined ? undefined : b.nick === null ? null : String(b.nick),
  }]);
  call('removeGuildMember', (b) => [id(b.guildId), id(b.userId)]);
  call('setChannelOverwrite', (b) => [id(b.channelId), id(b.targetId), Number(b.type), b.allow === null || b.allow === undefined ? null : String(b.allow), b.deny === null || b.deny === undefined ? null : String(b.deny)]);
  call('deleteLobbyMessage', (b) => [id(b.lobbyId), id(b.messageId)]);
}
