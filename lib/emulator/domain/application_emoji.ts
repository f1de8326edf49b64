// Application emoji, managed with the bot token (spec, "Changes": application emoji upload and
// management). Limits: 2000 per app (spec, Limits); the rest follows the public API: a name of
// 2..32 of [A-Za-z0-9_], unique in the app; the image a data URI of PNG, GIF, WebP or JPEG of at
// most 256 KiB whose bytes are what the URI says; GIF is animated.
import type { APIApplicationEmoji, APIUser } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError } from '../http/errors';
import { Validator } from '../http/validate';
import type { Application, ApplicationEmoji } from '../model/types';
import { userOrIdJson } from './accounts';

/** Spec, Limits: "Application emoji: 2000 per app". */
export const MAX_APPLICATION_EMOJIS = 2000;
/** The public API's emoji image limit. */
export const MAX_EMOJI_IMAGE_BYTES = 256 * 1024;
export const EMOJI_NAME = /^[A-Za-z0-9_]{2,32}$/;

/** Magic bytes per accepted media type: the data must be what its URI says. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};

export function emojiJson(emu: Emulator, emoji: ApplicationEmoji, app: Application): Record<string, unknown> {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: [],
    user: userOrIdJson(emu, emoji.userId, app) as unknown as APIUser, // the emulator's user object
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  } satisfies APIApplicationEmoji;
}

export function emojisOf(emu: Emulator, applicationId: string): ApplicationEmoji[] {
  return [...emu.state.applicationEmojis.values()].filter((e) => e.applicationId === applicationId);
}

export function findEmoji(emu: Emulator, app: Application, emojiId: string): ApplicationEmoji {
  const emoji = emu.state.applicationEmojis.get(emojiId);
  if (!emoji || emoji.applicationId !== app.id) throw new ApiError(404, 10014, 'Unknown Emoji');
  return emoji;
}

/** An emoji name, or a failure at `name` (format, or taken in this app by another emoji). */
function checkName(emu: Emulator, v: Validator, app: Application, value: unknown, exceptId?: string): string | undefined {
  const name = v.string('name', value, { min: 2, max: 32 });
  if (name === undefined) return undefined;
  if (!EMOJI_NAME.test(name)) {
    v.fail('name', 'STRING_TYPE_REGEX', 'Must be 2 to 32 letters, digits or underscores.');
    return undefined;
  }
  if (emojisOf(emu, app.id).some((e) => e.name === name && e.id !== exceptId)) {
    v.fail('name', 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', 'An emoji with this name already exists in the application.');
    return undefined;
  }
  return name;
}

/** `data:image/<png|gif|webp|jpeg>;base64,<data>`, decoded at most 256 KiB, with matching magic bytes. */
function checkImage(v: Validator, value: unknown): { type: string; bytes: number } | undefined {
  // The base64 text of 256 KiB is about 350 KB: a longer string cannot be a valid image.
  const text = v.string('image', value, { min: 1, max: Math.ceil((MAX_EMOJI_IMAGE_BYTES * 4) / 3) + 64 });
  if (text === undefined) return undefined;
  const match = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(text);
  const check = match ? SIGNATURES[match[1]] : undefined;
  if (!match || !check) {
    v.fail('image', 'IMAGE_INVALID', 'Must be a data URI of a PNG, GIF, WebP or JPEG image (base64).');
    return undefined;
  }
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_EMOJI_IMAGE_BYTES) {
    v.fail('image', 'BINARY_TYPE_MAX_SIZE', `The image must be at most ${MAX_EMOJI_IMAGE_BYTES / 1024} KiB.`);
    return undefined;
  }
  if (!check(bytes)) {
    v.fail('image', 'IMAGE_INVALID', `The data is not a ${match[1]} image.`);
    return undefined;
  }
  return { type: match[1], bytes: bytes.length };
}

export function createEmoji(emu: Emulator, app: Application, body: Record<string, unknown>): ApplicationEmoji {
  const v = new Validator();
  const name = checkName(emu, v, app, body.name);
  const image = checkImage(v, body.image);
  v.check();
  if (emojisOf(emu, app.id).length >= MAX_APPLICATION_EMOJIS) {
    throw new ApiError(400, 30008, `Maximum number of emojis reached (${MAX_APPLICATION_EMOJIS})`);
  }
  const emoji: ApplicationEmoji = {
    id: emu.ids.next(),
    applicationId: app.id,
    name: name!,
    animated: image!.type === 'image/gif',
    userId: app.botUserId,
    imageType: image!.type,
    imageBytes: image!.bytes,
  };
  emu.state.applicationEmojis.set(emoji.id, emoji);
  emu.changed();
  return emoji;
}

/** Only the name can change (the public API's Modify Application Emoji). */
export function renameEmoji(emu: Emulator, app: Application, emojiId: string, body: Record<string, unknown>): ApplicationEmoji {
  const emoji = findEmoji(emu, app, emojiId);
  const v = new Validator();
  const name = checkName(emu, v, app, body.name, emoji.id);
  v.check();
  emoji.name = name!;
  emu.changed();
  return emoji;
}

export function deleteEmoji(emu: Emulator, app: Application, emojiId: string): void {
  const emoji = findEmoji(emu, app, emojiId);
  emu.state.applicationEmojis.delete(emoji.id);
  emu.changed();
}
