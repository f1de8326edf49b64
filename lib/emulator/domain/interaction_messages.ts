// Messages an app makes through an interaction: the response body's checks (content, embeds with
// at most 25 fields — an error, never a truncation —, components, flags, polls), the message as the
// public API serializes it with `interaction_metadata` (no `user_id`: the nested user's id) and
// the deprecated `interaction`, and the follow-up limit of user-installed apps (5).
import type { APIMessage, MessageFlags, MessageType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError } from '../http/errors';
import type { Validator } from '../http/validate';
import type { Interaction, InteractionMessage } from '../model/types';
import { userJson, userOrIdJson } from './accounts';

export const MessageFlag = { SUPPRESS_EMBEDS: 1 << 2, EPHEMERAL: 1 << 6, LOADING: 1 << 7, SUPPRESS_NOTIFICATIONS: 1 << 12, IS_COMPONENTS_V2: 1 << 15 } as const;
const SETTABLE_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.EPHEMERAL | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_COMPONENTS_V2;

export const MAX_CONTENT = 2000;
export const MAX_EMBEDS = 10;
/** The spec: at most 25 fields in an embed; more is an error, not a silent truncation. */
export const MAX_EMBED_FIELDS = 25;
/** The spec: legacy messages have at most 5 action rows; IS_COMPONENTS_V2 messages 40 components in all. */
export const MAX_ACTION_ROWS = 5;
export const MAX_V2_COMPONENTS = 40;
/** The public API: user-installed apps get at most 5 follow-ups where they are not installed (the spec). */
export const MAX_USER_APP_FOLLOWUPS = 5;
export const MAX_POLL_ANSWERS = 10;
const HOUR_MS = 3_600_000;

export interface MessageBody {
  content?: string;
  embeds?: Array<Record<string, unknown>>;
  components?: Array<Record<string, unknown>>;
  flags?: number;
  poll?: Record<string, unknown>;
}

function countComponents(list: unknown[]): number {
  let n = 0;
  for (const item of list) {
    n++;
    const c = item as Record<string, unknown>;
    if (Array.isArray(c.components)) n += countComponents(c.components);
    if (c.accessory && typeof c.accessory === 'object') n++;
  }
  return n;
}

/** A response or follow-up body; `prefix` is the field path ("data." in a callback). */
export function readMessageBody(v: Validator, body: Record<string, unknown>, prefix = ''): MessageBody {
  const out: MessageBody = {};
  if (body.content !== undefined && body.content !== null) out.content = v.string(`${prefix}content`, body.content, { max: MAX_CONTENT });
  if (body.flags !== undefined && body.flags !== null) {
    const flags = v.int(`${prefix}flags`, body.flags, { min: 0, max: 2 ** 31 - 1 });
    if (flags !== undefined && (flags & ~SETTABLE_FLAGS) !== 0) v.fail(`${prefix}flags`, 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2 can be set.');
    else out.flags = flags;
  }
  if (body.embeds !== undefined && body.embeds !== null) {
    if (!Array.isArray(body.embeds) || body.embeds.length > MAX_EMBEDS) v.fail(`${prefix}embeds`, 'BASE_TYPE_MAX_LENGTH', `Must be a list of at most ${MAX_EMBEDS} embeds.`);
    else {
      out.embeds = [];
      body.embeds.forEach((raw, i) => {
        const embed = v.object(`${prefix}embeds.${i}`, raw);
        if (!embed) return;
        v.string(`${prefix}embeds.${i}.title`, embed.title, { optional: true, max: 256 });
        v.string(`${prefix}embeds.${i}.description`, embed.description, { optional: true, max: 4096 });
        if (embed.fields !== undefined && (!Array.isArray(embed.fields) || embed.fields.length > MAX_EMBED_FIELDS)) {
          v.fail(`${prefix}embeds.${i}.fields`, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_EMBED_FIELDS} or fewer in length.`);
        }
        out.embeds!.push(embed);
      });
    }
  }
  if (body.components !== undefined && body.components !== null) {
    const v2 = ((out.flags ?? 0) & MessageFlag.IS_COMPONENTS_V2) !== 0;
    if (!Array.isArray(body.components) || body.components.some((c) => typeof c !== 'object' || c === null || Array.isArray(c))) {
      v.fail(`${prefix}components`, 'LIST_TYPE_CONVERT', 'Must be a list of components.');
    } else if (!v2 && body.components.length > MAX_ACTION_ROWS) {
      v.fail(`${prefix}components`, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_ACTION_ROWS} or fewer in length.`);
    } else if (v2 && countComponents(body.components) > MAX_V2_COMPONENTS) {
      v.fail(`${prefix}components`, 'COMPONENTS_TOO_MANY', `An IS_COMPONENTS_V2 message has at most ${MAX_V2_COMPONENTS} components.`);
    } else out.components = body.components as Array<Record<string, unknown>>;
  }
  if (body.poll !== undefined && body.poll !== null) out.poll = readPoll(v, body.poll, `${prefix}poll`);
  return out;
}

function readPoll(v: Validator, raw: unknown, path: string): Record<string, unknown> | undefined {
  const poll = v.object(path, raw);
  if (!poll) return undefined;
  const question = v.object(`${path}.question`, poll.question);
  const text = question ? v.string(`${path}.question.text`, question.text, { min: 1, max: 300 }) : undefined;
  let answers: Array<Record<string, unknown>> = [];
  if (!Array.isArray(poll.answers) || poll.answers.length < 1 || poll.answers.length > MAX_POLL_ANSWERS) {
    v.fail(`${path}.answers`, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${MAX_POLL_ANSWERS} in length.`);
  } else {
    answers = poll.answers.map((answer, i) => {
      const media = v.object(`${path}.answers.${i}.poll_media`, (answer as Record<string, unknown> | null)?.poll_media);
      const answerText = media ? v.string(`${path}.answers.${i}.poll_media.text`, media.text, { min: 1, max: 55 }) : undefined;
      return { answer_id: i + 1, poll_media: { text: answerText } };
    });
  }
  const duration = v.int(`${path}.duration`, poll.duration ?? 24, { min: 1, max: 768 });
  const multiselect = v.bool(`${path}.allow_multiselect`, poll.allow_multiselect ?? false);
  return { question: { text }, answers, duration, allow_multiselect: multiselect, layout_type: 1 };
}

/** A message needs something to show (content, an embed, a component or a poll): else 50006. */
export function requireSomething(body: MessageBody): void {
  if (!body.content && !body.embeds?.length && !body.components?.length && !body.poll) throw new ApiError(400, 50006, 'Cannot send an empty message');
}

export function newInteractionMessage(emu: Emulator, interaction: Interaction, body: MessageBody, type: number, extraFlags = 0): InteractionMessage {
  let flags = (body.flags ?? 0) | extraFlags;
  if (interaction.forcedEphemeral) flags |= MessageFlag.EPHEMERAL;
  const message: InteractionMessage = {
    id: emu.ids.next(),
    channelId: interaction.channelId,
    guildId: interaction.guildId,
    content: body.content ?? '',
    embeds: body.embeds ?? [],
    components: body.components ?? [],
    poll: body.poll ? { ...body.poll, expiry: emu.iso(emu.now() + (body.poll.duration as number) * HOUR_MS) } : null,
    flags,
    type,
    timestamp: emu.now(),
    editedTimestamp: null,
    byService: false,
  };
  interaction.messages[message.id] = message;
  emu.changed();
  return message;
}

/** An edit (PATCH, UPDATE_MESSAGE): the given fields; the EPHEMERAL flag never changes; LOADING ends. */
export function applyEdit(emu: Emulator, message: InteractionMessage, body: MessageBody): void {
  if (body.content !== undefined) message.content = body.content;
  if (body.embeds !== undefined) message.embeds = body.embeds;
  if (body.components !== undefined) message.components = body.components;
  if (body.flags !== undefined) message.flags = (message.flags & MessageFlag.EPHEMERAL) | (body.flags & ~MessageFlag.EPHEMERAL);
  if (body.poll !== undefined) message.poll = { ...body.poll, expiry: emu.iso(emu.now() + (body.poll.duration as number) * HOUR_MS) };
  message.flags &= ~MessageFlag.LOADING;
  message.editedTimestamp = emu.now();
  emu.changed();
}

/** The interaction's metadata as messages carry it (the public API; `user` nested, no `user_id`). */
export function interactionMetadata(emu: Emulator, interaction: Interaction, forFollowup: boolean): Record<string, unknown> {
  const app = emu.app(interaction.applicationId);
  const data = (interaction.payload.data ?? {}) as Record<string, unknown>;
  const metadata: Record<string, unknown> = {
    id: interaction.id,
    type: interaction.type,
    user: userOrIdJson(emu, interaction.userId, app),
    authorizing_integration_owners: interaction.owners,
  };
  if (forFollowup && interaction.originalMessageId) metadata.original_response_message_id = interaction.originalMessageId;
  if (interaction.type === 2 && data.type === 2 && typeof data.target_id === 'string') {
    const target = emu.user(data.target_id);
    if (target) metadata.target_user = userJson(target, app);
  }
  if (interaction.type === 2 && data.type === 3) metadata.target_message_id = data.target_id;
  if (interaction.type === 3 && interaction.sourceMessageId) metadata.interacted_message_id = interaction.sourceMessageId;
  if (interaction.type === 5 && interaction.triggeringInteractionId) {
    const triggering = emu.state.interactions.get(interaction.triggeringInteractionId);
    if (triggering) metadata.triggering_interaction_metadata = interactionMetadata(emu, triggering, false);
  }
  return metadata;
}

export function interactionMessageJson(emu: Emulator, interaction: Interaction, message: InteractionMessage): Record<string, unknown> {
  const app = emu.app(interaction.applicationId);
  const data = (interaction.payload.data ?? {}) as Record<string, unknown>;
  const author = app ? userOrIdJson(emu, app.botUserId, app) : { id: interaction.applicationId };
  const common = {
    id: message.id,
    type: message.type as MessageType,
    content: message.content,
    channel_id: message.channelId,
    timestamp: emu.iso(message.timestamp)!,
    edited_timestamp: emu.iso(message.editedTimestamp),
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: message.embeds as unknown as APIMessage['embeds'],
    pinned: false,
    flags: message.flags as MessageFlags,
    application_id: interaction.applicationId,
    webhook_id: interaction.applicationId,
  } satisfies Omit<APIMessage, 'author'>;
  const json: Record<string, unknown> = {
    ...common,
    author,
    components: message.components,
    interaction_metadata: interactionMetadata(emu, interaction, message.id !== interaction.originalMessageId),
    // Deprecated (the spec) but still sent, as the public API does.
    interaction: { id: interaction.id, type: interaction.type, name: typeof data.name === 'string' ? data.name : (data.custom_id ?? ''), user: userOrIdJson(emu, interaction.userId, app) },
  };
  if (message.guildId) json.guild_id = message.guildId;
  if (message.poll) json.poll = { ...message.poll, results: { is_finalized: false, answer_counts: [] } };
  return json;
}

/** The follow-up limit applies when only the user's install authorizes the interaction. */
export function checkFollowupLimit(interaction: Interaction): void {
  if (interaction.owners['0'] !== undefined) return;
  if (interaction.followupIds.length >= MAX_USER_APP_FOLLOWUPS) {
    throw new ApiError(400, 40094, `This interaction has hit the maximum number of follow up messages (${MAX_USER_APP_FOLLOWUPS} for a user-installed app)`);
  }
}
