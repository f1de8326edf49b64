// Part 4, lobbies (docs/protocols/http.md): create-or-join by secret, bot management, bulk members (at
// most 25, all or nothing), metadata limits, additional_name set server-side only, message
// history (members only, at most 200, 72 hours), moderation metadata, channel linking,
// single-use one-hour invites, and the idle timeout — time rules on the emulator clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api, bearer, HOUR, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const WEEK_S = 604800;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const ANNOUNCEMENTS = (BigInt(SEED.guildId) + 13n).toString();
const LOBBY_VOICE = (BigInt(SEED.guildId) + 15n).toString();
const tokens: Record<string, string> = {};
/** 30 extra users for the bulk limits. */
const extra: string[] = [];

const auth = (userId: string) => bearer((tokens[userId] ??= api.token(userId)));
let secretCounter = 0;
const secret = () => `secret-${++secretCounter}-${Date.now()}`;

/**
 * Runs `body` with the emulator clock stopped: it is real time plus an offset, so faking Date
 * (only Date: timers and sockets stay real) holds it where advanceClock puts it, and a rule's
 * edge can be met to the millisecond.
 */
async function onStoppedClock(body: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

async function join(userId: string, body: Record<string, unknown> = {}) {
  return api.put('/lobbies', { secret: secret(), idle_timeout_seconds: WEEK_S, ...body }, auth(userId));
}

async function lobby(id: string) {
  return (await api.get(`/lobbies/${id}`, api.bot)).body;
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  for (let i = 0; i < 30; i++) extra.push(s.emu.control.createUser({ username: `member_${i}` }).id as string);
});
afterAll(async () => s.emu.close());

describe('PUT /lobbies: create or join by secret in one call', () => {
  it('creates a lobby, then joins the same lobby by the same secret', async () => {
    const key = secret();
    const created = await api.put('/lobbies', { secret: key, lobby_metadata: { mode: 'coop' }, member_metadata: { role: 'tank' } }, auth(SEED.users.nelly));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      application_id: SEED.applicationId,
      metadata: { mode: 'coop' },
      members: [{ id: SEED.users.nelly, metadata: { role: 'tank' }, flags: 0, connected: true }],
    });
    const joined = await api.put('/lobbies', { secret: key }, auth(SEED.users.alice));
    expect(joined.body.id).toBe(created.body.id);
    expect(joined.body.members.map((m: { id: string }) => m.id)).toEqual([SEED.users.nelly, SEED.users.alice]);
    expect(joined.body.metadata).toEqual({ mode: 'coop' });
    // Joining again is idempotent; another secret is another lobby.
    expect((await api.put('/lobbies', { secret: key }, auth(SEED.users.alice))).body.members).toHaveLength(2);
    const other = (await api.put('/lobbies', { secret: secret() }, auth(SEED.users.alice))).body;
    expect(other.id).not.toBe(created.body.id);
    expect(other.members.map((m: { id: string }) => m.id)).toEqual([SEED.users.alice]);
  });

  it('limits the secret to 250 characters and metadata to 1000 characters', async () => {
    expect((await api.put('/lobbies', { secret: 's'.repeat(250) }, auth(SEED.users.nelly))).status).toBe(200);
    const long = await api.put('/lobbies', { secret: 's'.repeat(251) }, auth(SEED.users.nelly));
    expect(long.status).toBe(400);
    expect(long.body.errors.secret._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await api.put('/lobbies', {}, auth(SEED.users.nelly))).body.errors.secret._errors[0].code).toBe('BASE_TYPE_REQUIRED');

    // Keys and values count: "k" + 999 characters is exactly 1000.
    expect((await join(SEED.users.nelly, { lobby_metadata: { k: 'v'.repeat(999) } })).status).toBe(200);
    const tooMuch = await join(SEED.users.nelly, { lobby_metadata: { k: 'v'.repeat(1000) } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.lobby_metadata).toBeDefined();
    const member = await join(SEED.users.nelly, { member_metadata: { a: 'b'.repeat(600), c: 'd'.repeat(600) } });
    expect(member.body.errors.member_metadata).toBeDefined();
    const notString = await join(SEED.users.nelly, { lobby_metadata: { level: 3 } });
    expect(notString.body.errors.lobby_metadata.level._errors[0].code).toBe('STRING_TYPE_CONVERT');
    expect((await join(SEED.users.nelly, { lobby_metadata: ['x'] })).body.errors.lobby_metadata).toBeDefined();
  });

  it('refuses additional_name: it is set server-side only', async () => {
    const reply = await join(SEED.users.nelly, { additional_name: 'Sir Lancelot' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(50035);
    expect(reply.body.errors.additional_name).toBeDefined();
  });

  it('checks idle_timeout_seconds (5..604800)', async () => {
    for (const bad of [4, 604801, 1.5, '60']) {
      const reply = await join(SEED.users.nelly, { idle_timeout_seconds: bad });
      expect(reply.status, String(bad)).toBe(400);
      expect(reply.body.errors.idle_timeout_seconds).toBeDefined();
    }
  });

  it('needs a user token with lobbies.write', async () => {
    expect((await api.put('/lobbies', { secret: secret() }, bearer(api.token(SEED.users.nelly, ['identify'])))).status).toBe(403);
    expect((await api.put('/lobbies', { secret: secret() }, bearer(api.token(SEED.users.nelly, ['lobbies.write'])))).status).toBe(200);
    expect((await api.put('/lobbies', { secret: secret() }, api.bot)).status).toBe(403);
    expect((await api.put('/lobbies', { secret: secret() })).status).toBe(401);
  });

  it('a refused request creates nothing', async () => {
    const key = secret();
    const refused = await api.put('/lobbies', { secret: key, lobby_metadata: { set: 'by the refused request' }, member_metadata: { n: 1 } }, auth(SEED.users.nelly));
    expect(refused.status).toBe(400);
    const created = await api.put('/lobbies', { secret: key }, auth(SEED.users.alice));
    expect(created.body.metadata).toBeNull();
    expect(created.body.members.map((m: { id: string }) => m.id)).toEqual([SEED.users.alice]);
  });
});

describe('bot lobby management', () => {
  it('POST /lobbies with up to 25 members; 26 is refused and creates nothing', async () => {
    const before = s.emu.core.state.lobbies.size;
    const members = extra.slice(0, 26).map((id) => ({ id }));
    const refused = await api.post('/lobbies', { metadata: { x: 'y' }, members }, api.bot);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.members).toBeDefined();
    const unknown = await api.post('/lobbies', { members: [{ id: extra[0] }, { id: '123' }] }, api.bot);
    expect(unknown.body.errors.members['1'].id).toBeDefined();
    expect(s.emu.core.state.lobbies.size).toBe(before);
    const created = await api.post('/lobbies', { metadata: { x: 'y' }, members: members.slice(0, 25), idle_timeout_seconds: WEEK_S }, api.bot);
    expect(created.status).toBe(200);
    expect(created.body.members).toHaveLength(25);
    // The bot's members are not connected until they join themselves.
    expect(created.body.members.every((m: { connected: boolean }) => m.connected === false)).toBe(true);
    expect((await api.post('/lobbies', {}, bearer(api.token(SEED.users.nelly)))).status).toBe(403);
  });

  it('GET, PATCH and DELETE /lobbies/{id}; members only; other applications see 10031', async () => {
    const created = (await join(SEED.users.nelly)).body;
    expect((await api.get(`/lobbies/${created.id}`, auth(SEED.users.nelly))).body.id).toBe(created.id);
    const outsider = await api.get(`/lobbies/${created.id}`, auth(SEED.users.bob));
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe(50001);
    const childBot = await api.get(`/lobbies/${created.id}`, `Bot ${s.emu.childApplication.botToken}`);
    expect(childBot.status).toBe(404);
    expect(childBot.body.code).toBe(10031);
    const patched = await api.patch(`/lobbies/${created.id}`, { metadata: { stage: '2' } }, api.bot);
    expect(patched.body.metadata).toEqual({ stage: '2' });
    expect((await api.patch(`/lobbies/${created.id}`, { metadata: { stage: '3' } }, auth(SEED.users.nelly))).status).toBe(403);
    expect((await api.delete(`/lobbies/${created.id}`, api.bot)).status).toBe(204);
    const gone = await api.get(`/lobbies/${created.id}`, api.bot);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(10031);
  });

  it('PUT /lobbies/{id}/members/{user} sets metadata, flags and additional_name (1-80)', async () => {
    const created = (await join(SEED.users.nelly)).body;
    const put = (userId: string, body: Record<string, unknown>) => api.put(`/lobbies/${created.id}/members/${userId}`, body, api.bot);
    const member = await put(SEED.users.alice, { metadata: { class: 'mage' }, flags: 1, additional_name: 'Merlin' });
    expect(member.body).toEqual({ id: SEED.users.alice, metadata: { class: 'mage' }, flags: 1, additional_name: 'Merlin', connected: true });
    expect((await put(SEED.users.alice, { additional_name: 'x'.repeat(80) })).status).toBe(200);
    expect((await put(SEED.users.alice, { additional_name: 'x'.repeat(81) })).body.errors.additional_name).toBeDefined();
    expect((await put(SEED.users.alice, { additional_name: '' })).body.errors.additional_name).toBeDefined();
    expect((await put(SEED.users.alice, { flags: 2 })).body.errors.flags).toBeDefined();
    expect((await put('123', {})).body.errors.user_id).toBeDefined();
    const state = await lobby(created.id);
    expect(state.members.find((m: { id: string }) => m.id === SEED.users.alice).additional_name).toBe('x'.repeat(80));
    expect((await api.delete(`/lobbies/${created.id}/members/${SEED.users.alice}`, api.bot)).status).toBe(204);
    expect((await api.delete(`/lobbies/${created.id}/members/${SEED.users.alice}`, api.bot)).status).toBe(404);
    expect((await api.delete(`/lobbies/${created.id}/members/@me`, auth(SEED.users.nelly))).status).toBe(204);
    expect((await lobby(created.id)).members).toEqual([]);
  });
});

describe('POST /lobbies/{id}/members/bulk', () => {
  it('adds, updates and removes up to 25 members in one request', async () => {
    const created = (await join(SEED.users.nelly)).body;
    const adds = extra.slice(0, 24).map((id) => ({ id, metadata: { team: 'red' } }));
    const reply = await api.post(`/lobbies/${created.id}/members/bulk`, [...adds, { id: SEED.users.nelly, additional_name: 'Captain' }], api.bot);
    expect(reply.status).toBe(200);
    expect((await lobby(created.id)).members).toHaveLength(25);
    const mixed = await api.post(`/lobbies/${created.id}/members/bulk`, [
      { id: extra[0], remove_member: true },
      { id: extra[1], metadata: { team: 'blue' } },
    ], api.bot);
    expect(mixed.status).toBe(200);
    const after = await lobby(created.id);
    expect(after.members).toHaveLength(24);
    expect(after.members.find((m: { id: string }) => m.id === extra[1]).metadata).toEqual({ team: 'blue' });
    expect(after.members.find((m: { id: string }) => m.id === SEED.users.nelly).additional_name).toBe('Captain');
  });

  it('refuses 26 members, an empty list or a non-list, and changes nothing', async () => {
    const created = (await join(SEED.users.nelly)).body;
    const before = await lobby(created.id);
    const tooMany = await api.post(`/lobbies/${created.id}/members/bulk`, extra.slice(0, 26).map((id) => ({ id })), api.bot);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe(50035);
    expect((await api.post(`/lobbies/${created.id}/members/bulk`, [], api.bot)).status).toBe(400);
    expect((await api.post(`/lobbies/${created.id}/members/bulk`, { id: extra[0] }, api.bot)).status).toBe(400);
    expect(await lobby(created.id)).toEqual(before);
  });

  it('one bad item fails the whole request with its field path, and nothing is applied', async () => {
    const created = (await join(SEED.users.nelly)).body;
    await api.post(`/lobbies/${created.id}/members/bulk`, [{ id: extra[5], metadata: { keep: 'me' } }], api.bot);
    const before = await lobby(created.id);
    const reply = await api.post(`/lobbies/${created.id}/members/bulk`, [
      { id: extra[6] },
      { id: extra[5], remove_member: true },
      { id: extra[7], metadata: { ok: 'yes' } },
      { id: 'not-a-snowflake' },
      { id: extra[8], additional_name: 'y'.repeat(81) },
    ], api.bot);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(50035);
    expect(reply.body.errors['3'].id._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    expect(reply.body.errors['4'].additional_name).toBeDefined();
    expect(reply.body.errors['0']).toBeUndefined();
    expect(await lobby(created.id)).toEqual(before);
  });

  it('is for the bot only', async () => {
    const created = (await join(SEED.users.nelly)).body;
    expect((await api.post(`/lobbies/${created.id}/members/bulk`, [{ id: extra[0] }], auth(SEED.users.nelly))).status).toBe(403);
  });
});

describe('lobby messages', () => {
  it('members send; the message carries lobby, author, metadata and application', async () => {
    const created = (await join(SEED.users.nelly)).body;
    const reply = await api.post(`/lobbies/${created.id}/messages`, { content: 'hello', metadata: { kind: 'chat' } }, auth(SEED.users.nelly));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      type: 0,
      content: 'hello',
      lobby_id: created.id,
      channel_id: created.id,
      author: { id: SEED.users.nelly },
      metadata: { kind: 'chat' },
      flags: 0,
      application_id: SEED.applicationId,
    });
    expect((await api.post(`/lobbies/${created.id}/messages`, { content: 'x' }, auth(SEED.users.bob))).status).toBe(403);
    expect((await api.post(`/lobbies/${created.id}/messages`, { content: 'x' }, api.bot)).status).toBe(403);
    const empty = await api.post(`/lobbies/${created.id}/messages`, { content: '' }, auth(SEED.users.nelly));
    expect(empty.body.errors.content._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await api.post(`/lobbies/${created.id}/messages`, {}, auth(SEED.users.nelly))).body.errors.content).toBeDefined();
    const unknown = await api.post('/lobbies/123/messages', { content: 'x' }, auth(SEED.users.nelly));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10031);
  });

  it('shows the server-set additional_name on messages', async () => {
    const created = (await join(SEED.users.nelly)).body;
    await api.put(`/lobbies/${created.id}/members/${SEED.users.nelly}`, { additional_name: 'Aragorn' }, api.bot);
    const sent = await api.post(`/lobbies/${created.id}/messages`, { content: 'for Gondor' }, auth(SEED.users.nelly));
    expect(sent.body.lobby_member).toEqual({ additional_name: 'Aragorn' });
  });

  it('history is for members only and returns at most 200, newest first', async () => {
    const created = (await join(SEED.users.nelly)).body;
    await api.put('/lobbies', { secret: 'unused' }, auth(SEED.users.alice));
    s.emu.control.setRateLimits(false);
    try {
      for (let i = 0; i < 230; i++) {
        const sent = await api.post(`/lobbies/${created.id}/messages`, { content: `m${i}` }, auth(SEED.users.nelly));
        expect(sent.status).toBe(200);
      }
    } finally {
      s.emu.control.setRateLimits(true);
    }
    const history = async (query: string, who = auth(SEED.users.nelly)) => api.get(`/lobbies/${created.id}/messages${query}`, who);
    const all = await history('?limit=200');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(200);
    expect(all.body[0].content).toBe('m229');
    expect(all.body[199].content).toBe('m30');
    expect((await history('')).body).toHaveLength(50);
    expect((await history('?limit=1')).body.map((m: { content: string }) => m.content)).toEqual(['m229']);
    for (const bad of ['201', '0', '-1', 'abc', '', '1.5']) {
      const reply = await history(`?limit=${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errors.limit).toBeDefined();
    }
    const outsider = await history('?limit=10', auth(SEED.users.alice));
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe(50001);
    expect((await history('?limit=10', api.bot)).body).toHaveLength(10); // the application's bot reads too
  });

  it('history covers 72 hours of emulator time', async () => {
    const created = (await join(SEED.users.nelly)).body;
    await api.post(`/lobbies/${created.id}/messages`, { content: 'old' }, auth(SEED.users.nelly));
    s.emu.control.advanceClock(72 * HOUR - 1000);
    await api.post(`/lobbies/${created.id}/messages`, { content: 'new' }, auth(SEED.users.nelly));
    const contents = async () => (await api.get(`/lobbies/${created.id}/messages`, auth(SEED.users.nelly))).body.map((m: { content: string }) => m.content);
    expect(await contents()).toEqual(['new', 'old']);
    s.emu.control.advanceClock(1000);
    expect(await contents()).toEqual(['new']);
  });

  it('moderation metadata: the bot sets at most 5 keys; members see it', async () => {
    const created = (await join(SEED.users.nelly)).body;
    const sent = (await api.post(`/lobbies/${created.id}/messages`, { content: 'watch me' }, auth(SEED.users.nelly))).body;
    const path = `/lobbies/${created.id}/messages/${sent.id}/moderation-metadata`;
    const five = { a: '1', b: '2', c: '3', d: '4', e: '5' };
    expect((await api.put(path, five, api.bot)).status).toBe(204);
    const history = (await api.get(`/lobbies/${created.id}/messages`, auth(SEED.users.nelly))).body;
    expect(history[0].moderation_metadata).toEqual(five);
    const six = await api.put(path, { ...five, f: '6' }, api.bot);
    expect(six.status).toBe(400);
    expect(six.body.code).toBe(50035);
    expect((await api.put(path, { a: 1 }, api.bot)).status).toBe(400);
    expect((await api.put(path, ['a'], api.bot)).status).toBe(400);
    expect((await api.put(path, five, auth(SEED.users.nelly))).status).toBe(403);
    const unknown = await api.put(`/lobbies/${created.id}/messages/123/moderation-metadata`, five, api.bot);
    expect(unknown.body.code).toBe(10008);
    expect((await api.get(`/lobbies/${created.id}/messages`, auth(SEED.users.nelly))).body[0].moderation_metadata).toEqual(five);
  });
});

describe('channel linking and lobby channel invites', () => {
  it('links and unlinks a channel; members need CanLinkLobby and MANAGE_CHANNELS', async () => {
    const created = (await join(SEED.users.bob)).body;
    const path = `/lobbies/${created.id}/channel-linking`;
    expect((await api.patch(path, { channel_id: GENERAL }, auth(SEED.users.bob))).status).toBe(403); // no CanLinkLobby flag
    await api.put(`/lobbies/${created.id}/members/${SEED.users.bob}`, { flags: 1 }, api.bot);
    const linked = await api.patch(path, { channel_id: GENERAL }, auth(SEED.users.bob)); // bob moderates: MANAGE_CHANNELS
    expect(linked.status).toBe(200);
    expect(linked.body.linked_channel).toEqual({ id: GENERAL, name: 'general', guild_id: SEED.guildId });
    // Someone outside the lobby is not a member, whoever else in it may link.
    const outsider = await api.patch(path, { channel_id: ANNOUNCEMENTS }, auth(SEED.users.alice));
    expect([outsider.status, outsider.body.code]).toEqual([403, 50001]);
    await api.put(`/lobbies/${created.id}/members/${SEED.users.nelly}`, { flags: 1 }, api.bot);
    expect((await api.patch(path, { channel_id: ANNOUNCEMENTS }, auth(SEED.users.nelly))).status).toBe(403); // no MANAGE_CHANNELS
    const unlinked = await api.patch(path, { channel_id: null }, api.bot);
    expect(unlinked.body.linked_channel).toBeUndefined();
  });

  it('a refused link leaves the existing link in place', async () => {
    const first = (await join(SEED.users.nelly)).body;
    const second = (await join(SEED.users.nelly)).body;
    expect((await api.patch(`/lobbies/${first.id}/channel-linking`, { channel_id: ANNOUNCEMENTS }, api.bot)).status).toBe(200);
    expect((await api.patch(`/lobbies/${second.id}/channel-linking`, { channel_id: GENERAL }, api.bot)).status).toBe(200);
    for (const channel_id of ['123', LOBBY_VOICE, GENERAL /* taken by the second lobby */, 'abc']) {
      const reply = await api.patch(`/lobbies/${first.id}/channel-linking`, { channel_id }, api.bot);
      expect(reply.status, channel_id).toBeGreaterThanOrEqual(400);
      expect(reply.status, channel_id).toBeLessThan(500);
      expect((await lobby(first.id)).linked_channel?.id, channel_id).toBe(ANNOUNCEMENTS);
    }
    expect((await lobby(second.id)).linked_channel.id).toBe(GENERAL);
    await api.patch(`/lobbies/${first.id}/channel-linking`, {}, api.bot);
    await api.patch(`/lobbies/${second.id}/channel-linking`, {}, api.bot);
  });

  it('invites are single use and valid for one hour of emulator time', async () => {
    const created = (await join(SEED.users.nelly)).body;
    const noChannel = await api.post(`/lobbies/${created.id}/members/@me/invites`, {}, auth(SEED.users.nelly));
    expect(noChannel.status).toBe(400);
    await api.patch(`/lobbies/${created.id}/channel-linking`, { channel_id: GENERAL }, api.bot);
    const mine = await api.post(`/lobbies/${created.id}/members/@me/invites`, {}, auth(SEED.users.nelly));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ code: expect.any(String) });
    // Made for nelly: only nelly redeems it (issue 11, item 15).
    const guest = await api.createUser('invite_guest');
    const stolen = await api.post(`/invites/${mine.body.code}`, {}, auth(guest));
    expect([stolen.status, stolen.body.code]).toEqual([403, 50001]);
    const accepted = await api.post(`/invites/${mine.body.code}`, {}, auth(SEED.users.nelly));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ guild: { id: SEED.guildId }, channel: { id: GENERAL } });
    const again = await api.post(`/invites/${mine.body.code}`, {}, auth(SEED.users.erin));
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(10006);

    // For a user, by the bot; valid just under an hour, gone at the hour.
    const forUser = await api.post(`/lobbies/${created.id}/members/${SEED.users.nelly}/invites`, {}, api.bot);
    const late = await api.post(`/lobbies/${created.id}/members/${SEED.users.nelly}/invites`, {}, api.bot);
    s.emu.control.advanceClock(HOUR - 1000);
    expect((await api.post(`/invites/${forUser.body.code}`, {}, auth(SEED.users.nelly))).status).toBe(200);
    s.emu.control.advanceClock(1000);
    expect((await api.post(`/invites/${late.body.code}`, {}, auth(SEED.users.nelly))).body.code).toBe(10006);
    expect((await api.post(`/lobbies/${created.id}/members/${SEED.users.bob}/invites`, {}, api.bot)).status).toBe(404); // not a member
    expect((await api.post(`/lobbies/${created.id}/members/@me/invites`, {}, auth(SEED.users.bob))).status).toBe(403);
    await api.patch(`/lobbies/${created.id}/channel-linking`, {}, api.bot);
  });
  it('an invite is open until the millisecond before the hour, and gone at the hour, on both of its paths', async () => {
    await onStoppedClock(async () => {
      const created = (await join(SEED.users.nelly)).body;
      await api.patch(`/lobbies/${created.id}/channel-linking`, { channel_id: GENERAL }, api.bot);
      const first = (await api.post(`/lobbies/${created.id}/members/@me/invites`, {}, auth(SEED.users.nelly))).body.code;
      const second = (await api.post(`/lobbies/${created.id}/members/@me/invites`, {}, auth(SEED.users.nelly))).body.code;
      const page = async (code: string) => (await fetch(`${s.emu.webBase}/invite/${encodeURIComponent(code)}`)).status;
      s.emu.control.advanceClock(HOUR - 1);
      expect(await page(first)).toBe(200);
      expect((await api.post(`/invites/${first}`, {}, auth(SEED.users.nelly))).status).toBe(200);
      s.emu.control.advanceClock(1);
      expect(await page(second)).toBe(404);
      const late = await api.post(`/invites/${second}`, {}, auth(SEED.users.nelly));
      expect([late.status, late.body.code]).toEqual([404, 10006]);
      await api.patch(`/lobbies/${created.id}/channel-linking`, {}, api.bot);
    });
  });
});

describe('idle timeout', () => {
  it('goes at its very millisecond: at the timeout minus 1 ms it is there, at the timeout it is not', async () => {
    await onStoppedClock(async () => {
      const created = (await api.put('/lobbies', { secret: secret(), idle_timeout_seconds: 5 }, auth(SEED.users.nelly))).body;
      s.emu.control.advanceClock(4999);
      expect((await api.get(`/lobbies/${created.id}`, api.bot)).status).toBe(200);
      s.emu.control.advanceClock(1);
      expect((await api.get(`/lobbies/${created.id}`, api.bot)).status).toBe(404);
    });
  });

  it('an idle lobby goes after 5 minutes by default', async () => {
    const created = (await api.put('/lobbies', { secret: secret() }, auth(SEED.users.nelly))).body;
    s.emu.control.advanceClock(299_000);
    expect((await api.get(`/lobbies/${created.id}`, api.bot)).status).toBe(200);
    s.emu.control.advanceClock(1000);
    const gone = await api.get(`/lobbies/${created.id}`, api.bot);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(10031);
  });

  it('activity keeps a lobby alive; idle_timeout_seconds sets the timeout', async () => {
    const created = (await api.put('/lobbies', { secret: secret(), idle_timeout_seconds: 5 }, auth(SEED.users.nelly))).body;
    s.emu.control.advanceClock(4000);
    await api.post(`/lobbies/${created.id}/messages`, { content: 'still here' }, auth(SEED.users.nelly));
    s.emu.control.advanceClock(4000);
    expect((await api.get(`/lobbies/${created.id}`, api.bot)).status).toBe(200);
    s.emu.control.advanceClock(1000);
    expect((await api.get(`/lobbies/${created.id}`, api.bot)).status).toBe(404);
    // Its messages went with it.
    expect(s.emu.core.state.messages.has(created.id)).toBe(false);
  });

  it('a linked channel is freed when its lobby times out', async () => {
    const created = (await api.put('/lobbies', { secret: secret(), idle_timeout_seconds: 5 }, auth(SEED.users.nelly))).body;
    await api.patch(`/lobbies/${created.id}/channel-linking`, { channel_id: ANNOUNCEMENTS }, api.bot);
    s.emu.control.advanceClock(5000);
    const other = (await join(SEED.users.nelly)).body;
    expect((await api.patch(`/lobbies/${other.id}/channel-linking`, { channel_id: ANNOUNCEMENTS }, api.bot)).status).toBe(200);
  });
});
