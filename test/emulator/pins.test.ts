// Pins (spec: Get Channel Pins (paginated), Pin Message, Unpin Message are new routes; the earlier
// ones are deprecated; PIN_MESSAGES is required from 23 February 2026, MANAGE_MESSAGES alone no
// longer suffices): items {pinned_at, message}, limit 1..50, has_more, 250 pins per channel
// (30003), CHANNEL_PINS_UPDATE, the message's `pinned`, audit entries 74 / 75.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pinMessage } from '../../lib/emulator/domain/pins';
import { Api, SEED, start, type Started } from './helpers';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { addRole, collect, PERM, setRoles } from './helpers/guild_setup';

const g = BigInt(SEED.guildId);
const general = (g + 12n).toString();
const welcome = (g + 10n).toString();
const noBots = (g + 19n).toString();
const botRole = (g + 2n).toString();
const SPLIT = Date.UTC(2026, 1, 23);

let s: Started;
let api: Api;
let pinner: string;
const clients: GatewayClient[] = [];

function post(channelId: string, content: string): string {
  return String(s.emu.control.postChannelMessage(SEED.users.nelly, channelId, content).id);
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  pinner = addRole(s.emu, SEED.guildId, 'Pinner', PERM.PIN_MESSAGES | PERM.VIEW_AUDIT_LOG, 1);
  setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, pinner]);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await s.emu.close();
});

describe('pin, unpin and the paginated list', () => {
  it('PUT and DELETE /channels/{id}/messages/pins/{message}: 204, the message shows pinned, CHANNEL_PINS_UPDATE with last_pin_timestamp', async () => {
    const id = post(general, 'pin me');
    const seen = collect(s.emu, 'CHANNEL_PINS_UPDATE');
    try {
      expect((await api.put(`/channels/${general}/messages/pins/${id}`, undefined, api.bot)).status).toBe(204);
      expect((await api.get(`/channels/${general}/messages/${id}`, api.bot)).body.pinned).toBe(true);
      expect(seen.events[0].data).toEqual({ guild_id: SEED.guildId, channel_id: general, last_pin_timestamp: new Date(s.emu.core.state.textChannelMessages.get(general)!.find((m) => m.id === id)!.pinnedAt!).toISOString() });
      // Pinning again changes nothing and says nothing.
      expect((await api.put(`/channels/${general}/messages/pins/${id}`, undefined, api.bot)).status).toBe(204);
      expect(seen.events).toHaveLength(1);
      expect((await api.delete(`/channels/${general}/messages/pins/${id}`, api.bot)).status).toBe(204);
      expect((await api.get(`/channels/${general}/messages/${id}`, api.bot)).body.pinned).toBe(false);
      expect(seen.events[1].data).toEqual({ guild_id: SEED.guildId, channel_id: general, last_pin_timestamp: null });
      expect((await api.delete(`/channels/${general}/messages/pins/${id}`, api.bot)).status).toBe(204);
      expect(seen.events).toHaveLength(2);
    } finally {
      seen.stop();
    }
  });

  it('GET /channels/{id}/messages/pins: items {pinned_at, message}, newest pin first, limit 1..50, before a timestamp, has_more', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) {
      ids.push(post(welcome, `m${i}`));
      expect((await api.put(`/channels/${welcome}/messages/pins/${ids[i]}`, undefined, api.bot)).status).toBe(204);
      s.emu.control.advanceClock(1000);
    }
    const first = await api.get(`/channels/${welcome}/messages/pins`, api.bot);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.has_more).toBe(true);
    expect(first.body.items[0]).toMatchObject({ message: { id: ids[54], pinned: true } });
    expect(typeof first.body.items[0].pinned_at).toBe('string');
    const rest = await api.get(`/channels/${welcome}/messages/pins?before=${encodeURIComponent(first.body.items[49].pinned_at)}`, api.bot);
    expect(rest.body.items.map((i: any) => i.message.id)).toEqual(ids.slice(0, 5).reverse());
    expect(rest.body.has_more).toBe(false);
    // Exactly `limit` left: all of them, and nothing more.
    const exact = await api.get(`/channels/${welcome}/messages/pins?limit=5&before=${encodeURIComponent(first.body.items[49].pinned_at)}`, api.bot);
    expect(exact.body.items).toHaveLength(5);
    expect(exact.body.has_more).toBe(false);
    const one = await api.get(`/channels/${welcome}/messages/pins?limit=1`, api.bot);
    expect(one.body.items).toHaveLength(1);
    expect(one.body.has_more).toBe(true);
    for (const bad of ['limit=0', 'limit=51', 'limit=x', 'before=yesterday', 'before=123']) {
      const reply = await api.get(`/channels/${welcome}/messages/pins?${bad}`, api.bot);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.code).toBe(50035);
    }
  });

  it('the deprecated GET /channels/{id}/pins and PUT|DELETE /channels/{id}/pins/{message} still work', async () => {
    const legacy = await api.get(`/channels/${welcome}/pins`, api.bot);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toHaveLength(50);
    expect(legacy.body.every((m: any) => m.pinned === true)).toBe(true);
    const id = post(general, 'old style');
    expect((await api.put(`/channels/${general}/pins/${id}`, undefined, api.bot)).status).toBe(204);
    expect((await api.get(`/channels/${general}/pins`, api.bot)).body.map((m: any) => m.id)).toEqual([id]);
    expect((await api.delete(`/channels/${general}/pins/${id}`, api.bot)).status).toBe(204);
    expect((await api.get(`/channels/${general}/pins`, api.bot)).body).toEqual([]);
  });

  it('allows 250 pins per channel; the 251st is 30003 and changes nothing', async () => {
    const channel = (g + 13n).toString(); // announcements
    for (let i = 0; i < 251; i++) post(channel, `p${i}`);
    const messages = s.emu.core.state.textChannelMessages.get(channel)!;
    for (let i = 0; i < 250; i++) expect((await api.put(`/channels/${channel}/messages/pins/${messages[i].id}`, undefined, api.bot)).status).toBe(204);
    const over = await api.put(`/channels/${channel}/messages/pins/${messages[250].id}`, undefined, api.bot);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(30003);
    expect(messages[250].pinnedAt ?? null).toBeNull();
    // Unpinning one makes room again.
    await api.delete(`/channels/${channel}/messages/pins/${messages[0].id}`, api.bot);
    expect((await api.put(`/channels/${channel}/messages/pins/${messages[250].id}`, undefined, api.bot)).status).toBe(204);
  });

  it('records MESSAGE_PIN (74) and MESSAGE_UNPIN (75) with channel_id and message_id', async () => {
    const id = post(general, 'audited');
    await api.put(`/channels/${general}/messages/pins/${id}`, undefined, api.bot);
    await api.delete(`/channels/${general}/messages/pins/${id}`, api.bot);
    const entries = (await api.get(`/guilds/${SEED.guildId}/audit-logs?limit=2`, api.bot)).body.audit_log_entries;
    expect(entries.map((e: any) => e.action_type)).toEqual([75, 74]);
    expect(entries[1]).toMatchObject({ user_id: SEED.botUserId, target_id: SEED.users.nelly, options: { channel_id: general, message_id: id } });
  });

  it('refuses unknown messages (10008) and channels (10003), channels the bot cannot view (50001), non-text channels and user tokens', async () => {
    expect((await api.put(`/channels/${general}/messages/pins/123`, undefined, api.bot)).body.code).toBe(10008);
    expect((await api.put(`/channels/${general}/messages/pins/abc`, undefined, api.bot)).body.code).toBe(10008);
    const other = post(welcome, 'elsewhere');
    expect((await api.put(`/channels/${general}/messages/pins/${other}`, undefined, api.bot)).body.code).toBe(10008);
    expect((await api.put(`/channels/123/messages/pins/${other}`, undefined, api.bot)).body.code).toBe(10003);
    expect((await api.get(`/channels/${noBots}/messages/pins`, api.bot)).body.code).toBe(50001);
    expect((await api.put(`/channels/${noBots}/messages/pins/${other}`, undefined, api.bot)).body.code).toBe(50001);
    expect((await api.get(`/channels/${(g + 15n).toString()}/messages/pins`, api.bot)).body.code).toBe(50008);
    expect((await api.get(`/channels/${general}/messages/pins`, `Bearer ${api.token(SEED.users.nelly)}`)).body.code).toBe(50001);
  });

  it('pins of the same millisecond list the newest message first', async () => {
    const ids = [post(general, 'tie a'), post(general, 'tie b'), post(general, 'tie c')];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const id of [ids[1], ids[0], ids[2]]) expect((await api.put(`/channels/${general}/messages/pins/${id}`, undefined, api.bot)).status).toBe(204);
      const listed = (await api.get(`/channels/${general}/messages/pins?limit=3`, api.bot)).body.items;
      expect(new Set(listed.map((i: any) => i.pinned_at)).size).toBe(1);
      expect(listed.map((i: any) => i.message.id)).toEqual([ids[2], ids[1], ids[0]]);
    } finally {
      vi.useRealTimers();
      for (const id of ids) await api.delete(`/channels/${general}/messages/pins/${id}`, api.bot);
    }
  });

  it('CHANNEL_PINS_UPDATE of a channel the bot cannot view does not reach it', async () => {
    const client = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    clients.push(client);
    await client.identifyBot(s.emu.application.botToken, 1 << 0);
    const from = client.mark();
    pinMessage(s.emu.core, noBots, post(noBots, 'hidden pin'), SEED.users.alice, null);
    const visible = post(general, 'visible pin');
    await api.put(`/channels/${general}/messages/pins/${visible}`, undefined, api.bot);
    await client.waitFor(dispatchOf('CHANNEL_PINS_UPDATE', (d) => d.channel_id === general), { from });
    expect(client.dispatches('CHANNEL_PINS_UPDATE', from).map((d: any) => d.channel_id)).toEqual([general]);
    await api.delete(`/channels/${general}/messages/pins/${visible}`, api.bot);
  });

  it('CHANNEL_PINS_UPDATE reaches bots with the GUILDS intent (1 << 0), not those without', async () => {
    const withIntent = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    const without = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    clients.push(withIntent, without);
    await withIntent.identifyBot(s.emu.application.botToken, 1 << 0);
    await without.identifyBot(s.emu.application.botToken, 1 << 9);
    const from = withIntent.mark();
    const id = post(general, 'gateway pin');
    await api.put(`/channels/${general}/messages/pins/${id}`, undefined, api.bot);
    expect((await withIntent.waitFor(dispatchOf('CHANNEL_PINS_UPDATE'), { from })).d).toMatchObject({ guild_id: SEED.guildId, channel_id: general });
    await without.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === id));
    expect(without.dispatches('CHANNEL_PINS_UPDATE')).toEqual([]);
  });
});

describe('pins in a bot DM', () => {
  it('the bot pins in its DM without guild permissions; CHANNEL_PINS_UPDATE has no guild_id', async () => {
    const dm = await api.post('/users/@me/channels', { recipient_id: SEED.users.dave }, api.bot);
    expect(dm.status).toBe(200);
    const id = String(s.emu.control.postChannelMessage(SEED.users.dave, dm.body.id, 'hello bot').id);
    const seen = collect(s.emu, 'CHANNEL_PINS_UPDATE');
    try {
      expect((await api.put(`/channels/${dm.body.id}/messages/pins/${id}`, undefined, api.bot)).status).toBe(204);
      expect(seen.events[0].data).toMatchObject({ channel_id: dm.body.id });
      expect(seen.events[0].data.guild_id).toBeUndefined();
      expect((await api.get(`/channels/${dm.body.id}/messages/pins`, api.bot)).body.items.map((i: any) => i.message.id)).toEqual([id]);
    } finally {
      seen.stop();
    }
  });

  it("a DM's CHANNEL_PINS_UPDATE goes by the DIRECT_MESSAGES intent (1 << 12), not GUILDS", async () => {
    const dm = await api.post('/users/@me/channels', { recipient_id: SEED.users.erin }, api.bot);
    const id = String(s.emu.control.postChannelMessage(SEED.users.erin, dm.body.id, 'pin me').id);
    const direct = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    const guilds = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    clients.push(direct, guilds);
    await direct.identifyBot(s.emu.application.botToken, 1 << 12);
    await guilds.identifyBot(s.emu.application.botToken, 1 << 0);
    const from = direct.mark();
    const guildsFrom = guilds.mark();
    expect((await api.put(`/channels/${dm.body.id}/messages/pins/${id}`, undefined, api.bot)).status).toBe(204);
    expect((await direct.waitFor(dispatchOf('CHANNEL_PINS_UPDATE'), { from })).d).toMatchObject({ channel_id: dm.body.id });
    // A guild pin after it, as a fence: GUILDS sessions get that one and not the DM's.
    const fence = post(general, 'fence pin');
    await api.put(`/channels/${general}/messages/pins/${fence}`, undefined, api.bot);
    await guilds.waitFor(dispatchOf('CHANNEL_PINS_UPDATE', (d) => d.channel_id === general), { from: guildsFrom });
    expect(guilds.dispatches('CHANNEL_PINS_UPDATE', guildsFrom).map((d: any) => d.channel_id)).toEqual([general]);
    await api.delete(`/channels/${general}/messages/pins/${fence}`, api.bot);
  });
});

describe('the PIN_MESSAGES split (23 February 2026, emulator clock)', () => {
  let early: Started;
  beforeAll(async () => {
    early = await start({ startTime: SPLIT - 60_000 });
    early.emu.control.setRateLimits(false);
  });
  afterAll(async () => early.emu.close());

  it('before the date MANAGE_MESSAGES suffices; from it on only PIN_MESSAGES does', async () => {
    // Date stopped: the emulator clock moves only by advanceClock, so the split is met exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await splitTest();
    } finally {
      vi.useRealTimers();
    }
  });

  async function splitTest() {
    const manager = addRole(early.emu, SEED.guildId, 'Manager', PERM.MANAGE_MESSAGES, 1);
    setRoles(early.emu, SEED.guildId, SEED.botUserId, [botRole]);
    const id = String(early.emu.control.postChannelMessage(SEED.users.nelly, general, 'x').id);
    const pin = () => early.api.put(`/channels/${general}/messages/pins/${id}`, undefined, early.api.bot);
    const unpin = () => early.api.delete(`/channels/${general}/messages/pins/${id}`, early.api.bot);
    expect((await pin()).body.code).toBe(50013); // neither permission
    setRoles(early.emu, SEED.guildId, SEED.botUserId, [botRole, manager]);
    expect((await pin()).status).toBe(204);
    expect((await unpin()).status).toBe(204);
    early.emu.control.advanceClock(SPLIT - 1 - early.emu.control.now());
    expect((await pin()).status).toBe(204); // 1 ms before the date
    expect((await unpin()).status).toBe(204);
    early.emu.control.advanceClock(1);
    expect(early.emu.control.now()).toBe(SPLIT); // exactly 2026-02-23T00:00:00Z
    expect((await pin()).body.code).toBe(50013);
    expect((await unpin()).body.code).toBe(50013);
    setRoles(early.emu, SEED.guildId, SEED.botUserId, [botRole, addRole(early.emu, SEED.guildId, 'Pins', PERM.PIN_MESSAGES, 1)]);
    expect((await pin()).status).toBe(204);
  }
});
