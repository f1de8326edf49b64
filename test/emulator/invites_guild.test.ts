// Guild channel invites (spec: Create Channel Invite with target_users_file and role_ids, Get
// Target Users as CSV, Get Channel Invites with partial roles): create (CREATE_INSTANT_INVITE),
// read, list (MANAGE_CHANNELS), delete, accept (target users only, roles given, max_uses and
// max_age on the emulator clock), INVITE_CREATE/INVITE_DELETE on intent 1 << 6, audit entries.
// Lobby channel invites keep working through the same accept route (lobbies.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTargetUsersCsv } from '../../lib/emulator/domain/invites';
import { Api, bearer, SEED, start, type Started } from './helpers';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { addRole, collect, giveRoles, PERM, setRoles } from './helpers/guild_setup';

let s: Started;
let api: Api;
const g = BigInt(SEED.guildId);
const id = (n: number) => (g + BigInt(n)).toString();
const CH = { welcome: id(10), textCategory: id(11), general: id(12), lobbyVoice: id(15), staffOnly: id(18), noBots: id(19) };
const ROLE = { everyone: SEED.guildId, moderators: id(1), bot: id(2) };
const clients: GatewayClient[] = [];
let low: string;
let high: string;

const memberOf = (userId: string) => s.emu.core.state.guilds.get(SEED.guildId)!.members.find((m) => m.userId === userId);

/** POST /channels/{general}/invites as multipart/form-data: payload_json plus one CSV file part. */
function createWithFile(payload: Record<string, unknown>, csv: string | Buffer, field = 'target_users_file') {
  const boundary = 'sdkppInviteBoundary42';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(payload)}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api.call('POST', `/channels/${CH.general}/invites`, { auth: api.bot, body, contentType: `multipart/form-data; boundary=${boundary}` });
}

async function newcomer(name: string): Promise<{ id: string; auth: string }> {
  const userId = await api.createUser(name);
  return { id: userId, auth: bearer(api.token(userId)) };
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  // The bot's role sits at position 3: it may hand out "Low" (2) but not "High" (4).
  low = addRole(s.emu, SEED.guildId, 'Low', 0n, 2);
  high = addRole(s.emu, SEED.guildId, 'High', 0n, 4);
  s.emu.core.state.guilds.get(SEED.guildId)!.roles.find((r) => r.id === ROLE.bot)!.position = 3;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await s.emu.close();
});

describe('create, read and delete', () => {
  it('creates an invite with the defaults (max_age 86400, max_uses 0), the metadata, and reads it back with GET /invites/{code}', async () => {
    const created = await api.post(`/channels/${CH.general}/invites`, {}, api.bot);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      type: 0, guild: { id: SEED.guildId, name: 'sdkpp Test Guild' }, channel: { id: CH.general, name: 'general', type: 0 },
      inviter: { id: SEED.botUserId }, uses: 0, max_uses: 0, max_age: 86400, temporary: false, roles: [],
    });
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(86_400_000);
    expect(Math.abs(Date.parse(created.body.created_at) - s.emu.control.now())).toBeLessThan(5_000);
    expect(created.body.code).toMatch(/^[A-Za-z0-9]{8}$/);
    const read = await api.get(`/invites/${created.body.code}?with_counts=true`, bearer(api.token(SEED.users.nelly)));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ code: created.body.code, channel: { id: CH.general } });
    expect(read.body.approximate_member_count).toBe(s.emu.core.state.guilds.get(SEED.guildId)!.members.length);
    expect(read.body.uses).toBeUndefined(); // metadata only for the channel's managers
    expect((await api.get('/invites/nope')).status).toBe(401);
    expect((await api.get('/invites/nope', api.bot)).body.code).toBe(10006);
  });

  it('without unique, the same settings give back the existing invite; unique makes a new one', async () => {
    const a = await api.post(`/channels/${CH.welcome}/invites`, { max_age: 600 }, api.bot);
    const b = await api.post(`/channels/${CH.welcome}/invites`, { max_age: 600 }, api.bot);
    const c = await api.post(`/channels/${CH.welcome}/invites`, { max_age: 600, unique: true }, api.bot);
    expect(b.body.code).toBe(a.body.code);
    expect(c.body.code).not.toBe(a.body.code);
  });

  it('validates max_age 0..604800 and max_uses 0..100 (50035), and needs CREATE_INSTANT_INVITE (50013), a viewable channel (50001), a known one (10003), not a category (50024)', async () => {
    expect((await api.post(`/channels/${CH.general}/invites`, { max_age: 604_800, max_uses: 100, unique: true }, api.bot)).status).toBe(200);
    const bad = await api.post(`/channels/${CH.general}/invites`, { max_age: 604_801, max_uses: 101, temporary: 'yes', target_type: 3 }, api.bot);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['max_age', 'max_uses', 'target_type', 'temporary']);
    expect((await api.post(`/channels/${CH.general}/invites`, { max_age: -1 }, api.bot)).body.errors.max_age).toBeDefined();
    expect((await api.post(`/channels/${CH.noBots}/invites`, {}, api.bot)).body.code).toBe(50001);
    expect((await api.post('/channels/123/invites', {}, api.bot)).body.code).toBe(10003);
    expect((await api.post(`/channels/${CH.textCategory}/invites`, {}, api.bot)).body.code).toBe(50024);
    s.emu.control.setChannelOverwrite(CH.general, SEED.botUserId, 1, null, PERM.CREATE_INSTANT_INVITE.toString());
    try {
      const refused = await api.post(`/channels/${CH.general}/invites`, { unique: true }, api.bot);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(50013);
    } finally {
      s.emu.control.setChannelOverwrite(CH.general, SEED.botUserId, 1, null, null);
    }
    expect((await api.post(`/channels/${CH.general}/invites`, {}, bearer(api.token(SEED.users.nelly)))).body.code).toBe(50001);
  });

  it('target_type 1 (STREAM) needs a member streaming in that voice channel (40032 otherwise), 2 an application; only voice channels', async () => {
    expect((await api.post(`/channels/${CH.general}/invites`, { target_type: 2, target_application_id: SEED.applicationId }, api.bot)).body.errors.target_type).toBeDefined();
    expect((await api.post(`/channels/${CH.lobbyVoice}/invites`, { target_type: 1, target_user_id: SEED.users.bob }, api.bot)).body.code).toBe(40032);
    expect((await api.post(`/channels/${CH.lobbyVoice}/invites`, { target_type: 1 }, api.bot)).body.errors.target_user_id).toBeDefined();
    s.emu.control.setVoiceChannel(SEED.users.bob, CH.lobbyVoice);
    try {
      const stream = await api.post(`/channels/${CH.lobbyVoice}/invites`, { target_type: 1, target_user_id: SEED.users.bob }, api.bot);
      expect(stream.body).toMatchObject({ target_type: 1, target_user: { id: SEED.users.bob } });
    } finally {
      s.emu.control.setVoiceChannel(SEED.users.bob, null);
    }
    const app = await api.post(`/channels/${CH.lobbyVoice}/invites`, { target_type: 2, target_application_id: SEED.applicationId }, api.bot);
    expect(app.body).toMatchObject({ target_type: 2, target_application: { id: SEED.applicationId } });
    expect((await api.post(`/channels/${CH.lobbyVoice}/invites`, { target_type: 2, target_application_id: '123' }, api.bot)).body.errors.target_application_id).toBeDefined();
  });

  it('DELETE /invites/{code} needs MANAGE_CHANNELS or MANAGE_GUILD, answers the invite, and the code is gone', async () => {
    const invite = await api.post(`/channels/${CH.general}/invites`, { unique: true }, api.bot);
    const refused = await api.delete(`/invites/${invite.body.code}`, api.bot);
    expect(refused.body.code).toBe(50013);
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [ROLE.moderators]);
    try {
      const deleted = await api.delete(`/invites/${invite.body.code}`, api.bot);
      expect(deleted.status).toBe(200);
      expect(deleted.body.code).toBe(invite.body.code);
      expect((await api.get(`/invites/${invite.body.code}`, api.bot)).body.code).toBe(10006);
      expect((await api.delete(`/invites/${invite.body.code}`, api.bot)).body.code).toBe(10006);
    } finally {
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [ROLE.bot]);
    }
  });
});

describe('Get Channel Invites', () => {
  it('needs MANAGE_CHANNELS (50013) and lists the channel\'s invites with metadata and partial roles (id, name, position, color, colors, icon, unicode_emoji only)', async () => {
    expect((await api.get(`/channels/${CH.welcome}/invites`, api.bot)).body.code).toBe(50013);
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [addRole(s.emu, SEED.guildId, 'Role granter', PERM.MANAGE_ROLES | PERM.MANAGE_CHANNELS, 1)]);
    const withRole = await api.post(`/channels/${CH.welcome}/invites`, { role_ids: [low], unique: true }, api.bot);
    expect(withRole.status, withRole.text).toBe(200);
    const list = await api.get(`/channels/${CH.welcome}/invites`, api.bot);
    expect(list.status).toBe(200);
    const listed = list.body.find((i: any) => i.code === withRole.body.code);
    expect(listed).toMatchObject({ uses: 0, max_uses: 0, max_age: 86400, temporary: false, inviter: { id: SEED.botUserId } });
    expect(listed.roles).toHaveLength(1);
    expect(Object.keys(listed.roles[0]).sort()).toEqual(['color', 'colors', 'icon', 'id', 'name', 'position', 'unicode_emoji']);
    expect(listed.roles[0]).toMatchObject({ id: low, name: 'Low', position: 2 });
    expect(list.body.every((i: any) => i.channel.id === CH.welcome)).toBe(true);
  });

  it('the roles of an invite keep their gradient colors (secondary, tertiary), as the guild\'s role objects do', async () => {
    const granter = addRole(s.emu, SEED.guildId, 'Gradient granter', PERM.MANAGE_ROLES | PERM.MANAGE_CHANNELS, 1);
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [granter]);
    const gradient = { primary_color: 0x112233, secondary_color: 0x445566, tertiary_color: 0x778899 };
    const patched = await api.patch(`/guilds/${SEED.guildId}/roles/${low}`, { colors: gradient }, api.bot);
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.colors).toEqual(gradient);
    const created = await api.post(`/channels/${CH.welcome}/invites`, { role_ids: [low], unique: true }, api.bot);
    expect(created.status, created.text).toBe(200);
    expect(created.body.roles[0].colors).toEqual(gradient);
    expect((await api.get(`/invites/${created.body.code}`, api.bot)).body.roles[0].colors).toEqual(gradient);
    const listed = (await api.get(`/channels/${CH.welcome}/invites`, api.bot)).body.find((i: any) => i.code === created.body.code);
    expect(listed.roles[0].colors).toEqual(gradient);
  });
});

describe('role_ids and accepting', () => {
  it('role_ids must exist (50035), need MANAGE_ROLES and lie below the creator\'s highest role (50013)', async () => {
    expect((await api.post(`/channels/${CH.general}/invites`, { role_ids: ['123'] }, api.bot)).body.errors.role_ids).toBeDefined();
    expect((await api.post(`/channels/${CH.general}/invites`, { role_ids: [SEED.guildId] }, api.bot)).body.errors.role_ids).toBeDefined();
    expect((await api.post(`/channels/${CH.general}/invites`, { role_ids: [high] }, api.bot)).body.code).toBe(50013);
    expect((await api.post(`/channels/${CH.general}/invites`, { role_ids: [ROLE.bot] }, api.bot)).body.code).toBe(50013);
    expect((await api.post(`/channels/${CH.general}/invites`, { role_ids: 'x' }, api.bot)).body.errors.role_ids).toBeDefined();
  });

  it('accepting joins the guild with the invite\'s roles (GUILD_MEMBER_ADD), counts a use, and the last use deletes it (INVITE_DELETE)', async () => {
    const invite = await api.post(`/channels/${CH.general}/invites`, { role_ids: [low], max_uses: 2, unique: true }, api.bot);
    const seen = collect(s.emu, 'GUILD_MEMBER_ADD', 'INVITE_DELETE');
    try {
      const first = await newcomer('inv_first');
      const accepted = await api.post(`/invites/${invite.body.code}`, {}, first.auth);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ code: invite.body.code, guild: { id: SEED.guildId } });
      expect(memberOf(first.id)!.roles).toEqual([low]);
      expect(seen.events.find((e) => e.type === 'GUILD_MEMBER_ADD')!.data).toMatchObject({ guild_id: SEED.guildId, user: { id: first.id }, roles: [low] });
      // A member accepting again spends no use.
      await api.post(`/invites/${invite.body.code}`, {}, first.auth);
      expect(s.emu.core.state.guildInvites.get(invite.body.code)!.uses).toBe(1);
      const second = await newcomer('inv_second');
      expect((await api.post(`/invites/${invite.body.code}`, {}, second.auth)).status).toBe(200);
      expect(seen.events.find((e) => e.type === 'INVITE_DELETE')!.data).toEqual({ channel_id: CH.general, guild_id: SEED.guildId, code: invite.body.code });
      const third = await newcomer('inv_third');
      expect((await api.post(`/invites/${invite.body.code}`, {}, third.auth)).body.code).toBe(10006);
      expect(memberOf(third.id)).toBeUndefined();
    } finally {
      seen.stop();
    }
  });

  it('max_age runs on the emulator clock: usable until then, 10006 after', async () => {
    const invite = await api.post(`/channels/${CH.general}/invites`, { max_age: 60, unique: true }, api.bot);
    s.emu.control.advanceClock(59_000);
    expect((await api.get(`/invites/${invite.body.code}`, api.bot)).status).toBe(200);
    s.emu.control.advanceClock(1_000);
    expect((await api.get(`/invites/${invite.body.code}`, api.bot)).body.code).toBe(10006);
    const late = await newcomer('inv_late');
    expect((await api.post(`/invites/${invite.body.code}`, {}, late.auth)).body.code).toBe(10006);
    expect(memberOf(late.id)).toBeUndefined();
    const forever = await api.post(`/channels/${CH.general}/invites`, { max_age: 0, unique: true }, api.bot);
    expect(forever.body.expires_at).toBeNull();
    s.emu.control.advanceClock(30 * 24 * 3600 * 1000);
    expect((await api.get(`/invites/${forever.body.code}`, api.bot)).status).toBe(200);
  });

  it('accepting needs a user token (bots cannot)', async () => {
    const invite = await api.post(`/channels/${CH.general}/invites`, { unique: true }, api.bot);
    expect((await api.post(`/invites/${invite.body.code}`, {}, api.bot)).body.code).toBe(50001);
  });
});

describe('target users (target_users_file)', () => {
  it('parses CSV with or without the user_id header, and refuses anything else with 50035', () => {
    expect(parseTargetUsersCsv('user_id\n1\n2\n')).toEqual(['1', '2']);
    expect(parseTargetUsersCsv('1\r\n2\r\n2')).toEqual(['1', '2']);
    expect(parseTargetUsersCsv('name,user_id\nx,3\n')).toEqual(['3']);
    for (const bad of ['', 'user_id\n', 'id\n1', 'user_id\nabc', '1\n-2', '1\n18446744073709551616']) {
      expect(() => parseTargetUsersCsv(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: 50035 }));
    }
  });

  it('takes target_users_file as a multipart file part (with payload_json); bad CSV, other files and a JSON field are 50035 and create nothing', async () => {
    const before = s.emu.core.state.guildInvites.size;
    const good = await createWithFile({ max_uses: 3 }, `user_id\n${SEED.users.nelly}\n`);
    expect(good.status, good.text).toBe(200);
    expect(good.body.max_uses).toBe(3);
    expect(s.emu.core.state.guildInvites.get(good.body.code)!.targetUserIds).toEqual([SEED.users.nelly]);
    expect((await createWithFile({}, `${SEED.users.bob}\r\n`)).status).toBe(200); // no header
    const sizeAfterGood = s.emu.core.state.guildInvites.size;
    expect(sizeAfterGood).toBe(before + 2);
    for (const bad of ['', 'user_id\n', 'user_id\nnot-a-user\n', 'name\nx\n']) {
      const reply = await createWithFile({}, bad);
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.errors.target_users_file).toBeDefined();
    }
    expect((await createWithFile({}, Buffer.from([0xff, 0xfe, 0x31]))).body.errors.target_users_file).toBeDefined();
    expect((await createWithFile({}, '1\n', 'files[0]')).status).toBe(400);
    expect((await api.post(`/channels/${CH.general}/invites`, { target_users_file: '1' }, api.bot)).body.errors.target_users_file).toBeDefined();
    expect(s.emu.core.state.guildInvites.size).toBe(sizeAfterGood);
  });

  it('only the target users may accept (50001 for others); GET /invites/{code}/target-users is text/csv with the single header user_id', async () => {
    const allowed = await newcomer('inv_target_ok');
    const other = await newcomer('inv_target_no');
    const made = await createWithFile({ unique: true }, `user_id\n${allowed.id}\n${SEED.users.nelly}\n`);
    const invite = made.body;
    const csv = await api.get(`/invites/${invite.code}/target-users`, api.bot);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toBe(`user_id\n${allowed.id}\n${SEED.users.nelly}\n`);
    // Not the inviter and without MANAGE_GUILD: 50013; an invite without target users: 10129.
    expect((await api.get(`/invites/${invite.code}/target-users`, other.auth)).body.code).toBe(50013);
    const open = await api.post(`/channels/${CH.general}/invites`, { unique: true }, api.bot);
    expect((await api.get(`/invites/${open.body.code}/target-users`, api.bot)).body.code).toBe(10129);
    const refused = await api.post(`/invites/${invite.code}`, {}, other.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50001);
    expect(memberOf(other.id)).toBeUndefined();
    expect((await api.post(`/invites/${invite.code}`, {}, allowed.auth)).status).toBe(200);
    expect(memberOf(allowed.id)).toBeDefined();
  });
});

describe('gateway events and audit log', () => {
  it('INVITE_CREATE and INVITE_DELETE go to bots with GUILD_INVITES (1 << 6) only; both are audit entries (40, 42)', async () => {
    const withIntent = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    const without = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    clients.push(withIntent, without);
    await withIntent.identifyBot(s.emu.application.botToken, 1 << 6);
    await without.identifyBot(s.emu.application.botToken, 1 << 0);
    const from = withIntent.mark();
    const invite = await api.post(`/channels/${CH.general}/invites`, { unique: true, max_uses: 5 }, api.bot);
    const created = (await withIntent.waitFor(dispatchOf('INVITE_CREATE', (d) => d.code === invite.body.code), { from })).d;
    expect(created).toMatchObject({ channel_id: CH.general, guild_id: SEED.guildId, max_uses: 5, max_age: 86400, temporary: false, uses: 0, inviter: { id: SEED.botUserId } });
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [addRole(s.emu, SEED.guildId, 'Auditor', PERM.VIEW_AUDIT_LOG | PERM.MANAGE_GUILD, 1)]);
    await api.delete(`/invites/${invite.body.code}`, api.bot);
    expect((await withIntent.waitFor(dispatchOf('INVITE_DELETE', (d) => d.code === invite.body.code), { from })).d).toEqual({ channel_id: CH.general, guild_id: SEED.guildId, code: invite.body.code });
    expect(without.dispatches('INVITE_CREATE')).toEqual([]);
    expect(without.dispatches('INVITE_DELETE')).toEqual([]);
    const entries = (await api.get(`/guilds/${SEED.guildId}/audit-logs?limit=2`, api.bot)).body.audit_log_entries;
    expect(entries.map((e: any) => e.action_type)).toEqual([42, 40]);
    expect(entries[1].changes).toEqual(expect.arrayContaining([{ key: 'code', new_value: invite.body.code }, { key: 'max_uses', new_value: 5 }]));
  });
});

describe('restart from the data file', () => {
  it('keeps guild invites (uses, roles), auto moderation rules, quarantine flags, audit entries, pins and the search index override', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-emu-h16-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile });
      let code: string;
      let ruleId: string;
      let pinned: string;
      try {
        first.emu.control.setRateLimits(false);
        const role = addRole(first.emu, SEED.guildId, 'Restart', PERM.MANAGE_GUILD | PERM.VIEW_AUDIT_LOG | PERM.PIN_MESSAGES | PERM.MANAGE_ROLES | PERM.MANAGE_CHANNELS, 3);
        const low = addRole(first.emu, SEED.guildId, 'Given', 0n, 1);
        giveRoles(first.emu, SEED.guildId, SEED.botUserId, [role]);
        code = (await first.api.post(`/channels/${CH.general}/invites`, { unique: true, max_uses: 5, role_ids: [low] }, first.api.bot)).body.code;
        const joiner = await first.api.createUser('restart_joiner');
        expect((await first.api.post(`/invites/${code}`, {}, bearer(first.api.token(joiner)))).status).toBe(200);
        ruleId = (await first.api.post(`/guilds/${SEED.guildId}/auto-moderation/rules`, { name: 'Names', event_type: 2, trigger_type: 6, trigger_metadata: { keyword_filter: ['badname'] }, actions: [{ type: 4 }], enabled: true }, first.api.bot)).body.id;
        first.emu.control.updateGuildMember(SEED.guildId, SEED.users.erin, { nick: 'badname' });
        pinned = String(first.emu.control.postChannelMessage(SEED.users.nelly, CH.general, 'keep me pinned').id);
        expect((await first.api.put(`/channels/${CH.general}/messages/pins/${pinned}`, undefined, first.api.bot)).status).toBe(204);
        first.emu.control.setSearchIndexReady(SEED.guildId, false);
      } finally {
        await first.emu.close();
      }
      const second = await start({ dataFile });
      try {
        const invites = (await second.api.get(`/channels/${CH.general}/invites`, second.api.bot)).body;
        expect(invites.find((i: any) => i.code === code)).toMatchObject({ uses: 1, max_uses: 5, roles: [{ name: 'Given' }] });
        expect((await second.api.get(`/guilds/${SEED.guildId}/auto-moderation/rules/${ruleId}`, second.api.bot)).body.name).toBe('Names');
        const erin = second.emu.core.state.guilds.get(SEED.guildId)!.members.find((m) => m.userId === SEED.users.erin)!;
        expect(erin.flags! & (1 << 7)).toBe(1 << 7);
        const audit = (await second.api.get(`/guilds/${SEED.guildId}/audit-logs?limit=100`, second.api.bot)).body.audit_log_entries.map((e: any) => e.action_type);
        expect(audit).toEqual(expect.arrayContaining([40, 140, 146, 74]));
        expect((await second.api.get(`/channels/${CH.general}/messages/pins`, second.api.bot)).body.items.map((i: any) => i.message.id)).toEqual([pinned]);
        second.emu.core.state.applications.get(SEED.applicationId)!.flags |= 1n << 18n;
        expect((await second.api.get(`/guilds/${SEED.guildId}/messages/search?content=keep`, second.api.bot)).body.code).toBe(110000);
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
