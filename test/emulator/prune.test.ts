// Guild prune (spec: Get Guild Prune Count and Begin Guild Prune need MANAGE_GUILD in addition to
// KICK_MEMBERS): members without roles (or only included roles) inactive for `days` (1 to 30)
// on the emulator clock — activity is joining or a gateway connection of the user — and
// GUILD_MEMBER_REMOVE for each one pruned.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';

const KICK_MEMBERS = 1n << 1n;
const MANAGE_GUILD = 1n << 5n;
const DAY = 24 * 60 * 60 * 1000;
const g = BigInt(SEED.guildId);
const ROLE = { moderators: (g + 1n).toString(), bot: (g + 2n).toString() };
const { nelly, alice, bob, carol, dave, erin } = SEED.users;

let s: Started;
let api: Api;
let events: BusEvent[] = [];
const guild = () => s.emu.core.state.guilds.get(SEED.guildId)!;
const grant = (bits: bigint) => {
  guild().roles.find((r) => r.id === ROLE.bot)!.permissions = bits;
};
const count = (query: string) => api.get(`/guilds/${SEED.guildId}/prune${query}`, api.bot);

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
  s.emu.control.advanceClock(8 * DAY); // everyone joined 8 days ago
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  grant(MANAGE_GUILD | KICK_MEMBERS);
  events = [];
});

describe('prune permissions', () => {
  it('MANAGE_GUILD alone or KICK_MEMBERS alone is 50013; both answer', async () => {
    for (const bits of [0n, MANAGE_GUILD, KICK_MEMBERS]) {
      grant(bits);
      const reply = await count('?days=7');
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe(50013);
      expect((await api.post(`/guilds/${SEED.guildId}/prune`, { days: 7 }, api.bot)).body.code).toBe(50013);
    }
    grant(MANAGE_GUILD | KICK_MEMBERS);
    expect((await count('?days=7')).status).toBe(200);
    expect(guild().members).toHaveLength(7);
  });
});

describe('GET /guilds/{g}/prune (count)', () => {
  it('counts members without roles inactive for days (not the owner, not members with roles)', async () => {
    expect((await count('?days=7')).body).toEqual({ pruned: 4 }); // nelly, carol, dave, erin
    expect((await count('?days=8')).body).toEqual({ pruned: 4 }); // exactly 8 days inactive
    expect((await count('?days=9')).body).toEqual({ pruned: 0 });
    expect((await count('')).body).toEqual({ pruned: 4 }); // days defaults to 7
  });

  it('include_roles also counts members whose roles are all included', async () => {
    expect((await count(`?days=7&include_roles=${ROLE.moderators}`)).body).toEqual({ pruned: 5 }); // + bob
    expect((await count(`?days=7&include_roles=${ROLE.moderators},${ROLE.bot}`)).body).toEqual({ pruned: 6 }); // + the bot
    expect((await count('?days=7&include_roles=x')).body.errors.include_roles).toBeDefined();
  });

  it('days is 1 to 30 (0 and 31: 50035)', async () => {
    expect((await count('?days=1')).status).toBe(200);
    expect((await count('?days=30')).status).toBe(200);
    for (const bad of ['0', '31', 'week']) {
      const reply = await count(`?days=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.body.errors.days).toBeDefined();
    }
  });

  it("a user's gateway connection is activity: they are no longer counted", async () => {
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await client.identifyUser(api.token(carol));
    } finally {
      client.close();
    }
    expect((await count('?days=1')).body).toEqual({ pruned: 3 }); // nelly, dave, erin
    s.emu.control.advanceClock(2 * DAY);
    expect((await count('?days=1')).body).toEqual({ pruned: 4 });
    expect((await count('?days=7')).body).toEqual({ pruned: 3 });
  });
});

describe('inactive for days, to the millisecond', () => {
  it('a member who joined exactly `days` days ago is counted, one who joined 1 ms later is not', async () => {
    // Date stopped: the emulator clock moves only by advanceClock.
    const joiner = await api.createUser('prune_exact');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = (await count('?days=1')).body.pruned;
      s.emu.control.addGuildMembers(SEED.guildId, [joiner]);
      s.emu.control.advanceClock(DAY - 1);
      expect((await count('?days=1')).body.pruned).toBe(before);
      s.emu.control.advanceClock(1);
      expect((await count('?days=1')).body.pruned).toBe(before + 1);
    } finally {
      vi.useRealTimers();
      s.emu.control.removeGuildMember(SEED.guildId, joiner);
    }
  });
});

describe('POST /guilds/{g}/prune (begin)', () => {
  it('bad bodies are 50035 and remove nobody', async () => {
    for (const body of [{ days: 0 }, { days: 31 }, { days: '7' }, { compute_prune_count: 'yes' }, { include_roles: 'x' }]) {
      expect((await api.post(`/guilds/${SEED.guildId}/prune`, body, api.bot)).body.code).toBe(50035);
    }
    expect(guild().members).toHaveLength(7);
  });

  it('removes the inactive members, with GUILD_MEMBER_REMOVE each; {pruned: n}', async () => {
    const reply = await api.post(`/guilds/${SEED.guildId}/prune`, { days: 7 }, api.bot);
    expect(reply.body).toEqual({ pruned: 3 });
    expect(guild().members.map((m) => m.userId).sort()).toEqual([alice, bob, carol, SEED.botUserId].sort());
    expect(events.filter((e) => e.type === 'GUILD_MEMBER_REMOVE').map((e) => (e.data.user as { id: string }).id).sort()).toEqual([nelly, dave, erin].sort());
  });

  it('compute_prune_count false answers {pruned: null}', async () => {
    s.emu.control.advanceClock(8 * DAY);
    const reply = await api.post(`/guilds/${SEED.guildId}/prune`, { days: 7, compute_prune_count: false, include_roles: [ROLE.moderators] }, api.bot);
    expect(reply.body).toEqual({ pruned: null });
    expect(guild().members.map((m) => m.userId).sort()).toEqual([alice, SEED.botUserId].sort()); // carol and bob too
  });
});
