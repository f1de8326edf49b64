// The soundboard routes (the spec names them and shows no more; the rules are the public API's):
// default sounds, a guild's own sounds with the expression permissions and their 8 slots, the
// sound file's format, size (512 KiB) and length (5.2 s) told from its bytes, playing a sound in
// the voice channel one is connected to, the gateway's events and op 31 (Request Soundboard
// Sounds). Shapes are checked against the public API types through `satisfies` in the domain and
// here by their keys.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { APISoundboardSound } from 'discord-api-types/v10';
import type { BusEvent } from '../../lib/emulator/index';
import { MAX_SOUND_BYTES } from '../../lib/emulator/domain/sound_files';
import { sendSound } from '../../lib/emulator/domain/soundboard';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';

const P = {
  VIEW_CHANNEL: 1n << 10n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
};
const PLAY = P.VIEW_CHANNEL | P.CONNECT | P.SPEAK | P.USE_SOUNDBOARD;
const GUILD_EXPRESSIONS = 1 << 3;
const GUILD_VOICE_STATES = 1 << 7;
const g = BigInt(SEED.guildId);
const ROLE_BOT = (g + 2n).toString();
const CH = { general: (g + 12n).toString(), voice: (g + 15n).toString() };
const sounds = `/guilds/${SEED.guildId}/soundboard-sounds`;
const send = `/channels/${CH.voice}/send-soundboard-sound`;

// --- sound files, built byte by byte

/** An MPEG-1 Layer III stream of `frames` frames at 128 kbit/s, 44.1 kHz (417 bytes, 26.12 ms each). */
function mp3(frames: number, id3Bytes = 0): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9000, 0);
  const parts: Buffer[] = [];
  if (id3Bytes > 0) {
    const size = id3Bytes - 10;
    parts.push(Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]), Buffer.alloc(size)]));
  }
  for (let i = 0; i < frames; i++) parts.push(frame);
  return Buffer.concat(parts);
}

function oggPage(granule: bigint, body: Buffer, sequence: number): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(7, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = 1;
  return Buffer.concat([header, Buffer.from([body.length]), body]);
}

/** An Ogg Opus stream `ms` long (48 kHz granules after a 312-sample pre-skip). */
function oggOpus(ms: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48000, 12);
  return Buffer.concat([oggPage(0n, head, 0), oggPage(BigInt(ms * 48 + 312), Buffer.from('audio'), 1)]);
}

const uri = (bytes: Buffer, type = 'audio/mpeg') => `data:${type};base64,${bytes.toString('base64')}`;

let s: Started;
let api: Api;
let events: BusEvent[] = [];
const guild = () => s.emu.core.state.guilds.get(SEED.guildId)!;
const everyone = () => guild().roles.find((r) => r.id === SEED.guildId)!;
const botMember = () => guild().members.find((m) => m.userId === SEED.botUserId)!;
const grant = (bits: bigint) => {
  guild().roles.find((r) => r.id === ROLE_BOT)!.permissions = bits;
};
const create = (body: Record<string, unknown>) => api.post(sounds, { name: 'ding', sound: uri(mp3(10)), ...body }, api.bot);
const removeAll = () => {
  guild().soundboardSounds = [];
};

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
  everyone().permissions = P.VIEW_CHANNEL | P.CONNECT;
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  events = [];
  grant(P.CREATE_GUILD_EXPRESSIONS);
  removeAll();
});

describe('default sounds', () => {
  it('are listed for any caller, in the public shape; without a token it is 401', async () => {
    const reply = await api.get('/soundboard-default-sounds', api.bot);
    expect(reply.status).toBe(200);
    const list = reply.body as APISoundboardSound[];
    expect(list.length).toBeGreaterThan(0);
    for (const sound of list) {
      expect(Object.keys(sound).sort()).toEqual(['available', 'emoji_id', 'emoji_name', 'name', 'sound_id', 'volume']);
      expect(sound.volume).toBe(1);
    }
    expect((await api.get('/soundboard-default-sounds', `Bearer ${api.token(SEED.users.dave)}`)).status).toBe(200);
    expect((await api.get('/soundboard-default-sounds')).status).toBe(401);
  });
});

describe('a guild sound', () => {
  it('is created with CREATE_GUILD_EXPRESSIONS: the public shape, GUILD_SOUNDBOARD_SOUND_CREATE, an audit entry (130) with the reason', async () => {
    const reply = await api.call('POST', sounds, { json: { name: 'ding', sound: uri(mp3(10)), volume: 0.5, emoji_name: '🔔' }, auth: api.bot, headers: { 'X-Audit-Log-Reason': 'for%20raids' } });
    expect(reply.status).toBe(200);
    const sound = reply.body as APISoundboardSound;
    expect(Object.keys(sound).sort()).toEqual(['available', 'emoji_id', 'emoji_name', 'guild_id', 'name', 'sound_id', 'user', 'volume']);
    expect(sound).toMatchObject({ name: 'ding', volume: 0.5, emoji_id: null, emoji_name: '🔔', guild_id: SEED.guildId, available: true });
    expect(sound.user?.id).toBe(SEED.botUserId);
    const event = events.find((e) => e.type === 'GUILD_SOUNDBOARD_SOUND_CREATE');
    expect(event?.guildId).toBe(SEED.guildId);
    expect(event?.data.sound_id).toBe(sound.sound_id);
    const audit = s.emu.core.state.auditLog.get(SEED.guildId)!.find((e) => e.targetId === sound.sound_id)!;
    expect(audit).toMatchObject({ actionType: 130, userId: SEED.botUserId, reason: 'for raids' });
    expect((await api.get(`${sounds}/${sound.sound_id}`, api.bot)).body.name).toBe('ding');
    expect((await api.get(sounds, api.bot)).body.items.map((x: APISoundboardSound) => x.sound_id)).toEqual([sound.sound_id]);
  });

  it('a custom emoji must be one of the guild; volume defaults to 1, null is 1', async () => {
    expect((await create({ emoji_id: '123456789012345678' })).body.errors.emoji_id._errors[0].code).toBe('UNKNOWN_EMOJI');
    const made = (await create({ volume: null })).body;
    expect(made.volume).toBe(1);
    expect((await create({})).body.volume).toBe(1);
  });

  it('without CREATE_GUILD_EXPRESSIONS (or MANAGE_, after the split) it is 50013, and nothing is made', async () => {
    grant(P.MANAGE_GUILD_EXPRESSIONS);
    expect((await create({})).body.code).toBe(50013);
    grant(0n);
    expect((await create({})).body.code).toBe(50013);
    expect(guild().soundboardSounds).toEqual([]);
  });

  it('the name is 2 to 32 characters; the volume a number from 0 to 1', async () => {
    expect((await create({ name: 'x' })).body.code).toBe(50035);
    expect((await create({ name: 'x'.repeat(33) })).body.code).toBe(50035);
    expect((await create({ name: 'xy' })).status).toBe(200);
    expect((await create({ name: 'x'.repeat(32) })).status).toBe(200);
    const over = await create({ volume: 1.0001 });
    expect(over.body.errors.volume._errors[0].code).toBe('NUMBER_TYPE_MAX');
    expect((await create({ volume: -0.0001 })).body.errors.volume._errors[0].code).toBe('NUMBER_TYPE_MIN');
    expect((await create({ volume: '1' })).body.errors.volume._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    expect((await create({ volume: 0 })).body.volume).toBe(0);
    expect((await create({ volume: 1 })).body.volume).toBe(1);
  });

  it('the sound is an MP3 or Ogg told by its bytes; anything else is SOUND_INVALID', async () => {
    const code = async (sound: unknown) => (await create({ sound })).body.errors?.sound?._errors[0].code;
    expect(await code(undefined)).toBe('BASE_TYPE_REQUIRED');
    expect(await code(42)).toBe('SOUND_INVALID');
    expect(await code(uri(mp3(10), 'image/png'))).toBe('SOUND_INVALID');
    expect(await code(uri(Buffer.from('not a sound at all'), 'audio/mpeg'))).toBe('SOUND_INVALID');
    expect(await code(uri(mp3(10).subarray(0, 417 * 10 - 1)))).toBe('SOUND_INVALID'); // a frame cut short
    expect(await code(uri(Buffer.from('OggS garbage'), 'audio/ogg'))).toBe('SOUND_INVALID');
    expect((await create({ sound: uri(oggOpus(1000), 'audio/ogg') })).status).toBe(200);
    expect((await create({ sound: uri(mp3(10, 64), 'audio/mpeg') })).status).toBe(200); // behind an ID3v2 tag
  });

  it('at most 5.2 seconds long: MP3 frames counted, the Ogg stream to the millisecond', async () => {
    const code = async (sound: string) => (await create({ sound })).body.errors?.sound?._errors[0].code;
    expect(await code(uri(mp3(199)))).toBeUndefined(); // 5198 ms
    removeAll();
    expect(await code(uri(mp3(200)))).toBe('SOUND_DURATION_MAX'); // 5224 ms
    expect(await code(uri(oggOpus(5200), 'audio/ogg'))).toBeUndefined();
    expect(await code(uri(oggOpus(5201), 'audio/ogg'))).toBe('SOUND_DURATION_MAX');
  });

  it('at most 512 KiB: exactly 512 KiB is made, one byte more is BINARY_TYPE_MAX_SIZE', async () => {
    const frames = 10;
    const exact = mp3(frames, MAX_SOUND_BYTES - frames * 417);
    expect(exact.length).toBe(MAX_SOUND_BYTES);
    expect((await create({ sound: uri(exact) })).status).toBe(200);
    const over = mp3(frames, MAX_SOUND_BYTES - frames * 417 + 1);
    expect((await create({ sound: uri(over) })).body.errors.sound._errors[0].code).toBe('BINARY_TYPE_MAX_SIZE');
  });

  it('8 per guild: the 8th is made, the 9th is 30045', async () => {
    for (let i = 0; i < 8; i++) expect((await create({ name: `s${i}` })).status).toBe(200);
    const ninth = await create({ name: 's8' });
    expect(ninth.status).toBe(400);
    expect(ninth.body.code).toBe(30045);
    expect(guild().soundboardSounds).toHaveLength(8);
  });

  it("its creator changes and deletes its own with CREATE_; another's needs MANAGE_GUILD_EXPRESSIONS", async () => {
    const mine = (await create({ name: 'mine' })).body as APISoundboardSound;
    const patched = await api.patch(`${sounds}/${mine.sound_id}`, { name: 'renamed', volume: 0.25 }, api.bot);
    expect(patched.body).toMatchObject({ name: 'renamed', volume: 0.25, emoji_name: null });
    expect(events.find((e) => e.type === 'GUILD_SOUNDBOARD_SOUND_UPDATE')?.data.name).toBe('renamed');
    expect((await api.patch(`${sounds}/${mine.sound_id}`, { name: 'r' }, api.bot)).body.code).toBe(50035);
    // Someone else's sound.
    guild().soundboardSounds!.push({ id: '1349146942634069999', name: 'theirs', volume: 1, emojiId: null, emojiName: null, creatorId: SEED.users.bob, durationMs: 100 });
    expect((await api.patch(`${sounds}/1349146942634069999`, { name: 'mine now' }, api.bot)).body.code).toBe(50013);
    expect((await api.delete(`${sounds}/1349146942634069999`, api.bot)).body.code).toBe(50013);
    grant(P.MANAGE_GUILD_EXPRESSIONS);
    expect((await api.patch(`${sounds}/1349146942634069999`, { volume: null }, api.bot)).body.volume).toBe(1);
    expect((await api.delete(`${sounds}/1349146942634069999`, api.bot)).status).toBe(204);
    expect(events.find((e) => e.type === 'GUILD_SOUNDBOARD_SOUND_DELETE')?.data).toEqual({ sound_id: '1349146942634069999', guild_id: SEED.guildId });
    expect(s.emu.core.state.auditLog.get(SEED.guildId)!.some((e) => e.actionType === 132 && e.targetId === '1349146942634069999')).toBe(true);
    expect((await api.get(`${sounds}/1349146942634069999`, api.bot)).body.code).toBe(10097);
    expect((await api.delete(`${sounds}/1349146942634069999`, api.bot)).body.code).toBe(10097);
    expect((await api.get(`${sounds}/not-an-id`, api.bot)).body.code).toBe(10097);
  });

  it("the list shows creators only to members who may manage expressions", async () => {
    await create({ name: 'mine' });
    expect((await api.get(sounds, api.bot)).body.items[0].user.id).toBe(SEED.botUserId);
    grant(0n);
    const items = (await api.get(sounds, api.bot)).body.items;
    expect(items).toHaveLength(1);
    expect(items[0].user).toBeUndefined();
  });
});

describe('Send Soundboard Sound', () => {
  let sound: APISoundboardSound;
  beforeEach(async () => {
    sound = (await create({ name: 'horn', volume: 0.4 })).body;
    grant(PLAY);
    s.emu.control.setVoiceChannel(SEED.botUserId, CH.voice);
    events = [];
  });

  it("plays in the voice channel one is connected to: VOICE_CHANNEL_EFFECT_SEND to the channel's members", async () => {
    s.emu.control.setVoiceChannel(SEED.users.bob, CH.voice);
    const reply = await api.post(send, { sound_id: sound.sound_id }, api.bot);
    expect(reply.status).toBe(204);
    const effect = events.find((e) => e.type === 'VOICE_CHANNEL_EFFECT_SEND')!;
    expect(effect.data).toEqual({ channel_id: CH.voice, guild_id: SEED.guildId, user_id: SEED.botUserId, sound_id: sound.sound_id, sound_volume: 0.4 });
    expect(effect.userIds.sort()).toEqual([SEED.botUserId, SEED.users.bob].sort());
    expect(effect.botUserIds).toEqual(effect.userIds);
    expect((await api.post(send, { sound_id: '1' }, api.bot)).status).toBe(204); // a default sound
    s.emu.control.setVoiceChannel(SEED.users.bob, null);
  });

  it('not connected to the channel: 40032; a text channel: 50024; an unknown sound: 10097; no sound_id: 50035', async () => {
    s.emu.control.setVoiceChannel(SEED.botUserId, null);
    expect((await api.post(send, { sound_id: sound.sound_id }, api.bot)).body.code).toBe(40032);
    expect((await api.post(`/channels/${CH.general}/send-soundboard-sound`, { sound_id: sound.sound_id }, api.bot)).body.code).toBe(50024);
    s.emu.control.setVoiceChannel(SEED.botUserId, CH.voice);
    expect((await api.post(send, { sound_id: '1349146942634068888' }, api.bot)).body.code).toBe(10097);
    expect((await api.post(send, {}, api.bot)).body.code).toBe(50035);
    expect((await api.post('/channels/1349146942634068888/send-soundboard-sound', { sound_id: '1' }, api.bot)).body.code).toBe(10003);
    expect(events.some((e) => e.type === 'VOICE_CHANNEL_EFFECT_SEND')).toBe(false);
  });

  it('needs SPEAK and USE_SOUNDBOARD in the channel, and no mute or deafen (server or own)', async () => {
    grant(PLAY & ~P.USE_SOUNDBOARD);
    expect((await api.post(send, { sound_id: sound.sound_id }, api.bot)).body.code).toBe(50013);
    grant(PLAY & ~P.SPEAK);
    expect((await api.post(send, { sound_id: sound.sound_id }, api.bot)).body.code).toBe(50013);
    grant(PLAY);
    for (const flag of ['mute', 'deaf', 'selfMute', 'selfDeaf'] as const) {
      botMember()[flag] = true;
      expect((await api.post(send, { sound_id: sound.sound_id }, api.bot)).body.code, flag).toBe(50013);
      botMember()[flag] = false;
    }
    expect((await api.post(send, { sound_id: sound.sound_id }, api.bot)).status).toBe(204);
  });

  it("another guild's sound needs source_guild_id, membership there and USE_EXTERNAL_SOUNDS", async () => {
    const other = s.emu.control.createGuild('Other Guild');
    const otherGuild = s.emu.core.state.guilds.get(other.id)!;
    otherGuild.soundboardSounds = [{ id: '1349146942634067777', name: 'far', volume: 0.7, emojiId: null, emojiName: null, creatorId: SEED.botUserId, durationMs: 100 }];
    expect((await api.post(send, { sound_id: '1349146942634067777' }, api.bot)).body.code).toBe(10097);
    expect((await api.post(send, { sound_id: '1349146942634067777', source_guild_id: other.id }, api.bot)).body.code).toBe(50013);
    grant(PLAY | P.USE_EXTERNAL_SOUNDS);
    expect((await api.post(send, { sound_id: '1349146942634067777', source_guild_id: other.id }, api.bot)).status).toBe(204);
    expect(events.find((e) => e.type === 'VOICE_CHANNEL_EFFECT_SEND')?.data.sound_volume).toBe(0.7);
    otherGuild.members = otherGuild.members.filter((m) => m.userId !== SEED.botUserId);
    expect((await api.post(send, { sound_id: '1349146942634067777', source_guild_id: other.id }, api.bot)).body.code).toBe(10097);
  });
});

describe('the gateway', () => {
  async function bot(intents: number): Promise<GatewayClient> {
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    const from = client.mark();
    client.identify(`Bot ${s.emu.application.botToken}`, { intents });
    await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from, timeoutMs: 5000 });
    return client;
  }

  it("GUILD_CREATE carries the guild's sounds; op 31 answers SOUNDBOARD_SOUNDS per guild the bot is in", async () => {
    const made = (await create({ name: 'boom' })).body as APISoundboardSound;
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      const from = client.mark();
      client.identify(`Bot ${s.emu.application.botToken}`, { intents: 1 });
      const created = (await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from, timeoutMs: 5000 })).d;
      expect(created.soundboard_sounds.map((x: APISoundboardSound) => x.sound_id)).toEqual([made.sound_id]);
      const asked = client.mark();
      client.send({ op: 31, d: { guild_ids: [SEED.guildId, '1349146942634068888'] } });
      const answer = (await client.waitFor(dispatchOf('SOUNDBOARD_SOUNDS'), { from: asked, timeoutMs: 5000 })).d;
      expect(answer.guild_id).toBe(SEED.guildId);
      expect(answer.soundboard_sounds.map((x: APISoundboardSound) => x.sound_id)).toEqual([made.sound_id]);
      await new Promise((r) => setTimeout(r, 100));
      expect(client.dispatches('SOUNDBOARD_SOUNDS', asked)).toHaveLength(1); // nothing for a guild it is not in
    } finally {
      client.close();
    }
  });

  it('op 31 without a list of guild ids closes with 4002', async () => {
    const client = await bot(1);
    client.send({ op: 31, d: { guild_ids: 'everything' } });
    expect((await client.closed).code).toBe(4002);
  });

  it('sound events reach bots with GUILD_EXPRESSIONS; effects reach bots in the channel with GUILD_VOICE_STATES', async () => {
    const withIntent = await bot(1 | GUILD_EXPRESSIONS | GUILD_VOICE_STATES);
    const without = await bot(1);
    try {
      const from = withIntent.mark();
      const fromWithout = without.mark();
      const made = (await create({ name: 'tada' })).body as APISoundboardSound;
      expect((await withIntent.waitFor(dispatchOf('GUILD_SOUNDBOARD_SOUND_CREATE'), { from, timeoutMs: 5000 })).d.sound_id).toBe(made.sound_id);
      grant(PLAY);
      s.emu.control.setVoiceChannel(SEED.botUserId, CH.voice);
      expect((await api.post(send, { sound_id: made.sound_id }, api.bot)).status).toBe(204);
      expect((await withIntent.waitFor(dispatchOf('VOICE_CHANNEL_EFFECT_SEND'), { from, timeoutMs: 5000 })).d.sound_id).toBe(made.sound_id);
      await new Promise((r) => setTimeout(r, 100));
      expect(without.dispatches('GUILD_SOUNDBOARD_SOUND_CREATE', fromWithout)).toHaveLength(0);
      expect(without.dispatches('VOICE_CHANNEL_EFFECT_SEND', fromWithout)).toHaveLength(0);
      // A member's effect in a channel the bot is not in does not reach the bot (the service sends
      // effects only to those connected; a person plays sounds from the client, so the domain
      // function stands in for it here).
      s.emu.control.setVoiceChannel(SEED.botUserId, null);
      s.emu.control.setVoiceChannel(SEED.users.alice, CH.voice);
      const later = withIntent.mark();
      sendSound(s.emu.core, guild(), CH.voice, SEED.users.alice, '1', null);
      expect(events.filter((e) => e.type === 'VOICE_CHANNEL_EFFECT_SEND').at(-1)?.data.user_id).toBe(SEED.users.alice);
      await new Promise((r) => setTimeout(r, 100));
      expect(withIntent.dispatches('VOICE_CHANNEL_EFFECT_SEND', later)).toHaveLength(0);
      s.emu.control.setVoiceChannel(SEED.users.alice, null);
    } finally {
      withIntent.close();
      without.close();
    }
  });
});
