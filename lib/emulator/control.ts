// The control API for tests and people: programmatic (emu.control.*) and HTTP
// (POST {webBase}/_sdkpp/control/<name> with a JSON object of the same arguments).
import { createUser, userJson, type NewUser } from './domain/accounts';
import { approveDevice, decide, issueTestToken } from './domain/authorizations';
import { mainApplication, setPremiumApproval, setWebhookUrl } from './domain/applications';
import { banUser, unbanUser } from './domain/bans';
import { commandJson, setActivitiesEnabled } from './domain/commands';
import { clickComponent, submitModal, type ComponentClick } from './domain/interaction_components';
import { setInteractionsEndpoint } from './domain/interaction_endpoint';
import type { Submission } from './domain/interaction_modal';
import { findInteractionMessage, invokeCommand, type CommandInvocation } from './domain/interactions';
import { interactionMessageJson } from './domain/interaction_messages';
import { setChannelOverwrite, setVoiceChannel } from './domain/channels';
import { createLegacyEntitlement } from './domain/entitlement_migration';
import { addGuildMembers, createGuild, removeGuildMember, updateGuildMember } from './domain/guilds';
import { deleteMessage, findLobbyMessage } from './domain/messages';
import { findPerson } from './domain/accounts';
import { createChannelMessage } from './domain/channel_messages';
import { findMessageChannel } from './domain/message_channels';
import { channelMessageJson } from './domain/message_view';
import { setSlowmode } from './domain/slowmode';
import { setGuildFeatures } from './domain/guilds';
import { setPrimaryGuild } from './domain/guild_tags';
import { createGroupDm, groupDmJson } from './domain/group_dms';
import { privilegedIntentsReport, setPrivilegedIntents, setPrivilegedIntentsApproval, setUserInstallCount, type PrivilegedIntentSwitches } from './domain/privileged_intents';
import { createSubscription, endSubscription, entitlementJson, grantEntitlement, subscriptionJson } from './domain/monetization';
import { setSearchIndexReady } from './domain/search';
import type { Emulator } from './emulator';
import type { DataFileStatus } from './persistence';
import { ApiError } from './domain/errors';
import type { Router } from './http/router';
import type { PendingAuthorization } from './model/types';
import type { GatewayControl, LocalClientControl, PendingIpcAuthorization, VoiceControl } from './ports';
import { isSnowflake } from './snowflake';

export type { LocalClientControl, PendingIpcAuthorization } from './ports';

/** `G`: the gateway as startEmulator plugs it in (tests reach its sessions through it). */
export class EmulatorControl<G extends GatewayControl = GatewayControl> {
  /** Set by the local-client server when it runs (ipc: true). */
  localClient: LocalClientControl | null = null;
  /** Set by startEmulator once the gateway runs. */
  gateway: G | null = null;
  /** Set by startEmulator once the voice server runs (docs/emulator.md's hooks). */
  voice: VoiceControl | null = null;

  constructor(private readonly emu: Emulator) {}

  now(): number {
    return this.emu.now();
  }

  /** Moves the emulator clock forward; every time rule and scheduled task follows. */
  advanceClock(ms: number): number {
    return this.emu.clock.advance(ms);
  }

  createUser(options: NewUser): Record<string, unknown> {
    return userJson(createUser(this.emu, options));
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
    const issued = issueTestToken(this.emu, userId, scopes, applicationId);
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

  /**
   * An old-behaviour subscription entitlement (APPLICATION_SUBSCRIPTION, ends_at = its period
   * end, default one period from now), set to renew or to end then: the 2024 migration window's
   * rules decide what its period end does (domain/entitlement_migration).
   */
  createLegacyEntitlement(userId: string, skuId: string, renews = true, endsAt?: number): Record<string, unknown> {
    return entitlementJson(this.emu, createLegacyEntitlement(this.emu, userId, skuId, renews, endsAt));
  }

  setWebhookUrl(url: string | null, applicationId?: string): void {
    setWebhookUrl(this.emu, url, applicationId);
  }

  setPremiumApproval(approved: boolean, applicationId?: string): void {
    setPremiumApproval(this.emu, approved, applicationId);
  }

  /** Puts a guild member (the bot, typically) into a voice channel, or out (null). */
  setVoiceChannel(userId: string, channelId: string | null): void {
    setVoiceChannel(this.emu, userId, channelId);
  }

  /**
   * A person posts into a guild text channel or their DM with a bot, as they would type it in
   * the client: the same rules as a bot's message (permissions, slowmode, ...) and MESSAGE_CREATE.
   * `message` is the content, or a message body ({content, embeds, message_reference, ...}).
   */
  postChannelMessage(userId: string, channelId: string, message: string | Record<string, unknown>): Record<string, unknown> {
    if (!findPerson(this.emu, userId)) throw new ApiError(404, 10013, 'Unknown User');
    const body = typeof message === 'string' ? { content: message } : message;
    return channelMessageJson(this.emu, createChannelMessage(this.emu, { channelId, authorId: userId, body }));
  }

  /** Sets a guild channel's slowmode (rate_limit_per_user, seconds; 0 turns it off). */
  setChannelSlowmode(channelId: string, seconds: number): void {
    const target = findMessageChannel(this.emu, channelId);
    if (target.kind !== 'guild') throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
    setSlowmode(this.emu, target.channel, seconds);
  }
  /** Forces a guild's message search index ready (true) or not (false); null returns to the clock rule (domain/search). */
  setSearchIndexReady(guildId: string, ready: boolean | null): void {
    if (ready !== null && typeof ready !== 'boolean') throw new ApiError(400, 50035, 'ready: true, false or null');
    setSearchIndexReady(this.emu, guildId, ready);
  }


  setRateLimits(enabled: boolean): void {
    this.emu.limiter.enabled = enabled;
  }

  /** The data file's health: the last write, the cause of failing writes (null when fine), upload bytes kept. */
  dataFileStatus(): DataFileStatus {
    return this.emu.persistence.status();
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

  /** A guild with the application's bot, an `@everyone` role, a text and a voice channel. */
  createGuild(name: string, memberIds: string[] = []): { id: string; name: string; channelIds: string[] } {
    const guild = createGuild(this.emu, name, memberIds, this.gateway);
    return { id: guild.id, name: guild.name, channelIds: guild.channels.map((c) => c.id) };
  }

  /** Adds users to a guild (GUILD_MEMBER_ADD each); returns how many were new. */
  addGuildMembers(guildId: string, userIds: string[], roles: string[] = []): number {
    return addGuildMembers(this.emu, guildId, userIds, roles, this.gateway);
  }

  /**
   * Changes a member's roles and/or nick: GUILD_MEMBER_UPDATE, and CHANNEL_UPDATE with the full
   * channel to an obfuscated bot that gains VIEW_CHANNEL through it.
   */
  updateGuildMember(guildId: string, userId: string, changes: { roles?: string[]; nick?: string | null }): Record<string, unknown> {
    return updateGuildMember(this.emu, guildId, userId, changes, this.gateway);
  }

  /** Removes a member from a guild (GUILD_MEMBER_REMOVE). */
  removeGuildMember(guildId: string, userId: string): void {
    removeGuildMember(this.emu, guildId, userId);
  }

  /**
   * Sets (or, with allow and deny null, removes) a channel's permission overwrite for a role
   * (type 0) or member (type 1); bots get CHANNEL_UPDATE (full once they can view it).
   * Permissions are decimal strings (64-bit).
   */
  setChannelOverwrite(channelId: string, targetId: string, type: 0 | 1, allow: string | null, deny: string | null): void {
    setChannelOverwrite(this.emu, channelId, targetId, type, allow, deny, this.gateway);
  }

  /** Deletes a lobby message (LOBBY_MESSAGE_DELETE), as moderation tooling would. */
  deleteLobbyMessage(lobbyId: string, messageId: string): void {
    deleteMessage(this.emu, findLobbyMessage(this.emu, lobbyId, messageId));
  }

  /**
   * The portal's privileged intent toggles ({guildMembers, guildPresences, messageContent}):
   * refused (403 50013) for an unapproved app at or above 10,000 users; returns the new state.
   */
  setPrivilegedIntents(applicationId: string, switches: PrivilegedIntentSwitches): Record<string, unknown> {
    setPrivilegedIntents(this.emu, applicationId, switches);
    return privilegedIntentsReport(this.emu, applicationId);
  }

  /** The privileged intents review: an approved app may switch them on at any size. */
  approvePrivilegedIntents(applicationId: string, approved = true): Record<string, unknown> {
    setPrivilegedIntentsApproval(this.emu, applicationId, approved);
    return privilegedIntentsReport(this.emu, applicationId);
  }

  /** The app's user installs (its user count is these plus the people in its bot's guilds). */
  setUserInstallCount(applicationId: string, count: number): Record<string, unknown> {
    setUserInstallCount(this.emu, applicationId, count);
    return privilegedIntentsReport(this.emu, applicationId);
  }

  /** {guildMembers, guildPresences, messageContent, approved, userCount, threshold}. */
  privilegedIntents(applicationId: string): Record<string, unknown> {
    return privilegedIntentsReport(this.emu, applicationId);
  }

  /** Replaces a guild's features (ENHANCED_ROLE_COLORS allows gradient role colors). */
  setGuildFeatures(guildId: string, features: string[]): string[] {
    return setGuildFeatures(this.emu, guildId, features);
  }

  /** Shows a guild's tag (1 to 4 characters) on a member; guildId null removes it (USER_UPDATE). */
  setPrimaryGuild(userId: string, guildId: string | null, tag: string | null = null): Record<string, unknown> {
    return setPrimaryGuild(this.emu, userId, guildId, tag);
  }

  /** Create Group DM as the application's bot, with users' gdm.join access tokens. */
  createGroupDm(applicationId: string, accessTokens: string[], nicks: Record<string, string> = {}): Record<string, unknown> {
    const app = this.emu.app(applicationId);
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    return groupDmJson(this.emu, createGroupDm(this.emu, app.id, app.botUserId, accessTokens, nicks));
  }

  /**
   * Activities on or off for an application (default: the seeded one). Turning them on creates
   * the default entry point command "Launch" when it has none; returns that command, or null.
   */
  setActivitiesEnabled(enabled: boolean, applicationId?: string): Record<string, unknown> | null {
    const app = this.emu.app(applicationId ?? mainApplication(this.emu).id);
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    const created = setActivitiesEnabled(this.emu, app, enabled);
    return created ? { ...commandJson(created) } : null;
  }

  #app(applicationId?: string) {
    const app = this.emu.app(applicationId ?? mainApplication(this.emu).id);
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    return app;
  }

  /**
   * The application's interactions endpoint URL (null: interactions go to its bot over the
   * gateway). A URL must answer a signed PING with {"type": 1} first, else 400.
   */
  async setInteractionsEndpoint(url: string | null, applicationId?: string): Promise<void> {
    await setInteractionsEndpoint(this.emu, this.#app(applicationId), url);
  }

  /**
   * A person invokes a command of the application by name (type 1 CHAT_INPUT by default; 2 USER
   * and 3 MESSAGE take `targetId`) in a guild channel (`channelId`) or a DM (`dmWith`: the bot's
   * user id for the bot's DM, another user's for a private channel). An option with
   * `focused: true` makes it an autocomplete interaction. Resolves once delivered (to an
   * endpoint: once its reply was applied).
   */
  async invokeCommand(invocation: CommandInvocation & { applicationId?: string }): Promise<{ id: string; token: string; type: number }> {
    const interaction = await invokeCommand(this.emu, this.#app(invocation.applicationId), invocation);
    return { id: interaction.id, token: interaction.token, type: interaction.type };
  }

  /** A person clicks a button or chooses `values` in a select of a message the application made. */
  async clickComponent(click: ComponentClick & { applicationId?: string }): Promise<{ id: string; token: string; type: number }> {
    const interaction = await clickComponent(this.emu, this.#app(click.applicationId), click);
    return { id: interaction.id, token: interaction.token, type: interaction.type };
  }

  /** The person submits the modal that interaction `interactionId` showed: values and files by custom_id. */
  async submitModal(interactionId: string, submission: Submission = {}, applicationId?: string): Promise<{ id: string; token: string; type: number }> {
    const interaction = await submitModal(this.emu, this.#app(applicationId), interactionId, submission);
    return { id: interaction.id, token: interaction.token, type: interaction.type };
  }

  /**
   * What the person saw of an interaction: the response type, the original response and the
   * follow-ups (messages as the API serializes them), the modal, the autocomplete choices, the
   * launched activity, whether responses were forced ephemeral, and a delivery error, if any.
   */
  interactionResult(interactionId: string): Record<string, unknown> {
    const interaction = this.emu.state.interactions.get(interactionId);
    if (!interaction) throw new ApiError(404, 10062, 'Unknown interaction');
    const json = (id: string | null) => {
      const found = id ? findInteractionMessage(this.emu, id) : undefined;
      return found ? interactionMessageJson(this.emu, found.owner, found.message) : null;
    };
    return {
      id: interaction.id,
      type: interaction.type,
      payload: interaction.payload,
      responseType: interaction.responseType,
      original: json(interaction.originalMessageId),
      followups: interaction.followupIds.map(json).filter((m) => m !== null),
      modal: interaction.modal,
      choices: interaction.choices,
      activityInstanceId: interaction.activityInstanceId,
      forcedEphemeral: interaction.forcedEphemeral,
      deliveryError: interaction.deliveryError,
    };
  }

  #gateway(): G {
    if (!this.gateway) throw new ApiError(400, 0, 'The gateway is not running');
    return this.gateway;
  }
}

/**
 * POST /_sdkpp/control/<method> with a JSON object of named arguments. The body must be sent as
 * application/json, even an empty `{}`: a browser cannot send that cross-site without a CORS
 * preflight, which the emulator never grants, so no web page can call the control API.
 */
export function registerControlRoutes(router: Router, control: EmulatorControl): void {
  const call = (name: string, args: (body: Record<string, unknown>) => unknown[]) =>
    router.post(`/${name}`, async (ctx) => {
      const body = await ctx.jsonObject();
      const method = (control as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
      const result = await method.apply(control, args(body));
      return result === undefined ? { ok: true } : result;
    });
  const id = (value: unknown) => {
    if (!isSnowflake(value)) throw new ApiError(400, 50035, 'an id (snowflake string) is required');
    return value;
  };
  const flag = (value: unknown, name: string) => {
    if (typeof value !== 'boolean') throw new ApiError(400, 50035, `${name}: a boolean is required`);
    return value;
  };
  // A string argument the docs require: present, 1-200 characters (String(undefined) was "undefined").
  const text = (value: unknown, name: string) => {
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw new ApiError(400, 50035, `${name}: a string is required`);
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
  call('setAutoApprove', (b) => {
    if (b.userId === undefined) throw new ApiError(400, 50035, 'userId: an id (snowflake string), or null to show the consent page');
    return [b.userId === null ? null : id(b.userId)];
  });
  call('listPendingAuthorizations', () => []);
  call('approveAuthorization', (b) => [text(b.id, 'id'), id(b.userId)]);
  call('denyAuthorization', (b) => [text(b.id, 'id')]);
  call('approveDevice', (b) => [text(b.userCode, 'userCode'), id(b.userId)]);
  call('denyDevice', (b) => [text(b.userCode, 'userCode')]);
  call('issueToken', (b) => [id(b.userId), Array.isArray(b.scopes) ? b.scopes.map(String) : undefined]);
  call('grantEntitlement', (b) => [id(b.userId), id(b.skuId)]);
  call('createSubscription', (b) => [id(b.userId), id(b.skuId)]);
  call('endSubscription', (b) => [id(b.subscriptionId), b.immediately !== false]);
  call('createLegacyEntitlement', (b) => [id(b.userId), id(b.skuId), b.renews !== false, b.endsAt === undefined ? undefined : duration(b.endsAt, 'endsAt')]);
  call('setWebhookUrl', (b) => [b.url === null ? null : String(b.url)]);
  call('setPremiumApproval', (b) => [flag(b.approved, 'approved')]);
  call('setVoiceChannel', (b) => [id(b.userId), b.channelId === null ? null : id(b.channelId)]);
  call('setRateLimits', (b) => [flag(b.enabled, 'enabled')]);
  call('webhookDeliveries', () => []);
  call('dataFileStatus', () => []);
  call('restartLocalClient', () => []);
  call('stopLocalClient', () => []);
  call('triggerAuthorizeRequest', () => []);
  call('listPendingIpcAuthorizations', () => []);
  call('sendActivityJoin', (b) => [text(b.secret, 'secret'), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('sendActivityJoinRequest', (b) => [id(b.userId), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('reconnectGateway', (b) => [b.userId === undefined ? undefined : id(b.userId)]);
  call('dropGatewayConnections', (b) => [b.userId === undefined ? undefined : id(b.userId)]);
  call('createGuild', (b) => [text(b.name, 'name'), Array.isArray(b.memberIds) ? b.memberIds.map(id) : []]);
  call('addGuildMembers', (b) => [id(b.guildId), Array.isArray(b.userIds) ? b.userIds.map(id) : [], Array.isArray(b.roles) ? b.roles.map(id) : []]);
  call('updateGuildMember', (b) => [id(b.guildId), id(b.userId), {
    roles: Array.isArray(b.roles) ? b.roles.map(id) : undefined,
    nick: b.nick === undefined ? undefined : b.nick === null ? null : String(b.nick),
  }]);
  call('removeGuildMember', (b) => [id(b.guildId), id(b.userId)]);
  call('setChannelOverwrite', (b) => [id(b.channelId), id(b.targetId), Number(b.type), b.allow === null || b.allow === undefined ? null : String(b.allow), b.deny === null || b.deny === undefined ? null : String(b.deny)]);
  call('deleteLobbyMessage', (b) => [id(b.lobbyId), id(b.messageId)]);
  const object = (value: unknown, name: string) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiError(400, 50035, `${name}: an object is required`);
    return value as Record<string, unknown>;
  };
  call('setInteractionsEndpoint', (b) => [b.url === null ? null : text(b.url, 'url'), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('invokeCommand', (b) => [{
    userId: id(b.userId),
    channelId: b.channelId === undefined ? undefined : id(b.channelId),
    dmWith: b.dmWith === undefined ? undefined : id(b.dmWith),
    name: text(b.name, 'name'),
    type: b.type === undefined ? undefined : Number(b.type),
    options: b.options,
    targetId: b.targetId === undefined ? undefined : id(b.targetId),
    applicationId: b.applicationId === undefined ? undefined : id(b.applicationId),
  }]);
  call('clickComponent', (b) => [{
    userId: id(b.userId),
    messageId: id(b.messageId),
    customId: text(b.customId, 'customId'),
    values: b.values,
    applicationId: b.applicationId === undefined ? undefined : id(b.applicationId),
  }]);
  call('submitModal', (b) => [id(b.interactionId), {
    values: b.values === undefined ? undefined : object(b.values, 'values'),
    files: b.files === undefined ? undefined : (object(b.files, 'files') as Submission['files']),
  }, b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('interactionResult', (b) => [id(b.interactionId)]);
  call('setActivitiesEnabled', (b) => [flag(b.enabled, 'enabled'), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('postChannelMessage', (b) => {
    const message = typeof b.message === 'string' || (typeof b.message === 'object' && b.message !== null && !Array.isArray(b.message)) ? b.message : undefined;
    if (message === undefined) throw new ApiError(400, 50035, 'message: the content (string) or a message body (object) is required');
    return [id(b.userId), id(b.channelId), message];
  });
  call('setChannelSlowmode', (b) => [id(b.channelId), typeof b.seconds === 'number' ? b.seconds : NaN]);
  call('setSearchIndexReady', (b) => [id(b.guildId), b.ready === undefined ? NaN : b.ready]);
  const strings = (value: unknown, name: string) => {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new ApiError(400, 50035, `${name}: a list of strings is required`);
    return value as string[];
  };
  call('setPrivilegedIntents', (b) => [id(b.applicationId), object(b.switches, 'switches')]);
  call('approvePrivilegedIntents', (b) => [id(b.applicationId), b.approved !== false]);
  call('setUserInstallCount', (b) => [id(b.applicationId), b.count]);
  call('privilegedIntents', (b) => [id(b.applicationId)]);
  call('setGuildFeatures', (b) => [id(b.guildId), strings(b.features, 'features')]);
  call('setPrimaryGuild', (b) => [id(b.userId), b.guildId === null ? null : id(b.guildId), b.tag === undefined || b.tag === null ? null : String(b.tag)]);
  call('createGroupDm', (b) => [id(b.applicationId), strings(b.accessTokens, 'accessTokens'), b.nicks === undefined ? {} : object(b.nicks, 'nicks')]);
}
