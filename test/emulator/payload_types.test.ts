// Issue 11 item 18: the emulator's payloads as the public API types them. Real payloads are
// recorded from a running emulator (gateway READY for users and bots, GUILD_CREATE, member
// events, DM MESSAGE_CREATE; REST SKUs, entitlements, connections, DM messages, channel info)
// and checked against tables of required keys that the compiler derives from discord-api-types
// (helpers/public_shapes.ts, type-checked here), so a key the public types require cannot be
// left out without a failure.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';
import * as Shapes from './helpers/public_shapes';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const { nelly, alice, carol } = SEED.users;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const SKU_FOUNDER_PACK = at(101);
const LOBBY_VOICE = at(15);

let t: TestEmulator;
const clients: GatewayClient[] = [];

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  closeAll(clients);
  await t?.close();
});

async function connect(): Promise<GatewayClient> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  return client;
}

function expectShape(value: unknown, shape: Readonly<Record<string, Shapes.Kind>>, what: string): void {
  expect(Shapes.shapeProblems(value, shape), what).toEqual([]);
}

describe('the required-key tables follow discord-api-types', () => {
  it('type-checks helpers/public_shapes.ts against the public types', () => {
    const require = createRequire(import.meta.url);
    const tsc = require.resolve('typescript/bin/tsc');
    const file = join(__dirname, 'helpers', 'public_shapes.ts');
    const result = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
      '--moduleResolution', 'nodenext', '--skipLibCheck', file], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it('finds problems: a missing key and a wrong type are reported', () => {
    expect(Shapes.shapeProblems({ id: '1', name: 'x', color: '0' }, Shapes.ROLE)).toEqual(expect.arrayContaining(['color: string, want number', 'missing hoist']));
  });
});

describe('gateway payloads', () => {
  it("a bot's READY and GUILD_CREATE: the guild's required fields, unavailable false, the bot's own member, roles in full", async () => {
    const client = await connect();
    const from = client.mark();
    const ready = await client.identifyBot(t.emu.application.botToken, GUILDS);
    expectShape(ready.application, Shapes.READY_APPLICATION, 'READY application');
    // flags_new holds every bit (the seed has one past bit 30); flags its low 31 bits.
    expect(BigInt(ready.application.flags)).toBe(BigInt(ready.application.flags_new) & ((1n << 31n) - 1n));
    const guild = (await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from })).d;
    expectShape(guild, Shapes.GUILD_CREATE, 'GUILD_CREATE');
    expect(guild.unavailable).toBe(false);
    expect(guild.stickers).toEqual([]);
    expect(guild.member_count).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(guild.joined_at))).toBe(false);
    const own = guild.members.find((m: any) => m.user.id === SEED.botUserId);
    expect(own, "the bot's own member").toBeDefined();
    for (const member of guild.members) expectShape(member, Shapes.MEMBER, 'GUILD_CREATE member');
    expect(guild.roles.length).toBeGreaterThan(0);
    for (const role of guild.roles) {
      expectShape(role, Shapes.ROLE, `role ${role.name}`);
      expect(role.colors.primary_color).toBe(role.color);
    }
  });

  it("a user's READY carries the application with flags_new", async () => {
    const client = await connect();
    const ready = await client.identifyUser(t.token(nelly));
    expectShape(ready.application, Shapes.READY_APPLICATION, 'READY application');
  });

  it('GUILD_MEMBER_UPDATE is a member with deaf, mute, flags, avatar and banner', async () => {
    const client = await connect();
    await client.identifyBot(t.emu.application.botToken, GUILDS | GUILD_MEMBERS);
    const from = client.mark();
    t.emu.control.updateGuildMember(SEED.guildId, alice, { nick: 'Al' });
    const update = (await client.waitFor(dispatchOf('GUILD_MEMBER_UPDATE', (d) => d.user?.id === alice), { from })).d;
    expectShape(update, Shapes.MEMBER, 'GUILD_MEMBER_UPDATE');
    expect(update).toMatchObject({ guild_id: SEED.guildId, deaf: false, mute: false, flags: 0, avatar: null, banner: null });
  });

  it('voice_start_time is Unix seconds in VOICE_CHANNEL_START_TIME_UPDATE', async () => {
    const client = await connect();
    await client.identifyBot(t.emu.application.botToken, GUILDS);
    const from = client.mark();
    t.emu.control.setVoiceChannel(SEED.botUserId, LOBBY_VOICE);
    const started = (await client.waitFor(dispatchOf('VOICE_CHANNEL_START_TIME_UPDATE', (d) => d.voice_start_time !== null), { from })).d;
    expect(Number.isInteger(started.voice_start_time)).toBe(true);
    expect(Math.abs(started.voice_start_time - t.emu.control.now() / 1000)).toBeLessThan(60);
    t.emu.control.setVoiceChannel(SEED.botUserId, null);
  });
});

describe('REST payloads', () => {
  it('SKUs in snake_case', async () => {
    const skus = (await api(t.emu, 'GET', `/applications/${SEED.applicationId}/skus`, { auth: bot(t.emu) })).body as unknown[];
    expect(skus.length).toBeGreaterThan(0);
    for (const sku of skus) {
      expectShape(sku, Shapes.SKU, 'SKU');
      expect(sku).not.toHaveProperty('applicationId');
    }
  });

  it('an entitlement of a user leaves guild_id out instead of null', async () => {
    t.emu.control.grantEntitlement(alice, SKU_FOUNDER_PACK);
    const list = (await api(t.emu, 'GET', `/applications/${SEED.applicationId}/entitlements?user_id=${alice}`, { auth: bot(t.emu) })).body as any[];
    expect(list.length).toBeGreaterThan(0);
    for (const entitlement of list) {
      expectShape(entitlement, Shapes.ENTITLEMENT, 'entitlement');
      expect(entitlement).not.toHaveProperty('guild_id');
      expect(entitlement.user_id).toBe(alice);
    }
  });

  it('GET /users/@me/guilds: permissions is a string of the full bit set (the public type), permissions_new its companion', async () => {
    for (const auth of [`Bearer ${t.token(alice)}`, bot(t.emu)]) {
      const list = (await api(t.emu, 'GET', '/users/@me/guilds', { auth })).body as Array<Record<string, string>>;
      expect(list.length).toBeGreaterThan(0);
      for (const guild of list) {
        expectShape(guild, Shapes.CURRENT_USER_GUILD, 'current user guild');
        expect(guild.permissions_new).toBe(guild.permissions);
      }
    }
    // Bits past 31 (the owner holds them all) survive in permissions itself.
    const owned = (await api(t.emu, 'GET', '/users/@me/guilds', { auth: `Bearer ${t.token(alice)}` })).body.find((g: any) => g.id === SEED.guildId);
    expect(BigInt(owned.permissions) > 2n ** 52n).toBe(true);
  });

  it('connections carry friend_sync, show_activity and two_way_link', async () => {
    const list = (await api(t.emu, 'GET', '/users/@me/connections', { auth: `Bearer ${t.token(carol)}` })).body as unknown[];
    expect(list.length).toBeGreaterThan(0);
    for (const connection of list) expectShape(connection, Shapes.CONNECTION, 'connection');
  });

  it('a DM message (REST reply, history and the MESSAGE_CREATE dispatch) has every required message field', async () => {
    const client = await connect();
    await client.identifyUser(t.token(alice));
    const from = client.mark();
    const sent = await api(t.emu, 'POST', `/users/@me/dms/${alice}/messages`, { auth: `Bearer ${t.token(nelly)}`, body: { content: 'shapes' } });
    expect(sent.status).toBe(200);
    expectShape(sent.body, Shapes.MESSAGE, 'POST reply');
    const history = (await api(t.emu, 'GET', `/users/@me/dms/${alice}/messages`, { auth: `Bearer ${t.token(nelly)}` })).body as unknown[];
    for (const message of history) expectShape(message, Shapes.MESSAGE, 'history');
    const created = (await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.content === 'shapes'), { from })).d;
    expectShape(created, Shapes.MESSAGE, 'MESSAGE_CREATE');
    expect(created).toMatchObject({ tts: false, mention_everyone: false, mentions: [], mention_roles: [], attachments: [], embeds: [], pinned: false });
  });
});

describe('the bot side: channel messages', () => {
  it('a bot channel message (REST reply with an attachment, history, MESSAGE_CREATE) and a bot DM channel have every required field', async () => {
    const GUILD_MESSAGES = 1 << 9;
    const general = at(12);
    const client = await connect();
    await client.identifyBot(t.emu.application.botToken, GUILD_MESSAGES);
    const from = client.mark();
    const form = new FormData();
    form.set('payload_json', JSON.stringify({ content: 'bot shapes', attachments: [{ id: 0, description: 'd' }] }));
    form.set('files[0]', new Blob([Buffer.from('bytes')], { type: 'text/plain' }), 'shape.txt');
    const response = await fetch(`${t.emu.apiBase}/channels/${general}/messages`, { method: 'POST', headers: { authorization: bot(t.emu) }, body: form });
    expect(response.status).toBe(200);
    const sent = (await response.json()) as { id: string; attachments: unknown[] };
    expectShape(sent, Shapes.MESSAGE, 'POST reply');
    expectShape(sent.attachments[0], Shapes.ATTACHMENT, 'attachment');
    const history = (await api(t.emu, 'GET', `/channels/${general}/messages?limit=5`, { auth: bot(t.emu) })).body as unknown[];
    for (const message of history) expectShape(message, Shapes.MESSAGE, 'history');
    const created = (await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === sent.id), { from })).d;
    expectShape(created, Shapes.MESSAGE, 'MESSAGE_CREATE');
    const dm = await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: carol } });
    expectShape(dm.body, Shapes.DM_CHANNEL, 'DM channel');
  });
});

describe('Get Guild', () => {
  it('GET /guilds/{id} has the public Guild type\'s required fields; with_counts adds the approximate counts; another guild is 50001, an unknown one 10004', async () => {
    const reply = await api(t.emu, 'GET', `/guilds/${SEED.guildId}?with_counts=true`, { auth: bot(t.emu) });
    expect(reply.status).toBe(200);
    expectShape(reply.body, Shapes.GUILD, 'Get Guild');
    expect(reply.body).toMatchObject({ id: SEED.guildId, approximate_member_count: expect.any(Number), approximate_presence_count: expect.any(Number) });
    expect(reply.body).not.toHaveProperty('joined_at'); // a GUILD_CREATE-only field
    expect((await api(t.emu, 'GET', `/guilds/${SEED.guildId}`, { auth: bot(t.emu) })).body).not.toHaveProperty('approximate_member_count');
    const other = t.emu.control.createGuild('Not the bot\'s', [SEED.users.alice]) as { id: string };
    t.emu.control.removeGuildMember(other.id, SEED.botUserId);
    expect((await api(t.emu, 'GET', `/guilds/${other.id}`, { auth: bot(t.emu) })).body.code).toBe(50001);
    expect((await api(t.emu, 'GET', '/guilds/123', { auth: bot(t.emu) })).body.code).toBe(10004);
  });
});

describe('guild channels', () => {
  it('every channel of GET /guilds/{id}/channels and GET /channels/{id} has its public type\'s required fields (text, voice, category, announcement)', async () => {
    const listed = await api(t.emu, 'GET', `/guilds/${SEED.guildId}/channels`, { auth: bot(t.emu) });
    expect(listed.status).toBe(200);
    const shapes: Record<number, Record<string, Shapes.Kind>> = { 0: Shapes.TEXT_CHANNEL, 2: Shapes.VOICE_CHANNEL, 4: Shapes.CATEGORY_CHANNEL, 5: Shapes.ANNOUNCEMENT_CHANNEL };
    const kinds = new Set<number>();
    for (const channel of listed.body as Array<{ id: string; type: number }>) {
      expect(shapes[channel.type], `channel type ${channel.type}`).toBeDefined();
      kinds.add(channel.type);
      expectShape(channel, shapes[channel.type], `listed channel ${channel.id}`);
      for (const overwrite of (channel as { permission_overwrites?: unknown[] }).permission_overwrites ?? []) expectShape(overwrite, Shapes.OVERWRITE, `overwrite of ${channel.id}`);
      const one = await api(t.emu, 'GET', `/channels/${channel.id}`, { auth: bot(t.emu) });
      if (one.status === 200) expectShape(one.body, shapes[channel.type], `GET /channels/${channel.id}`);
    }
    expect([...kinds].sort()).toEqual([0, 2, 4, 5]);
  });
});

describe('application commands and interactions', () => {
  it('a command, an INTERACTION_CREATE (with its member) and a response message (with interaction_metadata) have every required field', async () => {
    const general = at(12);
    const options = [{ type: 6, name: 'who', description: 'who' }, { type: 7, name: 'where', description: 'where' }];
    const command = await api(t.emu, 'POST', `/applications/${SEED.applicationId}/commands`, { auth: bot(t.emu), body: { name: 'shapes', description: 'shapes', options } });
    expectShape(command.body, Shapes.APPLICATION_COMMAND, 'command');
    const client = await connect();
    await client.identifyBot(t.emu.application.botToken, 0);
    const from = client.mark();
    const { id, token } = await t.emu.control.invokeCommand({ userId: nelly, channelId: general, name: 'shapes', options: [{ name: 'who', value: nelly }, { name: 'where', value: general }] });
    const interaction = (await client.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from })).d;
    expectShape(interaction, Shapes.INTERACTION, 'INTERACTION_CREATE');
    expectShape(interaction.member, Shapes.INTERACTION_MEMBER, 'interaction member');
    // Every permission field is a string, as the public types have it.
    expect(typeof interaction.channel.permissions).toBe('string');
    expectShape(interaction.data.resolved.channels[general], Shapes.RESOLVED_CHANNEL, 'resolved channel');
    expect(typeof interaction.data.resolved.channels[general].app_permissions).toBe('string');
    expectShape(interaction.data.resolved.members[nelly], Shapes.RESOLVED_MEMBER, 'resolved member');
    await api(t.emu, 'POST', `/interactions/${id}/${token}/callback`, { body: { type: 4, data: { content: 'shaped' } } });
    const original = (await api(t.emu, 'GET', `/webhooks/${SEED.applicationId}/${token}/messages/@original`)).body;
    expectShape(original, Shapes.MESSAGE, 'response message');
    expectShape(original.interaction_metadata, Shapes.INTERACTION_METADATA, 'interaction_metadata');
  });
});
