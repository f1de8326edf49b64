// Guild invites (domain/invites.ts), the rules at their edges: which existing invite a create
// without `unique` gives back, the presence count of with_counts, the target fields of the
// invite and of INVITE_CREATE, who may list, delete and read target users, the owner above every
// role, and the target users file at its limit. The routes' main paths are in
// invites_guild.test.ts; callers other than the bot (whose routes are bot-only over HTTP) go
// through the domain functions.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInvite, deleteInvite, InviteLimits, parseTargetUsersCsv } from '../../lib/emulator/domain/invites';
import { setPresence } from '../../lib/emulator/domain/presence';
import { deleteRole } from '../../lib/emulator/domain/roles';
import { Api, bearer, SEED, start, type Started } from './helpers';
import { addRole, collect, giveRoles, PERM } from './helpers/guild_setup';

let s: Started;
let api: Api;
const g = BigInt(SEED.guildId);
const id = (n: number) => (g + BigInt(n)).toString();
const CH = { welcome: id(10), general: id(12), lobbyVoice: id(15), noBots: id(19) };
const { alice, bob, erin } = SEED.users;
let low: string;
let high: string;

const post = (channelId: string, body: Record<string, unknown>) => api.post(`/channels/${channelId}/invites`, body, api.bot);
/** createInvite as another member (the HTTP route takes only bot tokens). */
const createAs = (userId: string, channelId: string, input: Parameters<typeof createInvite>[3]) => createInvite(s.emu.core, channelId, userId, input, null);

/** POST /channels/{id}/invites as multipart/form-data with a target_users_file. */
function createWithFile(channelId: string, payload: Record<string, unknown>, csv: string) {
  const boundary = 'sdkppInvitesBoundary7';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(payload)}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="target_users_file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return api.call('POST', `/channels/${channelId}/invites`, { auth: api.bot, body, contentType: `multipart/form-data; boundary=${boundary}` });
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  low = addRole(s.emu, SEED.guildId, 'Low', 0n, 2);
  high = addRole(s.emu, SEED.guildId, 'High', 0n, 4);
  // The bot may list invites and hand out roles below its own (position 3).
  giveRoles(s.emu, SEED.guildId, SEED.botUserId, [addRole(s.emu, SEED.guildId, 'Inviter', PERM.MANAGE_ROLES | PERM.MANAGE_CHANNELS, 3)]);
});
afterAll(async () => s.emu.close());

describe('a create without unique', () => {
  it('gives back the live invite of the same creator, channel and settings, with its metadata', async () => {
    const first = await post(CH.general, { max_age: 1234 });
    const again = await post(CH.general, { max_age: 1234 });
    expect(again.body.code).toBe(first.body.code);
    expect(again.body).toMatchObject({ uses: 0, max_uses: 0, max_age: 1234, temporary: false });
    expect(again.body.created_at).toBe(first.body.created_at);
  });

  it('makes a new one when the channel, the creator, max_age, max_uses or temporary differ', async () => {
    const base = (await post(CH.general, { max_age: 2345 })).body.code;
    const others = [
      (await post(CH.welcome, { max_age: 2345 })).body.code,
      createAs(alice, CH.general, { maxAge: 2345 }).code,
      (await post(CH.general, { max_age: 2346 })).body.code,
      (await post(CH.general, { max_age: 2345, max_uses: 5 })).body.code,
      (await post(CH.general, { max_age: 2345, temporary: true })).body.code,
    ];
    expect(new Set([base, ...others]).size).toBe(6);
  });

  it('never gives back, nor is given back in place of, an invite with a target, target users or roles', async () => {
    // A plain invite exists; asking for one with a target, target users or roles makes that one.
    await post(CH.lobbyVoice, { max_age: 3456 });
    const plain = (await post(CH.general, { max_age: 3456 })).body.code;
    const target = await post(CH.lobbyVoice, { max_age: 3456, target_type: 2, target_application_id: SEED.applicationId });
    expect(target.body.target_type).toBe(2);
    const withRoles = await post(CH.general, { max_age: 3456, role_ids: [low] });
    expect(withRoles.body.code).not.toBe(plain);
    expect(withRoles.body.roles.map((r: any) => r.id)).toEqual([low]);
    // Only invites with a target, target users or roles exist; a plain create makes a plain one.
    const targetOnly = (await post(CH.lobbyVoice, { max_age: 4567, target_type: 2, target_application_id: SEED.applicationId })).body.code;
    expect((await post(CH.lobbyVoice, { max_age: 4567 })).body.code).not.toBe(targetOnly);
    const filed = await createWithFile(CH.general, { max_age: 5678 }, `user_id\n${erin}\n`);
    expect(filed.status, filed.text).toBe(200);
    expect((await post(CH.general, { max_age: 5678 })).body.code).not.toBe(filed.body.code);
    const rolesOnly = (await post(CH.general, { max_age: 6789, role_ids: [low] })).body.code;
    const plainAfter = await post(CH.general, { max_age: 6789 });
    expect(plainAfter.body.code).not.toBe(rolesOnly);
    expect(plainAfter.body.roles).toEqual([]);
  });
});

describe('targets', () => {
  it('an invite without a target has no target fields, in its JSON and in INVITE_CREATE; each target shows only its own', async () => {
    const seen = collect(s.emu, 'INVITE_CREATE');
    s.emu.control.setVoiceChannel(bob, CH.lobbyVoice);
    try {
      const plain = await post(CH.lobbyVoice, { unique: true });
      // A target field of the other kind is ignored.
      const stream = await post(CH.lobbyVoice, { unique: true, target_type: 1, target_user_id: bob, target_application_id: SEED.applicationId });
      const app = await post(CH.lobbyVoice, { unique: true, target_type: 2, target_application_id: SEED.applicationId, target_user_id: bob });
      const event = (code: string) => seen.events.find((e) => e.data.code === code)!.data;
      const targetKeys = (json: Record<string, unknown>) => Object.keys(json).filter((k) => k.startsWith('target_')).sort();
      expect(targetKeys(plain.body)).toEqual([]);
      expect(targetKeys(event(plain.body.code))).toEqual([]);
      expect(targetKeys(stream.body)).toEqual(['target_type', 'target_user']);
      expect(targetKeys(event(stream.body.code))).toEqual(['target_type', 'target_user']);
      expect(event(stream.body.code)).toMatchObject({ target_type: 1, target_user: { id: bob } });
      expect(targetKeys(app.body)).toEqual(['target_application', 'target_type']);
      expect(targetKeys(event(app.body.code))).toEqual(['target_application', 'target_type']);
      expect(event(app.body.code)).toMatchObject({ target_type: 2, target_application: { id: SEED.applicationId, name: s.emu.core.app(SEED.applicationId)!.name } });
      expect(app.body.target_application.name).toBe(s.emu.core.app(SEED.applicationId)!.name);
    } finally {
      s.emu.control.setVoiceChannel(bob, null);
      seen.stop();
    }
  });
});

describe('with_counts', () => {
  it('approximate_presence_count counts the members online, idle or dnd; offline, invisible and never seen are not', async () => {
    const code = (await post(CH.general, { unique: true })).body.code;
    const guild = s.emu.core.state.guilds.get(SEED.guildId)!;
    const saved = new Map(s.emu.core.state.presences);
    const count = async () => (await api.get(`/invites/${code}?with_counts=true`, api.bot)).body.approximate_presence_count;
    try {
      for (const m of guild.members) s.emu.core.state.presences.delete(m.userId);
      expect(await count()).toBe(0);
      const [a, b, c, d, e] = guild.members.map((m) => m.userId);
      setPresence(s.emu.core, a, 'online', [], 'test');
      setPresence(s.emu.core, b, 'idle', [], 'test');
      setPresence(s.emu.core, c, 'dnd', [], 'test');
      setPresence(s.emu.core, d, 'invisible', [], 'test');
      setPresence(s.emu.core, e, 'offline', [], 'test');
      expect(await count()).toBe(3);
      expect((await api.get(`/invites/${code}?with_counts=true`, api.bot)).body.approximate_member_count).toBe(guild.members.length);
    } finally {
      s.emu.core.state.presences.clear();
      for (const [userId, presence] of saved) s.emu.core.state.presences.set(userId, presence);
    }
  });
});

describe('who may', () => {
  it('list a channel\'s invites: a member who cannot see the channel is 50001; the list holds that channel\'s live invites only', async () => {
    expect((await api.get(`/channels/${CH.noBots}/invites`, api.bot)).body.code).toBe(50001);
    const here = (await post(CH.welcome, { unique: true })).body.code;
    const short = (await post(CH.welcome, { unique: true, max_age: 30 })).body.code;
    const elsewhere = (await post(CH.general, { unique: true })).body.code;
    s.emu.control.advanceClock(30_000);
    const listed = (await api.get(`/channels/${CH.welcome}/invites`, api.bot)).body.map((i: any) => i.code);
    expect(listed).toContain(here);
    expect(listed).not.toContain(short);
    expect(listed).not.toContain(elsewhere);
  });

  it('delete an invite: not someone outside the guild (50013, the invite stays)', async () => {
    const code = (await post(CH.general, { unique: true })).body.code;
    const outsider = await api.createUser('invites_outsider');
    expect(() => deleteInvite(s.emu.core, code, outsider, null)).toThrow(expect.objectContaining({ status: 403, code: 50013 }));
    expect(s.emu.core.state.guildInvites.has(code)).toBe(true);
  });

  it("read an invite's target users: the inviter, or a member with MANAGE_GUILD (the owner has it)", async () => {
    const filed = await createWithFile(CH.general, { unique: true }, `user_id\n${erin}\n`);
    expect((await api.get(`/invites/${filed.body.code}/target-users`, bearer(api.token(alice)))).status).toBe(200);
    expect((await api.get(`/invites/${filed.body.code}/target-users`, bearer(api.token(erin)))).body.code).toBe(50013);
  });

  it('act in a guild whose only member is the bot (its owner): make, list and delete an invite', async () => {
    const solo = s.emu.control.createGuild('Solo guild');
    const made = await post(solo.channelIds[0], { unique: true });
    expect(made.status, made.text).toBe(200);
    expect((await api.get(`/channels/${solo.channelIds[0]}/invites`, api.bot)).body.map((i: any) => i.code)).toEqual([made.body.code]);
    expect((await api.delete(`/invites/${made.body.code}`, api.bot)).status).toBe(200);
  });

  it('give roles: none at or above the creator\'s highest, even beside one below it', async () => {
    const reply = await post(CH.general, { unique: true, role_ids: [low, high] });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe(50013);
  });

  it('give roles: the owner any role, a member only with MANAGE_ROLES', async () => {
    expect(createAs(alice, CH.general, { unique: true, roleIds: [high] })).toMatchObject({ roles: [expect.objectContaining({ id: high })] });
    // erin, above Low by a role but without MANAGE_ROLES.
    giveRoles(s.emu, SEED.guildId, erin, [addRole(s.emu, SEED.guildId, 'Tall', 0n, 5)]);
    expect(() => createAs(erin, CH.general, { unique: true, roleIds: [low] })).toThrow(expect.objectContaining({ code: 50013 }));
  });
});

describe('an invite\'s life', () => {
  it('a role deleted after the invite was made is left out of its roles', async () => {
    const gone = addRole(s.emu, SEED.guildId, 'Gone', 0n, 1);
    const code = (await post(CH.general, { unique: true, role_ids: [gone, low] })).body.code;
    const guild = s.emu.core.state.guilds.get(SEED.guildId)!;
    deleteRole(s.emu.core, guild, alice, gone, null);
    const read = await api.get(`/invites/${code}`, api.bot);
    expect(read.status).toBe(200);
    expect(read.body.roles.map((r: any) => r.id)).toEqual([low]);
  });

  it('max_age ends at its very millisecond; max_uses 1 is used up by one use', async () => {
    // Date stopped: the emulator clock moves only by advanceClock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const invite = (await post(CH.general, { unique: true, max_age: 10 })).body.code;
      s.emu.control.advanceClock(9_999);
      expect((await api.get(`/invites/${invite}`, api.bot)).status).toBe(200);
      s.emu.control.advanceClock(1);
      expect((await api.get(`/invites/${invite}`, api.bot)).body.code).toBe(10006);
    } finally {
      vi.useRealTimers();
    }
    const once = (await post(CH.general, { unique: true, max_uses: 1 })).body.code;
    s.emu.core.state.guildInvites.get(once)!.uses = 1; // used once and still stored (as a data file may hold it)
    expect((await api.get(`/invites/${once}`, api.bot)).body.code).toBe(10006);
  });
});

describe('target_users_file', () => {
  it(`takes ${InviteLimits.TARGET_USERS_MAX} users, not one more; blank lines and spaces around cells are ignored; errors name the line`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1000 + i));
    expect(parseTargetUsersCsv(ids(InviteLimits.TARGET_USERS_MAX).join('\n'))).toHaveLength(InviteLimits.TARGET_USERS_MAX);
    expect(() => parseTargetUsersCsv(ids(InviteLimits.TARGET_USERS_MAX + 1).join('\n'))).toThrow(expect.objectContaining({ code: 50035 }));
    expect(parseTargetUsersCsv('user_id\n  \n 7 \n"8"\n\n')).toEqual(['7', '8']);
    expect(parseTargetUsersCsv(' user_id , name\n9, x\n')).toEqual(['9']);
    const line3 = (() => {
      try {
        parseTargetUsersCsv('user_id\n1\nnope\n');
      } catch (error) {
        return JSON.stringify((error as { errors: unknown }).errors);
      }
      return '';
    })();
    expect(line3).toContain('Line 3 ');
    // A first line that is not an id is a header, and one without user_id is refused as such.
    expect(() => parseTargetUsersCsv('name\nx\n')).toThrow(expect.objectContaining({ errors: { target_users_file: { _errors: [expect.objectContaining({ message: expect.stringContaining('user_id column') })] } } }));
    for (const bad of ['name\nx\n', 'name,id\n1,2\n', 'user_id,name\n\n,x\n']) {
      expect(() => parseTargetUsersCsv(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: 50035 }));
    }
  });
});
