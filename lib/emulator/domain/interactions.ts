// Interactions: a person invokes a command (the control API stands in for the person), the
// service delivers the interaction to the app — INTERACTION_CREATE to its bot on the gateway (no
// intent needed) or, when an interactions endpoint URL is set, a signed POST whose reply is the
// response —, and the app answers once (40060 after that) within 3 s of the emulator clock; its
// token then lives 15 minutes for the original response and follow-ups.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { UploadedFile } from './attachments';
import { Validator } from './validate';
import type { Application, ApplicationCommand, Interaction, User } from '../model/types';
import { newSecret } from '../secrets';
import { releaseUnlessInChannel } from './attachments';
import { findPerson } from './accounts';
import { CommandType, EntryPointHandler } from './commands';
import { authorizingOwners, forcedEphemeral, userPermissions, type Place, resolvePlace } from './interaction_context';
import { postToEndpoint } from './interaction_endpoint';
import { applyEdit, interactionMessageJson, MessageFlag, newInteractionMessage, readMessageBody, requireSomething } from './interaction_messages';
import { interactionPayload, invocationOptions, Resolved } from './interaction_payload';
import { checkModal } from './interaction_modal';
import { botReader, channelMessageJson } from './message_view';
import { ALL_PERMISSIONS } from './permissions';
import { settingsOf } from './application_defaults';

export const InteractionType = { PING: 1, APPLICATION_COMMAND: 2, MESSAGE_COMPONENT: 3, AUTOCOMPLETE: 4, MODAL_SUBMIT: 5 } as const;
export const CallbackType = {
  PONG: 1,
  CHANNEL_MESSAGE_WITH_SOURCE: 4,
  DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: 5,
  DEFERRED_UPDATE_MESSAGE: 6,
  UPDATE_MESSAGE: 7,
  APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: 8,
  MODAL: 9,
  PREMIUM_REQUIRED: 10,
  LAUNCH_ACTIVITY: 12,
} as const;

/** The initial response must come within 3 s of the interaction (emulator clock). */
export const INITIAL_RESPONSE_WINDOW_MS = 3000;
/** The interaction token (original response, follow-ups) lives 15 minutes (emulator clock). */
export const INTERACTION_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_AUTOCOMPLETE_CHOICES = 25;

/** Which response types each interaction type takes (PONG only answers the endpoint's PING). */
const VALID_CALLBACKS: Record<number, readonly number[]> = {
  [InteractionType.APPLICATION_COMMAND]: [4, 5, 9, 10, 12],
  [InteractionType.MESSAGE_COMPONENT]: [4, 5, 6, 7, 9, 10, 12],
  [InteractionType.AUTOCOMPLETE]: [8],
  [InteractionType.MODAL_SUBMIT]: [4, 5, 6, 7, 10, 12],
};

/** A person invoking a command of the application, for `control.invokeCommand`. */
export interface CommandInvocation {
  /** The person (a user id; not a bot). */
  userId: string;
  /** Where: a guild text channel the person is a member of and can view, or a DM channel of theirs. */
  channelId?: string;
  /** Or a DM: the bot's user id for the bot's DM, another person's for a private channel. One of the two is required. */
  dmWith?: string;
  /** The command's name. */
  name: string;
  /** 1 CHAT_INPUT (default), 2 USER, 3 MESSAGE (these two take `targetId`), 4 PRIMARY_ENTRY_POINT. */
  type?: number;
  /** For CHAT_INPUT: `[{name, value}]`, subcommands as `[{name, options}]`; one with `focused: true` makes it autocomplete. */
  options?: unknown;
  /** For USER and MESSAGE commands: the user or message the command is run on. */
  targetId?: string;
}

export interface NewInteraction {
  type: number;
  app: Application;
  user: User;
  place: Place;
  owners: Record<string, string>;
  data: Record<string, unknown>;
  extra?: Record<string, unknown>;
  sourceMessageId?: string | null;
  triggeringInteractionId?: string | null;
}

export function createInteraction(emu: Emulator, spec: NewInteraction): Interaction {
  pruneExpired(emu);
  const id = emu.ids.next();
  const token = newSecret('emu_it_', 48);
  const payload = interactionPayload(emu, { id, token, type: spec.type, app: spec.app, user: spec.user, place: spec.place, owners: spec.owners }, { data: spec.data, ...spec.extra });
  const interaction: Interaction = {
    id,
    token,
    applicationId: spec.app.id,
    type: spec.type,
    userId: spec.user.id,
    guildId: spec.place.guild?.id ?? null,
    channelId: spec.place.channelId,
    context: spec.place.context,
    owners: spec.owners,
    payload,
    createdAt: emu.now(),
    responseType: null,
    forcedEphemeral: forcedEphemeral(spec.app, spec.place, spec.user.id),
    originalMessageId: null,
    followupIds: [],
    messages: {},
    modal: null,
    choices: null,
    activityInstanceId: null,
    sourceMessageId: spec.sourceMessageId ?? null,
    triggeringInteractionId: spec.triggeringInteractionId ?? null,
    deliveryError: null,
  };
  emu.state.interactions.set(id, interaction);
  emu.changed();
  return interaction;
}

/**
 * Interactions whose token died long ago are forgotten (an hour after it expired), with the
 * uploads only their messages held (ephemeral ones; a message in the channel keeps its own).
 */
function pruneExpired(emu: Emulator): void {
  const before = emu.now() - INTERACTION_TOKEN_LIFETIME_MS - 3_600_000;
  for (const [id, interaction] of emu.state.interactions) {
    if (interaction.createdAt >= before) continue;
    emu.state.interactions.delete(id);
    for (const message of Object.values(interaction.messages)) releaseUnlessInChannel(emu, message.channelId, message.attachments ?? []);
  }
}

function person(emu: Emulator, userId: string): User {
  const user = findPerson(emu, userId);
  if (!user) throw Errors.unknownUser();
  return user;
}

/** The command a person picks by name (and type): the guild's own first, then the global ones. */
function pickCommand(emu: Emulator, app: Application, place: Place, name: string, type: number): ApplicationCommand {
  const all = [...emu.state.applicationCommands.values()].filter((c) => c.applicationId === app.id && c.name === name && c.type === type);
  const command = all.find((c) => place.guild && c.guildId === place.guild.id) ?? all.find((c) => c.guildId === null);
  if (!command) throw new ApiError(404, 10063, 'Unknown application command');
  return command;
}

/** A person invokes a command: checks where it may be used and by whom, then delivers it. */
export async function invokeCommand(emu: Emulator, app: Application, invocation: CommandInvocation): Promise<Interaction> {
  const user = person(emu, invocation.userId);
  const place = resolvePlace(emu, app, user, invocation);
  const command = pickCommand(emu, app, place, invocation.name, invocation.type ?? CommandType.CHAT_INPUT);
  if (!command.contexts.includes(place.context)) throw new ApiError(403, 50001, `The command cannot be used in this context (${place.context})`);
  const owners = authorizingOwners(emu, app, user, place, command.guildId ? [0] : command.integrationTypes);
  if (Object.keys(owners).length === 0) throw new ApiError(403, 50001, 'The application is not installed for this user or server');
  if (place.guild && command.defaultMemberPermissions !== null) {
    const needed = BigInt(command.defaultMemberPermissions);
    const has = userPermissions(place, user.id);
    // "0": administrators only; otherwise every bit it names.
    const allowed = has === ALL_PERMISSIONS || (needed !== 0n && (has & needed) === needed);
    if (!allowed) throw new ApiError(403, 50013, 'Missing Permissions: the command needs default_member_permissions');
  }

  const resolved = new Resolved(emu, app, place, user.id);
  const data: Record<string, unknown> = { id: command.id, name: command.name, type: command.type };
  if (command.guildId) data.guild_id = command.guildId;
  let type: number = InteractionType.APPLICATION_COMMAND;
  if (command.type === CommandType.CHAT_INPUT) {
    const { options, focused } = invocationOptions(command, invocation.options, resolved);
    if (options.length > 0) data.options = options;
    if (focused) type = InteractionType.AUTOCOMPLETE;
  } else if (command.type === CommandType.USER || command.type === CommandType.MESSAGE) {
    if (typeof invocation.targetId !== 'string') throw Errors.invalidForm({ targetId: [{ code: 'BASE_TYPE_REQUIRED', message: 'A context menu command needs a target.' }] });
    if (command.type === CommandType.USER) {
      if (!resolved.user(invocation.targetId)) throw Errors.unknownUser();
    } else {
      const target = findMessageInChannel(emu, app, place.channelId, invocation.targetId);
      if (!target) throw Errors.unknownMessage();
      resolved.messages[invocation.targetId] = target;
    }
    data.target_id = invocation.targetId;
  }
  const json = resolved.json();
  if (json) data.resolved = json;
  const interaction = createInteraction(emu, { type, app, user, place, owners, data });
  if (command.type === CommandType.PRIMARY_ENTRY_POINT && command.handler === EntryPointHandler.SERVICE_LAUNCH_ACTIVITY) {
    serviceLaunch(emu, app, user, interaction);
    return interaction;
  }
  await deliver(emu, app, interaction);
  return interaction;
}

/** A message of the channel (a channel message, or an app's non-ephemeral interaction message), as the app's bot reads it. */
function findMessageInChannel(emu: Emulator, app: Application, channelId: string, messageId: string): Record<string, unknown> | undefined {
  const channelMessage = emu.state.textChannelMessages.get(channelId)?.find((m) => m.id === messageId);
  if (channelMessage) return channelMessageJson(emu, channelMessage, botReader(app));
  for (const interaction of emu.state.interactions.values()) {
    const message = interaction.messages[messageId];
    if (message && message.channelId === channelId && !(message.flags & MessageFlag.EPHEMERAL)) return interactionMessageJson(emu, interaction, message);
  }
  return undefined;
}

/**
 * SERVICE_LAUNCH_ACTIVITY: the service handles the entry point itself — it launches the activity
 * and posts a follow-up message to the invoking channel; the app is not asked.
 */
function serviceLaunch(emu: Emulator, app: Application, user: User, interaction: Interaction): void {
  interaction.responseType = CallbackType.LAUNCH_ACTIVITY;
  interaction.activityInstanceId = emu.ids.next();
  const message = newInteractionMessage(emu, interaction, { content: `<@${user.id}> launched ${app.name}` }, 0);
  message.byService = true;
  interaction.followupIds.push(message.id);
  emu.changed();
}

/** Gateway INTERACTION_CREATE to the app's bot, or the signed POST to its endpoint (the reply is the response). */
export async function deliver(emu: Emulator, app: Application, interaction: Interaction): Promise<void> {
  const url = settingsOf(app).interactionsEndpointUrl;
  if (!url) {
    emu.bus.publish({ type: 'INTERACTION_CREATE', data: interaction.payload, userIds: [], applicationId: app.id });
    return;
  }
  try {
    const reply = await postToEndpoint(emu, app, url, interaction.payload);
    respond(emu, interaction, reply);
  } catch (error) {
    interaction.deliveryError = error instanceof ApiError ? `the endpoint's response was refused: ${error.code} ${error.message}${error.errors ? ' ' + JSON.stringify(error.errors) : ''}` : (error as Error).message;
    emu.log(`interaction ${interaction.id}: ${interaction.deliveryError}`);
    emu.changed();
  }
}

/** The interaction a callback names: unknown, another token, or past the 3 s window → 10062. */
export function interactionForCallback(emu: Emulator, id: string, token: string): Interaction {
  const interaction = emu.state.interactions.get(id);
  if (!interaction || interaction.token !== token) throw new ApiError(404, 10062, 'Unknown interaction');
  if (interaction.responseType !== null) throw new ApiError(400, 40060, 'Interaction has already been acknowledged.');
  if (emu.now() - interaction.createdAt > INITIAL_RESPONSE_WINDOW_MS) throw new ApiError(404, 10062, 'Unknown interaction');
  return interaction;
}

/** The one initial response: checks it fully, then applies it. Returns the with_response body. */
export function respond(emu: Emulator, interaction: Interaction, body: Record<string, unknown>, files: UploadedFile[] = []): Record<string, unknown> {
  if (interaction.responseType !== null) throw new ApiError(400, 40060, 'Interaction has already been acknowledged.');
  const v = new Validator();
  const type = v.int('type', body.type, { min: 1, max: 12 });
  v.check();
  if (!VALID_CALLBACKS[interaction.type]?.includes(type!)) {
    throw Errors.invalidForm({ type: [{ code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: `Response type ${type} is not valid for interaction type ${interaction.type}.` }] });
  }
  const fromComponent = interaction.type === InteractionType.MESSAGE_COMPONENT ||
    (interaction.type === InteractionType.MODAL_SUBMIT && interaction.sourceMessageId !== null);
  if ((type === CallbackType.DEFERRED_UPDATE_MESSAGE || type === CallbackType.UPDATE_MESSAGE) && !fromComponent) {
    throw Errors.invalidForm({ type: [{ code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: 'Only interactions on a message can update it.' }] });
  }
  const app = emu.app(interaction.applicationId)!;
  if (type === CallbackType.LAUNCH_ACTIVITY && !app.activitiesEnabled) {
    throw Errors.invalidForm({ type: [{ code: 'INTERACTION_RESPONSE_ACTIVITIES_DISABLED', message: 'LAUNCH_ACTIVITY needs activities enabled for the application.' }] });
  }
  const data = body.data === undefined || body.data === null ? {} : v.object('data', body.data);
  // Uploads go with a message: CHANNEL_MESSAGE_WITH_SOURCE and UPDATE_MESSAGE only.
  if (files.length > 0 && type !== CallbackType.CHANNEL_MESSAGE_WITH_SOURCE && type !== CallbackType.UPDATE_MESSAGE) {
    v.fail('files', 'INTERACTION_RESPONSE_FILES_NOT_ALLOWED', 'Files go with CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE only.');
  }
  v.check();
  const result: Record<string, unknown> = { id: interaction.id, type: interaction.type };
  const resource: Record<string, unknown> = { type };
  switch (type) {
    case CallbackType.CHANNEL_MESSAGE_WITH_SOURCE: {
      const message = { ...readMessageBody(v, data!, 'data.', { emu, applicationId: interaction.applicationId }), files };
      v.check();
      requireSomething(message);
      const created = newInteractionMessage(emu, interaction, message, messageTypeFor(interaction));
      interaction.originalMessageId = created.id;
      resource.message = interactionMessageJson(emu, interaction, created);
      break;
    }
    case CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: {
      const flags = v.int('data.flags', data!.flags ?? 0, { min: 0 });
      v.check();
      const created = newInteractionMessage(emu, interaction, { flags: flags! & MessageFlag.EPHEMERAL }, messageTypeFor(interaction), MessageFlag.LOADING);
      interaction.originalMessageId = created.id;
      resource.message = interactionMessageJson(emu, interaction, created);
      break;
    }
    case CallbackType.DEFERRED_UPDATE_MESSAGE:
    case CallbackType.UPDATE_MESSAGE: {
      const found = sourceMessage(emu, interaction);
      if (type === CallbackType.UPDATE_MESSAGE) {
        const message = { ...readMessageBody(v, data!, 'data.', { emu, applicationId: interaction.applicationId }), files };
        v.check();
        applyEdit(emu, found.message, message, found.owner);
      }
      interaction.originalMessageId = found.message.id;
      resource.message = interactionMessageJson(emu, found.owner, found.message);
      break;
    }
    case CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT:
      interaction.choices = readChoices(v, data!.choices);
      v.check();
      break;
    case CallbackType.MODAL:
      interaction.modal = checkModal(v, data!);
      v.check();
      break;
    case CallbackType.LAUNCH_ACTIVITY:
      interaction.activityInstanceId = emu.ids.next();
      result.activity_instance_id = interaction.activityInstanceId;
      resource.activity_instance = { id: interaction.activityInstanceId };
      break;
    default: // PREMIUM_REQUIRED: deprecated (premium buttons replace it), still accepted
      break;
  }
  interaction.responseType = type!;
  emu.changed();
  if (interaction.originalMessageId) {
    const message = findInteractionMessage(emu, interaction.originalMessageId)!;
    result.response_message_id = message.message.id;
    result.response_message_loading = (message.message.flags & MessageFlag.LOADING) !== 0;
    result.response_message_ephemeral = (message.message.flags & MessageFlag.EPHEMERAL) !== 0;
  }
  return { interaction: result, resource };
}

function messageTypeFor(interaction: Interaction): number {
  if (interaction.type !== InteractionType.APPLICATION_COMMAND) return 0;
  const data = interaction.payload.data as Record<string, unknown>;
  return data.type === CommandType.USER || data.type === CommandType.MESSAGE ? 23 : 20;
}

function readChoices(v: Validator, raw: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(raw) || raw.length > MAX_AUTOCOMPLETE_CHOICES) {
    v.fail('data.choices', 'BASE_TYPE_MAX_LENGTH', `Must be a list of at most ${MAX_AUTOCOMPLETE_CHOICES} choices.`);
    return [];
  }
  return raw.map((item, i) => {
    const choice = v.object(`data.choices.${i}`, item) ?? {};
    const name = v.string(`data.choices.${i}.name`, choice.name, { min: 1, max: 100 });
    const value = choice.value;
    if (!(typeof value === 'string' && value.length <= 100) && !(typeof value === 'number' && Number.isFinite(value))) v.fail(`data.choices.${i}.value`, 'BASE_TYPE_REQUIRED', 'A string of up to 100 characters or a number.');
    return { name, value };
  });
}

/** An app message made through any interaction, with the interaction that owns it. */
export function findInteractionMessage(emu: Emulator, messageId: string): { owner: Interaction; message: Interaction['messages'][string] } | undefined {
  for (const owner of emu.state.interactions.values()) {
    const message = owner.messages[messageId];
    if (message) return { owner, message };
  }
  return undefined;
}

function sourceMessage(emu: Emulator, interaction: Interaction) {
  const found = interaction.sourceMessageId ? findInteractionMessage(emu, interaction.sourceMessageId) : undefined;
  if (!found) throw Errors.unknownMessage();
  return found;
}
