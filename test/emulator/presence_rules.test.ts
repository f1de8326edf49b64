// Presence's rules one by one (domain/presence): who hears a PRESENCE_UPDATE (the user, its
// friends, its lobby mates, no one else); invisible looks offline; a status or activity list that
// breaks a rule changes nothing (op 3: Decode error; Identify: online instead); what a resume and
// a disconnect show; the activity invites a presence without their party expires; and
// GUILD_STATUS's online count. Fresh users per test, so one test's presence never leaks into another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';
import { IpcClient } from './helpers/ipc_client';
import { until } from './helpers';

const DECODE_ERROR = 4002;

let t: TestEmulator;
const opened: GatewayClient[] = [];
const ipcClients: IpcClient[] = [];
let events: BusEvent[] = [];
let named = 0;

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
  t.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  for (const client of opened) client.close();
  for (const client of ipcClients) client.close();
  await t.close();
});

const fresh = () => String(t.emu.control.createUser({ username: `presence_rule_${++named}` }).id);
const shown = (userId: string) => t.emu.core.state.presences.get(userId);
const updatesOf = (userId: string, from = 0) => events.slice(from).filter((e) => e.type === 'PRESENCE_UPDATE' && (e.data.user as { id: string }).id === userId);

async function connect(userId: string, extra: Record<string, unknown> = {}): Promise<{ client: GatewayClient; ready: any }> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  opened.push(client);
  const from = client.mark();
  client.identify(`Bearer ${t.token(userId)}`, extra);
  const ready = (await client.waitFor(dispatchOf('READY'), { from })).d;
  return { client, ready };
}

/** Sends op 3 and waits for the user's own PRESENCE_UPDATE with this status (as others see it). */
async function setStatus(client: GatewayClient, userId: string, status: string, activities: unknown[] = []): Promise<void> {
  const from = client.mark();
  client.send({ op: 3, d: { status, activities, since: null, afk: false } });
  const seen = status === 'invisible' ? 'offline' : status;
  await client.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === userId && d.status === seen), { from });
}

describe('who hears a PRESENCE_UPDATE', () => {
  it('the user and its lobby mates; not the members of a lobby it is not in', async () => {
    const [player, mate, stranger, strangersMate] = [fresh(), fresh(), fresh(), fresh()];
    for (const members of [[player, mate], [stranger, strangersMate]]) {
      const made = await api(t.emu, 'POST', '/lobbies', { auth: bot(t.emu), body: { members: members.map((id) => ({ id })) } });
      expect(made.status).toBe(200);
    }
    const from = events.length;
    await connect(player);
    const updates = updatesOf(player, from);
    expect(updates).toHaveLength(1);
    expect([...updates[0].userIds!].sort()).toEqual([player, mate].sort());
  });

  it('invisible: the others see offline with no activity, while the user keeps what it set', async () => {
    const user = fresh();
    const { client } = await connect(user);
    const from = events.length;
    await setStatus(client, user, 'invisible', [{ name: 'Hidden', type: 0 }]);
    expect(updatesOf(user, from).map((e) => e.data)).toEqual([{ user: { id: user }, status: 'offline', activities: [] }]);
    expect(shown(user)).toMatchObject({ status: 'invisible', activities: [expect.objectContaining({ name: 'Hidden' })] });
  });
});

describe('a presence that breaks a rule changes nothing', () => {
  const bad: Array<[string, unknown]> = [
    ['not an object', 5],
    ['null', null],
    ['an unknown status', { status: 'busy', activities: [] }],
    ['six activities', { status: 'idle', activities: Array.from({ length: 6 }, (_, i) => ({ name: `Game ${i}`, type: 0 })) }],
    ['a bad activity', { status: 'idle', activities: [{ name: 5, type: 'x' }] }],
  ];

  it.each(bad)('op 3 with %s: closed with Decode error (4002), the presence as it was', async (_what, d) => {
    const user = fresh();
    const { client } = await connect(user);
    await setStatus(client, user, 'dnd');
    client.send({ op: 3, d });
    expect((await client.closed).code).toBe(DECODE_ERROR);
    // The close ends its only connection: offline, as any last connection's end; nothing between.
    await until(() => shown(user)?.status === 'offline', 5000, 'the disconnect');
    expect(updatesOf(user).map((e) => e.data.status)).toEqual(['online', 'dnd', 'offline']);
  });

  it('op 3 with five activities (the most) is taken', async () => {
    const user = fresh();
    const { client } = await connect(user);
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `Game ${i}`, type: 0 }));
    await setStatus(client, user, 'idle', five);
    expect(shown(user)?.activities).toHaveLength(5);
  });

  it.each(bad)('Identify carrying %s: the user shows online, as with no presence', async (_what, presence) => {
    const user = fresh();
    await connect(user, { presence });
    expect(shown(user)).toMatchObject({ status: 'online', activities: [] });
  });

  it('Identify carrying a valid presence: the user shows it (not online over it)', async () => {
    const user = fresh();
    await connect(user, { presence: { status: 'dnd', activities: [{ name: 'Focus', type: 0 }], since: null, afk: false } });
    expect(shown(user)).toMatchObject({ status: 'dnd', activities: [expect.objectContaining({ name: 'Focus' })] });
    expect(updatesOf(user).map((e) => e.data.status)).toEqual(['dnd']);
  });
});

describe('resume and disconnect', () => {
  const resume = async (userId: string, ready: any, seq: number | null) => {
    const again = await GatewayClient.connect(t.gatewayUrl);
    opened.push(again);
    const from = again.mark();
    again.send({ op: 6, d: { token: `Bearer ${t.token(userId)}`, session_id: ready.session_id, seq } });
    await again.waitFor(dispatchOf('RESUMED'), { from });
    return again;
  };

  it('a session that showed offline resumes as a first connection: online', async () => {
    const user = fresh();
    const { client, ready } = await connect(user);
    await setStatus(client, user, 'offline');
    t.emu.control.dropGatewayConnections(user);
    await client.closed;
    await resume(user, ready, client.lastSeq);
    expect(shown(user)).toMatchObject({ status: 'online', activities: [] });
  });

  it('a resume does not bring back what the session showed when another connection shows something else by now', async () => {
    const user = fresh();
    const first = await connect(user);
    await setStatus(first.client, user, 'dnd', [{ name: 'Before', type: 0 }]);
    t.emu.control.dropGatewayConnections(user); // its last connection: offline, what it showed kept for a resume
    await first.client.closed;
    await until(() => shown(user)?.status === 'offline', 5000, 'the disconnect');
    const second = await connect(user);
    expect(shown(user)).toMatchObject({ status: 'online', activities: [] });
    await resume(user, first.ready, first.client.lastSeq);
    expect(shown(user)).toMatchObject({ status: 'online', activities: [] });
    second.client.close();
  });

  it('the last connection ends: offline with no activity, told once; a user already offline with none hears nothing more', async () => {
    const user = fresh();
    let { client } = await connect(user);
    await setStatus(client, user, 'offline', [{ name: 'Still listed', type: 0 }]);
    client.close();
    await until(() => shown(user)?.activities.length === 0, 5000, 'the disconnect');
    expect(updatesOf(user).map((e) => [e.data.status, (e.data.activities as unknown[]).length])).toEqual([['online', 0], ['offline', 1], ['offline', 0]]);

    ({ client } = await connect(user));
    await setStatus(client, user, 'offline');
    const from = events.length;
    const sessionId = t.emu.control.gateway!.sessions().find((s) => s.identity?.user.id === user)!.id;
    t.emu.control.dropGatewayConnections(user);
    await until(() => !t.emu.control.gateway!.sessions().some((s) => s.id === sessionId && s.socket !== null), 5000, 'the socket closed');
    expect(updatesOf(user, from)).toEqual([]);
  });
});

describe('activity invites and the party the sender shows', () => {
  const party = (id: string) => ({ name: 'Dungeon Run', type: 0, party: { id } });

  async function invite(sender: string, recipient: string, partyId: string): Promise<string> {
    const sent = await api(t.emu, 'POST', '/users/@me/activity-invites', {
      auth: `Bearer ${t.token(sender)}`,
      body: { recipient_id: recipient, type: 1, party_id: partyId, join_secret: `secret-${partyId}` },
    });
    expect(sent.status).toBe(200);
    return sent.body.message_id as string;
  }
  const expired = (messageId: string) => events.some((e) => e.type === 'ACTIVITY_INVITE_UPDATE' && e.data.message_id === messageId && e.data.is_valid === false);

  it('stays valid while the sender shows the party; expires when it goes invisible or offline (even listing the party)', async () => {
    const [sender, recipient] = [fresh(), fresh()];
    const { client } = await connect(sender);
    for (const hidden of ['invisible', 'offline']) {
      await setStatus(client, sender, 'online', [party(`p-${hidden}`)]);
      const messageId = await invite(sender, recipient, `p-${hidden}`);
      await setStatus(client, sender, 'dnd', [party(`p-${hidden}`)]);
      expect(expired(messageId)).toBe(false);
      await setStatus(client, sender, hidden, [party(`p-${hidden}`)]);
      expect(expired(messageId)).toBe(true);
    }
  });
});

describe('GUILD_STATUS', () => {
  it('counts the members who show online, idle or dnd: not offline, invisible, or never connected; names the guild', async () => {
    const [watcher, online, idle, invisible, gone, never] = [fresh(), fresh(), fresh(), fresh(), fresh(), fresh()];
    const guild = t.emu.control.createGuild('Status Hall', [watcher, online, idle, invisible, gone, never]);
    (await connect(online)).client;
    await setStatus((await connect(idle)).client, idle, 'idle');
    await setStatus((await connect(invisible)).client, invisible, 'invisible');
    const leaving = (await connect(gone)).client;
    leaving.close();
    await until(() => shown(gone)?.status === 'offline', 5000, 'the disconnect');
    const { client } = await IpcClient.ready(t.emu.ipcPath!, SEED.applicationId);
    ipcClients.push(client);
    expect((await client.command('AUTHENTICATE', { access_token: t.token(watcher) })).evt).not.toBe('ERROR');
    const reply = await client.command('SUBSCRIBE', { guild_id: guild.id }, 'GUILD_STATUS');
    expect(reply.evt).toBe('GUILD_STATUS');
    expect(await client.event('GUILD_STATUS')).toEqual({ guild: { id: guild.id, name: 'Status Hall', icon_url: null }, online: 2 });
  });
});
