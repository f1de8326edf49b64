// The permission split of 23 February 2026 (spec "Versioning"; domain/permission_splits.ts) to the
// millisecond: at 23:59:59.999 the day before, MANAGE_EVENTS alone still creates a scheduled
// event; at 00:00:00.000 UTC it no longer does (CREATE_EVENTS is needed). The eras a day apart
// are in test/limits/dated_rules.test.ts; here Date is stopped, so the emulator clock moves only
// by advanceClock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSION_SPLIT_AT } from '../../lib/emulator/domain/permission_splits';
import { SEED, start, type Started } from './helpers';
import { addRole, setRoles } from './helpers/guild_setup';

const g = BigInt(SEED.guildId);
const LOBBY_VOICE = (g + 15n).toString();
const BOT_ROLE = (g + 2n).toString();
const MANAGE_EVENTS = 1n << 33n;

let s: Started;

beforeAll(async () => {
  s = await start({ startTime: PERMISSION_SPLIT_AT - 60_000 });
  s.emu.control.setRateLimits(false);
  setRoles(s.emu, SEED.guildId, SEED.botUserId, [BOT_ROLE, addRole(s.emu, SEED.guildId, 'Events manager', MANAGE_EVENTS, 1)]);
});
afterAll(async () => s.emu.close());

describe('creating a scheduled event with MANAGE_EVENTS alone', () => {
  it('works until the last millisecond before the split and is 50013 from its first', async () => {
    const create = () => s.api.post(`/guilds/${SEED.guildId}/scheduled-events`, {
      name: 'Raid night', privacy_level: 2, entity_type: 2, channel_id: LOBBY_VOICE,
      scheduled_start_time: new Date(PERMISSION_SPLIT_AT + 86_400_000).toISOString(),
    }, s.api.bot);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      s.emu.control.advanceClock(PERMISSION_SPLIT_AT - 1 - s.emu.control.now());
      expect(s.emu.control.now()).toBe(PERMISSION_SPLIT_AT - 1);
      const before = await create();
      expect(before.status, before.text).toBe(200);
      s.emu.control.advanceClock(1);
      const from = await create();
      expect(from.status).toBe(403);
      expect(from.body.code).toBe(50013);
    } finally {
      vi.useRealTimers();
    }
  });
});
