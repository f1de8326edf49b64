// The control API for tests and people: programmatic (emu.control.*) and HTTP
// (POST {webBase}/_sdkpp/control/<name> with a JSON object of the same arguments).
import type { Emulator } from './emulator';
import { ApiError } from './http/errors';
import type { Router } from './http/router';
import { createSubscription, endSubscription, entitlementJson, grantEntitlement, subscriptionJson } from './monetization';
import type { PendingAuthorization, User } from './model/types';
import { approveDevice, decide } from './routes/oauth2';
import { banUser, unbanUser } from './routes/partner_sdk';
import { isSnowflake } from './snowflake';

export interface LocalClientControl {
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Sends AUTHORIZE_REQUEST to subscribed games. Returns how many got it. */
  requestAuthorize(): number;
  /** Decides a pending AUTHORIZE command (the person clicking in the chat client). */
  decideAuthorize(id: string, approved: boolean, userId: string | null): boolean;
}

export class EmulatorControl {
  /** Set by the local-client server when it runs (ipc: true). */
  localClient: LocalClientControl | null = null;

  constructor(private readonly emu: Emulator) {}

  now(): number {
    return this.emu.now();
  }

  /** Moves the emulator clock forward; every time rule and scheduled task follows. */
  advanceClock(ms: number): number {
    return this.emu.clock.advance(ms);
  }

  createUser(options: { username: string; globalName?: string; premiumType?: number }): Record<string, unknown> {
    if (typeof options?.username !== 'string' || !/^[a-z0-9_.]{2,32}$/.test(options.username)) {
      throw new ApiError(400, 50035, 'username: 2-32 characters of a-z, 0-9, _ and .');
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
      primaryGuildTag: null,
      primaryGuildId: null,
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
  call('advanceClock', (b) => [Number(b.ms)]);
  call('createUser', (b) => [b]);
  call('banUser', (b) => [id(b.userId), b.durationMs === undefined || b.durationMs === null ? null : Number(b.durationMs)]);
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
}
