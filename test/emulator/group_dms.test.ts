// Create Group DM (public API; POST /users/@me/channels {access_tokens, nicks}): the access tokens
// of users who granted the application gdm.join; the channel carries the creating application's
// id (spec "Channel": application_id is not null for group DMs); CHANNEL_CREATE to its members.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, bearer, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
let events: BusEvent[] = [];
const { nelly, carol, dave } = SEED.users;
const gdm = (userId: string, applicationId?: string) => s.emu.control.issueToken(userId, ['gdm.join'], applicationId).accessToken;
const create = (body: unknown, auth = api.bot) => api.post('/users/@me/channels', body, auth);

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  events = [];
});

describe('POST /users/@me/channels with access_tokens', () => {
  it("makes a group DM owned by the caller, with the application's id; CHANNEL_CREATE to its members", async () => {
    const reply = await create({ access_tokens: [gdm(nelly), gdm(carol)], nicks: { [nelly]: 'Nel' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ type: 3, application_id: s.emu.application.id, owner_id: SEED.botUserId, name: null, nicks: [{ id: nelly, nick: 'Nel' }] });
    expect(reply.body.recipients.map((u: any) => u.id)).toEqual([nelly, carol]);
    const created = events.find((e) => e.type === 'CHANNEL_CREATE')!;
    expect(created.data).toMatchObject({ id: reply.body.id, application_id: s.emu.application.id });
    expect(created.userIds.sort()).toEqual([SEED.botUserId, nelly, carol].sort());
  });

  it("a user's bearer token makes one too (owned by that user)", async () => {
    const reply = await create({ access_tokens: [gdm(dave)] }, bearer(api.token(nelly)));
    expect(reply.body).toMatchObject({ owner_id: nelly, application_id: s.emu.application.id });
  });

  it('every token must be a live access token of this application with gdm.join (50035 naming it)', async () => {
    const plain = api.token(carol); // sdk.social_layer: no gdm.join
    const other = gdm(carol, s.emu.childApplication.id);
    for (const bad of [plain, other, 'nope']) {
      const reply = await create({ access_tokens: [gdm(nelly), bad] });
      expect(reply.status).toBe(400);
      expect(reply.body.errors.access_tokens['1']).toBeDefined();
    }
    expect(events.filter((e) => e.type === 'CHANNEL_CREATE')).toHaveLength(0);
  });

  it('1 to 9 tokens (10 members with the owner): 0 and 10 are 50035', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => api.createUser(`gdm_${i}`)));
    expect((await create({ access_tokens: people.slice(0, 9).map((id) => gdm(id)) })).status).toBe(200);
    expect((await create({ access_tokens: people.map((id) => gdm(id)) })).body.errors.access_tokens).toBeDefined();
    expect((await create({ access_tokens: [] })).body.errors.access_tokens).toBeDefined();
  });

  it('nicks must name recipients; the same route without access_tokens opens the bot DM ({recipient_id})', async () => {
    expect((await create({ access_tokens: [gdm(nelly)], nicks: { [carol]: 'C' } })).body.errors.nicks).toBeDefined();
    // One route, two bodies (public API): {recipient_id} is the bot's 1:1 DM, type 1 without application_id.
    const dm = await create({ recipient_id: nelly });
    expect(dm.status).toBe(200);
    expect(dm.body).toMatchObject({ type: 1, recipients: [expect.objectContaining({ id: nelly })] });
    expect((await create({})).body.errors.recipient_id).toBeDefined();
    expect((await create({ access_tokens: 'x' })).body.errors.access_tokens).toBeDefined();
    expect((await api.post('/users/@me/channels', { access_tokens: [gdm(nelly)] })).status).toBe(401);
  });

  it('a nick is 1 to 32 characters: 1 and 32 are kept, 0 and 33 are 50035 naming the user, and nothing is made', async () => {
    for (const nick of ['N', 'n'.repeat(32)]) {
      const reply = await create({ access_tokens: [gdm(nelly)], nicks: { [nelly]: nick } });
      expect(reply.status).toBe(200);
      expect(reply.body.nicks).toEqual([{ id: nelly, nick }]);
    }
    events = [];
    for (const nick of ['', 'n'.repeat(33)]) {
      const reply = await create({ access_tokens: [gdm(nelly)], nicks: { [nelly]: nick } });
      expect(reply.status).toBe(400);
      expect(reply.body.errors.nicks[nelly]._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    }
    // The control API takes its nicks as they come: a nick that is not a string is refused there too.
    const number = await api.control('createGroupDm', { applicationId: s.emu.application.id, accessTokens: [gdm(nelly)], nicks: { [nelly]: 5 } });
    expect(number.status).toBe(400);
    expect(number.body.errors.nicks[nelly]).toBeDefined();
    expect(events.filter((e) => e.type === 'CHANNEL_CREATE')).toHaveLength(0);
  });

  it('two tokens of one user make one recipient', async () => {
    const reply = await create({ access_tokens: [gdm(nelly), gdm(carol), gdm(nelly)] });
    expect(reply.status).toBe(200);
    expect(reply.body.recipients.map((u: any) => u.id)).toEqual([nelly, carol]);
  });

  it("an application whose bot user is gone (a data file from elsewhere) is refused: 10013, nothing made", async () => {
    const child = s.emu.core.state.applications.get(s.emu.childApplication.id)!;
    const botUserId = child.botUserId;
    child.botUserId = '1';
    try {
      const reply = await api.control('createGroupDm', { applicationId: child.id, accessTokens: [gdm(nelly, child.id)] });
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe(10013);
    } finally {
      child.botUserId = botUserId;
    }
    expect(events.filter((e) => e.type === 'CHANNEL_CREATE')).toHaveLength(0);
  });

  it('the control API makes one as the application', async () => {
    const reply = await api.control('createGroupDm', { applicationId: s.emu.application.id, accessTokens: [gdm(nelly)] });
    expect(reply.body).toMatchObject({ type: 3, application_id: s.emu.application.id, owner_id: SEED.botUserId });
  });
});
