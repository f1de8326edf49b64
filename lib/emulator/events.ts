// The emulator's internal event bus: every change the real service would dispatch on its
// gateway (or to webhooks) is published here once, with who should see it. The gateway and the
// local-client (IPC) servers subscribe; routes only publish.
import { EventEmitter } from 'node:events';

/**
 * Every event the emulator publishes, by its gateway dispatch name. A union rather than a
 * string so that a publisher or a subscriber naming an event that does not exist fails to
 * compile. Game DMs use the gateway's MESSAGE_* names (their webhooks are GAME_DIRECT_MESSAGE_*).
 */
export const BUS_EVENT_TYPES = [
  'APPLICATION_DEAUTHORIZED',
  'USER_UPDATE',
  'PRESENCE_UPDATE',
  'RELATIONSHIP_ADD',
  'RELATIONSHIP_UPDATE',
  'RELATIONSHIP_REMOVE',
  'ACTIVITY_INVITE_CREATE',
  'ACTIVITY_INVITE_UPDATE',
  'LOBBY_CREATE',
  'LOBBY_UPDATE',
  'LOBBY_DELETE',
  'LOBBY_MEMBER_ADD',
  'LOBBY_MEMBER_UPDATE',
  'LOBBY_MEMBER_REMOVE',
  'LOBBY_MESSAGE_CREATE',
  'LOBBY_MESSAGE_UPDATE',
  'LOBBY_MESSAGE_DELETE',
  'MESSAGE_CREATE',
  'MESSAGE_UPDATE',
  'MESSAGE_DELETE',
  'GUILD_MEMBER_ADD',
  'GUILD_MEMBER_UPDATE',
  'GUILD_MEMBER_REMOVE',
  'VOICE_CHANNEL_STATUS_UPDATE',
  'VOICE_CHANNEL_START_TIME_UPDATE',
  'ENTITLEMENT_CREATE',
  'ENTITLEMENT_UPDATE',
  'SUBSCRIPTION_CREATE',
  'SUBSCRIPTION_UPDATE',
  'ENTITLEMENT_DELETE',
  'AUTO_MODERATION_RULE_CREATE',
  'AUTO_MODERATION_RULE_UPDATE',
  'AUTO_MODERATION_RULE_DELETE',
  'AUTO_MODERATION_ACTION_EXECUTION',
  'INVITE_CREATE',
  'INVITE_DELETE',
  'CHANNEL_PINS_UPDATE',
  // Guild surface (issue 16): roles, expressions, scheduled events, group DMs.
  'GUILD_ROLE_CREATE',
  'GUILD_ROLE_UPDATE',
  'GUILD_ROLE_DELETE',
  'GUILD_EMOJIS_UPDATE',
  'GUILD_STICKERS_UPDATE',
  'GUILD_SOUNDBOARD_SOUND_CREATE',
  'GUILD_SOUNDBOARD_SOUND_UPDATE',
  'GUILD_SOUNDBOARD_SOUND_DELETE',
  'VOICE_CHANNEL_EFFECT_SEND',
  'GUILD_SCHEDULED_EVENT_CREATE',
  'GUILD_SCHEDULED_EVENT_UPDATE',
  'GUILD_SCHEDULED_EVENT_DELETE',
  'CHANNEL_CREATE',
  'GUILD_DELETE',
  'INTERACTION_CREATE',
] as const;

/** The name of an event on the bus: one of {@link BUS_EVENT_TYPES} (a gateway dispatch name). */
export type BusEventType = (typeof BUS_EVENT_TYPES)[number];

/**
 * One change the service would dispatch, as the emulator publishes it once on its bus
 * ({@link EventBus.subscribe}); the gateway and the local chat client turn it into what each
 * of their sessions receives.
 */
export interface BusEvent {
  /** The gateway dispatch name, e.g. LOBBY_MESSAGE_CREATE. */
  type: BusEventType;
  /** The event's payload as the gateway sends it to a user (snake_case JSON fields, ids as strings). */
  data: Record<string, unknown>;
  /** Users whose sessions receive it. */
  userIds: string[];
  /** For guild events: bots of applications in this guild receive it too. */
  guildId?: string;
  /** For guild events: only the guild's bots among these users receive it (the members of a voice channel). */
  botUserIds?: string[];
  /** For events of one application (lobbies, entitlements, interactions): only its sessions and its bot receive it. */
  applicationId?: string;
  /**
   * Channel messages (guild text channels, bot DMs; domain/channel_messages): they reach bots
   * only, each with its own view. `dm` picks the intent (DIRECT_MESSAGES, else GUILD_MESSAGES),
   * `reaches` whether a bot may see the channel, `view` the data for it (without the
   * MESSAGE_CONTENT intent the content is hidden, except where the public API shows it).
   */
  channelMessage?: ChannelMessageAudience;
}

/** Who sees a channel message event ({@link BusEvent.channelMessage}): bots only, each with its own view. */
export interface ChannelMessageAudience {
  /** A DM with a bot: the DIRECT_MESSAGES intent selects it (a guild channel's: GUILD_MESSAGES). */
  dm: boolean;
  /** Selected by the GUILDS intent instead of GUILD_MESSAGES in a guild (CHANNEL_PINS_UPDATE). */
  guildsIntent?: boolean;
  /** Whether the bot with this user id may see the channel (VIEW_CHANNEL, or the DM is its own). */
  reaches(botUserId: string): boolean;
  /**
   * The event's data as this reader sees it: without the MESSAGE_CONTENT intent (`messageContent`
   * false) the content, embeds, attachments and components are empty, except in the reader's
   * own messages, in DMs and in messages that mention it.
   */
  view(reader: { userId: string; messageContent: boolean }): Record<string, unknown>;
}

/**
 * The emulator's event bus (`RunningEmulator.core.bus`): every change the service would
 * dispatch is published here once. Listening is the emulator's stable extension point
 * (docs/emulator.md, "Extending").
 * @example
 * ```ts
 * const stop = emu.core.bus.subscribe((event) => {
 *   if (event.type === 'LOBBY_MESSAGE_CREATE') console.log(event.data.content);
 * });
 * // ...
 * stop();
 * ```
 */
export class EventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  /** @internal The emulator's routes and domain publish; an extension listens only. */
  publish(event: BusEvent): void {
    this.#emitter.emit('event', event);
  }

  /**
   * Calls `listener` with every event published from now on, synchronously and in order, after
   * the listeners that subscribed before it (the gateway and the local chat client subscribed
   * at start). Keep it short and let nothing escape it: an error it throws reaches the code
   * that published the event, and the listeners after it do not hear of that event.
   * @param listener called with each {@link BusEvent}; its `data` is shared with the other
   * listeners, so read it, never change it.
   * @returns a function that stops the listening (calling it again does nothing).
   */
  subscribe(listener: (event: BusEvent) => void): () => void {
    this.#emitter.on('event', listener);
    return () => this.#emitter.off('event', listener);
  }
}
