// The soundboard through a mainstream bot library, discord.js 14.28.1: it uploads a sound (its
// own data URI of the file), hears GUILD_SOUNDBOARD_SOUND_CREATE as guildSoundboardSoundCreate,
// lists the guild's and the default sounds, asks for sounds over the gateway (op 31, answered
// with SOUNDBOARD_SOUNDS), edits, plays the sound in a voice channel and deletes it — every step
// through the library's own objects, so a payload it cannot read fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, type GuildSoundboardSound, type VoiceChannel } from 'discord.js';
import { SEED, startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { loggedIn, within } from './helpers/discordjs';

const g = BigInt(SEED.guildId);
const ROLE_BOT = (g + 2n).toString();
const VOICE = (g + 15n).toString();
// CONNECT, SPEAK, USE_SOUNDBOARD and CREATE_GUILD_EXPRESSIONS.
const PERMISSIONS = (1n << 20n) | (1n << 21n) | (1n << 42n) | (1n << 43n);

/** One MPEG-1 Layer III frame of silence-sized data, ten times (261 ms). */
function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9000, 0);
  return Buffer.concat(Array.from({ length: 10 }, () => frame));
}

let emu: RunningEmulator;
let client: Client<true>;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, heartbeatIntervalMs: 300 });
  emu.control.setRateLimits(false);
  emu.core.state.guilds.get(SEED.guildId)!.roles.find((r) => r.id === ROLE_BOT)!.permissions = PERMISSIONS;
  client = await loggedIn(new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildExpressions, GatewayIntentBits.GuildVoiceStates], rest: { api: emu.apiBase } }), emu.application.botToken);
});

afterAll(async () => {
  await client?.destroy();
  await emu?.close();
});

describe('discord.js 14.28.1: the soundboard', () => {
  it('creates, lists, fetches over the gateway, edits, plays and deletes a guild sound', async () => {
    const guild = client.guilds.cache.get(SEED.guildId)!;
    const announced = new Promise<GuildSoundboardSound>((resolve) => client.once(Events.GuildSoundboardSoundCreate, (s) => resolve(s as GuildSoundboardSound)));
    const sound = await within(guild.soundboardSounds.create({ file: mp3(), contentType: 'audio/mpeg', name: 'ping', volume: 0.5, emojiName: '🔔', reason: 'test' }), 'create');
    expect(sound.name).toBe('ping');
    expect(sound.volume).toBe(0.5);
    expect(sound.guildId).toBe(SEED.guildId);
    expect((await within(announced, 'guildSoundboardSoundCreate')).soundId).toBe(sound.soundId);

    const listed = await within(guild.soundboardSounds.fetch(), 'list');
    expect([...listed.keys()]).toEqual([sound.soundId]);
    const defaults = await within(client.fetchDefaultSoundboardSounds(), 'default sounds');
    expect(defaults.size).toBeGreaterThan(0);
    const overGateway = await within(client.guilds.fetchSoundboardSounds({ guildIds: [SEED.guildId] }), 'op 31');
    expect([...overGateway.get(SEED.guildId)!.keys()]).toEqual([sound.soundId]);

    const edited = await within(sound.edit({ name: 'pong', volume: 1 }), 'edit');
    expect(edited.name).toBe('pong');

    emu.control.setVoiceChannel(SEED.botUserId, VOICE);
    const channel = (await within(client.channels.fetch(VOICE), 'voice channel')) as VoiceChannel;
    await within(channel.sendSoundboardSound(sound), 'play');
    emu.control.setVoiceChannel(SEED.botUserId, null);

    await within(guild.soundboardSounds.delete(sound), 'delete');
    expect((await within(guild.soundboardSounds.fetch(), 'list again')).size).toBe(0);
  });
});
