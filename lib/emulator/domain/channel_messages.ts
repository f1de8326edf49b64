// Channel messages on the bot side: create, edit, delete, get and list in guild text channels and
// bot DM channels, with MESSAGE_CREATE / UPDATE / DELETE to bots (each its own view, see
// message_view). Every rule of a new message is checked before anything is stored: content,
// nonce (and enforce_nonce), embeds, components, attachments, the reply or forward, slowmode and
// the content hooks (auto moderation plugs in there). Other domains (interactions, webhooks) call
// createChannelMessage / editChannelMessage with their own author and metadata.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { UploadedFile } from './attachments';
import { Validator } from './validate';
import type { ChannelMessage, StoredAttachment } from '../model/types';
import { parseAttachmentRequests, resolveAttachments, storeAttachmentData } from './attachments';
import { IS_COMPONENTS_V2, validateMessageComponents } from './components';
import { validateEmbeds } from './embeds';
import { canSeeChannel, findMessageChannel, guildIdOf, hasChannelPermission, requireChannelAccess, type MessageChannel } from './message_channels';
import { parseReference, resolveReference } from './message_references';
import { botReader, channelMessageJson, type MessageReader } from './message_view';
import { memberFields } from './guilds';
import { Permission } from './permissions';
import { checkSlowmode } from './slowmode';

/** Message content, in characters (the public API's limit for channel messages). */
export const MAX_CONTENT_CHARS = 2000;
/** A nonce: an integer or a string of at most 25 characters (public API). */
export const MAX_NONCE_CHARS = 25;
/**
 * enforce_nonce: a repeat nonce from the same sender in the same channel within this window
 * returns the earlier message (spec: "a few minutes"; the emulator's choice: 5 minutes).
 */
export const ENFORCE_NONCE_WINDOW_MS = 5 * 60 * 1000;
/** Messages kept per channel (the oldest go first, with their attachments' bytes). */
export const MAX_STORED_PER_CHANNEL = 1000;
/** Flags a sender may set: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2. */
export const SETTABLE_FLAGS = (1 << 2) | (1 << 12) | IS_COMPONENTS_V2;
/** Flags that stay on a message whatever an edit sends (EPHEMERAL, HAS_SNAPSHOT, IS_COMPONENTS_V2). */
const STICKY_FLAGS = (1 << 6) | (1 << 14) | IS_COMPONENTS_V2;

/** What a content hook is shown: the message as it would be stored, before it is. */
export interface ContentDraft {
  channel: MessageChannel;
  authorId: string;
  content: string;
  embeds: Record<string, unknown>[];
  /** The message being edited, or null for a new one. */
  editing: ChannelMessage | null;
}

/**
 * A check of a message's content before it is stored (auto moderation registers one: it throws
 * an ApiError to refuse, e.g. a 400 for an edit its rules block). Per emulator.
 */
export type ContentCheck = (emu: Emulator, draft: ContentDraft) => void;

const contentChecks = new WeakMap<Emulator, ContentCheck[]>();

/** Adds a content check (domain/automod's hook); returns its removal. */
export function registerContentCheck(emu: Emulator, check: ContentCheck): () => void {
  const list = contentChecks.get(emu) ?? [];
  list.push(check);
  contentChecks.set(emu, list);
  return () => list.splice(list.indexOf(check), 1);
}

/** The one place new and edited content passes before it is stored: every registered check. */
export function checkContentAllowed(emu: Emulator, draft: ContentDraft): void {
  for (const check of contentChecks.get(emu) ?? []) check(emu, draft);
}

/**
 * Who else hears of a channel message's creation, edit or deletion, after the message's own
 * event went out (domain/linked_channels carries a linked channel's messages into its lobby).
 * Per emulator, registered once by domain/index.ts.
 */
export interface ChannelMessageObserver {
  created(emu: Emulator, message: ChannelMessage): void;
  edited(emu: Emulator, message: ChannelMessage): void;
  deleted(emu: Emulator, message: ChannelMessage): void;
}

const observers = new WeakMap<Emulator, ChannelMessageObserver[]>();

/** Adds an observer of every channel message's changes. */
export function observeChannelMessages(emu: Emulator, observer: ChannelMessageObserver): void {
  const list = observers.get(emu) ?? [];
  list.push(observer);
  observers.set(emu, list);
}

function tellObservers(emu: Emulator, change: keyof ChannelMessageObserver, message: ChannelMessage): void {
  for (const observer of observers.get(emu) ?? []) observer[change](emu, message);
}

export interface NewChannelMessage {
  channelId: string;
  authorId: string;
  /** The parsed JSON body (or payload_json) of the request. */
  body: Record<string, unknown>;
  files?: UploadedFile[];
  /** The application whose bot or interaction sent it (the MESSAGE_CONTENT view of a forward). */
  applicationId?: string | null;
  interactionMetadata?: Record<string, unknown> | null;
  webhookId?: string | null;
  /** A message type other than DEFAULT/REPLY (e.g. 20 CHAT_INPUT_COMMAND for interaction responses). */
  type?: number;
  /**
   * Interaction responses and webhook posts are not the author typing in the channel: no
   * SEND_MESSAGES or slowmode check of the author (the caller has checked its own rules).
   */
  skipSenderChecks?: boolean;
}

function readerOf(emu: Emulator, authorId: string, applicationId: string | null | undefined): MessageReader | undefined {
  const author = emu.user(authorId);
  if (!author?.bot) return undefined;
  const app = [...emu.state.applications.values()].find((a) => a.botUserId === authorId) ?? (applicationId ? emu.app(applicationId) : undefined);
  return app ? botReader(app) : { userId: authorId, messageContent: false };
}

function validNonce(v: Validator, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && value.length <= MAX_NONCE_CHARS) return value;
  v.fail('nonce', 'BASE_TYPE_BAD_LENGTH', `Must be an integer or a string of at most ${MAX_NONCE_CHARS} characters.`);
  return null;
}

/** Users (`<@id>`, `<@!id>`) and, in a guild, roles (`<@&id>`) the content mentions. */
function mentionsIn(emu: Emulator, target: MessageChannel, content: string): { users: string[]; roles: string[] } {
  const users = new Set<string>();
  const roles = new Set<string>();
  for (const match of content.matchAll(/<@(!?|&)(\d{1,20})>/g)) {
    if (match[1] === '&') {
      if (target.kind === 'guild' && target.guild.roles.some((r) => r.id === match[2])) roles.add(match[2]);
    } else if (emu.user(match[2])) {
      users.add(match[2]);
    }
  }
  return { users: [...users], roles: [...roles] };
}

function store(emu: Emulator, message: ChannelMessage, uploads: Map<string, Buffer>): void {
  let list = emu.state.textChannelMessages.get(message.channelId);
  if (!list) emu.state.textChannelMessages.set(message.channelId, (list = []));
  list.push(message);
  storeAttachmentData(emu, uploads);
  if (list.length > MAX_STORED_PER_CHANNEL) {
    for (const dropped of list.splice(0, list.length - MAX_STORED_PER_CHANNEL)) storeAttachmentData(emu, new Map(), dropped.attachments);
  }
  emu.changed();
}

function publish(emu: Emulator, type: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', message: ChannelMessage): void {
  const target = findMessageChannel(emu, message.channelId);
  const extra: Record<string, unknown> = {};
  if (target.kind === 'guild') {
    extra.guild_id = target.guild.id;
    const member = target.guild.members.find((m) => m.userId === message.authorId);
    if (member) {
      const { user: _user, ...fields } = memberFields(emu, member);
      extra.member = fields;
    }
  }
  emu.bus.publish({
    type,
    data: { ...channelMessageJson(emu, message), ...extra },
    userIds: [],
    guildId: guildIdOf(target) ?? undefined,
    channelMessage: {
      dm: target.kind === 'dm',
      reaches: (botUserId) => target.kind === 'dm' ? canSeeChannel(target, botUserId) : target.guild.members.some((m) => m.userId === botUserId) && canSeeChannel(target, botUserId),
      view: (reader) => ({ ...channelMessageJson(emu, message, reader), ...extra }),
    },
  });
}

/**
 * A new message in a guild text channel or a bot DM. Checks, in order: the channel (10003), the
 * author's access (50001 / 50013, unless skipSenderChecks), the body (50035 with every failing
 * field; 50006 when empty), the nonce (enforce_nonce: the earlier message, no event), the
 * reference (reply / forward, 160014), the attachments (40005 over the upload limit), slowmode
 * (20016) and the content hooks. Only then is it stored and MESSAGE_CREATE published.
 */
export function createChannelMessage(emu: Emulator, input: NewChannelMessage): ChannelMessage {
  const target = findMessageChannel(emu, input.channelId);
  if (!input.skipSenderChecks) requireChannelAccess(target, input.authorId, 'send');
  const body = input.body;
  const v = new Validator();
  const content = v.string('content', body.content, { optional: true, max: MAX_CONTENT_CHARS }) ?? '';
  const nonce = validNonce(v, body.nonce);
  const enforceNonce = v.bool('enforce_nonce', body.enforce_nonce, { optional: true }) ?? false;
  const tts = v.bool('tts', body.tts, { optional: true }) ?? false;
  const flags = v.int('flags', body.flags, { optional: true, min: 0, max: 2 ** 31 - 1 }) ?? 0;
  if ((flags & ~SETTABLE_FLAGS) !== 0) v.fail('flags', 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2 can be set.');
  const embeds = validateEmbeds(v, body.embeds) ?? [];
  const components = validateMessageComponents(v, body.components, { flags, emu, applicationId: input.applicationId ?? null }) ?? [];
  const attachmentRequests = parseAttachmentRequests(v, body.attachments);
  const referenceRequest = parseReference(v, body.message_reference);
  if (body.sticker_ids !== undefined && !(Array.isArray(body.sticker_ids) && body.sticker_ids.length === 0)) {
    v.fail('sticker_ids', 'STICKERS_NOT_SUPPORTED', 'The emulator has no stickers.');
  }
  if ((flags & IS_COMPONENTS_V2) !== 0) {
    // Public API: a Components V2 message says everything with components.
    if (content !== '') v.fail('content', 'MESSAGE_CONTENT_NOT_ALLOWED_WITH_COMPONENTS_V2', 'content cannot be used with IS_COMPONENTS_V2.');
    if (embeds.length > 0) v.fail('embeds', 'MESSAGE_EMBEDS_NOT_ALLOWED_WITH_COMPONENTS_V2', 'embeds cannot be used with IS_COMPONENTS_V2.');
  }
  v.check();
  const files = input.files ?? [];
  const hasOwnContent = content !== '' || embeds.length > 0 || components.length > 0 || files.length > 0 || (attachmentRequests?.length ?? 0) > 0;
  if (!hasOwnContent && !referenceRequest) throw new ApiError(400, 50006, 'Cannot send an empty message');

  if (enforceNonce && nonce !== null) {
    const since = emu.now() - ENFORCE_NONCE_WINDOW_MS;
    const earlier = (emu.state.textChannelMessages.get(target.id) ?? []).find((m) => m.authorId === input.authorId && m.nonce === nonce && m.timestamp >= since);
    if (earlier) return earlier;
  }
  const reader = readerOf(emu, input.authorId, input.applicationId);
  const resolved = resolveReference(emu, target, input.authorId, reader, referenceRequest, hasOwnContent);
  if (referenceRequest && !resolved && !hasOwnContent) throw new ApiError(400, 50006, 'Cannot send an empty message');
  const { attachments, uploads } = resolveAttachments(emu, attachmentRequests, files, []);
  if (target.kind === 'guild' && !input.skipSenderChecks) checkSlowmode(emu, target.guild, target.channel, input.authorId);
  checkContentAllowed(emu, { channel: target, authorId: input.authorId, content, embeds, editing: null });

  const mentions = mentionsIn(emu, target, content);
  const message: ChannelMessage = {
    id: emu.ids.next(),
    channelId: target.id,
    guildId: guildIdOf(target),
    authorId: input.authorId,
    type: input.type ?? resolved?.type ?? 0,
    content,
    timestamp: emu.now(),
    editedTimestamp: null,
    flags: flags | (resolved?.flags ?? 0),
    tts,
    nonce,
    embeds,
    components,
    attachments,
    mentionIds: mentions.users,
    mentionRoleIds: mentions.roles,
    reference: resolved?.reference ?? null,
    snapshots: resolved?.snapshots ?? [],
    applicationId: input.applicationId ?? null,
    webhookId: input.webhookId ?? null,
    interactionMetadata: input.interactionMetadata ?? null,
  };
  store(emu, message, uploads);
  publish(emu, 'MESSAGE_CREATE', message);
  tellObservers(emu, 'created', message);
  return message;
}

/**
 * A message written in a linked lobby, shown in the guild text channel under the lobby
 * message's id (domain/linked_channels): stored and announced to the channel's bots like any
 * other (MESSAGE_CREATE by GUILD_MESSAGES, the MESSAGE_CONTENT rule, its mentions), without a
 * sender's checks — it was written under the lobby's rules — and without telling the observers,
 * since it came from one.
 */
export function insertLobbyMessageCopy(
  emu: Emulator,
  copy: { id: string; channelId: string; lobbyId: string; authorId: string; content: string; timestamp: number; applicationId: string },
): ChannelMessage {
  const target = findMessageChannel(emu, copy.channelId);
  const mentions = mentionsIn(emu, target, copy.content);
  const message: ChannelMessage = {
    id: copy.id,
    channelId: target.id,
    guildId: guildIdOf(target),
    authorId: copy.authorId,
    type: 0,
    content: copy.content,
    timestamp: copy.timestamp,
    editedTimestamp: null,
    flags: 0,
    tts: false,
    nonce: null,
    embeds: [],
    components: [],
    attachments: [],
    mentionIds: mentions.users,
    mentionRoleIds: mentions.roles,
    reference: null,
    snapshots: [],
    applicationId: copy.applicationId,
    webhookId: null,
    interactionMetadata: null,
    lobbyId: copy.lobbyId,
  };
  store(emu, message, new Map());
  publish(emu, 'MESSAGE_CREATE', message);
  return message;
}

/** A message of the channel (10008 when there is none). */
export function getChannelMessage(emu: Emulator, channelId: string, messageId: string): ChannelMessage {
  const message = (emu.state.textChannelMessages.get(channelId) ?? []).find((m) => m.id === messageId);
  if (!message) throw Errors.unknownMessage();
  return message;
}

/** History pages: `limit` (1-100) messages before, after or around a message id; newest first. */
export function listChannelMessages(emu: Emulator, channelId: string, page: { limit: number; before?: string; after?: string; around?: string }): ChannelMessage[] {
  const list = emu.state.textChannelMessages.get(channelId) ?? [];
  const id = (m: ChannelMessage) => BigInt(m.id);
  if (page.after !== undefined) {
    const after = BigInt(page.after);
    return list.filter((m) => id(m) > after).slice(0, page.limit).reverse();
  }
  if (page.around !== undefined) {
    // The limit's worth of messages centred on the id (it included when it exists).
    const around = BigInt(page.around);
    let center = list.findIndex((m) => id(m) >= around);
    if (center < 0) center = list.length;
    const start = Math.max(0, Math.min(center - Math.floor(page.limit / 2), list.length - page.limit));
    return list.slice(start, start + page.limit).reverse();
  }
  const before = page.before !== undefined ? BigInt(page.before) : null;
  const older = before === null ? list : list.filter((m) => id(m) < before);
  return older.slice(-page.limit).reverse();
}

/**
 * Edits a message by its author (50005 for anyone else): content, embeds, flags (SUPPRESS_EMBEDS;
 * IS_COMPONENTS_V2 cannot be removed), components, attachments (kept by id, with description and
 * is_spoiler editable; new files from `files`). Checked as a create is, then MESSAGE_UPDATE.
 */
export function editChannelMessage(emu: Emulator, message: ChannelMessage, editorId: string, body: Record<string, unknown>, files: UploadedFile[] = []): ChannelMessage {
  if (message.authorId !== editorId) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
  const target = findMessageChannel(emu, message.channelId);
  const v = new Validator();
  const content = body.content === null ? '' : v.string('content', body.content, { optional: true, max: MAX_CONTENT_CHARS });
  const requestedFlags = v.int('flags', body.flags, { optional: true, min: 0, max: 2 ** 31 - 1 });
  if (requestedFlags !== undefined && (requestedFlags & ~(SETTABLE_FLAGS | STICKY_FLAGS)) !== 0) v.fail('flags', 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS can be changed.');
  const flags = requestedFlags === undefined ? message.flags : (requestedFlags & SETTABLE_FLAGS & ~IS_COMPONENTS_V2) | (message.flags & STICKY_FLAGS);
  const embeds = body.embeds === null ? [] : validateEmbeds(v, body.embeds);
  const components = body.components === null ? [] : validateMessageComponents(v, body.components, { flags, emu, applicationId: message.applicationId });
  const attachmentRequests = parseAttachmentRequests(v, body.attachments);
  const nextContent = content ?? message.content;
  const nextEmbeds = embeds ?? message.embeds;
  if ((flags & IS_COMPONENTS_V2) !== 0) {
    if (nextContent !== '') v.fail('content', 'MESSAGE_CONTENT_NOT_ALLOWED_WITH_COMPONENTS_V2', 'content cannot be used with IS_COMPONENTS_V2.');
    if (nextEmbeds.length > 0) v.fail('embeds', 'MESSAGE_EMBEDS_NOT_ALLOWED_WITH_COMPONENTS_V2', 'embeds cannot be used with IS_COMPONENTS_V2.');
  }
  v.check();
  const { attachments, uploads } = resolveAttachments(emu, attachmentRequests, files, message.attachments);
  const nextComponents = components ?? message.components;
  if (nextContent === '' && nextEmbeds.length === 0 && nextComponents.length === 0 && attachments.length === 0 && message.snapshots.length === 0) {
    throw new ApiError(400, 50006, 'Cannot send an empty message');
  }
  checkContentAllowed(emu, { channel: target, authorId: message.authorId, content: nextContent, embeds: nextEmbeds, editing: message });

  const removed: StoredAttachment[] = message.attachments.filter((a) => !attachments.some((b) => b.id === a.id));
  if (content !== undefined && content !== message.content) {
    const mentions = mentionsIn(emu, target, content);
    message.mentionIds = mentions.users;
    message.mentionRoleIds = mentions.roles;
  }
  message.content = nextContent;
  message.embeds = nextEmbeds;
  message.components = nextComponents;
  message.attachments = attachments;
  message.flags = flags;
  message.editedTimestamp = emu.now();
  storeAttachmentData(emu, uploads, removed);
  emu.changed();
  publish(emu, 'MESSAGE_UPDATE', message);
  tellObservers(emu, 'edited', message);
  return message;
}

/** Deletes a message: MESSAGE_DELETE {id, channel_id, guild_id} to the bots that see the channel. */
export function deleteChannelMessage(emu: Emulator, message: ChannelMessage): void {
  const list = emu.state.textChannelMessages.get(message.channelId) ?? [];
  const index = list.indexOf(message);
  if (index >= 0) list.splice(index, 1);
  storeAttachmentData(emu, new Map(), message.attachments);
  emu.changed();
  const target = findMessageChannel(emu, message.channelId);
  const data: Record<string, unknown> = { id: message.id, channel_id: message.channelId };
  if (target.kind === 'guild') data.guild_id = target.guild.id;
  emu.bus.publish({
    type: 'MESSAGE_DELETE',
    data,
    userIds: [],
    guildId: guildIdOf(target) ?? undefined,
    channelMessage: {
      dm: target.kind === 'dm',
      reaches: (botUserId) => canSeeChannel(target, botUserId),
      view: () => data,
    },
  });
  tellObservers(emu, 'deleted', message);
}

/**
 * Who may delete a message: its author, or (in a guild channel) a member with MANAGE_MESSAGES
 * there; anyone else gets 50013.
 */
export function requireDeleteAllowed(emu: Emulator, message: ChannelMessage, userId: string): void {
  if (message.authorId === userId) return;
  const target = findMessageChannel(emu, message.channelId);
  if (target.kind === 'guild' && hasChannelPermission(target, userId, Permission.MANAGE_MESSAGES)) return;
  throw Errors.missingPermissions();
}
