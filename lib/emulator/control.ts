// The control API for tests and people: programmatic (emu.control.*) and HTTP
// (POST {webBase}/_sdkpp/control/<name> with a JSON object of the same arguments).
import { createUser, userJson, type NewUser } from './domain/accounts';
import { approveDevice, decide, issueTestToken } from './domain/authorizations';
import { mainApplication, setPremiumApproval, setWebhookUrl } from './domain/applications';
import { banUser, unbanUser } from './domain/bans';
import { commandJson, setActivitiesEnabled } from './domain/commands';
import { checkedUrlMappings, type UrlMapping } from './domain/activity_url_mappings';
import { activityInstance, authenticateActivity, authorizeActivity, joinActivityInstance, leaveActivityInstance, shareActivityLink, type ActivityAuthorization, type ActivityInstanceView, type ActivityLinkShared } from './domain/activity_instances';
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
import { createSubscription, endSubscription, entitlementJson, grantEntitlement, subscriptionJson, unknownSku } from './domain/monetization';
import { purchase } from './domain/store';
import { setSearchIndexReady } from './domain/search';
import { portalSettings, setPortalSettings, type PortalSettings } from './domain/portal_settings';
import type { Emulator } from './emulator';
import type { DataFileStatus } from './persistence';
import { ApiError, Errors } from './domain/errors';
import type { Router } from './http/router';
import type { PendingAuthorization } from './model/types';
import type { GatewayControl, LocalClientControl, PendingIpcAuthorization, VoiceControl } from './ports';
import { isSnowflake } from './snowflake';

export type { LocalClientControl, PendingIpcAuthorization } from './ports';

/**
 * The control API (`RunningEmulator.control`): what a test, a script or a person does that the
 * service lets no client do — decide a consent, move the clock, ban a user, post as a person,
 * break a connection. Every method is also `POST <webBase>/_sdkpp/control/<name>` with a JSON
 * object of the same named arguments (docs/emulator.md, "Control API").
 *
 * A method that refuses throws an Error with the HTTP `status` and the API error `code` it
 * answers over HTTP, written below as "404 10013 Unknown User"; nothing has changed then.
 * Times are ms of the emulator clock, ids are snowflake strings.
 *
 * `G`: the gateway as startEmulator plugs it in ({@link GatewayServer}).
 * @example
 * ```ts
 * const emu = await startEmulator();
 * const nelly = SEED.users.nelly;
 * const { accessToken } = emu.control.issueToken(nelly); // a player's token, no browser
 * emu.control.advanceClock(7 * 24 * 3600 * 1000); // ... which has now expired
 * ```
 */
export class EmulatorControl<G extends GatewayControl = GatewayControl> {
  /** Set by the local-client server when it runs (ipc: true). */
  localClient: LocalClientControl | null = null;
  /** Set by startEmulator once the gateway runs. */
  gateway: G | null = null;
  /** Set by startEmulator once the voice server runs (docs/emulator.md's hooks). */
  voice: VoiceControl | null = null;

  /** @internal startEmulator makes it. */
  constructor(private readonly emu: Emulator) {}

  /**
   * The emulator clock: real time plus every {@link EmulatorControl.advanceClock} (and the
   * `startTime` offset).
   * @returns ms since the epoch.
   */
  now(): number {
    return this.emu.now();
  }

  /**
   * Moves the emulator clock forward; every time rule and scheduled task follows, and what came
   * due (token expiry, idle lobbies, webhook retries, subscription periods) runs before it
   * returns.
   * @param ms how far, in ms: a finite number >= 0.
   * @returns the new emulator time, ms since the epoch.
   * @throws a RangeError for a negative or non-finite `ms` (over HTTP: 400 50035).
   */
  advanceClock(ms: number): number {
    return this.emu.clock.advance(ms);
  }

  /**
   * Creates a person (a full account, not a bot, with no linked identity).
   * @param options the username and optional display name, premium type and guild tag ({@link NewUser}).
   * @returns the user object as the API serializes it (`{id, username, global_name, ...}`).
   * @throws 400 50035 for a field that breaks its rule (named in the message) or a username already taken.
   * @example
   * ```ts
   * const { id } = emu.control.createUser({ username: 'frank', globalName: 'Frank' });
   * ```
   */
  createUser(options: NewUser): Record<string, unknown> {
    return userJson(createUser(this.emu, options));
  }

  /**
   * Bans a user (the spec's ban): their tokens are deleted at once (APPLICATION_DEAUTHORIZED to
   * each application), and their linked external identities move to a new restricted
   * provisional account.
   * @param userId the user.
   * @param durationMs how long, in ms of the emulator clock (a finite number >= 0); null (default): permanent.
   * @returns the restricted account's id, or null when the user had no linked identity.
   * @throws 404 10013 Unknown User.
   */
  banUser(userId: string, durationMs: number | null = null): {
    /** The restricted provisional account that took the user's linked identities, or null when there were none. */
    restrictedAccountId: string | null;
  } {
    const restricted = banUser(this.emu, userId, durationMs);
    return { restrictedAccountId: restricted?.id ?? null };
  }

  /**
   * Lifts a ban at once (a timed ban also ends by itself). Deleted tokens stay deleted and the
   * restricted account stays: the user signs in again.
   * @param userId the user.
   * @throws 404 10013 Unknown User.
   */
  unbanUser(userId: string): void {
    unbanUser(this.emu, userId);
  }

  /**
   * The consent page (and the local chat client's AUTHORIZE) approves at once as this user, so
   * a first program or a script needs no click; null shows the page again.
   * @param userId a person's id, or null.
   * @throws 404 10013 Unknown User.
   */
  setAutoApprove(userId: string | null): void {
    if (userId !== null && !this.emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
    this.emu.state.autoApproveUserId = userId;
  }

  /**
   * The web consent requests waiting for a person (with their PKCE challenge); games' IPC
   * AUTHORIZE commands are in {@link EmulatorControl.listPendingIpcAuthorizations}.
   * @returns the requests, oldest first.
   */
  listPendingAuthorizations(): PendingAuthorization[] {
    return [...this.emu.state.pendingAuthorizations.values()];
  }

  /**
   * Approves a pending authorization as `userId`, as the person clicking Authorize: a web
   * request gets an authorization code; a pending IPC AUTHORIZE command is answered to its game.
   * @param id the request's id ({@link PendingAuthorization.id} or {@link PendingIpcAuthorization.id}).
   * @param userId the approving person (not a bot, not banned).
   * @param scopes the requested scopes the person grants, as the consent page's checkboxes
   * (default: every one requested); the required ones (`openid`, `identify`,
   * `sdk.social_layer`, `sdk.social_layer_presence`) are granted whether named or not. The
   * tokens of the code carry only these.
   * @returns where the browser is sent.
   * @throws 404 0 when nothing with that id is pending; 400 10013 for an unknown, bot or banned
   * user, 400 50035 for a scope that was not requested (the request stays pending).
   */
  approveAuthorization(id: string, userId: string, scopes?: string[]): {
    /** The redirect URI with `code` (and `state`); empty for an IPC request. */
    redirect: string;
  } {
    const pending = this.emu.state.pendingAuthorizations.get(id);
    if (pending) return { redirect: decide(this.emu, pending, true, userId, scopes) };
    if (this.localClient?.decideAuthorize(id, true, userId, scopes)) return { redirect: '' };
    throw new ApiError(404, 0, 'No such pending authorization');
  }

  /**
   * Denies a pending authorization, as the person clicking Cancel: a web request's redirect
   * carries `error=access_denied`; a pending IPC AUTHORIZE command gets the error.
   * @param id the request's id.
   * @returns where the browser is sent.
   * @throws 404 0 when nothing with that id is pending.
   */
  denyAuthorization(id: string): {
    /** The redirect URI with `error=access_denied` (and `state`); empty for an IPC request. */
    redirect: string;
  } {
    const pending = this.emu.state.pendingAuthorizations.get(id);
    if (pending) return { redirect: decide(this.emu, pending, false, null) };
    if (this.localClient?.decideAuthorize(id, false, null)) return { redirect: '' };
    throw new ApiError(404, 0, 'No such pending authorization');
  }

  /**
   * Approves a device-flow code as `userId`, as the person on the activation page: the device's
   * next poll of the token endpoint gets the tokens.
   * @param userCode the code the device shows (any case), not expired nor used.
   * @param userId the approving user.
   * @throws 404 10013 `Unknown User` when no user has `userId`; 404 0 when no live code matches.
   */
  approveDevice(userCode: string, userId: string): void {
    if (!this.emu.user(userId)) throw Errors.unknownUser();
    if (!approveDevice(this.emu, userCode, userId)) throw new ApiError(404, 0, 'No such device code');
  }

  /**
   * Denies a device-flow code: the device's next poll gets `access_denied`.
   * @param userCode the code the device shows (any case), not expired nor used.
   * @throws 404 0 when no live code matches.
   */
  denyDevice(userCode: string): void {
    if (!approveDevice(this.emu, userCode, null, false)) throw new ApiError(404, 0, 'No such device code');
  }

  /**
   * A bearer token for tests, without the browser dance: an access token (7 days on the
   * emulator clock) and its refresh token, as the token endpoint would issue them.
   * @param userId the user.
   * @param scopes the granted scopes (default `openid sdk.social_layer`), not checked.
   * @param applicationId the application (default: the seeded one); in-process only, the HTTP
   * route issues for the seeded application.
   * @returns the tokens and the access token's lifetime.
   * @throws 404 10013 Unknown User.
   * @example
   * ```ts
   * const { accessToken } = emu.control.issueToken(emu.users[0].id);
   * await fetch(`${emu.apiBase}/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
   * ```
   */
  issueToken(userId: string, scopes: string[] = ['openid', 'sdk.social_layer'], applicationId?: string): {
    /** The access token (`Authorization: Bearer <token>`). */
    accessToken: string;
    /** Its refresh token (grant `refresh_token`). */
    refreshToken: string;
    /** The access token's lifetime in seconds (604800). */
    expiresIn: number;
  } {
    const issued = issueTestToken(this.emu, userId, scopes, applicationId);
    return { accessToken: issued.access.token, refreshToken: issued.refresh!.token, expiresIn: Math.round((issued.access.expiresAt! - this.emu.now()) / 1000) };
  }

  /**
   * A purchase: an entitlement of type PURCHASE (1) to the SKU, starting now and never ending;
   * ENTITLEMENT_CREATE on the gateway and as a webhook.
   * @param userId the buyer.
   * @param skuId an SKU (the seed's: `Founder Pack`, `Gem Bundle`, ...).
   * @returns the entitlement as the API serializes it.
   * @throws 404 10027 Unknown SKU; 404 10013 Unknown User.
   */
  grantEntitlement(userId: string, skuId: string): Record<string, unknown> {
    return entitlementJson(this.emu, grantEntitlement(this.emu, userId, skuId));
  }

  /**
   * A person buys an SKU in its application's store, as on the store page
   * (`{webBase}/store/{applicationId}`): the purchase's entitlement (ENTITLEMENT_CREATE on the
   * gateway and as a webhook), and for a subscription SKU the subscription too.
   * @param userId the buyer: a full account (not a bot or a provisional account).
   * @param skuId an available SKU of the store: durable, consumable or subscription.
   * @returns the entitlement, and the subscription or null, as the API serializes them.
   * @throws 404 10027 for an SKU not in a store; 404 10013 Unknown User; 403 50001 for a bot or
   *   a provisional account; 400 for a durable SKU already owned, a consumable not consumed yet,
   *   or a subscription already running.
   */
  purchaseSku(userId: string, skuId: string): {
    /** The purchase's entitlement, as the API serializes it. */
    entitlement: Record<string, unknown>;
    /** For a subscription SKU the subscription it started, else null. */
    subscription: Record<string, unknown> | null;
  } {
    const sku = this.emu.state.skus.get(skuId);
    if (!sku) throw unknownSku();
    const made = purchase(this.emu, sku.applicationId, userId, skuId);
    return { entitlement: entitlementJson(this.emu, made.entitlement), subscription: made.subscription ? subscriptionJson(this.emu, made.subscription) : null };
  }

  /**
   * A subscription to a subscription SKU, ACTIVE, in 30-day periods of the emulator clock, with
   * its entitlement (ends_at null): ENTITLEMENT_CREATE and SUBSCRIPTION_CREATE. At each period
   * end it renews (SUBSCRIPTION_UPDATE) until {@link EmulatorControl.endSubscription}.
   * @param userId the subscriber.
   * @param skuId a subscription SKU (type 5; the seed's `Season Pass`).
   * @returns the subscription as the API serializes it.
   * @throws 404 10027 for an SKU that is not a subscription; 404 10013 Unknown User.
   */
  createSubscription(userId: string, skuId: string): Record<string, unknown> {
    return subscriptionJson(this.emu, createSubscription(this.emu, userId, skuId));
  }

  /**
   * Ends a subscription: `immediately` (default) makes it INACTIVE now, its entitlement's
   * `ends_at` now (ENTITLEMENT_UPDATE, then SUBSCRIPTION_UPDATE); otherwise it is cancelled
   * (ENDING, SUBSCRIPTION_UPDATE) and ends at its period end. One already over is returned as
   * it is, without an event.
   * @param subscriptionId the subscription.
   * @param immediately end now (true) or at the period end (false).
   * @returns the subscription as the API serializes it.
   * @throws 404 10047 Unknown Subscription.
   */
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

  /**
   * Sets the application's events URL, where webhooks go, and sends it a PING; null stops the
   * webhooks.
   * @param url an `http://` or `https://` URL, or null.
   * @param applicationId one application (in-process only); default: every top-level application.
   * @throws 400 50035 for a URL that is not http(s).
   */
  setWebhookUrl(url: string | null, applicationId?: string): void {
    setWebhookUrl(this.emu, url, applicationId);
  }

  /**
   * Approves the application for `identify.premium` (or withdraws it): only an approved one sees
   * a user's real `premium_type` (else 0).
   * @param approved approved or not.
   * @param applicationId one application (in-process only); default: every top-level application.
   */
  setPremiumApproval(approved: boolean, applicationId?: string): void {
    setPremiumApproval(this.emu, approved, applicationId);
  }

  /**
   * The developer portal's settings of an application ({@link PortalSettings}): the social SDK
   * terms accepted (`relationships.read` may then be granted), the invite cover image (the
   * fallback of an invite's activity without `assets.invite_cover_image`), the Private Channel
   * Obfuscation toggle (the bot is obfuscated from its next Identify, capability or not).
   * @param settings the settings to change; the others stay.
   * @param applicationId the application (default: the seeded one).
   * @returns every setting as it now is.
   * @throws 400 50035 naming a field of the wrong type or that is no setting (nothing changes);
   * 404 10002 Unknown Application.
   */
  setApplicationSettings(settings: Partial<PortalSettings>, applicationId?: string): PortalSettings {
    return setPortalSettings(this.emu, this.#app(applicationId), settings as Record<string, unknown>);
  }

  /** The developer portal's settings of an application (default: the seeded one). */
  applicationSettings(applicationId?: string): PortalSettings {
    return portalSettings(this.#app(applicationId));
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


  /**
   * Switches the enforced rate-limit buckets off (nothing is counted, no 429) or on again, for
   * a load test. They are on at start.
   * @param enabled on (true) or off (false).
   */
  setRateLimits(enabled: boolean): void {
    this.emu.limiter.enabled = enabled;
  }

  /** The data file's health: the last write, the cause of failing writes (null when fine), upload bytes kept. */
  dataFileStatus(): DataFileStatus {
    return this.emu.persistence.status();
  }

  /**
   * The webhook deliveries: how many are still pending (retried with backoff on the emulator
   * clock for up to 10 minutes) and the last 1000 that were delivered or given up.
   * @returns `{ pending, history }`.
   */
  webhookDeliveries(): {
    /** Deliveries not acknowledged yet. */
    pending: number;
    /** The settled deliveries, oldest first (at most the last 1000). */
    history: Array<{
      /** The event type (`PING` for the PING). */
      eventType: string;
      /** Whether a 2xx came back in time (false: given up after the retry window). */
      delivered: boolean;
      /** How many attempts were made. */
      attempts: number;
    }>;
  } {
    return { pending: this.emu.webhooks.pending.size, history: [...this.emu.webhooks.history] };
  }

  /**
   * Restarts the local chat client, as when the person quits and reopens it: every game's IPC
   * connection is closed (CLOSE 1000), pending AUTHORIZE commands are forgotten, and it listens
   * again, on the same socket path when that is still free.
   * @returns resolves once it listens again; rejects with 400 0 when the local client is not
   * running (start with `ipc: true`).
   */
  async restartLocalClient(): Promise<void> {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    await this.localClient.restart();
  }

  /**
   * Stops the local chat client, as when the person quits it: every game's IPC connection is
   * closed (CLOSE 1000) and it stops listening; {@link EmulatorControl.restartLocalClient} opens
   * it again.
   * @returns resolves once it has stopped; rejects with 400 0 when the local client was not
   * started (`ipc: true`).
   */
  async stopLocalClient(): Promise<void> {
    if (!this.localClient) throw new ApiError(400, 0, 'The local client is not running (start with ipc: true)');
    await this.localClient.stop();
  }

  /**
   * The person asks, in the chat client, to link their account to the game: AUTHORIZE_REQUEST
   * to every game subscribed to it.
   * @returns how many games were sent it.
   * @throws 400 0 when the local client is not running (start with `ipc: true`).
   */
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

  /**
   * A new guild with the seeded application's bot and these members, an `@everyone` role
   * (VIEW_CHANNEL, SEND_MESSAGES, READ_MESSAGE_HISTORY, CONNECT, SPEAK), a text channel
   * `general` and a voice channel `Voice`; its owner is the first member (else the bot). The
   * bot's connected sessions get GUILD_CREATE.
   * @param name 2–100 characters.
   * @param memberIds users to add besides the bot (default none).
   * @returns the guild's id, name and channel ids.
   * @throws 400 50035 for a bad name; 404 10013 for an unknown member.
   */
  createGuild(name: string, memberIds: string[] = []): {
    /** The guild's id (also its `@everyone` role's). */
    id: string;
    /** Its name. */
    name: string;
    /** Its channels: the text channel `general`, then the voice channel `Voice`. */
    channelIds: string[];
  } {
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

  /**
   * The activity proxy host's URL mappings of an application (default: the seeded one), as the
   * developer portal's: `[{prefix, target}]`, prefix `/` or `/api`, target `host[:port][/path]`
   * without a scheme, on this machine unless the emulator was started with
   * `allowRemoteActivityTargets`. Replaces them all (`[]` clears them); returns them. Also
   * `activity_url_mappings` of `PATCH /applications/@me`.
   */
  setActivityUrlMappings(mappings: UrlMapping[], applicationId?: string): UrlMapping[] {
    const app = this.#app(applicationId);
    app.activityUrlMappings = checkedUrlMappings(mappings, 'mappings', this.emu.allowRemoteActivityTargets);
    this.emu.changed();
    return app.activityUrlMappings.map((m) => ({ ...m }));
  }

  /** A launched activity instance: its application, channel, launcher, participants (user objects) and shared links. */
  activityInstance(instanceId: string): ActivityInstanceView {
    return activityInstance(this.emu, instanceId);
  }

  /** A person joins a launched activity instance (the SDK's participants change). */
  joinActivityInstance(instanceId: string, userId: string): ActivityInstanceView {
    return joinActivityInstance(this.emu, instanceId, userId);
  }

  /** A person leaves an activity instance. */
  leaveActivityInstance(instanceId: string, userId: string): ActivityInstanceView {
    return leaveActivityInstance(this.emu, instanceId, userId);
  }

  /**
   * The embedded SDK's authorize, consented by a participant: `{ code }` for the scopes
   * (space-separated or a list), without a redirect URI or PKCE — the app's backend exchanges
   * it at /oauth2/token with its client secret.
   */
  authorizeActivity(instanceId: string, userId: string, scope: string | string[]): ActivityAuthorization {
    return authorizeActivity(this.emu, instanceId, userId, scope);
  }

  /** The embedded SDK's authenticate: a live access token of the application → `{ access_token, user, scopes, expires, application }`, else 401. */
  authenticateActivity(applicationId: string, accessToken: string): Record<string, unknown> {
    return authenticateActivity(this.emu, applicationId, accessToken);
  }

  /** The embedded SDK's shareLink by a participant: `custom_id` rides on the link; a `referrer_id` is not taken (the spec's silent failure). */
  shareActivityLink(instanceId: string, userId: string, message: string, customId?: string | null): ActivityLinkShared {
    return shareActivityLink(this.emu, instanceId, userId, message, customId);
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
   * @param invocation who, where, which command and its options ({@link CommandInvocation}),
   * and `applicationId` (default: the seeded application).
   * @returns the interaction's id, token and type.
   * @throws 404 10063 Unknown application command; 403 50001 for a context the command does not
   * allow, an application not installed for the person or the guild, or a channel the person
   * cannot view; 403 50013 without the command's default_member_permissions, or for a member
   * quarantined or timed out; 400 50035 for bad options, a missing target, or neither
   * `channelId` nor `dmWith`; 404 10002 Unknown Application.
   * @example
   * ```ts
   * // `roll`: a command the bot registered (PUT /applications/{app}/commands); channelId: a text channel of the seeded guild
   * const { id } = await emu.control.invokeCommand({ userId: SEED.users.bob, channelId, name: 'roll', options: [{ name: 'sides', value: 20 }] });
   * console.log(emu.control.interactionResult(id).original);
   * ```
   */
  async invokeCommand(invocation: CommandInvocation & { applicationId?: string }): Promise<{
    /** The interaction's id (read what the person saw with {@link EmulatorControl.interactionResult}). */
    id: string;
    /** The interaction's token, which the bot answers with (`POST /interactions/{id}/{token}/callback`). */
    token: string;
    /** The interaction type: 2 APPLICATION_COMMAND, or 4 APPLICATION_COMMAND_AUTOCOMPLETE with a focused option. */
    type: number;
  }> {
    const interaction = await invokeCommand(this.emu, this.#app(invocation.applicationId), invocation);
    return { id: interaction.id, token: interaction.token, type: interaction.type };
  }

  /**
   * A person clicks a button or chooses `values` in a select of a message the application made;
   * resolves once delivered, as {@link EmulatorControl.invokeCommand}.
   * @param click who, which message and component, the select's values ({@link ComponentClick}),
   * and `applicationId` (default: the seeded application).
   * @returns the interaction's id, token and type.
   * @throws 404 10013 Unknown User; 404 10008 for a message the application did not make (or an
   * ephemeral one of another person); 404 0 for no button or select with that custom_id; 400 0
   * for a disabled one; 400 50035 for values out of the select's bounds.
   */
  async clickComponent(click: ComponentClick & { applicationId?: string }): Promise<{
    /** The interaction's id (read what the person saw with {@link EmulatorControl.interactionResult}). */
    id: string;
    /** The interaction's token, which the bot answers with (`POST /interactions/{id}/{token}/callback`). */
    token: string;
    /** The interaction type: 3 MESSAGE_COMPONENT. */
    type: number;
  }> {
    const interaction = await clickComponent(this.emu, this.#app(click.applicationId), click);
    return { id: interaction.id, token: interaction.token, type: interaction.type };
  }

  /**
   * The person submits the modal that interaction `interactionId` showed: values and files by
   * custom_id; resolves once delivered, as {@link EmulatorControl.invokeCommand}.
   * @param interactionId the interaction the application answered with a modal.
   * @param submission the values and files by custom_id ({@link Submission}; default none).
   * @param applicationId the application (default: the seeded one).
   * @returns the new interaction's id, token and type.
   * @throws 404 10062 Unknown interaction; 400 0 when that interaction showed no modal or it was
   * submitted already; 400 50035 for a value or file its component does not take (named by
   * custom_id).
   */
  async submitModal(interactionId: string, submission: Submission = {}, applicationId?: string): Promise<{
    /** The interaction's id (read what the person saw with {@link EmulatorControl.interactionResult}). */
    id: string;
    /** The interaction's token, which the bot answers with (`POST /interactions/{id}/{token}/callback`). */
    token: string;
    /** The interaction type: 5 MODAL_SUBMIT. */
    type: number;
  }> {
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
      // The action's name only: arguments may carry tokens (createGroupDm's access tokens).
      ctx.emu.journal.record('control', name);
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
  const scopeList = (value: unknown) => {
    if (!Array.isArray(value) || value.length > 64 || !value.every((v) => typeof v === 'string')) throw new ApiError(400, 50035, 'scopes: a list of scope names is required');
    return value as string[];
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
  call('approveAuthorization', (b) => [text(b.id, 'id'), id(b.userId), b.scopes === undefined ? undefined : scopeList(b.scopes)]);
  call('denyAuthorization', (b) => [text(b.id, 'id')]);
  call('approveDevice', (b) => [text(b.userCode, 'userCode'), id(b.userId)]);
  call('denyDevice', (b) => [text(b.userCode, 'userCode')]);
  call('issueToken', (b) => [id(b.userId), Array.isArray(b.scopes) ? b.scopes.map(String) : undefined]);
  call('grantEntitlement', (b) => [id(b.userId), id(b.skuId)]);
  call('createSubscription', (b) => [id(b.userId), id(b.skuId)]);
  call('purchaseSku', (b) => [id(b.userId), id(b.skuId)]);
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
  call('setActivityUrlMappings', (b) => [b.mappings, b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('activityInstance', (b) => [id(b.instanceId)]);
  call('joinActivityInstance', (b) => [id(b.instanceId), id(b.userId)]);
  call('leaveActivityInstance', (b) => [id(b.instanceId), id(b.userId)]);
  call('authorizeActivity', (b) => {
    const scope = typeof b.scope === 'string' && b.scope.length <= 1000 ? b.scope : Array.isArray(b.scope) && b.scope.length <= 64 && b.scope.every((v) => typeof v === 'string') ? (b.scope as string[]) : undefined;
    if (scope === undefined) throw new ApiError(400, 50035, 'scope: the scopes, space-separated or a list, are required');
    return [id(b.instanceId), id(b.userId), scope];
  });
  call('authenticateActivity', (b) => [id(b.applicationId), text(b.accessToken, 'accessToken')]);
  call('shareActivityLink', (b) => [id(b.instanceId), id(b.userId), b.message, b.customId]);
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
  call('setApplicationSettings', (b) => [object(b.settings, 'settings'), b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('applicationSettings', (b) => [b.applicationId === undefined ? undefined : id(b.applicationId)]);
  call('setPrivilegedIntents', (b) => [id(b.applicationId), object(b.switches, 'switches')]);
  call('approvePrivilegedIntents', (b) => [id(b.applicationId), b.approved !== false]);
  call('setUserInstallCount', (b) => [id(b.applicationId), b.count]);
  call('privilegedIntents', (b) => [id(b.applicationId)]);
  call('setGuildFeatures', (b) => [id(b.guildId), strings(b.features, 'features')]);
  call('setPrimaryGuild', (b) => [id(b.userId), b.guildId === null ? null : id(b.guildId), b.tag === undefined || b.tag === null ? null : String(b.tag)]);
  call('createGroupDm', (b) => [id(b.applicationId), strings(b.accessTokens, 'accessTokens'), b.nicks === undefined ? {} : object(b.nicks, 'nicks')]);
}
