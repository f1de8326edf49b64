// Guild roles over HTTP with a bot token: role objects with `colors` (gradient only when the
// guild has ENHANCED_ROLE_COLORS, else 50035) and the deprecated `color` kept equal to
// colors.primary_color (spec "Role"), Get Guild Role(s) (10011), Get Guild Role Member Counts,
// Create / Modify / Delete Role with MANAGE_ROLES and the hierarchy, GUILD_ROLE_* to bots.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';

const MANAGE_ROLES = 1n << 28n;
const KICK_MEMBERS = 1n << 1n;
const GUILDS_INTENT = 1 << 0;
const g = BigInt(SEED.guildId);
const ROLE = { everyone: SEED.guildId, moderators: (g + 1n).toString(), bot: (g + 2n).toString() };
const { nelly, bob } = SEED.users;

let s: Started;
let api: Api;
let events: BusEvent[] = [];
const guild = () => s.emu.core.state.guilds.get(SEED.guildId)!;
const grant = (bits: bigint) => {
  guild().roles.find((r) => r.id === ROLE.bot)!.permissions = bits;
};
const roles = `/guilds/${SEED.guildId}/roles`;
const create = (body: unknown) => api.post(roles, body, api.bot);
const modify = (roleId: string, body: unknown) => api.patch(`${roles}/${roleId}`, body, api.bot);
const of = (type: string) => events.filter((e) => e.type === type);

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  grant(MANAGE_ROLES);
  s.emu.control.setGuildFeatures(SEED.guildId, ['ENHANCED_ROLE_COLORS']);
  events = [];
});

describe('GET roles', () => {
  it('lists the roles by position, each with colors and the deprecated color equal to primary_color', async () => {
    const reply = await api.get(roles, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body.map((r: any) => r.id)).toEqual([ROLE.everyone, ROLE.bot, ROLE.moderators]);
    const moderators = reply.body.find((r: any) => r.id === ROLE.moderators);
    expect(moderators).toMatchObject({ name: 'Moderators', color: 0x3498db, colors: { primary_color: 0x3498db, secondary_color: null, tertiary_color: null }, hoist: false, mentionable: false });
    expect(typeof moderators.permissions).toBe('string');
  });

  it('Get Guild Role answers one role; 10011 for an unknown one', async () => {
    expect((await api.get(`${roles}/${ROLE.moderators}`, api.bot)).body.name).toBe('Moderators');
    for (const bad of ['1', 'abc']) {
      const reply = await api.get(`${roles}/${bad}`, api.bot);
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe(10011);
    }
  });

  it('Get Guild Role Member Counts: {roleId: count}, without @everyone', async () => {
    const reply = await api.get(`${roles}/member-counts`, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ [ROLE.moderators]: 1, [ROLE.bot]: 1 });
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { roles: [ROLE.moderators] });
    expect((await api.get(`${roles}/member-counts`, api.bot)).body[ROLE.moderators]).toBe(2);
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { roles: [] });
  });
});

describe('POST roles (create)', () => {
  it('needs MANAGE_ROLES; the role sits just above @everyone; GUILD_ROLE_CREATE', async () => {
    grant(0n);
    expect((await create({ name: 'No' })).body.code).toBe(50013);
    grant(MANAGE_ROLES);
    const reply = await create({});
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'new role', position: 1, permissions: '0', color: 0 });
    expect(guild().roles.find((r) => r.id === ROLE.bot)!.position).toBeGreaterThan(1);
    expect(of('GUILD_ROLE_CREATE')[0].data).toMatchObject({ guild_id: SEED.guildId, role: { id: reply.body.id } });
  });

  it('cannot grant a permission the bot lacks (50013)', async () => {
    expect((await create({ name: 'Kickers', permissions: KICK_MEMBERS.toString() })).body.code).toBe(50013);
    expect((await create({ name: 'Managers', permissions: MANAGE_ROLES.toString() })).status).toBe(200);
  });

  it('color (deprecated) and colors.primary_color are one value', async () => {
    const byColor = await create({ name: 'Old', color: 0x123456 });
    expect(byColor.body.colors).toEqual({ primary_color: 0x123456, secondary_color: null, tertiary_color: null });
    const byColors = await create({ name: 'New', colors: { primary_color: 0xabcdef } });
    expect(byColors.body.color).toBe(0xabcdef);
    const updated = await modify(byColor.body.id, { colors: { primary_color: 0x00ff00 } });
    expect(updated.body.color).toBe(0x00ff00);
  });

  it('a gradient (secondary or tertiary color) needs ENHANCED_ROLE_COLORS, else 50035', async () => {
    const gradient = await create({ name: 'Grad', colors: { primary_color: 1, secondary_color: 2, tertiary_color: null } });
    expect(gradient.body.colors).toEqual({ primary_color: 1, secondary_color: 2, tertiary_color: null });
    s.emu.control.setGuildFeatures(SEED.guildId, []);
    const count = guild().roles.length;
    const refused = await create({ name: 'Grad2', colors: { primary_color: 1, secondary_color: 2 } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.colors.secondary_color).toBeDefined();
    expect((await create({ name: 'Holo', colors: { primary_color: 1, tertiary_color: 3 } })).body.errors.colors.tertiary_color).toBeDefined();
    expect((await modify(gradient.body.id, { colors: { primary_color: 1, secondary_color: 5 } })).body.code).toBe(50035);
    expect(guild().roles.length).toBe(count);
    expect((await create({ name: 'Solid', colors: { primary_color: 7 } })).status).toBe(200);
    // Setting only the deprecated color makes the role solid again.
    expect((await modify(gradient.body.id, { color: 9 })).body.colors).toEqual({ primary_color: 9, secondary_color: null, tertiary_color: null });
  });

  it('names are 1 to 100 characters, colors 0 to 0xFFFFFF (50035 beyond)', async () => {
    expect((await create({ name: 'r'.repeat(100) })).status).toBe(200);
    expect((await create({ name: 'r'.repeat(101) })).body.errors.name).toBeDefined();
    expect((await create({ name: 'c', color: 0xffffff })).status).toBe(200);
    expect((await create({ name: 'c', color: 0x1000000 })).body.errors.color).toBeDefined();
    expect((await create({ name: 'c', colors: { primary_color: -1 } })).body.errors.colors.primary_color).toBeDefined();
    expect((await create({ name: 'c', permissions: 'all' })).body.errors.permissions).toBeDefined();
  });

  it('250 roles per guild: the 250th is made, the 251st is 30005', async () => {
    const fill = (n: number) => {
      while (guild().roles.length < n) guild().roles.push({ id: s.emu.core.ids.next(), name: 'filler', permissions: 0n, position: 1, color: 0 });
    };
    fill(249);
    expect((await create({ name: 'number 250' })).status).toBe(200);
    const reply = await create({ name: 'number 251' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(30005);
    guild().roles = guild().roles.filter((r) => r.name !== 'filler');
  });
});

describe('PATCH and DELETE roles', () => {
  it('only roles below the bot\'s highest (its own and higher ones: 50013); GUILD_ROLE_UPDATE', async () => {
    expect((await modify(ROLE.moderators, { name: 'Mods' })).body.code).toBe(50013);
    expect((await modify(ROLE.bot, { name: 'Me' })).body.code).toBe(50013);
    const low = await create({ name: 'Low' });
    const reply = await modify(low.body.id, { name: 'Lower', hoist: true, mentionable: true });
    expect(reply.body).toMatchObject({ name: 'Lower', hoist: true, mentionable: true });
    expect(of('GUILD_ROLE_UPDATE').at(-1)?.data).toMatchObject({ guild_id: SEED.guildId, role: { id: low.body.id, name: 'Lower' } });
    grant(0n);
    expect((await modify(low.body.id, { name: 'x' })).body.code).toBe(50013);
  });

  it('@everyone keeps its name (50035) and cannot be deleted (50028)', async () => {
    expect((await modify(ROLE.everyone, { name: 'everyone' })).body.errors.name).toBeDefined();
    expect((await api.delete(`${roles}/${ROLE.everyone}`, api.bot)).body.code).toBe(50028);
  });

  it('delete: below the bot only; members lose the role; GUILD_ROLE_DELETE', async () => {
    expect((await api.delete(`${roles}/${ROLE.moderators}`, api.bot)).body.code).toBe(50013);
    const doomed = await create({ name: 'Doomed' });
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { roles: [doomed.body.id] });
    expect((await api.delete(`${roles}/${doomed.body.id}`, api.bot)).status).toBe(204);
    expect(guild().members.find((m) => m.userId === nelly)!.roles).toEqual([]);
    expect(of('GUILD_ROLE_DELETE').at(-1)?.data).toEqual({ guild_id: SEED.guildId, role_id: doomed.body.id });
    expect((await api.delete(`${roles}/${doomed.body.id}`, api.bot)).body.code).toBe(10011);
    expect(guild().members.find((m) => m.userId === bob)!.roles).toEqual([ROLE.moderators]);
  });
});

describe('GUILD_ROLE_* on the gateway', () => {
  it('reaches a bot in the guild with the GUILDS intent', async () => {
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await client.identifyBot(s.emu.application.botToken, GUILDS_INTENT);
      const from = client.mark();
      const created = await create({ name: 'Live' });
      const event = await client.waitFor(dispatchOf('GUILD_ROLE_CREATE'), { from, timeoutMs: 5000 });
      expect(event.d).toMatchObject({ guild_id: SEED.guildId, role: { id: created.body.id, name: 'Live' } });
    } finally {
      client.close();
    }
  });
});

describe("role changes over HTTP and an obfuscated bot's view (spec: Channel Update on gaining VIEW_CHANNEL)", () => {
  it('gaining a role that lets it view a channel sends the full channel; a role deletion or a permission removal hides it again', async () => {
    const VIEW_CHANNEL = 1n << 10n;
    const staffOnly = (g + 18n).toString();
    const general = (g + 12n).toString();
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    const everyone = guild().roles.find((r) => r.id === ROLE.everyone)!;
    const everyonePermissions = everyone.permissions;
    try {
      const viewers = (await create({ name: 'Viewers' })).body;
      s.emu.control.setChannelOverwrite(staffOnly, viewers.id, 0, VIEW_CHANNEL.toString(), null);
      await client.identifyBot(s.emu.application.botToken, GUILDS_INTENT, 1 << 15);
      let from = client.mark();
      expect((await api.patch(`/guilds/${SEED.guildId}/members/${SEED.botUserId}`, { roles: [ROLE.bot, viewers.id] }, api.bot)).status).toBe(200);
      const shown = await client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === staffOnly), { from, timeoutMs: 5000 });
      expect(shown.d.name).toBe('staff-only');

      from = client.mark();
      expect((await api.delete(`${roles}/${viewers.id}`, api.bot)).status).toBe(204);
      const hidden = await client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === staffOnly), { from, timeoutMs: 5000 });
      expect(hidden.d.name).toBe('___hidden___');

      from = client.mark();
      expect((await modify(ROLE.everyone, { permissions: (everyonePermissions & ~VIEW_CHANNEL).toString() })).status).toBe(200);
      const generalHidden = await client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === general), { from, timeoutMs: 5000 });
      expect(generalHidden.d.name).toBe('___hidden___');
    } finally {
      everyone.permissions = everyonePermissions;
      client.close();
    }
  });
});
