// What bots get from the gateway, over loopback: channel obfuscation (capabilities 1 << 15),
// Request Guild Members with its chunks and the all-members limit, Request Channel Info and the
// two voice status events, GUILD_MEMBER_* with the GUILD_MEMBERS intent, and the entitlement and
// subscription events with the spec's semantics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const OBFUSCATION = 1 << 15;
const CHANNEL_OBFUSCATED = 1 << 17;
const VIEW_CHANNEL = 1n << 10n;
const DAY_MS = 24 * 60 * 60 * 1000;

const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const ROLE = { everyone: SEED.guildId, moderators: at(1), bot: at(2) };
const CHANNEL = { general: at(12), staffCategory: at(17), staffOnly: at(18), noBots: at(19), lobbyVoice: at(15), raidVoice: at(16) };
const SKU = { seasonPass: at(100), founderPack: at(101) };
const { nelly, alice } = SEED.users;

let t: TestEmulator;
const clients: GatewayClient[] = [];

async function botSession(intents: number, capabilities?: number): Promise<{ client: GatewayClient; guild: any }> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  const from = client.mark();
  await client.identifyBot(t.emu.application.botToken, intents, capabilities);
  const guild = (await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from })).d;
  return { client, guild };
}

function expectObfuscated(channel: any): void {
  expect(channel.name).toBe('___hidden___');
  expect(channel.flags & CHANNEL_OBFUSCATED).toBe(CHANNEL_OBFUSCATED);
  expect(channel.permission_overwrites).toHaveLength(1);
  const [overwrite] = channel.permission_overwrites;
  expect(overwrite.id).toBe(SEED.guildId); // @everyone
  expect(overwrite.type).toBe(0);
  expect(BigInt(overwrite.deny_new) & VIEW_CHANNEL).toBe(VIEW_CHANNEL);
  expect(overwrite.deny & Number(VIEW_CHANNEL)).toBe(Number(VIEW_CHANNEL));
  expect(BigInt(overwrite.allow_new)).toBe(0n);
  expect(channel.topic).toBeNull();
  expect(channel.last_message_id ?? null).toBeNull();
  expect(channel.linked_lobby).toBeUndefined();
}

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('channel obfuscation (capabilities 1 << 15)', () => {
  let obfuscated: { client: GatewayClient; guild: any };
  let plain: { client: GatewayClient; guild: any };

  beforeAll(async () => {
    obfuscated = await botSession(GUILDS | GUILD_MEMBERS, OBFUSCATION);
    plain = await botSession(GUILDS | GUILD_MEMBERS);
  });

  it('the portal\'s Private Channel Obfuscation toggle is the same opt-in, without the capability', async () => {
    t.emu.control.setApplicationSettings({ privateChannelObfuscation: true });
    try {
      const toggled = await botSession(GUILDS | GUILD_MEMBERS);
      const byId = new Map<string, any>(toggled.guild.channels.map((c: any) => [c.id, c]));
      for (const id of [CHANNEL.staffCategory, CHANNEL.staffOnly, CHANNEL.noBots]) expectObfuscated(byId.get(id));
      expect(byId.get(CHANNEL.general).name).not.toBe('___hidden___');
    } finally {
      t.emu.control.setApplicationSettings({ privateChannelObfuscation: false });
    }
    // Switched off again, a bot without the capability sees no obfuscation.
    const off = await botSession(GUILDS | GUILD_MEMBERS);
    expect(off.guild.channels.some((c: any) => c.name === '___hidden___')).toBe(false);
  });

  it('dispatches a channel the bot cannot view as ___hidden___ with the flag, one @everyone deny and nulled fields', () => {
    const byId = new Map<string, any>(obfuscated.guild.channels.map((c: any) => [c.id, c]));
    for (const id of [CHANNEL.staffCategory, CHANNEL.staffOnly, CHANNEL.noBots]) {
      const channel = byId.get(id);
      expect(channel, id).toBeDefined();
      expectObfuscated(channel);
      // Still the same channel: id, type, position kept.
      expect(channel.id).toBe(id);
    }
    const everything = JSON.stringify(obfuscated.guild.channels);
    for (const secretName of ['Staff', 'staff-only', 'no-bots']) expect(everything).not.toContain(`"${secretName}"`);
    // Channels the bot can view come in full.
    const general = byId.get(CHANNEL.general);
    expect(general.name).toBe('general');
    expect(general.flags & CHANNEL_OBFUSCATED).toBe(0);
  });

  it('gives a bot without the capability every channel in full', () => {
    const byId = new Map<string, any>(plain.guild.channels.map((c: any) => [c.id, c]));
    const staffOnly = byId.get(CHANNEL.staffOnly);
    expect(staffOnly.name).toBe('staff-only');
    expect(staffOnly.flags & CHANNEL_OBFUSCATED).toBe(0);
    expect(staffOnly.permission_overwrites).toHaveLength(2);
    expect(byId.get(CHANNEL.noBots).name).toBe('no-bots');
  });

  it('still sends an obfuscated bot CHANNEL_UPDATE for a hidden channel whose overwrites change, with the hidden fields only', async () => {
    const fromObfuscated = obfuscated.client.mark();
    const fromPlain = plain.client.mark();
    t.emu.control.setChannelOverwrite(CHANNEL.staffOnly, alice, 1, VIEW_CHANNEL.toString(), null);
    const update = await plain.client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === CHANNEL.staffOnly), { from: fromPlain });
    expect(update.d.permission_overwrites).toHaveLength(3);
    // The spec: obfuscated channels are still dispatched, with hidden fields.
    const hidden = (await obfuscated.client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === CHANNEL.staffOnly), { from: fromObfuscated })).d;
    expectObfuscated(hidden);
    expect(JSON.stringify(hidden)).not.toContain(alice); // the new overwrite's target stays hidden
    expect(JSON.stringify(hidden)).not.toContain('staff-only');
    expect(obfuscated.client.dispatches('CHANNEL_UPDATE', fromObfuscated)).toHaveLength(1);
  });

  it('sends CHANNEL_UPDATE with the full channel when the bot gains VIEW_CHANNEL through an overwrite', async () => {
    const from = obfuscated.client.mark();
    t.emu.control.setChannelOverwrite(CHANNEL.noBots, SEED.botUserId, 1, VIEW_CHANNEL.toString(), '0');
    const update = (await obfuscated.client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === CHANNEL.noBots), { from })).d;
    expect(update.name).toBe('no-bots');
    expect(update.flags & CHANNEL_OBFUSCATED).toBe(0);
    expect(update.permission_overwrites).toEqual([expect.objectContaining({ id: SEED.botUserId, type: 1, allow_new: VIEW_CHANNEL.toString() })]);
    // A fresh identify now sees it in full too.
    const again = await botSession(GUILDS, OBFUSCATION);
    expect(again.guild.channels.find((c: any) => c.id === CHANNEL.noBots).name).toBe('no-bots');
  });

  it('sends CHANNEL_UPDATE with the full channels when the bot gains VIEW_CHANNEL through a role', async () => {
    const from = obfuscated.client.mark();
    const fromPlain = plain.client.mark();
    t.emu.control.updateGuildMember(SEED.guildId, SEED.botUserId, { roles: [ROLE.bot, ROLE.moderators] });
    const category = (await obfuscated.client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === CHANNEL.staffCategory), { from })).d;
    const staffOnly = (await obfuscated.client.waitFor(dispatchOf('CHANNEL_UPDATE', (d) => d.id === CHANNEL.staffOnly), { from })).d;
    expect(category.name).toBe('Staff');
    expect(staffOnly.name).toBe('staff-only');
    expect(staffOnly.flags & CHANNEL_OBFUSCATED).toBe(0);
    expect(staffOnly.permission_overwrites.length).toBeGreaterThanOrEqual(2);
    // The role change is a GUILD_MEMBER_UPDATE for both; the channels themselves did not change,
    // so the bot that always saw them in full gets no CHANNEL_UPDATE.
    await plain.client.waitFor(dispatchOf('GUILD_MEMBER_UPDATE', (d) => d.user.id === SEED.botUserId), { from: fromPlain });
    expect(plain.client.dispatches('CHANNEL_UPDATE', fromPlain)).toEqual([]);
    // Only the channels that became visible were sent.
    expect(obfuscated.client.dispatches('CHANNEL_UPDATE', from).map((c) => c.id).sort()).toEqual([CHANNEL.staffCategory, CHANNEL.staffOnly].sort());
  });
});

describe('Request Guild Members (op 8)', () => {
  let memberIds: string[] = [];
  let requester: GatewayClient;

  beforeAll(async () => {
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push(String(t.emu.control.createUser({ username: `member_${String(i).padStart(4, '0')}` }).id));
    expect(t.emu.control.addGuildMembers(SEED.guildId, ids)).toBe(1000);
    memberIds = t.emu.core.state.guilds.get(SEED.guildId)!.members.map((m) => m.userId);
    expect(memberIds.length).toBeGreaterThan(1000);
    requester = (await botSession(GUILDS | GUILD_MEMBERS)).client;
  });

  const request = (client: GatewayClient, d: Record<string, unknown>) => client.send({ op: 8, d });

  async function chunks(client: GatewayClient, nonce: string, from: number): Promise<any[]> {
    const first = (await client.waitFor(dispatchOf('GUILD_MEMBERS_CHUNK', (d) => d.nonce === nonce), { from })).d;
    const all: any[] = [first];
    while (all.length < first.chunk_count) {
      const index = all.length;
      all.push((await client.waitFor(dispatchOf('GUILD_MEMBERS_CHUNK', (d) => d.nonce === nonce && d.chunk_index === index), { from })).d);
    }
    return all;
  }

  it('answers an all-members request with chunks of at most 1000 carrying the nonce', async () => {
    const from = requester.mark();
    request(requester, { guild_id: SEED.guildId, query: '', limit: 0, nonce: 'all-1' });
    const got = await chunks(requester, 'all-1', from);
    expect(got.length).toBe(Math.ceil(memberIds.length / 1000));
    expect(got.map((c) => c.chunk_index)).toEqual(got.map((_, i) => i));
    for (const chunk of got) {
      expect(chunk.guild_id).toBe(SEED.guildId);
      expect(chunk.chunk_count).toBe(got.length);
      expect(chunk.members.length).toBeLessThanOrEqual(1000);
    }
    expect(got[0].members.length).toBe(1000);
    const ids = got.flatMap((c) => c.members.map((m: any) => m.user.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...memberIds].sort());
  });

  it('answers a second all-members request for the guild within 30 s with RATE_LIMITED, even from another session of the bot', async () => {
    const from = requester.mark();
    request(requester, { guild_id: SEED.guildId, query: '', limit: 0, nonce: 'all-2' });
    const limited = (await requester.waitFor(dispatchOf('RATE_LIMITED'), { from })).d;
    expect(limited.opcode).toBe(8);
    expect(limited.retry_after).toBeGreaterThan(0);
    expect(limited.retry_after).toBeLessThanOrEqual(30);
    expect(limited.meta).toEqual({ guild_id: SEED.guildId, nonce: 'all-2' });
    expect(requester.dispatches('GUILD_MEMBERS_CHUNK', from).filter((c) => c.nonce === 'all-2')).toEqual([]);

    const other = (await botSession(GUILDS | GUILD_MEMBERS)).client;
    const otherFrom = other.mark();
    request(other, { guild_id: SEED.guildId, query: '', limit: 0, nonce: 'all-3' });
    expect((await other.waitFor(dispatchOf('RATE_LIMITED'), { from: otherFrom })).d.meta.nonce).toBe('all-3');
  });

  it('does not limit requests by query, by user ids or with a limit (and chunks are never limited)', async () => {
    for (let round = 0; round < 3; round++) {
      const from = requester.mark();
      request(requester, { guild_id: SEED.guildId, query: 'member_00', limit: 5, nonce: `q${round}` });
      const [chunk] = await chunks(requester, `q${round}`, from);
      expect(chunk.members).toHaveLength(5);
      expect(chunk.members.every((m: any) => m.user.username.startsWith('member_00'))).toBe(true);
    }
    let from = requester.mark();
    request(requester, { guild_id: SEED.guildId, user_ids: [alice, '1'], nonce: 'ids' });
    const [byIds] = await chunks(requester, 'ids', from);
    expect(byIds.members.map((m: any) => m.user.id)).toEqual([alice]);
    expect(byIds.not_found).toEqual(['1']);
    // An empty query with a limit is not "all members": that many, and no limit applies.
    from = requester.mark();
    request(requester, { guild_id: SEED.guildId, query: '', limit: 3, nonce: 'three' });
    const [three] = await chunks(requester, 'three', from);
    expect(three.members).toHaveLength(3);
    expect(requester.dispatches('RATE_LIMITED', from)).toEqual([]);
  });

  it('counts other guilds separately', async () => {
    const second = t.emu.control.createGuild('Second Guild', [alice, nelly]);
    const from = requester.mark();
    requester.send({ op: 8, d: { guild_id: second.id, query: '', limit: 0, nonce: 'second' } });
    const [chunk] = await chunks(requester, 'second', from);
    expect(chunk.guild_id).toBe(second.id);
    expect(chunk.members.map((m: any) => m.user.id).sort()).toEqual([SEED.botUserId, alice, nelly].sort());
    expect(requester.dispatches('RATE_LIMITED', from)).toEqual([]);
    // And that guild's own limit now holds.
    const again = requester.mark();
    requester.send({ op: 8, d: { guild_id: second.id, query: '', limit: 0, nonce: 'second-2' } });
    expect((await requester.waitFor(dispatchOf('RATE_LIMITED'), { from: again })).d.meta).toEqual({ guild_id: second.id, nonce: 'second-2' });
  });

  it('allows the all-members request again once 30 s have passed on the emulator clock', async () => {
    t.emu.control.advanceClock(30_000);
    const from = requester.mark();
    request(requester, { guild_id: SEED.guildId, query: '', limit: 0, nonce: 'all-after' });
    const got = await chunks(requester, 'all-after', from);
    expect(got.flatMap((c) => c.members).length).toBe(memberIds.length);
    expect(requester.dispatches('RATE_LIMITED', from)).toEqual([]);
  });
});

describe('GUILD_MEMBER_ADD / UPDATE / REMOVE', () => {
  it('reach bots with the GUILD_MEMBERS intent, in order, and not bots without it', async () => {
    const withIntent = (await botSession(GUILDS | GUILD_MEMBERS)).client;
    const without = (await botSession(GUILDS)).client;
    const from = withIntent.mark();
    const fromWithout = without.mark();
    const user = t.emu.control.createUser({ username: 'newcomer' });
    const id = String(user.id);
    t.emu.control.addGuildMembers(SEED.guildId, [id]);
    t.emu.control.updateGuildMember(SEED.guildId, id, { nick: 'Newbie' });
    t.emu.control.removeGuildMember(SEED.guildId, id);
    const removed = await withIntent.waitFor(dispatchOf('GUILD_MEMBER_REMOVE', (d) => d.user.id === id), { from });
    const events = withIntent.received.slice(from).filter((p) => p.op === 0 && p.t!.startsWith('GUILD_MEMBER_') && p.d.user.id === id);
    expect(events.map((p) => p.t)).toEqual(['GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE', 'GUILD_MEMBER_REMOVE']);
    expect(events[0].d).toMatchObject({ guild_id: SEED.guildId, user: { id, username: 'newcomer' }, roles: [] });
    expect(events[1].d).toMatchObject({ guild_id: SEED.guildId, nick: 'Newbie' });
    expect(removed.d).toMatchObject({ guild_id: SEED.guildId, user: { id } });
    const leaked = await without.collectFor(100, (p) => p.op === 0 && String(p.t).startsWith('GUILD_MEMBER_'));
    expect(leaked).toEqual([]);
    expect(without.received.slice(fromWithout).some((p) => String(p.t).startsWith('GUILD_MEMBER_'))).toBe(false);
  });
});

describe('Request Channel Info (op 43) and the voice status events', () => {
  let listener: GatewayClient;
  beforeAll(async () => {
    listener = (await botSession(GUILDS | GUILD_MEMBERS)).client;
  });

  async function channelInfo(fields: string[]): Promise<any> {
    const from = listener.mark();
    listener.send({ op: 43, d: { guild_id: SEED.guildId, fields } });
    return (await listener.waitFor(dispatchOf('CHANNEL_INFO'), { from })).d;
  }

  it('answers with status and voice_start_time of the guild\'s voice channels', async () => {
    const info = await channelInfo(['status', 'voice_start_time']);
    expect(info.guild_id).toBe(SEED.guildId);
    const byId = new Map<string, any>(info.channels.map((c: any) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual([CHANNEL.lobbyVoice, CHANNEL.raidVoice].sort());
    expect(byId.get(CHANNEL.lobbyVoice)).toEqual({ id: CHANNEL.lobbyVoice, status: null, voice_start_time: null });
  });

  it('fires VOICE_CHANNEL_START_TIME_UPDATE and VOICE_CHANNEL_STATUS_UPDATE when they change, and CHANNEL_INFO follows', async () => {
    let from = listener.mark();
    t.emu.control.setVoiceChannel(SEED.botUserId, CHANNEL.lobbyVoice);
    const started = (await listener.waitFor(dispatchOf('VOICE_CHANNEL_START_TIME_UPDATE'), { from })).d;
    expect(started).toMatchObject({ id: CHANNEL.lobbyVoice, guild_id: SEED.guildId });
    // Unix seconds, as the public API types it.
    expect(Number.isInteger(started.voice_start_time)).toBe(true);
    expect(started.voice_start_time).toBeLessThanOrEqual(Math.floor(t.emu.control.now() / 1000));
    expect(started.voice_start_time).toBeGreaterThan(Math.floor(t.emu.control.now() / 1000) - 60);

    from = listener.mark();
    const put = await api(t.emu, 'PUT', `/channels/${CHANNEL.lobbyVoice}/voice-status`, { auth: bot(t.emu), body: { status: 'Raid night' } });
    expect(put.status).toBeLessThan(300);
    const status = (await listener.waitFor(dispatchOf('VOICE_CHANNEL_STATUS_UPDATE'), { from })).d;
    expect(status).toEqual({ id: CHANNEL.lobbyVoice, guild_id: SEED.guildId, status: 'Raid night' });

    const info = await channelInfo(['status', 'voice_start_time']);
    expect(info.channels.find((c: any) => c.id === CHANNEL.lobbyVoice)).toEqual({ id: CHANNEL.lobbyVoice, status: 'Raid night', voice_start_time: started.voice_start_time });
    // Only the requested fields.
    const onlyStatus = await channelInfo(['status']);
    expect(onlyStatus.channels.find((c: any) => c.id === CHANNEL.lobbyVoice)).toEqual({ id: CHANNEL.lobbyVoice, status: 'Raid night' });

    // No change, no event.
    from = listener.mark();
    await api(t.emu, 'PUT', `/channels/${CHANNEL.lobbyVoice}/voice-status`, { auth: bot(t.emu), body: { status: 'Raid night' } });
    expect(await listener.collectFor(100, dispatchOf('VOICE_CHANNEL_STATUS_UPDATE'))).toEqual([]);

    // Clearing the status and the last member leaving fire them again, with null.
    from = listener.mark();
    await api(t.emu, 'PUT', `/channels/${CHANNEL.lobbyVoice}/voice-status`, { auth: bot(t.emu), body: { status: '' } });
    expect((await listener.waitFor(dispatchOf('VOICE_CHANNEL_STATUS_UPDATE'), { from })).d.status).toBeNull();
    t.emu.control.setVoiceChannel(SEED.botUserId, null);
    expect((await listener.waitFor(dispatchOf('VOICE_CHANNEL_START_TIME_UPDATE'), { from })).d).toEqual({ id: CHANNEL.lobbyVoice, guild_id: SEED.guildId, voice_start_time: null });
    expect((await channelInfo(['voice_start_time'])).channels.find((c: any) => c.id === CHANNEL.lobbyVoice).voice_start_time).toBeNull();
  });

  it('keeps both out of the channel object', async () => {
    t.emu.control.setVoiceChannel(SEED.botUserId, CHANNEL.raidVoice);
    await api(t.emu, 'PUT', `/channels/${CHANNEL.raidVoice}/voice-status`, { auth: bot(t.emu), body: { status: 'busy' } });
    const { guild } = await botSession(GUILDS);
    const raid = guild.channels.find((c: any) => c.id === CHANNEL.raidVoice);
    expect(raid).not.toHaveProperty('status');
    expect(raid).not.toHaveProperty('voice_start_time');
    expect(JSON.stringify(raid)).not.toContain('busy');
    t.emu.control.setVoiceChannel(SEED.botUserId, null);
  });
});

describe('entitlements and subscriptions', () => {
  it('ENTITLEMENT_CREATE (ends_at null, PURCHASE) and SUBSCRIPTION_CREATE; only SUBSCRIPTION_UPDATE per billing period; ENTITLEMENT_UPDATE only when it ends', async () => {
    const bot = (await botSession(GUILDS)).client;
    const user = await GatewayClient.connect(t.gatewayUrl);
    clients.push(user);
    await user.identifyUser(t.token(nelly));
    const monetization = (p: any) => p.op === 0 && /^(ENTITLEMENT|SUBSCRIPTION)_/.test(String(p.t));
    const from = bot.mark();
    const fromUser = user.mark();

    const subscription = t.emu.control.createSubscription(nelly, SKU.seasonPass);
    const created = (await bot.waitFor(dispatchOf('ENTITLEMENT_CREATE'), { from })).d;
    expect(created).toMatchObject({ user_id: nelly, sku_id: SKU.seasonPass, type: 1, ends_at: null, subscription_id: subscription.id });
    const subCreated = (await bot.waitFor(dispatchOf('SUBSCRIPTION_CREATE'), { from })).d;
    expect(subCreated).toMatchObject({ id: subscription.id, user_id: nelly, sku_ids: [SKU.seasonPass], status: 0 });
    // The subscriber's own session hears about it too.
    await user.waitFor(dispatchOf('ENTITLEMENT_CREATE'), { from: fromUser });

    // Two billing periods pass: no entitlement event; each renewal is a SUBSCRIPTION_UPDATE
    // with the next period (the spec: use the subscription events for renewals).
    const beforePeriods = bot.mark();
    const firstPeriodEnd = Date.parse(String(subCreated.current_period_end));
    t.emu.control.advanceClock(60 * DAY_MS);
    await bot.collectFor(200, monetization);
    const renewals = bot.received.slice(beforePeriods).filter(monetization);
    expect(renewals.map((p) => p.t)).toEqual(['SUBSCRIPTION_UPDATE', 'SUBSCRIPTION_UPDATE']);
    expect(renewals.map((p) => Date.parse(p.d.current_period_start))).toEqual([firstPeriodEnd, firstPeriodEnd + 30 * DAY_MS]);
    expect(renewals.every((p) => p.d.status === 0)).toBe(true);

    // It ends: ENTITLEMENT_UPDATE with ends_at = the end, and SUBSCRIPTION_UPDATE.
    const endsAt = t.emu.control.now();
    t.emu.control.endSubscription(String(subscription.id), true);
    const updated = (await bot.waitFor(dispatchOf('ENTITLEMENT_UPDATE'), { from })).d;
    expect(updated.id).toBe(created.id);
    expect(Math.abs(Date.parse(updated.ends_at) - endsAt)).toBeLessThan(1000);
    const subUpdated = (await bot.waitFor(dispatchOf('SUBSCRIPTION_UPDATE', (d) => d.status === 1), { from })).d;
    expect(subUpdated).toMatchObject({ id: subscription.id, status: 1 });
    expect(subUpdated.canceled_at).not.toBeNull();
    const all = bot.received.slice(from).filter(monetization).map((p) => p.t);
    expect(all).toEqual(['ENTITLEMENT_CREATE', 'SUBSCRIPTION_CREATE', 'SUBSCRIPTION_UPDATE', 'SUBSCRIPTION_UPDATE', 'ENTITLEMENT_UPDATE', 'SUBSCRIPTION_UPDATE']);
    // Ending it again changes nothing and sends nothing.
    const afterEnd = bot.mark();
    t.emu.control.endSubscription(String(subscription.id), true);
    expect(await bot.collectFor(100, monetization)).toEqual([]);
    expect(bot.received.slice(afterEnd).filter(monetization)).toEqual([]);
  });

  it('a cancellation that runs to the period end is a SUBSCRIPTION_UPDATE (ENDING) without ENTITLEMENT_UPDATE', async () => {
    const bot = (await botSession(GUILDS)).client;
    const subscription = t.emu.control.createSubscription(alice, SKU.seasonPass);
    await bot.waitFor(dispatchOf('SUBSCRIPTION_CREATE', (d) => d.id === subscription.id));
    const from = bot.mark();
    t.emu.control.endSubscription(String(subscription.id), false);
    const update = (await bot.waitFor(dispatchOf('SUBSCRIPTION_UPDATE', (d) => d.id === subscription.id), { from })).d;
    expect(update.status).toBe(2);
    expect(update.renewal_sku_ids).toEqual([]);
    expect(await bot.collectFor(100, dispatchOf('ENTITLEMENT_UPDATE'))).toEqual([]);
    expect(bot.dispatches('ENTITLEMENT_UPDATE', from)).toEqual([]);

    // At the period end it ends: ENTITLEMENT_UPDATE with ends_at = the period end, then
    // SUBSCRIPTION_UPDATE (INACTIVE); no renewal.
    const periodEnd = Date.parse(String(update.current_period_end));
    t.emu.control.advanceClock(periodEnd - t.emu.control.now() + 1000);
    const ended = (await bot.waitFor(dispatchOf('ENTITLEMENT_UPDATE', (d) => d.subscription_id === subscription.id), { from })).d;
    expect(Date.parse(ended.ends_at)).toBe(periodEnd);
    const inactive = (await bot.waitFor(dispatchOf('SUBSCRIPTION_UPDATE', (d) => d.id === subscription.id && d.status === 1), { from })).d;
    expect(Date.parse(inactive.current_period_end)).toBe(periodEnd);
    t.emu.control.advanceClock(40 * DAY_MS);
    await bot.collectFor(100, dispatchOf('SUBSCRIPTION_UPDATE'));
    expect(bot.dispatches('SUBSCRIPTION_UPDATE', from).filter((d: any) => d.id === subscription.id).map((d: any) => d.status)).toEqual([2, 1]);
  });

  it('a one-time purchase is an ENTITLEMENT_CREATE for the application\'s bot', async () => {
    const bot = (await botSession(GUILDS)).client;
    const from = bot.mark();
    const entitlement = t.emu.control.grantEntitlement(alice, SKU.founderPack);
    const created = (await bot.waitFor(dispatchOf('ENTITLEMENT_CREATE', (d) => d.id === entitlement.id), { from })).d;
    expect(created).toMatchObject({ user_id: alice, sku_id: SKU.founderPack, application_id: SEED.applicationId, deleted: false });
  });
});
