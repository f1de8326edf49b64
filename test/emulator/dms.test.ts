// Part 4, game direct messages between users: send, edit, delete, history, summaries, the
// server-side moderation metadata route (at most 5 keys), blocks and the DM write bucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const { nelly, alice, bob, carol, dave } = SEED.users;
const tokens: Record<string, string> = {};
const auth = (userId: string) => bearer((tokens[userId] ??= api.token(userId)));
const dm = (from: string, to: string, body: unknown) => api.post(`/users/@me/dms/${to}/messages`, body, auth(from));
const history = (who: string, other: string, query = '') => api.get(`/users/@me/dms/${other}/messages${query}`, auth(who));

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('sending', () => {
  it('sends a game DM and both users see it', async () => {
    const sent = await dm(nelly, alice, { content: 'gg', metadata: { match: '42' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      type: 0,
      content: 'gg',
      author: { id: nelly },
      recipient_id: alice,
      channel_id: expect.stringMatching(/^\d+$/),
      application_id: SEED.applicationId,
      metadata: { match: '42' },
    });
    expect((await history(nelly, alice)).body[0].id).toBe(sent.body.id);
    expect((await history(alice, nelly)).body[0].id).toBe(sent.body.id);
    expect((await history(bob, nelly)).body).toEqual([]);
  });

  it('checks the recipient, the content and the scope', async () => {
    for (const to of ['123', 'abc', SEED.botUserId]) {
      const reply = await dm(nelly, to, { content: 'x' });
      expect(reply.status, to).toBe(404);
      expect(reply.body.code).toBe(10013);
    }
    expect((await dm(nelly, alice, { content: '' })).body.errors.content).toBeDefined();
    expect((await dm(nelly, alice, { content: 'x', metadata: { n: 1 } })).body.errors.metadata.n).toBeDefined();
    expect((await api.post(`/users/@me/dms/${alice}/messages`, { content: 'x' }, bearer(api.token(nelly, ['identify'])))).status).toBe(403);
    expect((await api.post(`/users/@me/dms/${alice}/messages`, { content: 'x' }, api.bot)).status).toBe(403);
    expect((await api.post(`/users/@me/dms/${alice}/messages`, { content: 'x' })).status).toBe(401);
  });

  it('a block stops messages both ways', async () => {
    expect((await api.put(`/users/@me/relationships/${carol}`, { type: 2 }, auth(dave))).status).toBe(204);
    expect((await dm(dave, carol, { content: 'hi' })).body.code).toBe(50007);
    expect((await dm(carol, dave, { content: 'hi' })).body.code).toBe(50007);
    expect((await api.delete(`/users/@me/relationships/${carol}`, auth(dave))).status).toBe(204);
    expect((await dm(carol, dave, { content: 'hi' })).status).toBe(200);
  });
});

describe('editing and deleting', () => {
  it('the author edits; the other user cannot', async () => {
    const sent = (await dm(nelly, bob, { content: 'typo' })).body;
    const edited = await api.patch(`/users/@me/dms/${bob}/messages/${sent.id}`, { content: 'fixed' }, auth(nelly));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: sent.id, content: 'fixed', edited_timestamp: expect.any(String) });
    expect((await history(bob, nelly)).body[0].content).toBe('fixed');
    const theirs = await api.patch(`/users/@me/dms/${nelly}/messages/${sent.id}`, { content: 'hacked' }, auth(bob));
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe(50005);
    expect((await api.patch(`/users/@me/dms/${bob}/messages/${sent.id}`, { content: '' }, auth(nelly))).status).toBe(400);
    expect((await api.patch(`/users/@me/dms/${bob}/messages/123`, { content: 'x' }, auth(nelly))).body.code).toBe(10008);
    expect((await history(bob, nelly)).body[0].content).toBe('fixed');
  });

  it('the author deletes; it leaves both histories', async () => {
    const sent = (await dm(alice, bob, { content: 'oops' })).body;
    expect((await api.delete(`/users/@me/dms/${alice}/messages/${sent.id}`, auth(bob))).status).toBe(403);
    expect((await api.delete(`/users/@me/dms/${bob}/messages/${sent.id}`, auth(alice))).status).toBe(204);
    expect((await history(alice, bob)).body.map((m: { id: string }) => m.id)).not.toContain(sent.id);
    expect((await history(bob, alice)).body.map((m: { id: string }) => m.id)).not.toContain(sent.id);
    expect((await api.delete(`/users/@me/dms/${bob}/messages/${sent.id}`, auth(alice))).status).toBe(404);
  });
});

describe('history and summaries', () => {
  it('pages newest first with limit (1..200) and before', async () => {
    const erin = SEED.users.erin;
    s.emu.control.setRateLimits(false);
    const ids: string[] = [];
    try {
      for (let i = 0; i < 12; i++) ids.push((await dm(erin, nelly, { content: `n${i}` })).body.id);
    } finally {
      s.emu.control.setRateLimits(true);
    }
    const page = (await history(erin, nelly, '?limit=5')).body.map((m: { content: string }) => m.content);
    expect(page).toEqual(['n11', 'n10', 'n9', 'n8', 'n7']);
    const older = (await history(erin, nelly, `?limit=5&before=${ids[7]}`)).body.map((m: { content: string }) => m.content);
    expect(older).toEqual(['n6', 'n5', 'n4', 'n3', 'n2']);
    expect((await history(erin, nelly)).body).toHaveLength(12);
    for (const bad of ['?limit=0', '?limit=201', '?limit=x', '?before=abc']) {
      const reply = await history(erin, nelly, bad);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.code).toBe(50035);
    }
  });

  it('summaries list each conversation with its last message', async () => {
    const last = (await dm(carol, alice, { content: 'latest' })).body;
    const summaries = (await api.get('/users/@me/dms/summaries', auth(carol))).body as Array<{ user_id: string; last_message_id: string }>;
    expect(summaries).toContainEqual({ user_id: alice, last_message_id: last.id });
    const theirs = (await api.get('/users/@me/dms/summaries', auth(alice))).body;
    expect(theirs).toContainEqual({ user_id: carol, last_message_id: last.id });
  });
});

describe('moderation metadata on game DMs', () => {
  it('the bot sets at most 5 keys on a DM; both users see them', async () => {
    const sent = (await dm(bob, carol, { content: 'report me' })).body;
    const five = { a: '1', b: '2', c: '3', d: '4', e: '5' };
    const path = (u1: string, u2: string, mid = sent.id) => `/partner-sdk/dms/${u1}/${u2}/messages/${mid}/moderation-metadata`;
    expect((await api.put(path(bob, carol), five, api.bot)).status).toBe(204);
    expect((await history(carol, bob)).body[0].moderation_metadata).toEqual(five);
    expect((await api.put(path(carol, bob), { flagged: 'no' }, api.bot)).status).toBe(204); // either order
    expect((await history(bob, carol)).body[0].moderation_metadata).toEqual({ flagged: 'no' });
    const six = await api.put(path(bob, carol), { ...five, f: '6' }, api.bot);
    expect(six.status).toBe(400);
    expect(six.body.code).toBe(50035);
    expect((await api.put(path(bob, carol), five, auth(bob))).status).toBe(403);
    expect((await api.put(path(bob, carol, '123'), five, api.bot)).body.code).toBe(10008);
    expect((await api.put(path(bob, nelly), five, api.bot)).body.code).toBe(10008); // not their conversation
    expect((await history(bob, carol)).body[0].moderation_metadata).toEqual({ flagged: 'no' });
  });
});

describe('the DM write bucket', () => {
  it('answers 429 with retry_after after 10 messages in 10 seconds, and recovers on the emulator clock', async () => {
    const sender = await api.createUser('dm_spammer');
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await dm(sender, nelly, { content: `m${i}` }));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies[0].headers.get('x-ratelimit-limit')).toBe('10');
    expect(replies[9].headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await dm(sender, nelly, { content: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ retry_after: expect.any(Number), global: false });
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused: not stored.
    expect((await history(sender, nelly, '?limit=50')).body.map((m: { content: string }) => m.content)).not.toContain('one too many');
    s.emu.control.advanceClock(Math.ceil(limited.body.retry_after * 1000));
    expect((await dm(sender, nelly, { content: 'after the window' })).status).toBe(200);
  });
});
