// Voice states over HTTP (spec: Get Current User Voice State and Get User Voice State need no
// gateway connection): read from the member's voice channel; 10065 when not connected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, SEED, start, type Started } from './helpers';

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

  it('refuses callers outside the guild (50001), unknown guilds (10004), bad ids and missing credentials', async () => {
    const stranger = await api.createUser('voice_outsider');
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/@me`, bearer(api.token(stranger)))).body.code).toBe(50001);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/${SEED.users.bob}`, bearer(api.token(stranger)))).body.code).toBe(50001);
    expect((await api.get('/guilds/123/voice-states/@me', api.bot)).body.code).toBe(10004);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/abc`, api.bot)).body.code).toBe(10013);
    expect((await api.get(`/guilds/${SEED.guildId}/voice-states/@me`)).status).toBe(401);
  });
});
