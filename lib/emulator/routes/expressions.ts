// Guild emoji and stickers over HTTP (bot token): List / Create / Modify / Delete Guild Emoji
// (JSON, the image as a data URI) and List / Create Guild Sticker (multipart/form-data with
// name, description, tags and file, as the public API uploads files). Rules in domain/expressions.
import { createEmoji, createSticker, deleteEmoji, EMOJI_NAME_PATTERN, emojiJson, findEmoji, listEmojis, listStickers, modifyEmoji, stickerJson } from '../domain/expressions';
import { imageFromBytes, parseImageData, type ImageData } from '../domain/images';
import { requireMember } from '../domain/roles';
import { ApiError, Errors, fieldError } from '../domain/errors';
import type { RequestContext } from '../http/context';
import { multipartBoundary, parseMultipart, type MultipartBody } from '../http/multipart';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';
import { pathGuild } from '../http/guild_params';

const STICKER_NAME = { min: 2, max: 30 };
const STICKER_DESCRIPTION = { min: 2, max: 100 };
const STICKER_TAGS_MAX = 200;

function pathEmoji(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.emoji_id)) throw new ApiError(404, 10014, 'Unknown Emoji');
  return ctx.params.emoji_id;
}

function emojiName(v: Validator, value: unknown, optional: boolean): string | undefined {
  const name = v.string('name', value, { optional });
  if (name !== undefined && !EMOJI_NAME_PATTERN.test(name)) {
    v.fail('name', 'STRING_TYPE_REGEX', 'Must be 2 to 32 of A-Z, a-z, 0-9 and _.');
    return undefined;
  }
  return name;
}

function roleList(v: Validator, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    v.fail('roles', 'LIST_TYPE_CONVERT', 'Must be a list of role ids.');
    return undefined;
  }
  return value.map((r, i) => v.snowflake(`roles.${i}`, r)).filter((r): r is string => r !== undefined);
}

/** A text field of the sticker form (UTF-8), undefined when absent. */
function formText(parts: MultipartBody, name: string): string | undefined {
  return parts.fields.get(name);
}

export function registerExpressions(api: Router): void {
  api.get('/guilds/:guild_id/emojis', (ctx) => {
    const { user } = ctx.bot();
    return listEmojis(ctx.emu, pathGuild(ctx), user.id);
  });

  api.get('/guilds/:guild_id/emojis/:emoji_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    requireMember(guild, user.id);
    return emojiJson(ctx.emu, findEmoji(guild, pathEmoji(ctx)));
  });

  api.post('/guilds/:guild_id/emojis', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = emojiName(v, body.name, false);
    const parsed = parseImageData(body.image);
    if ('error' in parsed) v.fail('image', 'IMAGE_INVALID', parsed.error);
    const roles = roleList(v, body.roles) ?? [];
    v.check();
    return emojiJson(ctx.emu, createEmoji(ctx.emu, guild, user.id, name!, parsed as ImageData, roles));
  });

  api.patch('/guilds/:guild_id/emojis/:emoji_id', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const emojiId = pathEmoji(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = emojiName(v, body.name, true);
    const roles = roleList(v, body.roles);
    v.check();
    return emojiJson(ctx.emu, modifyEmoji(ctx.emu, guild, user.id, emojiId, { name, roles }));
  });

  api.delete('/guilds/:guild_id/emojis/:emoji_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    deleteEmoji(ctx.emu, guild, user.id, pathEmoji(ctx));
    return null;
  });

  api.get('/guilds/:guild_id/stickers', (ctx) => {
    const { user } = ctx.bot();
    return listStickers(ctx.emu, pathGuild(ctx), user.id);
  });

  api.post('/guilds/:guild_id/stickers', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const contentType = ctx.req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
      await ctx.raw().catch(() => undefined);
      throw Errors.unsupportedMediaType('multipart/form-data');
    }
    const parts = parseMultipart(await ctx.raw(), multipartBoundary(contentType));
    const v = new Validator();
    const name = v.string('name', formText(parts, 'name'), STICKER_NAME);
    const rawDescription = formText(parts, 'description');
    const description = rawDescription === undefined || rawDescription === '' ? null : v.string('description', rawDescription, STICKER_DESCRIPTION);
    const tags = v.string('tags', formText(parts, 'tags'), { min: 1, max: STICKER_TAGS_MAX });
    const filePart = parts.files.find((part) => part.field === 'file');
    const file = filePart ? imageFromBytes(filePart.data) : null;
    if (!filePart) v.fail('file', 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (!file) v.fail('file', 'STICKER_FORMAT_INVALID', 'Must be a PNG or GIF file.');
    v.check();
    if (!file || name === undefined || tags === undefined || description === undefined) throw fieldError('file', 'BASE_TYPE_REQUIRED', 'This field is required');
    return stickerJson(ctx.emu, guild, createSticker(ctx.emu, guild, user.id, { name, description, tags, file }));
  });
}
