// Application emoji, managed with the bot token (spec, "Changes": application emoji upload and
// management). Limits: 2000 per app (spec, Limits); the rest follows the public API: a name of
// 2..32 of [A-Za-z0-9_], unique in the app; the image a data URI of PNG, GIF, WebP or JPEG of at
// most 256 KiB, its format told by its bytes (as the service does); GIF is animated.
import type { APIApplicationEmoji, APIUser } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import { Validator } from './validate';
import type { Application, ApplicationEmoji } from '../model/types';
import { userOrIdJson } from './accounts';
import { parseImageData } from './images';

/** Spec, Limits: "Application emoji: 2000 per app". */
export const MAX_APPLICATION_EMOJIS = 2000;
/** The public API's emoji image limit. */
export const MAX_EMOJI_IMAGE_BYTES = 256 * 1024;
export const EMOJI_NAME = /^[A-Za-z0-9_]{2,32}$/;

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

/** The image data URI (domain/images: PNG, GIF, WebP or JPEG, told by its bytes), at most 256 KiB decoded. */
function checkImage(v: Validator, value: unknown): { type: string; bytes: number } | undefined {
  const image = parseImageData(value, MAX_EMOJI_IMAGE_BYTES);
  if ('error' in image) {
    v.fail('image', image.code, image.error);
    return undefined;
  }
  return { type: `image/${image.format}`, bytes: image.bytes.length };
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
