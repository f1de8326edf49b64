// Voice states over HTTP (spec: Get Current User Voice State and Get User Voice State need no
// gateway connection): read from the member's voice channel; 10065 when not connected.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, SEED, start, until, type Started } from './helpers';
import { GatewayClient } from './helpers/gateway_client';

let s: Started;
let api: Api;
const g = BigInt(SEED.guildId);
const lobbyVoice = (g + 15n).toString();
const raidVoice = (g + 16n).toString();

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('voice states', () => {
  it('GET /guilds/{g}/voice-states/@me answers the bot\'s state without a gateway connection, and 10065 when it is in no channel', async () => {
    const none = await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, api.bot);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe(10065);
    s.emu.control.setVoiceChannel(SEED.botUserId, lobbyVoice);
    const mine = await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, api.bot);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ guild_id: SEED.guildId, channel_id: lobbyVoice, user_id: SEED.botUserId, deaf: false, mute: false, self_deaf: false, self_mute: false, self_video: false, suppress: false, request_to_speak_timestamp: null });
    expect(typeof mine.body.session_id).toBe('string');
    expect(mine.body.member.user.id).toBe(SEED.botUserId);
    s.emu.control.setVoiceChannel(SEED.botUserId, null);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, api.bot)).body.code).toBe(10065);
  });

  it('carries the server mute and deafen, and the own ones the bot last sent with op 4 (cleared when it leaves)', async () => {
    const member = () => s.emu.core.state.guilds.get(SEED.guildId)!.members.find((m) => m.userId === SEED.botUserId)!;
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await client.identifyBot(s.emu.application.botToken, 1 | (1 << 7));
      client.send({ op: 4, d: { guild_id: SEED.guildId, channel_id: lobbyVoice, self_mute: true, self_deaf: false } });
      await until(() => member().voiceChannelId === lobbyVoice, 5000, 'the bot in the voice channel');
      let state = (await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, api.bot)).body;
      expect(state).toMatchObject({ channel_id: lobbyVoice, self_mute: true, self_deaf: false, mute: false, deaf: false });
      client.send({ op: 4, d: { guild_id: SEED.guildId, channel_id: lobbyVoice, self_mute: false, self_deaf: true } });
      await until(() => member().selfDeaf === true, 5000, 'self_deaf');
      member().mute = true;
      state = (await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, api.bot)).body;
      expect(state).toMatchObject({ self_mute: false, self_deaf: true, mute: true, deaf: false });
      member().mute = false;
      client.send({ op: 4, d: { guild_id: SEED.guildId, channel_id: null } });
      await until(() => member().voiceChannelId === null, 5000, 'the bot out of the channel');
      expect(member().selfDeaf).toBeUndefined();
    } finally {
      client.close();
    }
  });

  it('a user\'s bearer token reads its own state (Get Current User Voice State)', async () => {
    const nelly = bearer(api.token(SEED.users.nelly));
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, nelly)).body.code).toBe(10065);
    s.emu.control.setVoiceChannel(SEED.users.nelly, raidVoice);
    try {
      const reply = await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, nelly);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ channel_id: raidVoice, user_id: SEED.users.nelly });
    } finally {
      s.emu.control.setVoiceChannel(SEED.users.nelly, null);
    }
  });

  it('GET /guilds/{g}/voice-states/{user} answers another member\'s state, 10065 for a member in no channel or a non-member', async () => {
    s.emu.control.setVoiceChannel(SEED.users.bob, lobbyVoice);
    try {
      const bob = await api.get(`/guilds/${SEED.guildId}/voice-states/${SEED.users.bob}`, api.bot);
      expect(bob.status).toBe(200);
      expect(bob.body).toMatchObject({ guild_id: SEED.guildId, channel_id: lobbyVoice, user_id: SEED.users.bob });
      expect((await api.get(`/guilds/${SEED.guildId}/voice-states/${SEED.users.carol}`, api.bot)).body.code).toBe(10065);
      const stranger = await api.createUser('voice_stranger');
      expect((await api.get(`/guilds/${SEED.guildId}/voice-states/${stranger}`, api.bot)).body.code).toBe(10065);
    } finally {
      s.emu.control.setVoiceChannel(SEED.users.bob, null);
    }
  });

  it('a data file written before the own mute and deafen were kept (a member in a channel without them) reads self_mute and self_deaf false', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-voice-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile });
      first.emu.control.setVoiceChannel(SEED.botUserId, lobbyVoice);
      await first.emu.close();
      const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
      const guild = saved.guilds.find(([id]: [string]) => id === SEED.guildId)[1];
      const member = guild.members.find((m: { userId: string }) => m.userId === SEED.botUserId);
      expect(member).toMatchObject({ voiceChannelId: lobbyVoice, selfMute: false, selfDeaf: false });
      delete member.selfMute;
      delete member.selfDeaf;
      writeFileSync(dataFile, JSON.stringify(saved));
      const second = await start({ dataFile });
      try {
        const state = await second.api.get(`/guilds/${SEED.guildId}/voice-states/@me`, second.api.bot);
        expect(state.status).toBe(200);
        expect(state.body).toMatchObject({ channel_id: lobbyVoice, self_mute: false, self_deaf: false });
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses callers outside the guild (50001), unknown guilds (10004), bad ids and missing credentials', async () => {
    const stranger = await api.createUser('voice_outsider');
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, bearer(api.token(stranger)))).body.code).toBe(50001);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/${SEED.users.bob}`, bearer(api.token(stranger)))).body.code).toBe(50001);
    expect((await api.get('/guilds/123/voice-states/@me', api.bot)).body.code).toBe(10004);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/abc`, api.bot)).body.code).toBe(10013);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/@me`)).status).toBe(401);
  });
});
