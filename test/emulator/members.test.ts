// Guild members over HTTP with a bot token (public API "Guild Member" routes): get, list (1 to
// 1000, after), search, Modify Guild Member (each field behind its permission and the role
// hierarchy; `flags` with MANAGE_GUILD or MANAGE_ROLES or MODERATE+KICK+BAN), Modify Current
// Member (nick, image-data avatar and banner, bio), Remove Guild Member, and GUILD_MEMBER_*.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';

// The public API's bits, written out so a wrong constant in the emulator shows.
const P = {
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  MANAGE_GUILD: 1n << 5n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MODERATE_MEMBERS: 1n << 40n,
};
const g = BigInt(SEED.guildId);
const at = (n: number) => (g + BigInt(n)).toString();
const ROLE = { everyone: SEED.guildId, moderators: at(1), bot: at(2) };
const CH = { general: at(12), lobbyVoice: at(15), raidVoice: at(16) };
const { nelly, alice, bob, carol, dave, erin } = SEED.users;
const DAY = 24 * 60 * 60 * 1000;
const PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body')]).toString('base64')}`;
const GIF = `data:image/gif;base64,${Buffer.from('GIF89a-animated').toString('base64')}`;

let s: Started;
let api: Api;
let events: BusEvent[] = [];

const guild = () => s.emu.core.state.guilds.get(SEED.guildId)!;
const member = (userId: string) => guild().members.find((m) => m.userId === userId)!;
/** The bot's role gets exactly these permissions (test set-up through the emulator's state). */
function grant(bits: bigint): void {
  guild().roles.find((r) => r.id === ROLE.bot)!.permissions = bits;
}
const path = (userId: string) => `/guilds/${SEED.guildId}/members/${userId}`;
const patch = (userId: string, body: unknown) => api.patch(path(userId), body, api.bot);
const of = (type: string) => events.filter((e) => e.type === type);

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  grant(0n);
  events = [];
});

describe('GET /guilds/{g}/members/{u}', () => {
  it('returns the member as the public API types it', async () => {
    const reply = await api.get(path(bob), api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ user: { id: bob, username: 'bob' }, roles: [ROLE.moderators], nick: null, avatar: null, banner: null, deaf: false, mute: false, flags: 0, communication_disabled_until: null });
    expect(typeof reply.body.joined_at).toBe('string');
  });

  it('10007 for a user who is not a member, 10004 for an unknown guild, 401 without a token', async () => {
    const outsider = await api.createUser('not_a_member');
    expect((await api.get(path(outsider), api.bot)).body.code).toBe(10007);
    expect((await api.get(path('abc'), api.bot)).body.code).toBe(10007);
    expect((await api.get(`/guilds/1/members/${bob}`, api.bot)).body.code).toBe(10004);
    expect((await api.get(path(bob))).status).toBe(401);
  });

  it('50001 when the bot is not in the guild', async () => {
    const other = s.emu.control.createGuild('Botless', [alice]);
    s.emu.control.removeGuildMember(other.id, SEED.botUserId);
    const reply = await api.get(`/guilds/${other.id}/members/${alice}`, api.bot);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe(50001);
  });
});

describe('GET /guilds/{g}/members (list)', () => {
  const list = (query: string) => api.get(`/guilds/${SEED.guildId}/members${query}`, api.bot);

  it('pages by user id: limit defaults to 1, after excludes up to that id', async () => {
    const all = guild().members.map((m) => m.userId).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect((await list('')).body.map((m: any) => m.user.id)).toEqual(all.slice(0, 1));
    expect((await list('?limit=3')).body.map((m: any) => m.user.id)).toEqual(all.slice(0, 3));
    expect((await list(`?limit=3&after=${all[2]}`)).body.map((m: any) => m.user.id)).toEqual(all.slice(3, 6));
    expect((await list('?limit=1000')).body).toHaveLength(all.length);
  });

  it('limit is 1 to 1000 (0 and 1001 are 50035 naming limit); after must be an id', async () => {
    for (const bad of ['0', '1001', 'x', '-1']) {
      const reply = await list(`?limit=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe(50035);
      expect(reply.body.errors.limit).toBeDefined();
    }
    expect((await list('?after=abc')).body.errors.after).toBeDefined();
  });
});

describe('GET /guilds/{g}/members/search', () => {
  it('finds members whose username, global name or nick starts with the query', async () => {
    const reply = await api.get(`/guilds/${SEED.guildId}/members/search?query=CA&limit=10`, api.bot);
    expect(reply.body.map((m: any) => m.user.id)).toEqual([carol]);
  });

  it('query is required (50035)', async () => {
    const reply = await api.get(`/guilds/${SEED.guildId}/members/search`, api.bot);
    expect(reply.body.code).toBe(50035);
    expect(reply.body.errors.query).toBeDefined();
  });
});

describe('PATCH /guilds/{g}/members/{u}', () => {
  it('nick needs MANAGE_NICKNAMES (50013, nothing changes) and dispatches GUILD_MEMBER_UPDATE', async () => {
    const refused = await patch(nelly, { nick: 'Nel' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50013);
    expect(member(nelly).nick).toBeNull();
    grant(P.MANAGE_NICKNAMES);
    const reply = await patch(nelly, { nick: 'Nel' });
    expect(reply.status).toBe(200);
    expect(reply.body.nick).toBe('Nel');
    expect(of('GUILD_MEMBER_UPDATE').at(-1)?.data).toMatchObject({ guild_id: SEED.guildId, nick: 'Nel', user: { id: nelly } });
    expect((await patch(nelly, { nick: null })).body.nick).toBeNull();
  });

  it('a nick is at most 32 characters (33: 50035)', async () => {
    grant(P.MANAGE_NICKNAMES);
    expect((await patch(nelly, { nick: 'n'.repeat(32) })).status).toBe(200);
    const reply = await patch(nelly, { nick: 'n'.repeat(33) });
    expect(reply.body.code).toBe(50035);
    expect(reply.body.errors.nick).toBeDefined();
  });

  it('the hierarchy: no changes to a member whose highest role is not below the bot, nor to the owner', async () => {
    grant(P.MANAGE_NICKNAMES | P.MODERATE_MEMBERS);
    expect((await patch(bob, { nick: 'Bobby' })).body.code).toBe(50013); // Moderators (2) above Demo Bot (1)
    expect((await patch(alice, { nick: 'Owner' })).body.code).toBe(50013);
    expect(member(bob).nick).toBeNull();
  });

  it('roles need MANAGE_ROLES and each added or removed role below the bot; unknown roles are 50035', async () => {
    const low = guild().roles.find((r) => r.id === ROLE.bot)!;
    expect((await patch(nelly, { roles: [] })).body.code).toBe(50013);
    grant(P.MANAGE_ROLES);
    expect((await patch(nelly, { roles: [ROLE.moderators] })).body.code).toBe(50013);
    expect((await patch(nelly, { roles: [low.id] })).body.code).toBe(50013); // its own role: not below itself
    const created = await api.post(`/guilds/${SEED.guildId}/roles`, { name: 'Helpers' }, api.bot);
    expect(created.status).toBe(200);
    const reply = await patch(nelly, { roles: [created.body.id] });
    expect(reply.status).toBe(200);
    expect(reply.body.roles).toEqual([created.body.id]);
    expect((await patch(nelly, { roles: ['1'] })).body.errors.roles).toBeDefined();
    expect((await patch(nelly, { roles: [] })).body.roles).toEqual([]);
  });

  it('mute and deaf need MUTE_MEMBERS / DEAFEN_MEMBERS and a member in voice (40032)', async () => {
    expect((await patch(dave, { mute: true })).body.code).toBe(50013);
    grant(P.MUTE_MEMBERS | P.DEAFEN_MEMBERS);
    expect((await patch(dave, { mute: true })).body.code).toBe(40032);
    s.emu.control.setVoiceChannel(dave, CH.lobbyVoice);
    const reply = await patch(dave, { mute: true, deaf: true });
    expect(reply.body).toMatchObject({ mute: true, deaf: true });
    expect((await patch(dave, { mute: false })).body.mute).toBe(false);
    s.emu.control.setVoiceChannel(dave, null);
  });

  it('channel_id moves a member in voice with MOVE_MEMBERS, to a voice channel of the guild only', async () => {
    s.emu.control.setVoiceChannel(carol, CH.lobbyVoice);
    expect((await patch(carol, { channel_id: CH.raidVoice })).body.code).toBe(50013);
    grant(P.MOVE_MEMBERS);
    expect((await patch(carol, { channel_id: CH.general })).body.errors.channel_id).toBeDefined();
    expect((await patch(carol, { channel_id: CH.raidVoice })).status).toBe(200);
    expect(member(carol).voiceChannelId).toBe(CH.raidVoice);
    expect((await patch(carol, { channel_id: null })).status).toBe(200);
    expect(member(carol).voiceChannelId).toBeNull();
  });

  it('communication_disabled_until needs MODERATE_MEMBERS, at most 28 days ahead, never the owner', async () => {
    const in28 = new Date(s.emu.control.now() + 28 * DAY).toISOString();
    const beyond = new Date(s.emu.control.now() + 28 * DAY + 60_000).toISOString();
    expect((await patch(nelly, { communication_disabled_until: in28 })).body.code).toBe(50013);
    grant(P.MODERATE_MEMBERS);
    const reply = await patch(nelly, { communication_disabled_until: in28 });
    expect(reply.status).toBe(200);
    expect(Date.parse(reply.body.communication_disabled_until)).toBe(Date.parse(in28));
    expect((await patch(nelly, { communication_disabled_until: beyond })).body.errors.communication_disabled_until).toBeDefined();
    expect((await patch(nelly, { communication_disabled_until: 'tomorrow' })).body.errors.communication_disabled_until).toBeDefined();
    expect((await patch(alice, { communication_disabled_until: in28 })).body.code).toBe(50013);
    expect((await patch(nelly, { communication_disabled_until: null })).body.communication_disabled_until).toBeNull();
  });

  it('flags: MANAGE_GUILD, or MANAGE_ROLES, or MODERATE_MEMBERS + KICK_MEMBERS + BAN_MEMBERS', async () => {
    const BYPASSES_VERIFICATION = 1 << 2;
    for (const bits of [P.MANAGE_GUILD, P.MANAGE_ROLES, P.MODERATE_MEMBERS | P.KICK_MEMBERS | P.BAN_MEMBERS]) {
      grant(bits);
      expect((await patch(nelly, { flags: BYPASSES_VERIFICATION })).body.flags).toBe(BYPASSES_VERIFICATION);
      expect((await patch(nelly, { flags: 0 })).body.flags).toBe(0);
    }
    for (const bits of [0n, P.MODERATE_MEMBERS | P.KICK_MEMBERS, P.MODERATE_MEMBERS | P.BAN_MEMBERS, P.KICK_MEMBERS | P.BAN_MEMBERS]) {
      grant(bits);
      expect((await patch(nelly, { flags: BYPASSES_VERIFICATION })).body.code).toBe(50013);
    }
    grant(P.MANAGE_GUILD);
    expect((await patch(nelly, { flags: 1 << 0 })).body.errors.flags).toBeDefined(); // DID_REJOIN is the service's
  });

  it('a request with one refused field changes nothing', async () => {
    grant(P.MANAGE_NICKNAMES);
    const before = member(nelly).nick;
    const reply = await patch(nelly, { nick: 'Changed', roles: [] });
    expect(reply.body.code).toBe(50013);
    expect(member(nelly).nick).toBe(before);
    expect(of('GUILD_MEMBER_UPDATE')).toHaveLength(0);
  });

  it('bad bodies are 50035 with the field paths', async () => {
    const reply = await patch(nelly, { nick: 5, roles: 'x', mute: 'yes', channel_id: {}, flags: -1 });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors).sort()).toEqual(['channel_id', 'flags', 'mute', 'nick', 'roles']);
  });
});

describe('PATCH /guilds/{g}/members/@me', () => {
  const me = (body: unknown) => api.patch(`/guilds/${SEED.guildId}/members/@me`, body, api.bot);

  it('nick needs CHANGE_NICKNAME', async () => {
    expect((await me({ nick: 'Demo' })).body.code).toBe(50013);
    grant(P.CHANGE_NICKNAME);
    expect((await me({ nick: 'Demo' })).body.nick).toBe('Demo');
  });

  it('the bot sets its guild avatar, banner (image data: hashes, a_ for GIF) and bio; GUILD_MEMBER_UPDATE carries them', async () => {
    const reply = await me({ avatar: PNG, banner: GIF, bio: 'I run the demo.' });
    expect(reply.status).toBe(200);
    expect(reply.body.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.body.banner).toMatch(/^a_[0-9a-f]{32}$/);
    expect(reply.body.bio).toBe('I run the demo.');
    expect(of('GUILD_MEMBER_UPDATE').at(-1)?.data).toMatchObject({ user: { id: SEED.botUserId }, avatar: reply.body.avatar, banner: reply.body.banner });
    expect((await api.get(path(SEED.botUserId), api.bot)).body.avatar).toBe(reply.body.avatar);
    const cleared = await me({ avatar: null, banner: null, bio: null });
    expect(cleared.body).toMatchObject({ avatar: null, banner: null, bio: null });
  });

  it('image data is checked: a data URI of an image, its format told by its bytes (50035 otherwise, nothing changes)', async () => {
    for (const bad of ['not-a-uri', 'data:image/png;base64,aGVsbG8gd29ybGQ=', 'data:text/plain;base64,aGk=', 5]) {
      const reply = await me({ avatar: bad, bio: 'kept?' });
      expect(reply.status).toBe(400);
      expect(reply.body.errors.avatar).toBeDefined();
    }
    expect(member(SEED.botUserId).bio ?? null).toBeNull();
  });

  it('a bio is at most 190 characters', async () => {
    expect((await me({ bio: 'b'.repeat(190) })).status).toBe(200);
    expect((await me({ bio: 'b'.repeat(191) })).body.errors.bio).toBeDefined();
  });
});

describe('DELETE /guilds/{g}/members/{u}', () => {
  it('needs KICK_MEMBERS, a target below the bot, never the owner; GUILD_MEMBER_REMOVE', async () => {
    const victim = await api.createUser('to_be_kicked');
    s.emu.control.addGuildMembers(SEED.guildId, [victim]);
    expect((await api.delete(path(victim), api.bot)).body.code).toBe(50013);
    grant(P.KICK_MEMBERS);
    expect((await api.delete(path(bob), api.bot)).body.code).toBe(50013);
    expect((await api.delete(path(alice), api.bot)).body.code).toBe(50013);
    expect((await api.delete(path(victim), api.bot)).status).toBe(204);
    expect(guild().members.some((m) => m.userId === victim)).toBe(false);
    expect(of('GUILD_MEMBER_REMOVE').at(-1)?.data).toMatchObject({ guild_id: SEED.guildId, user: { id: victim } });
    expect((await api.delete(path(victim), api.bot)).body.code).toBe(10007);
  });
});

describe('Request Guild Members (op 8)', () => {
  it('chunks carry whole member objects: the guild profile, mutes, flags and timeout', async () => {
    grant(P.MUTE_MEMBERS);
    s.emu.control.setVoiceChannel(erin, CH.lobbyVoice);
    expect((await patch(erin, { mute: true })).status).toBe(200);
    const avatar = (await api.patch(`/guilds/${SEED.guildId}/members/@me`, { avatar: PNG }, api.bot)).body.avatar;
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await client.identifyBot(s.emu.application.botToken, (1 << 0) | (1 << 1));
      const from = client.mark();
      client.send({ op: 8, d: { guild_id: SEED.guildId, user_ids: [erin, SEED.botUserId], nonce: 'whole' } });
      const chunk = (await client.waitFor(dispatchOf('GUILD_MEMBERS_CHUNK', (d) => d.nonce === 'whole'), { from, timeoutMs: 5000 })).d;
      const byId = new Map(chunk.members.map((m: any) => [m.user.id, m]));
      expect(byId.get(erin)).toMatchObject({ mute: true, deaf: false, flags: 0, avatar: null, communication_disabled_until: null });
      expect(byId.get(SEED.botUserId)).toMatchObject({ avatar });
    } finally {
      client.close();
      s.emu.control.setVoiceChannel(erin, null);
    }
  });
});

// The rules above at their edges, one by one (each written to fail when its rule slips).
describe('Modify Guild Member at its edges', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const ADMINISTRATOR = 1n << 3n;
  const everyone = () => guild().roles.find((r) => r.id === ROLE.everyone)!;

  it('a timeout ends at most 28 days ahead, to the millisecond (on a stopped clock)', async () => {
    grant(P.MODERATE_MEMBERS);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const now = s.emu.control.now();
      expect((await patch(nelly, { communication_disabled_until: iso(now + 28 * DAY) })).status).toBe(200);
      expect(member(nelly).communicationDisabledUntil).toBe(now + 28 * DAY);
      const beyond = await patch(nelly, { communication_disabled_until: iso(now + 28 * DAY + 1) });
      expect(beyond.body.errors?.communication_disabled_until).toBeDefined();
      expect(member(nelly).communicationDisabledUntil).toBe(now + 28 * DAY);
    } finally {
      vi.useRealTimers();
      member(nelly).communicationDisabledUntil = null;
    }
  });

  it('a timeout that ends now or earlier is no timeout: stored as null (on a stopped clock)', async () => {
    grant(P.MODERATE_MEMBERS);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const now = s.emu.control.now();
      for (const ended of [now, now - 1, now - DAY]) {
        expect((await patch(nelly, { communication_disabled_until: iso(now + DAY) })).body.communication_disabled_until).not.toBeNull();
        const reply = await patch(nelly, { communication_disabled_until: iso(ended) });
        expect(reply.status).toBe(200);
        expect(reply.body.communication_disabled_until).toBeNull();
        expect(member(nelly).communicationDisabledUntil).toBeNull();
      }
      expect((await patch(nelly, { communication_disabled_until: iso(now + 1) })).body.communication_disabled_until).toBe(iso(now + 1));
    } finally {
      vi.useRealTimers();
      member(nelly).communicationDisabledUntil = null;
    }
  });

  it('nobody times out someone not below them, an administrator, or themselves', async () => {
    const tomorrow = () => iso(s.emu.control.now() + DAY);
    grant(P.MODERATE_MEMBERS);
    expect((await patch(bob, { communication_disabled_until: tomorrow() })).body.code).toBe(50013); // Moderators above the bot
    expect(member(bob).communicationDisabledUntil ?? null).toBeNull();
    expect((await patch(SEED.botUserId, { communication_disabled_until: tomorrow() })).body.code).toBe(50013);
    const everyonePermissions = everyone().permissions;
    try {
      everyone().permissions = everyonePermissions | ADMINISTRATOR; // nelly, below the bot, is an administrator
      expect((await patch(nelly, { communication_disabled_until: tomorrow() })).body.code).toBe(50013);
      expect(member(nelly).communicationDisabledUntil ?? null).toBeNull();
    } finally {
      everyone().permissions = everyonePermissions;
    }
  });

  it("its own nick through its member id: CHANGE_NICKNAME or MANAGE_NICKNAMES; '' clears it to null", async () => {
    const self = SEED.botUserId;
    expect((await patch(self, { nick: 'Me' })).body.code).toBe(50013);
    for (const bits of [P.CHANGE_NICKNAME, P.MANAGE_NICKNAMES]) {
      grant(bits);
      expect((await patch(self, { nick: 'Me' })).body.nick).toBe('Me');
      const cleared = await patch(self, { nick: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.nick).toBeNull();
      expect(member(self).nick).toBeNull();
    }
  });

  it("roles: the @everyone id is dropped, stored and checked (a bot with no role of its own may send it)", async () => {
    grant(P.MANAGE_ROLES);
    const helpers = (await api.post(`/guilds/${SEED.guildId}/roles`, { name: 'Edge helpers' }, api.bot)).body.id;
    const reply = await patch(nelly, { roles: [helpers, ROLE.everyone] });
    expect(reply.status).toBe(200);
    expect(reply.body.roles).toEqual([helpers]);
    expect(member(nelly).roles).toEqual([helpers]);
    expect((await patch(nelly, { roles: [] })).body.roles).toEqual([]);
    // A bot whose highest role is @everyone manages no role, yet @everyone is no change.
    const botRoles = member(SEED.botUserId).roles;
    const everyonePermissions = everyone().permissions;
    try {
      member(SEED.botUserId).roles = [];
      everyone().permissions = everyonePermissions | P.MANAGE_ROLES;
      const kept = await patch(nelly, { roles: [ROLE.everyone] });
      expect(kept.status).toBe(200);
      expect(kept.body.roles).toEqual([]);
    } finally {
      member(SEED.botUserId).roles = botRoles;
      everyone().permissions = everyonePermissions;
    }
  });

  it('roles: only the roles added or removed must be below the bot, not the ones the member keeps', async () => {
    grant(P.MANAGE_ROLES);
    const helpers = (await api.post(`/guilds/${SEED.guildId}/roles`, { name: 'Kept helpers' }, api.bot)).body.id;
    const added = await patch(bob, { roles: [ROLE.moderators, helpers] });
    expect(added.status).toBe(200);
    expect(added.body.roles).toEqual([ROLE.moderators, helpers]);
    expect((await patch(bob, { roles: [ROLE.moderators] })).body.roles).toEqual([ROLE.moderators]);
    expect((await patch(bob, { roles: [] })).body.code).toBe(50013); // Moderators removed: above the bot
    expect(member(bob).roles).toEqual([ROLE.moderators]);
  });

  it('a field left out of the body stays as it was (roles, mute, deaf, flags)', async () => {
    grant(P.MUTE_MEMBERS | P.DEAFEN_MEMBERS | P.MANAGE_GUILD);
    s.emu.control.setVoiceChannel(bob, CH.lobbyVoice);
    try {
      expect((await patch(bob, { mute: true, deaf: true })).status).toBe(200);
      const flagged = await patch(bob, { flags: 4 });
      expect(flagged.body).toMatchObject({ roles: [ROLE.moderators], mute: true, deaf: true, flags: 4 });
      const unmuted = await patch(bob, { mute: false });
      expect(unmuted.body).toMatchObject({ roles: [ROLE.moderators], mute: false, deaf: true, flags: 4 });
      expect((await patch(bob, { deaf: false, flags: 0 })).body).toMatchObject({ mute: false, deaf: false, flags: 0 });
    } finally {
      s.emu.control.setVoiceChannel(bob, null);
    }
  });

  it('deaf alone needs DEAFEN_MEMBERS (MUTE_MEMBERS is not it); deaf or channel_id alone needs the member in voice', async () => {
    s.emu.control.setVoiceChannel(dave, CH.lobbyVoice);
    try {
      grant(P.MUTE_MEMBERS | P.MOVE_MEMBERS);
      const deaf = member(dave).deaf ?? false;
      expect((await patch(dave, { deaf: !deaf })).body.code).toBe(50013);
      expect(member(dave).deaf ?? false).toBe(deaf);
    } finally {
      s.emu.control.setVoiceChannel(dave, null);
    }
    grant(P.DEAFEN_MEMBERS | P.MOVE_MEMBERS);
    expect((await patch(dave, { deaf: true })).body.code).toBe(40032);
    expect((await patch(dave, { channel_id: CH.raidVoice })).body.code).toBe(40032);
    expect(member(dave).voiceChannelId).toBeNull();
  });
});

describe('a role change and what bots can view (CHANNEL_UPDATE to obfuscated bots only)', () => {
  const VIEW_CHANNEL = 1n << 10n;
  const staffOnly = at(18);

  it('a bot that gains VIEW_CHANNEL through a role gets the channel when obfuscated, and nothing when not', async () => {
    grant(P.MANAGE_ROLES);
    const viewers = (await api.post(`/guilds/${SEED.guildId}/roles`, { name: 'Staff viewers' }, api.bot)).body.id;
    s.emu.control.setChannelOverwrite(staffOnly, viewers, 0, VIEW_CHANNEL.toString(), null);
    const plain = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await plain.identifyBot(s.emu.application.botToken, 1 << 0);
      const from = plain.mark();
      expect((await patch(SEED.botUserId, { roles: [ROLE.bot, viewers] })).status).toBe(200);
      // A channel update every bot gets marks where the role change's dispatches end.
      s.emu.control.setChannelOverwrite(CH.general, viewers, 0, VIEW_CHANNEL.toString(), null);
      await plain.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === CH.general), { from, timeoutMs: 5000 });
      expect(plain.received.slice(from).filter((p) => p.t === 'CHANNEL_UPDATE' && p.d.id === staffOnly)).toEqual([]);
    } finally {
      plain.close();
      s.emu.control.setChannelOverwrite(CH.general, viewers, 0, null, null);
    }
    expect((await patch(SEED.botUserId, { roles: [ROLE.bot] })).status).toBe(200);
    const obfuscated = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await obfuscated.identifyBot(s.emu.application.botToken, 1 << 0, 1 << 15);
      const from = obfuscated.mark();
      expect((await patch(SEED.botUserId, { roles: [ROLE.bot, viewers] })).status).toBe(200);
      const shown = await obfuscated.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === staffOnly), { from, timeoutMs: 5000 });
      expect(shown.d.name).toBe('staff-only');
    } finally {
      obfuscated.close();
      member(SEED.botUserId).roles = [ROLE.bot];
    }
  });
});

describe('list, search and kick at their edges', () => {
  it('List Guild Members is 50001 while the GUILD_MEMBERS intent is off', async () => {
    const appId = s.emu.application.id;
    s.emu.control.setPrivilegedIntents(appId, { guildMembers: false });
    try {
      const reply = await api.get(`/guilds/${SEED.guildId}/members?limit=10`, api.bot);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe(50001);
    } finally {
      s.emu.control.setPrivilegedIntents(appId, { guildMembers: true });
    }
    expect((await api.get(`/guilds/${SEED.guildId}/members?limit=10`, api.bot)).status).toBe(200);
  });

  it('search answers at most `limit` members', async () => {
    const twins = [await api.createUser('searchtwin_one'), await api.createUser('searchtwin_two')];
    s.emu.control.addGuildMembers(SEED.guildId, twins);
    const search = (limit: number) => api.get(`/guilds/${SEED.guildId}/members/search?query=searchtwin&limit=${limit}`, api.bot);
    expect((await search(1)).body).toHaveLength(1);
    expect((await search(10)).body.map((m: any) => m.user.id).sort()).toEqual([...twins].sort());
  });

  it('the owner is never kicked, not even by itself (a guild the bot owns)', async () => {
    const owned = s.emu.control.createGuild('Bot owned');
    expect(s.emu.core.state.guilds.get(owned.id)!.ownerId).toBe(SEED.botUserId);
    const reply = await api.delete(`/guilds/${owned.id}/members/${SEED.botUserId}`, api.bot);
    expect(reply.body.code).toBe(50013);
    expect(s.emu.core.state.guilds.get(owned.id)!.members.some((m) => m.userId === SEED.botUserId)).toBe(true);
  });
});

describe('PATCH /guilds/{g}/members/@me at its edges', () => {
  const me = (body: unknown) => api.patch(`/guilds/${SEED.guildId}/members/@me`, body, api.bot);

  it("nick '' and bio '' clear them to null", async () => {
    grant(P.CHANGE_NICKNAME);
    expect((await me({ nick: 'Demo', bio: 'About me' })).body).toMatchObject({ nick: 'Demo', bio: 'About me' });
    const cleared = await me({ nick: '', bio: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ nick: null, bio: null });
    expect(member(SEED.botUserId).nick).toBeNull();
    expect(member(SEED.botUserId).bio).toBeNull();
  });

  it('a field left out of the body stays as it was (avatar, banner, bio)', async () => {
    const set = await me({ avatar: PNG, banner: GIF, bio: 'Kept' });
    expect((await me({ bio: 'Changed' })).body).toMatchObject({ avatar: set.body.avatar, banner: set.body.banner, bio: 'Changed' });
    expect((await me({ avatar: null })).body).toMatchObject({ avatar: null, banner: set.body.banner, bio: 'Changed' });
    expect((await me({ banner: null, bio: null })).body).toMatchObject({ avatar: null, banner: null, bio: null });
  });
});

describe('activity (what guild prune reads)', () => {
  it("a user's gateway connection stamps its membership in every guild it is in, and no other member's", async () => {
    const other = s.emu.control.createGuild('Second home', [erin]);
    s.emu.control.advanceClock(60_000);
    const token = api.token(erin);
    const before = new Map(guild().members.map((m) => [m.userId, m.lastActivityAt]));
    const generation = s.emu.core.generation;
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await client.identifyUser(token);
      const now = s.emu.control.now();
      const stamp = (g: string) => s.emu.core.state.guilds.get(g)!.members.find((m) => m.userId === erin)!.lastActivityAt!;
      for (const g of [SEED.guildId, other.id]) {
        expect(now - stamp(g)).toBeGreaterThanOrEqual(0);
        expect(now - stamp(g)).toBeLessThan(5_000);
      }
      for (const m of guild().members) if (m.userId !== erin) expect(m.lastActivityAt).toBe(before.get(m.userId));
      expect(s.emu.core.generation).toBeGreaterThan(generation); // the data file is written
    } finally {
      client.close();
    }
  });

  it('a user in no guild connects: no state changed', async () => {
    const loner = await api.createUser('guildless_loner');
    const token = api.token(loner);
    const generation = s.emu.core.generation;
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await client.identifyUser(token);
      expect(s.emu.core.generation).toBe(generation);
    } finally {
      client.close();
    }
  });
});
