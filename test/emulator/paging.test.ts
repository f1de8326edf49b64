// List pages by snowflake (domain/paging) through the entitlement list, the public API's
// before / after / limit: ids strictly between the bounds, oldest first; with only `before` the
// `limit` newest of them (the ones right before it), with `after` (alone or with `before`) the
// oldest; a bad id is a 50035 naming the parameter, its value echoed at most 32 characters long.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('items made out of id order', () => {
  it('a page is in id order even when the state holds newer ids first (a restart on an earlier clock makes smaller ids)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-paging-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile, startTime: Date.parse('2026-06-01T00:00:00Z') });
      const later = String(first.emu.control.grantEntitlement(SEED.users.nelly, FOUNDER_PACK).id);
      await first.emu.close();
      const second = await start({ dataFile, startTime: Date.parse('2026-01-01T00:00:00Z') });
      try {
        const earlier = String(second.emu.control.grantEntitlement(SEED.users.nelly, FOUNDER_PACK).id);
        expect(BigInt(earlier) < BigInt(later)).toBe(true);
        const reply = await second.api.get(`/applications/${SEED.applicationId}/entitlements?user_id=${SEED.users.nelly}`, second.api.bot);
        expect(reply.body.map((e: { id: string }) => e.id)).toEqual([earlier, later]);
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
