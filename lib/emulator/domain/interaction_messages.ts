// Messages an app makes through an interaction: the response body's checks (content, embeds with
// at most 25 fields — an error, never a truncation —, components, flags, polls), the message as the
// public API serializes it with `interaction_metadata` (no `user_id`: the nested user's id) and
// the deprecated `interaction`, and the follow-up limit of user-installed apps (5).
import type { APIMessage, MessageFlags, MessageType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import { Validator } from './validate';
import type { UploadedFile } from './attachments';
import type { ChannelMessage, Interaction, InteractionMessage, StoredAttachment } from '../model/types';
import { attachmentJson, parseAttachmentRequests, resolveAttachments, storeAttachmentData, type AttachmentRequest } from './attachments';
import { userJson, userOrIdJson } from './accounts';
import { validateMessageComponents } from './components';
import { validateEmbeds } from './embeds';
import { checkContentAllowed, createChannelMessage, editChannelMessage, SETTABLE_FLAGS as CHANNEL_SETTABLE_FLAGS } from './channel_messages';
import { findMessageChannel } from './message_channels';
import { findChannel } from './channels';
import { messageHeadJson } from './messages';

export const MessageFlag = { SUPPRESS_EMBEDS: 1 << 2, EPHEMERAL: 1 << 6, LOADING: 1 << 7, SUPPRESS_NOTIFICATIONS: 1 << 12, IS_COMPONENTS_V2: 1 << 15 } as const;
const SETTABLE_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.EPHEMERAL | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_COMPONENTS_V2;

export const MAX_CONTENT = 2000;
/** The public API: user-installed apps get at most 5 follow-ups where they are not installed (the spec). */
export const MAX_USER_APP_FOLLOWUPS = 5;
export const MAX_POLL_ANSWERS = 10;
const HOUR_MS = 3_600_000;

export interface MessageBody {
  /** Uploads (multipart files[n]) and the attachments array that describes or keeps them. */
  files?: UploadedFile[];
  attachmentRequests?: AttachmentRequest[];
  content?: string;
  embeds?: Array<Record<string, unknown>>;
  components?: Array<Record<string, unknown>>;
  flags?: number;
  poll?: Record<string, unknown>;
}

/** Runs one of the shared validators (which name top-level paths) and files its failures under `prefix`. */
function nested<T>(v: Validator, prefix: string, run: (sub: Validator) => T): T {
  const sub = new Validator();
  const result = run(sub);
  try {
    sub.check();
  } catch (error) {
    if (!(error instanceof ApiError) || !error.errors) throw error;
    const walk = (node: Record<string, unknown>, path: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (key === '_errors') for (const e of value as Array<{ code: string; message: string }>) v.fail(prefix + path, e.code, e.message);
        else walk(value as Record<string, unknown>, path ? `${path}.${key}` : key);
      }
    };
    walk(error.errors, '');
  }
  return result;
}

/**
 * A response or follow-up body; `prefix` is the field path ("data." in a callback). Embeds and
 * components go through the shared validators of channel messages (domain/embeds, components).
 */
export function readMessageBody(v: Validator, body: Record<string, unknown>, prefix = '', owner?: { emu: Emulator; applicationId: string }): MessageBody {
  const out: MessageBody = {};
  if (body.content !== undefined && body.content !== null) out.content = v.string(`${prefix}content`, body.content, { max: MAX_CONTENT });
  if (body.flags !== undefined && body.flags !== null) {
    const flags = v.int(`${prefix}flags`, body.flags, { min: 0, max: 2 ** 31 - 1 });
    if (flags !== undefined && (flags & ~SETTABLE_FLAGS) !== 0) v.fail(`${prefix}flags`, 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2 can be set.');
    else out.flags = flags;
  }
  const embeds = nested(v, prefix, (sub) => validateEmbeds(sub, body.embeds));
  if (embeds) out.embeds = embeds;
  const components = nested(v, prefix, (sub) => validateMessageComponents(sub, body.components, { flags: out.flags ?? 0, emu: owner?.emu, applicationId: owner?.applicationId ?? null }));
  if (components) out.components = components;
  if (((out.flags ?? 0) & MessageFlag.IS_COMPONENTS_V2) !== 0 && (out.content || out.embeds?.length)) {
    v.fail(`${prefix}content`, 'MESSAGE_CONTENT_NOT_ALLOWED_WITH_COMPONENTS_V2', 'content and embeds cannot be used with IS_COMPONENTS_V2.');
  }
  if (body.poll !== undefined && body.poll !== null) out.poll = readPoll(v, body.poll, `${prefix}poll`);
  const requests = nested(v, prefix, (sub) => parseAttachmentRequests(sub, body.attachments));
  if (requests) out.attachmentRequests = requests;
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
  if (!body.content && !body.embeds?.length && !body.components?.length && !body.poll && !body.files?.length) throw new ApiError(400, 50006, 'Cannot send an empty message');
}

/**
 * Where a bot can read it (a guild text channel, the bot's DM), a message that is neither
 * ephemeral nor loading is also a channel message (domain/channel_messages) with the same id:
 * channel history, MESSAGE_CREATE / UPDATE / DELETE to bots, interaction_metadata there too.
 */
function mirrorable(emu: Emulator, channelId: string, flags: number): boolean {
  if (flags & (MessageFlag.EPHEMERAL | MessageFlag.LOADING)) return false;
  return emu.state.botDmChannels.has(channelId) || findChannel(emu, channelId) !== undefined;
}

/**
 * The content hooks (auto moderation, domain/channel_messages) for a message that has no channel
 * copy to run them: an ephemeral one, or a deferred original being filled — the spec: updating a
 * deferred message with blocked content is a 400.
 */
function checkOwnContent(emu: Emulator, interaction: { applicationId: string; channelId: string }, content: string, embeds: Array<Record<string, unknown>>): void {
  if (!emu.state.botDmChannels.has(interaction.channelId) && !findChannel(emu, interaction.channelId)) return;
  const app = emu.app(interaction.applicationId);
  checkContentAllowed(emu, { channel: findMessageChannel(emu, interaction.channelId), authorId: app?.botUserId ?? interaction.applicationId, content, embeds, editing: null });
}

/** The attachments array as the channel-message checks read it (ids and descriptions), when given. */
function attachmentsField(body: MessageBody): Record<string, unknown> {
  if (!body.attachmentRequests) return {};
  return { attachments: body.attachmentRequests.map((r) => ({ id: r.id, filename: r.filename, description: r.description, is_spoiler: r.isSpoiler })) };
}

function channelBody(message: { content: string; embeds: unknown[]; components: unknown[]; flags: number }): Record<string, unknown> {
  return { content: message.content, embeds: message.embeds, components: message.components, flags: message.flags & CHANNEL_SETTABLE_FLAGS };
}

export function channelCopy(emu: Emulator, messageId: string, channelId: string): ChannelMessage | undefined {
  return emu.state.textChannelMessages.get(channelId)?.find((m) => m.id === messageId);
}

export function newInteractionMessage(emu: Emulator, interaction: Interaction, body: MessageBody, type: number, extraFlags = 0): InteractionMessage {
  let flags = (body.flags ?? 0) | extraFlags;
  if (interaction.forcedEphemeral) flags |= MessageFlag.EPHEMERAL;
  let id: string | undefined;
  const shows = !!(body.content || body.embeds?.length || body.components?.length || body.files?.length);
  let attachments: StoredAttachment[] = [];
  if (shows && mirrorable(emu, interaction.channelId, flags)) {
    const app = emu.app(interaction.applicationId)!;
    const copy = createChannelMessage(emu, {
      channelId: interaction.channelId,
      authorId: app.botUserId,
      body: { ...channelBody({ content: body.content ?? '', embeds: body.embeds ?? [], components: body.components ?? [], flags }), ...attachmentsField(body) },
      files: body.files,
      applicationId: app.id,
      webhookId: app.id,
      interactionMetadata: interactionMetadata(emu, interaction, interaction.originalMessageId !== null),
      type,
      skipSenderChecks: true,
    });
    id = copy.id;
    attachments = copy.attachments;
  } else {
    checkOwnContent(emu, interaction, body.content ?? '', body.embeds ?? []);
  }
  if (id === undefined && (body.files?.length || body.attachmentRequests?.length)) {
    // Ephemeral (or unread) messages keep their uploads themselves: the same checks, 10 MiB each.
    const resolved = resolveAttachments(emu, body.attachmentRequests, body.files ?? [], []);
    storeAttachmentData(emu, resolved.uploads);
    attachments = resolved.attachments;
  }
  const message: InteractionMessage = {
    id: id ?? emu.ids.next(),
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
    attachments,
  };
  interaction.messages[message.id] = message;
  emu.changed();
  return message;
}

/** An edit (PATCH, UPDATE_MESSAGE): the given fields; the EPHEMERAL flag never changes; LOADING ends; a channel copy's flags are the message's. */
export function applyEdit(emu: Emulator, message: InteractionMessage, body: MessageBody, owner: { applicationId: string; channelId: string }): void {
  // The channel copy first: its checks (and the content hooks) may refuse the edit.
  const copy = channelCopy(emu, message.id, message.channelId);
  if (!copy) checkOwnContent(emu, owner, body.content ?? message.content, body.embeds ?? message.embeds);
  if (copy) {
    const changes: Record<string, unknown> = {};
    if (body.content !== undefined) changes.content = body.content;
    if (body.embeds !== undefined) changes.embeds = body.embeds;
    if (body.components !== undefined) changes.components = body.components;
    // The copy takes the new flags under the channel message's rules (SUPPRESS_EMBEDS and
    // SUPPRESS_NOTIFICATIONS change, IS_COMPONENTS_V2 stays): else bots and channel history
    // would show the old flags while the webhook shows the new.
    if (body.flags !== undefined) changes.flags = body.flags & CHANNEL_SETTABLE_FLAGS;
    Object.assign(changes, attachmentsField(body));
    editChannelMessage(emu, copy, copy.authorId, changes, body.files ?? []);
    message.attachments = copy.attachments;
  } else if (body.files?.length || body.attachmentRequests !== undefined) {
    const resolved = resolveAttachments(emu, body.attachmentRequests, body.files ?? [], message.attachments ?? []);
    storeAttachmentData(emu, resolved.uploads, (message.attachments ?? []).filter((a) => !resolved.attachments.some((b) => b.id === a.id)));
    message.attachments = resolved.attachments;
  }
  if (body.content !== undefined) message.content = body.content;
  if (body.embeds !== undefined) message.embeds = body.embeds;
  if (body.components !== undefined) message.components = body.components;
  if (body.flags !== undefined) message.flags = copy ? copy.flags : (message.flags & MessageFlag.EPHEMERAL) | (body.flags & ~MessageFlag.EPHEMERAL);
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
  const json = messageHeadJson(emu, message, message.type as MessageType);
  json.attachments = (message.attachments ?? []).map((a) => attachmentJson(emu, message.channelId, a));
  json.embeds = message.embeds as unknown as APIMessage['embeds'];
  json.pinned = false;
  json.flags = message.flags as MessageFlags;
  json.application_id = interaction.applicationId;
  json.webhook_id = interaction.applicationId;
  json.author = author;
  json.components = message.components;
  json.interaction_metadata = interactionMetadata(emu, interaction, message.id !== interaction.originalMessageId);
  // Deprecated (the spec) but still sent, as the public API does.
  json.interaction = { id: interaction.id, type: interaction.type, name: typeof data.name === 'string' ? data.name : (data.custom_id ?? ''), user: userOrIdJson(emu, interaction.userId, app) };
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
