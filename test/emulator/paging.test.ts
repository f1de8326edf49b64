// List pages by snowflake (domain/paging) through the entitlement list, the public API's
// before / after / limit: ids strictly between the bounds, oldest first; with only `before` the
// `limit` newest of them (the ones right before it), with `after` (alone or with `before`) the
// oldest; a bad id is a 50035 naming the parameter, its value echoed at most 32 characters long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, SEED, start, type Started } from './helpers';

const FOUNDER_PACK = (BigInt(SEED.guildId) + 101n).toString();

let s: Started;
let api: Api;
let owner: string;
let ids: string[] = [];

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  owner = await api.createUser('paging_owner');
  ids = Array.from({ length: 6 }, () => String(s.emu.control.grantEntitlement(owner, FOUNDER_PACK).id));
});
afterAll(async () => s.emu.close());

const page = async (query: string) => {
  const reply = await api.get(`/applications/${SEED.applicationId}/entitlements?user_id=${owner}&${query}`, api.bot);
  expect(reply.status).toBe(200);
  return (reply.body as Array<{ id: string }>).map((e) => e.id);
};

describe('a page of the entitlement list', () => {
  it('ids ascend: the emulator makes them in order', () => {
    expect([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))).toEqual(ids);
  });

  it('with after and before: the ids strictly between, the oldest `limit` of them', async () => {
    expect(await page(`after=${ids[0]}&before=${ids[5]}&limit=2`)).toEqual([ids[1], ids[2]]);
    expect(await page(`after=${ids[0]}&before=${ids[5]}&limit=10`)).toEqual(ids.slice(1, 5));
  });

  it('with before only: the `limit` newest before it; with after only: the oldest after it', async () => {
    expect(await page(`before=${ids[5]}&limit=2`)).toEqual([ids[3], ids[4]]);
    expect(await page(`after=${ids[0]}&limit=2`)).toEqual([ids[1], ids[2]]);
    expect(await page('limit=3')).toEqual(ids.slice(0, 3));
  });

  it('a bad id is 50035 naming the parameter, its value cut to 32 characters in the message', async () => {
    const long = `${'7'.repeat(30)}abcdefghij`;
    const reply = await api.get(`/applications/${SEED.applicationId}/entitlements?before=${long}`, api.bot);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(50035);
    expect(JSON.stringify(reply.body.errors.before)).toContain(`Value \\"${long.slice(0, 32)}\\" is not snowflake.`);
  });
});

describe('items stored out of id order', () => {
  it('a page is in id order even when the state holds newer ids first', async () => {
    // Ids only grow (a restart on an earlier clock carries on after the saved ids), but the
    // state's maps keep insertion order, which a restored or edited state need not share.
    const s = await start();
    try {
      const older = String(s.emu.control.grantEntitlement(SEED.users.nelly, FOUNDER_PACK).id);
      const newer = String(s.emu.control.grantEntitlement(SEED.users.nelly, FOUNDER_PACK).id);
      expect(BigInt(older) < BigInt(newer)).toBe(true);
      const entitlements = s.emu.core.state.entitlements;
      const stored = [...entitlements].reverse();
      entitlements.clear();
      for (const [id, entitlement] of stored) entitlements.set(id, entitlement);
      const reply = await s.api.get(`/applications/${SEED.applicationId}/entitlements?user_id=${SEED.users.nelly}`, s.api.bot);
      const ids = reply.body.map((e: { id: string }) => e.id);
      expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
      expect(ids).toEqual([...ids].sort((a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    } finally {
      await s.emu.close();
    }
  });
});
