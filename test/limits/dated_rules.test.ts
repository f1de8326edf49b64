// Every rule of the spec that starts (or ends) on a date, as a table: its date, the emulator's
// constant for it, and a probe run on an emulator whose clock starts one day before the date and
// on an emulator whose clock starts exactly at it (00:00:00 UTC): the old behaviour the day
// before, the new one on the day. A slipped constant fails the first test of its row.
import { afterEach, describe, expect, it } from 'vitest';
import { DAVE_REQUIRED_FROM, LEGACY_VOICE_VERSIONS_DISCONTINUED_AT } from '../../lib/emulator/voice/protocol';
import { PIN_PERMISSION_SPLIT_AT } from '../../lib/emulator/domain/pins';
import { PERMISSION_SPLIT_AT } from '../../lib/emulator/domain/permission_splits';
import { PERMISSION_SPLIT_AT as SLOWMODE_SPLIT_AT } from '../../lib/emulator/domain/slowmode';
import { BOT_CHANNEL_OMISSION_AT } from '../../lib/emulator/domain/channels';
import { inMigrationWindow, MIGRATION_WINDOW_END, MIGRATION_WINDOW_START } from '../../lib/emulator/domain/entitlement_migration';
import { LEGACY_CONNECTIONS_HIDDEN_AT } from '../../lib/emulator/domain/accounts';
import { GUILD_CREATION_REMOVED_AT } from '../../lib/emulator/domain/guilds';
import { ALL_MEMBERS_LIMIT_FROM } from '../../lib/emulator/gateway/protocol';
import { UPLOAD_LIMIT_LOWERED_AT } from '../../lib/emulator/domain/attachments';
import { bearer, SEED, start, type Started } from '../emulator/helpers';
import { dispatchOf, GatewayClient } from '../emulator/helpers/gateway_client';
import { postFiles } from '../emulator/helpers/uploads';
import { addRole, PERM, setRoles } from '../emulator/helpers/guild_setup';
import { identify, joinCall, lobbyOf, mainSession, opIs, VoiceClient } from '../emulator/voice/helpers';

const DAY = 24 * 60 * 60 * 1000;
type Era = 'before' | 'from';

interface DatedRule {
  rule: string;
  /** The date as the spec gives it, at 00:00:00 UTC. */
  date: string;
  /** The emulator's constant for it. */
  constant: number;
  /** The behaviour on an emulator whose clock starts at `startTime`. */
  probe: (s: Started) => Promise<Era>;
}

const g = BigInt(SEED.guildId);
const GENERAL = (g + 12n).toString();
const NO_BOTS = (g + 19n).toString();
const LOBBY_VOICE = (g + 15n).toString();
const BOT_ROLE = (g + 2n).toString();
const MANAGE_EVENTS = 1n << 33n;
const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const MIB = 1024 * 1024;

const rules: DatedRule[] = [
  {
    rule: 'a bot no longer gets the guild channels it cannot view (GET /guilds/{id}/channels)',
    date: '2026-11-16',
    constant: BOT_CHANNEL_OMISSION_AT,
    probe: async (s) => {
      const list = (await s.api.get(`/guilds/${SEED.guildId}/channels`, s.api.bot)).body as Array<{ id: string }>;
      return list.some((c) => c.id === NO_BOTS) ? 'before' : 'from';
    },
  },
  {
    rule: 'PIN_MESSAGES is needed to pin: MANAGE_MESSAGES alone no longer does',
    date: '2026-02-23',
    constant: PIN_PERMISSION_SPLIT_AT,
    probe: async (s) => {
      s.emu.control.setRateLimits(false);
      const manager = addRole(s.emu, SEED.guildId, 'Manager', PERM.MANAGE_MESSAGES, 1);
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [BOT_ROLE, manager]);
      const id = String(s.emu.control.postChannelMessage(SEED.users.nelly, GENERAL, 'pin me').id);
      const pinned = await s.api.put(`/channels/${GENERAL}/messages/pins/${id}`, undefined, s.api.bot);
      if (pinned.status === 204) return 'before';
      expect(pinned.body.code).toBe(50013);
      return 'from';
    },
  },
  {
    rule: 'BYPASS_SLOWMODE bypasses slowmode: MANAGE_MESSAGES alone no longer does',
    date: '2026-02-23',
    constant: SLOWMODE_SPLIT_AT,
    probe: async (s) => {
      const manager = addRole(s.emu, SEED.guildId, 'Slow manager', PERM.MANAGE_MESSAGES, 1);
      setRoles(s.emu, SEED.guildId, SEED.users.carol, [manager]);
      s.emu.control.setChannelSlowmode(GENERAL, 60);
      s.emu.control.postChannelMessage(SEED.users.carol, GENERAL, 'first');
      try {
        s.emu.control.postChannelMessage(SEED.users.carol, GENERAL, 'second, within the interval');
        return 'before';
      } catch (error) {
        expect((error as { code?: number }).code).toBe(20016);
        return 'from';
      }
    },
  },
  {
    rule: 'CREATE_EVENTS (CREATE_GUILD_EXPRESSIONS for emoji and stickers) is needed to create: MANAGE_ alone no longer does',
    date: '2026-02-23',
    constant: PERMISSION_SPLIT_AT,
    probe: async (s) => {
      const manager = addRole(s.emu, SEED.guildId, 'Events manager', MANAGE_EVENTS, 1);
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [BOT_ROLE, manager]);
      const event = { name: 'Raid night', privacy_level: 2, entity_type: 2, channel_id: LOBBY_VOICE, scheduled_start_time: new Date(s.emu.control.now() + DAY).toISOString() };
      const created = await s.api.post(`/guilds/${SEED.guildId}/scheduled-events`, event, s.api.bot);
      if (created.status === 200) return 'before';
      expect(created.body.code).toBe(50013);
      return 'from';
    },
  },
  {
    rule: 'only DAVE (end-to-end encrypted) calls: a voice member without DAVE is closed with 4017',
    date: '2026-03-01',
    constant: DAVE_REQUIRED_FROM,
    probe: async (s) => {
      const lobbyId = await lobbyOf(s.api, [SEED.users.nelly]);
      const main = await mainSession(s.emu, SEED.users.nelly);
      try {
        const join = await joinCall(main.gateway, SEED.users.nelly, lobbyId);
        const voice = await VoiceClient.connect(s.emu);
        identify(voice, join, { max_dave_protocol_version: 0 });
        const outcome = await Promise.race([voice.closed.then((c) => c.code), voice.waitFor(opIs(2)).then(() => -1)]);
        voice.terminate();
        if (outcome === -1) return 'before';
        expect(outcome).toBe(4017);
        return 'from';
      } finally {
        main.gateway.close();
      }
    },
  },
  {
    rule: 'the entitlement migration window opens (renewals inside it follow the migration rules)',
    date: '2024-10-01',
    constant: MIGRATION_WINDOW_START,
    probe: async (s) => (inMigrationWindow(s.emu.control.now()) ? 'from' : 'before'),
  },
  {
    rule: 'the entitlement migration window closes (the current rules from then on)',
    date: '2024-11-01',
    constant: MIGRATION_WINDOW_END,
    probe: async (s) => (inMigrationWindow(s.emu.control.now()) ? 'before' : 'from'),
  },
  {
    rule: 'legacy third-party game connections stop being returned (GET /users/@me/connections)',
    date: '2026-07-10',
    constant: LEGACY_CONNECTIONS_HIDDEN_AT,
    probe: async (s) => {
      const reply = await s.api.get('/users/@me/connections', bearer(s.api.token(SEED.users.carol)));
      expect(reply.status).toBe(200);
      const names = (reply.body as Array<{ name: string }>).map((c) => c.name);
      expect(names).toContain('carol_on_steam');
      return names.includes('carol_legacy') ? 'before' : 'from';
    },
  },
  {
    rule: 'apps can no longer create guilds (POST /guilds)',
    date: '2025-07-15',
    constant: GUILD_CREATION_REMOVED_AT,
    probe: async (s) => {
      const created = await s.api.post('/guilds', { name: 'Made by the bot' }, s.api.bot);
      if (created.status === 201) {
        expect(created.body).toMatchObject({ name: 'Made by the bot', owner_id: SEED.botUserId });
        expect(s.emu.core.state.guilds.get(created.body.id)?.members.map((m) => m.userId)).toEqual([SEED.botUserId]);
        return 'before';
      }
      expect([created.status, created.body.code]).toEqual([403, 20001]);
      expect(s.emu.core.state.guilds.size).toBe(1);
      return 'from';
    },
  },
  {
    rule: 'the request for all of a guild\'s members is rate limited (1 per guild per bot per 30 s)',
    date: '2025-10-01',
    constant: ALL_MEMBERS_LIMIT_FROM,
    probe: async (s) => {
      const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
      try {
        await client.identifyBot(s.emu.application.botToken, GUILDS | GUILD_MEMBERS);
        const from = client.mark();
        for (const nonce of ['first', 'second']) client.send({ op: 8, d: { guild_id: SEED.guildId, query: '', limit: 0, nonce } });
        // A request by user id is never limited: once its chunk is here, both earlier answers are too.
        client.send({ op: 8, d: { guild_id: SEED.guildId, user_ids: [SEED.users.nelly], nonce: 'marker' } });
        await client.waitFor(dispatchOf('GUILD_MEMBERS_CHUNK', (d) => d.nonce === 'marker'), { from });
        const answered = client.dispatches('GUILD_MEMBERS_CHUNK', from).map((d) => d.nonce);
        const limited = client.dispatches('RATE_LIMITED', from).map((d) => d.meta.nonce);
        expect(answered).toContain('first');
        if (answered.includes('second')) {
          expect(limited).toEqual([]);
          return 'before';
        }
        expect(limited).toEqual(['second']);
        return 'from';
      } finally {
        client.close();
      }
    },
  },
  {
    rule: 'the default upload size is 10 MiB (25 MiB before), per attachment',
    date: '2025-01-16',
    constant: UPLOAD_LIMIT_LOWERED_AT,
    probe: async (s) => {
      const posted = await postFiles(s.emu, GENERAL, [{ filename: 'eleven.bin', data: Buffer.alloc(11 * MIB) }]);
      if (posted.status === 200) {
        expect(posted.body.attachments[0].size).toBe(11 * MIB);
        // The old limit is still a limit: one byte over 25 MiB is refused.
        const over = await postFiles(s.emu, GENERAL, [{ filename: 'big.bin', data: Buffer.alloc(25 * MIB + 1) }]);
        expect([over.status, over.body.code]).toEqual([413, 40005]);
        return 'before';
      }
      expect([posted.status, posted.body.code]).toEqual([413, 40005]);
      return 'from';
    },
  },
  {
    rule: 'voice gateway versions below 4 are discontinued (a v3 connection is refused before the upgrade)',
    date: '2024-11-18',
    constant: LEGACY_VOICE_VERSIONS_DISCONTINUED_AT,
    probe: async (s) => {
      let voice: VoiceClient;
      try {
        voice = await VoiceClient.connect(s.emu, { v: 3 });
      } catch (error) {
        expect(String(error)).toMatch(/400/);
        return 'from';
      }
      // Served as v4: the handshake reaches Ready.
      const lobbyId = await lobbyOf(s.api, [SEED.users.nelly]);
      const main = await mainSession(s.emu, SEED.users.nelly);
      try {
        identify(voice, await joinCall(main.gateway, SEED.users.nelly, lobbyId), { max_dave_protocol_version: 0 });
        expect((await voice.waitFor(opIs(2))).d.ssrc).toEqual(expect.any(Number));
        return 'before';
      } finally {
        voice.terminate();
        main.gateway.close();
      }
    },
  },
];

let running: Started | undefined;
afterEach(async () => {
  await running?.emu.close();
  running = undefined;
});

describe('the dated rules of the spec, one day before and on the date', () => {
  for (const row of rules) {
    const at = Date.parse(`${row.date}T00:00:00Z`);
    it(`${row.date} ${row.rule}: the emulator's constant is the date`, () => {
      expect(new Date(row.constant).toISOString()).toBe(new Date(at).toISOString());
    });
    for (const [era, startTime] of [['before', at - DAY], ['from', at]] as const) {
      it(`${row.date} ${row.rule}: ${era === 'before' ? 'one day before, the old rule' : 'on the date, the new rule'}`, async () => {
        running = await start({ startTime });
        expect(await row.probe(running)).toBe(era);
      });
    }
  }
});
