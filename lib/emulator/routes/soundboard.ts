// The public API's soundboard routes (bot token; the default sounds for any caller): List Default
// Soundboard Sounds, List / Get / Create / Modify / Delete Guild Soundboard Sound and Send
// Soundboard Sound. Rules in domain/soundboard, the sound file's checks in domain/sound_files.
import { isSnowflake } from '../snowflake';
import { findChannel } from '../domain/channels';
import { Errors } from '../domain/errors';
import { createSound, defaultSoundsJson, deleteSound, getSound, guildSoundsJson, modifySound, sendSound, soundJson, SOUND_NAME, unknownSound, type SoundEmoji } from '../domain/soundboard';
import { parseSoundData, type SoundData } from '../domain/sound_files';
import { Validator } from '../domain/validate';
import type { RequestContext } from '../http/context';
import { pathGuild } from '../http/guild_params';
import type { Router } from '../http/router';

function pathSound(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.sound_id)) throw unknownSound();
  return ctx.params.sound_id;
}

/** `volume`: a number from 0 to 1, or null (1); undefined when absent. */
function volume(v: Validator, value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    v.fail('volume', 'NUMBER_TYPE_COERCE', 'Must be a number.');
    return undefined;
  }
  if (value < 0 || value > 1) {
    v.fail('volume', value < 0 ? 'NUMBER_TYPE_MIN' : 'NUMBER_TYPE_MAX', 'Must be between 0 and 1.');
    return undefined;
  }
  return value;
}

/** `emoji_id` (a custom emoji of the guild) and `emoji_name` (a Unicode emoji), each nullable. */
function emoji(v: Validator, body: Record<string, unknown>): SoundEmoji {
  const out: SoundEmoji = {};
  if (body.emoji_id === null) out.emojiId = null;
  else if (body.emoji_id !== undefined) out.emojiId = v.snowflake('emoji_id', body.emoji_id);
  if (body.emoji_name === null) out.emojiName = null;
  else if (body.emoji_name !== undefined) out.emojiName = v.string('emoji_name', body.emoji_name, { min: 1, max: 32 });
  return out;
}

export function registerSoundboard(api: Router): void {
  api.get('/soundboard-default-sounds', (ctx) => {
    if (!ctx.caller()) throw Errors.unauthorized();
    return defaultSoundsJson();
  });

  api.get('/guilds/:guild_id/soundboard-sounds', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    if (!guild.members.some((m) => m.userId === user.id)) throw Errors.missingAccess();
    return { items: guildSoundsJson(ctx.emu, guild, user.id) };
  });

  api.get('/guilds/:guild_id/soundboard-sounds/:sound_id', (ctx) => {
    const { user } = ctx.bot();
    return getSound(ctx.emu, pathGuild(ctx), user.id, pathSound(ctx));
  });

  api.post('/guilds/:guild_id/soundboard-sounds', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = v.string('name', body.name, SOUND_NAME);
    let sound: SoundData | undefined;
    if (body.sound === undefined || body.sound === null) {
      v.fail('sound', 'BASE_TYPE_REQUIRED', 'This field is required');
    } else {
      const parsed = parseSoundData(body.sound);
      if ('error' in parsed) v.fail('sound', parsed.code, parsed.error);
      else sound = parsed;
    }
    const vol = volume(v, body.volume);
    const emojis = emoji(v, body);
    v.check();
    const created = createSound(ctx.emu, guild, user.id, { name: name!, sound: sound!, volume: vol, ...emojis }, ctx.auditLogReason());
    return soundJson(ctx.emu, guild, created, true);
  });

  api.patch('/guilds/:guild_id/soundboard-sounds/:sound_id', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const soundId = pathSound(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = v.string('name', body.name, { ...SOUND_NAME, optional: true });
    const vol = volume(v, body.volume);
    const emojis = emoji(v, body);
    v.check();
    const changed = modifySound(ctx.emu, guild, user.id, soundId, { name, volume: vol, ...emojis }, ctx.auditLogReason());
    return soundJson(ctx.emu, guild, changed, true);
  });

  api.delete('/guilds/:guild_id/soundboard-sounds/:sound_id', (ctx) => {
    const { user } = ctx.bot();
    deleteSound(ctx.emu, pathGuild(ctx), user.id, pathSound(ctx), ctx.auditLogReason());
    return null;
  });

  api.post('/channels/:channel_id/send-soundboard-sound', async (ctx) => {
    const { user } = ctx.bot();
    const found = isSnowflake(ctx.params.channel_id) ? findChannel(ctx.emu, ctx.params.channel_id) : undefined;
    if (!found) throw Errors.unknownChannel();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const soundId = v.snowflake('sound_id', body.sound_id);
    const sourceGuildId = v.snowflake('source_guild_id', body.source_guild_id, { optional: true });
    v.check();
    sendSound(ctx.emu, found.guild, found.channel.id, user.id, soundId!, sourceGuildId ?? null);
    return null;
  });
}
