// Part 3: users (premium_type hidden unless approved, guild tags of 1-4 characters), guilds with
// banners behind the guilds scope, connections without legacy game connections, guild channels
// without the ones the caller cannot view, POST /guilds refused, voice channel status, and
// 64-bit permissions with their string companions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, bearer, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;

// The spec's bits, written out here so a wrong constant in the emulator shows.
const BIT = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  MANAGE_CHANNELS: 1n << 4n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
};

const g = BigInt(SEED.guildId);
const id = (n: number) => (g + BigInt(n)).toString();
const ROLE = { everyone: SEED.guildId, moderators: id(1), bot: id(2) };
const CH = { welcome: id(10), textCategory: id(11), general: id(12), announcements: id(13), voiceCategory: id(14), lobbyVoice: id(15), raidVoice: id(16), staff: id(17), staffOnly: id(18), noBots: id(19) };

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('users', () => {
  it('GET /users/@me answers for a bearer token and for the bot', async () => {
    const user = await api.get('/users/@me', bearer(api.token(SEED.users.nelly)));
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: SEED.users.nelly, username: 'nelly', discriminator: '0', global_name: 'Nelly', premium_type: 0, primary_guild: null });
    const bot = await api.get('/users/@me', api.bot);
    expect(bot.body).toMatchObject({ id: SEED.botUserId, bot: true });
    expect((await api.get('/users/@me')).status).toBe(401);
    expect((await api.get('/users/@me', 'Bearer nope')).status).toBe(401);
    expect((await api.get('/users/@me', 'Bot nope')).status).toBe(401);
  });

  it('premium_type is 0 for applications not approved for identify.premium, whatever the subscription', async () => {
    const token = bearer(api.token(SEED.users.alice));
    expect((await api.get('/users/@me', token)).body.premium_type).toBe(0);
    expect((await api.get(`/users/${SEED.users.alice}`, api.bot)).body.premium_type).toBe(0);
    s.emu.control.setPremiumApproval(true);
    try {
      expect((await api.get('/users/@me', token)).body.premium_type).toBe(2);
      expect((await api.get(`/users/${SEED.users.alice}`, api.bot)).body.premium_type).toBe(2);
    } finally {
      s.emu.control.setPremiumApproval(false);
    }
    // Approval is per application: the child application was never approved.
    s.emu.control.setPremiumApproval(true, SEED.applicationId);
    try {
      const child = await api.post('/partner-sdk/child-token', { parent_access_token: api.token(SEED.users.alice), child_application_id: SEED.childApplicationId });
      expect((await api.get('/users/@me', bearer(child.body.access_token))).body.premium_type).toBe(0);
    } finally {
      s.emu.control.setPremiumApproval(false);
    }
  });

  it('primary_guild carries a guild tag of 1 to 4 characters', async () => {
    const bob = (await api.get(`/users/${SEED.users.bob}`, api.bot)).body;
    expect(bob.primary_guild).toMatchObject({ identity_guild_id: SEED.guildId, identity_enabled: true, tag: 'SDK' });
    for (const tag of ['A', 'ABCD', '🎮🎮']) {
      const created = s.emu.control.createUser({ username: `tag_${[...tag].length}_${tag.length}`, primaryGuildTag: tag });
      const seen = (await api.get(`/users/${created.id}`, api.bot)).body;
      expect(seen.primary_guild.tag).toBe(tag);
    }
    for (const tag of ['', 'ABCDE']) {
      const refused = await api.control('createUser', { username: `bad_tag_${tag.length}`, primaryGuildTag: tag });
      expect(refused.status, JSON.stringify(tag)).toBe(400);
    }
    for (const u of s.emu.users) {
      const tag = (await api.get(`/users/${u.id}`, api.bot)).body.primary_guild?.tag;
      if (tag !== undefined) expect([...tag].length).toBeGreaterThanOrEqual(1);
      if (tag !== undefined) expect([...tag].length).toBeLessThanOrEqual(4);
    }
  });

  it('GET /users/{id}: unknown and malformed ids are 10013', async () => {
    for (const bad of ['123', 'abc', '99999999999999999999999', '-1']) {
      const reply = await api.get(`/users/${bad}`, api.bot);
      expect(reply.status, bad).toBe(404);
      expect(reply.body.code).toBe(10013);
    }
  });

  it('GET /users/@me/guilds needs the guilds scope and includes banner', async () => {
    const without = await api.get('/users/@me/guilds', bearer(api.token(SEED.users.nelly, ['openid', 'identify'])));
    expect(without.status).toBe(403);
    expect(without.body.code).toBe(50001);
    for (const scopes of [['guilds'], ['openid', 'sdk.social_layer']]) {
      const reply = await api.get('/users/@me/guilds', bearer(api.token(SEED.users.nelly, scopes)));
      expect(reply.status, scopes.join(' ')).toBe(200);
      expect(reply.body).toEqual([
        expect.objectContaining({ id: SEED.guildId, name: 'sdkpp Test Guild', banner: expect.stringMatching(/^a_[0-9a-f]+$/), owner: false }),
      ]);
      expect(reply.body[0]).toHaveProperty('banner');
    }
    const loner = await api.createUser('no_guilds');
    expect((await api.get('/users/@me/guilds', bearer(api.token(loner, ['guilds'])))).body).toEqual([]);
    expect((await api.get('/users/@me/guilds', api.bot)).body[0].id).toBe(SEED.guildId);
  });

  it('GET /users/@me/connections leaves out legacy third-party game connections', async () => {
    const reply = await api.get('/users/@me/connections', bearer(api.token(SEED.users.carol)));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([expect.objectContaining({ type: 'steam', name: 'carol_on_steam' })]);
    expect(s.emu.core.user(SEED.users.carol)!.connections).toHaveLength(2); // the legacy one exists, hidden
  });

  it('PATCH /users/@me renames provisional accounts only', async () => {
    const full = await api.patch('/users/@me', { global_name: 'New' }, bearer(api.token(SEED.users.nelly)));
    expect(full.status).toBe(403);
    const guest = await api.post('/partner-sdk/token', { client_id: SEED.applicationId, external_auth_type: 'STEAM_SESSION_TICKET', external_auth_token: 'guest-rename' });
    const auth = bearer(guest.body.access_token);
    const renamed = await api.patch('/users/@me', { global_name: 'Guest Star' }, auth);
    expect(renamed.body.global_name).toBe('Guest Star');
    const extra = await api.patch('/users/@me', { global_name: 'X', username: 'nope' }, auth);
    expect(extra.body.errors.username._errors[0].code).toBe('UNKNOWN_FIELD');
  });
});

describe('permissions are 64-bit with string companions', () => {
  it('permissions (a string, as the public type has it) and its companion permissions_new carry bits 43, 44, 48, 50, 51 and 52', async () => {
    const everyone = BIT.VIEW_CHANNEL | BIT.SEND_MESSAGES | BIT.READ_MESSAGE_HISTORY | BIT.CONNECT | BIT.SPEAK | BIT.USE_EXTERNAL_APPS | BIT.CREATE_INSTANT_INVITE;
    const moderators = BIT.MANAGE_CHANNELS | BIT.MANAGE_MESSAGES | BIT.PIN_MESSAGES | BIT.SET_VOICE_CHANNEL_STATUS | BIT.BYPASS_SLOWMODE | BIT.CREATE_EVENTS;
    const bob = (await api.get('/users/@me/guilds', bearer(api.token(SEED.users.bob, ['guilds'])))).body[0];
    expect(bob.permissions_new).toBe((everyone | moderators).toString());
    expect(bob.permissions).toBe((everyone | moderators).toString());
    for (const bit of [BIT.CREATE_EVENTS, BIT.SET_VOICE_CHANNEL_STATUS, BIT.USE_EXTERNAL_APPS, BIT.PIN_MESSAGES, BIT.BYPASS_SLOWMODE]) {
      expect(BigInt(bob.permissions_new) & bit).toBe(bit);
    }
    expect(BigInt(bob.permissions_new) & BIT.CREATE_GUILD_EXPRESSIONS).toBe(0n);
    // The owner holds every bit, CREATE_GUILD_EXPRESSIONS (43) included.
    const alice = (await api.get('/users/@me/guilds', bearer(api.token(SEED.users.alice, ['guilds'])))).body[0];
    expect(alice.owner).toBe(true);
    expect(BigInt(alice.permissions_new) & BIT.CREATE_GUILD_EXPRESSIONS).toBe(BIT.CREATE_GUILD_EXPRESSIONS);
    expect(BigInt(alice.permissions_new)).toBeGreaterThan(2n ** 52n);
  });

  it('overwrites serialize allow_new and deny_new as strings of the full 64-bit value', async () => {
    const allow = BIT.CREATE_GUILD_EXPRESSIONS | BIT.CREATE_EVENTS | BIT.PIN_MESSAGES | BIT.VIEW_CHANNEL;
    const deny = BIT.BYPASS_SLOWMODE | BIT.USE_EXTERNAL_APPS;
    s.emu.control.setChannelOverwrite(CH.general, ROLE.moderators, 0, allow.toString(), deny.toString());
    try {
      const channels = (await api.get(`/guilds/${SEED.guildId}/channels`, api.bot)).body as Array<Record<string, any>>;
      const general = channels.find((c) => c.id === CH.general)!;
      const overwrite = general.permission_overwrites.find((o: { id: string }) => o.id === ROLE.moderators);
      // allow/deny themselves are the full value too (API v10's strings; bot libraries read them).
      expect(overwrite).toEqual({ id: ROLE.moderators, type: 0, allow: allow.toString(), deny: deny.toString(), allow_new: allow.toString(), deny_new: deny.toString() });
      const staff = channels.find((c) => c.id === CH.welcome)!;
      expect(staff.permission_overwrites).toEqual([]);
    } finally {
      s.emu.control.setChannelOverwrite(CH.general, ROLE.moderators, 0, null, null);
    }
  });
});

describe('GET /guilds/{id}/channels', () => {
  const ids = (body: Array<{ id: string }>) => body.map((c) => c.id).sort();

  it('omits the channels the bot lacks VIEW_CHANNEL for', async () => {
    const reply = await api.get(`/guilds/${SEED.guildId}/channels`, api.bot);
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([CH.welcome, CH.textCategory, CH.general, CH.announcements, CH.voiceCategory, CH.lobbyVoice, CH.raidVoice].sort());
    const general = reply.body.find((c: { id: string }) => c.id === CH.general);
    expect(general).toMatchObject({ type: 0, guild_id: SEED.guildId, name: 'general', parent_id: CH.textCategory, position: 0 });
    // Voice status and start time are ephemeral: never part of the channel object.
    expect(general).not.toHaveProperty('status');
    expect(general).not.toHaveProperty('voice_start_time');
  });

  it('omits the channels a user cannot view, per user', async () => {
    const nelly = await api.get(`/guilds/${SEED.guildId}/channels`, bearer(api.token(SEED.users.nelly)));
    expect(ids(nelly.body)).toEqual([CH.welcome, CH.textCategory, CH.general, CH.announcements, CH.voiceCategory, CH.lobbyVoice, CH.raidVoice, CH.noBots].sort());
    const bob = await api.get(`/guilds/${SEED.guildId}/channels`, bearer(api.token(SEED.users.bob)));
    expect(ids(bob.body)).toEqual(Object.values(CH).sort()); // a moderator sees the staff channels
  });

  it('follows permission changes', async () => {
    s.emu.control.setChannelOverwrite(CH.noBots, SEED.botUserId, 1, null, null);
    try {
      expect(ids((await api.get(`/guilds/${SEED.guildId}/channels`, api.bot)).body)).toContain(CH.noBots);
    } finally {
      s.emu.control.setChannelOverwrite(CH.noBots, SEED.botUserId, 1, '0', BIT.VIEW_CHANNEL.toString());
    }
    expect(ids((await api.get(`/guilds/${SEED.guildId}/channels`, api.bot)).body)).not.toContain(CH.noBots);
  });

  it('needs the guilds scope and membership; unknown guilds are 10004', async () => {
    expect((await api.get(`/guilds/${SEED.guildId}/channels`, bearer(api.token(SEED.users.nelly, ['identify'])))).status).toBe(403);
    const outsider = await api.createUser('outsider');
    const reply = await api.get(`/guilds/${SEED.guildId}/channels`, bearer(api.token(outsider, ['guilds'])));
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe(50001);
    for (const bad of ['1', 'abc']) {
      const unknown = await api.get(`/guilds/${bad}/channels`, api.bot);
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe(10004);
    }
    expect((await api.get(`/guilds/${SEED.guildId}/channels`)).status).toBe(401);
  });
});

describe('POST /guilds', () => {
  it('is refused for applications', async () => {
    const bot = await api.post('/guilds', { name: 'New Guild' }, api.bot);
    expect(bot.status).toBe(403);
    expect(bot.body.code).toEqual(expect.any(Number));
    expect((await api.post('/guilds', { name: 'New Guild' }, bearer(api.token(SEED.users.nelly)))).status).toBe(403);
    expect((await api.post('/guilds', { name: 'New Guild' })).status).toBe(401);
    expect(s.emu.core.state.guilds.size).toBe(1);
  });
});

describe('PUT /channels/{id}/voice-status', () => {
  const put = (channelId: string, status: unknown, auth = api.bot) => api.put(`/channels/${channelId}/voice-status`, { status }, auth);
  const events: BusEvent[] = [];

  beforeAll(() => {
    s.emu.core.bus.subscribe((event) => {
      if (event.type === 'VOICE_CHANNEL_STATUS_UPDATE') events.push(event);
    });
  });

  it('needs SET_VOICE_CHANNEL_STATUS, and MANAGE_CHANNELS too when the bot is not connected', async () => {
    // The seeded bot role has SET_VOICE_CHANNEL_STATUS only.
    const notConnected = await put(CH.lobbyVoice, 'Raid night');
    expect(notConnected.status).toBe(403);
    expect(notConnected.body.code).toBe(50013);

    s.emu.control.setVoiceChannel(SEED.botUserId, CH.lobbyVoice);
    try {
      expect((await put(CH.lobbyVoice, 'Raid night')).status).toBe(204);
      expect(events.at(-1)!.data).toMatchObject({ id: CH.lobbyVoice, guild_id: SEED.guildId, status: 'Raid night' });
      // Connected to another channel than this one: MANAGE_CHANNELS is needed again.
      expect((await put(CH.raidVoice, 'x')).status).toBe(403);
      // Connected, but without SET_VOICE_CHANNEL_STATUS (bit 48) through a 64-bit overwrite.
      s.emu.control.setChannelOverwrite(CH.lobbyVoice, ROLE.bot, 0, '0', BIT.SET_VOICE_CHANNEL_STATUS.toString());
      try {
        expect((await put(CH.lobbyVoice, 'denied')).status).toBe(403);
      } finally {
        s.emu.control.setChannelOverwrite(CH.lobbyVoice, ROLE.bot, 0, null, null);
      }
    } finally {
      s.emu.control.setVoiceChannel(SEED.botUserId, null);
    }

    // With MANAGE_CHANNELS as well (the moderators role), no connection is needed.
    s.emu.control.updateGuildMember(SEED.guildId, SEED.botUserId, { roles: [ROLE.bot, ROLE.moderators] });
    try {
      expect((await put(CH.raidVoice, 'Staff meeting')).status).toBe(204);
      expect(events.at(-1)!.data).toMatchObject({ id: CH.raidVoice, status: 'Staff meeting' });
      // Without SET_VOICE_CHANNEL_STATUS, MANAGE_CHANNELS alone is not enough.
      s.emu.control.updateGuildMember(SEED.guildId, SEED.botUserId, { roles: [] });
      s.emu.control.setChannelOverwrite(CH.raidVoice, ROLE.everyone, 0, BIT.MANAGE_CHANNELS.toString(), '0');
      try {
        expect((await put(CH.raidVoice, 'nope')).status).toBe(403);
      } finally {
        s.emu.control.setChannelOverwrite(CH.raidVoice, ROLE.everyone, 0, null, null);
      }
    } finally {
      s.emu.control.updateGuildMember(SEED.guildId, SEED.botUserId, { roles: [ROLE.bot] });
    }
  });

  it('takes at most 500 characters; an empty status clears it', async () => {
    s.emu.control.setVoiceChannel(SEED.botUserId, CH.lobbyVoice);
    try {
      expect((await put(CH.lobbyVoice, 'x'.repeat(500))).status).toBe(204);
      const long = await put(CH.lobbyVoice, 'x'.repeat(501));
      expect(long.status).toBe(400);
      expect(long.body.code).toBe(50035);
      expect(long.body.errors.status._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
      expect((await put(CH.lobbyVoice, 42)).body.errors.status).toBeDefined();
      expect((await put(CH.lobbyVoice, '')).status).toBe(204);
      expect(events.at(-1)!.data).toMatchObject({ id: CH.lobbyVoice, status: null });
    } finally {
      s.emu.control.setVoiceChannel(SEED.botUserId, null);
    }
  });

  it('is for the bot, on voice channels that exist', async () => {
    expect((await put(CH.lobbyVoice, 'x', bearer(api.token(SEED.users.bob)))).status).toBe(403);
    expect((await put(CH.lobbyVoice, 'x', '')).status).toBe(401);
    const text = await put(CH.general, 'x');
    expect(text.status).toBe(400);
    expect(text.body.code).toBe(50024);
    for (const bad of ['1', 'abc']) {
      const unknown = await put(bad, 'x');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe(10003);
    }
  });
});
