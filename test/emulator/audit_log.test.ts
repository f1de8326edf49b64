// The guild audit log: GET /guilds/{g}/audit-logs (VIEW_AUDIT_LOG) with user_id, action_type,
// before, after and limit 1..100, fed by the voice channel status route (spec: 192
// VOICE_CHANNEL_STATUS_UPDATE with options.status, 193 VOICE_CHANNEL_STATUS_DELETE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAuditEntry } from '../../lib/emulator/domain/audit_log';
import { Api, SEED, start, type Started } from './helpers';
import { addRole, giveRoles, PERM } from './helpers/guild_setup';

let s: Started;
let api: Api;
const g = BigInt(SEED.guildId);
const lobbyVoice = (g + 15n).toString();
const path = `/guilds/${SEED.guildId}/audit-logs`;

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.control.setVoiceChannel(SEED.botUserId, lobbyVoice);
});
afterAll(async () => s.emu.close());

describe('audit log', () => {
  it('needs VIEW_AUDIT_LOG (50013 without it), and refuses user tokens and unknown guilds', async () => {
    const refused = await api.get(path, api.bot);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50013);
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [addRole(s.emu, SEED.guildId, 'Auditors', PERM.VIEW_AUDIT_LOG, 1)]);
    const allowed = await api.get(path, api.bot);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ audit_log_entries: [], users: [], auto_moderation_rules: [], webhooks: [], integrations: [], threads: [], application_commands: [], guild_scheduled_events: [] });
    expect((await api.get('/guilds/123/audit-logs', api.bot)).body.code).toBe(10004);
    expect((await api.get(path)).status).toBe(401);
    expect((await api.get(path, `Bearer ${api.token(SEED.users.alice)}`)).body.code).toBe(50001);
  });

  it('setting a voice channel status records 192 with options.status and channel_id; clearing it records 193', async () => {
    expect((await api.put(`/channels/${lobbyVoice}/voice-status`, { status: 'Raiding tonight' }, api.bot)).status).toBe(204);
    expect((await api.put(`/channels/${lobbyVoice}/voice-status`, { status: '' }, api.bot)).status).toBe(204);
    const log = await api.get(path, api.bot);
    const [cleared, set] = log.body.audit_log_entries;
    expect(set).toMatchObject({ action_type: 192, user_id: SEED.botUserId, target_id: lobbyVoice, options: { channel_id: lobbyVoice, status: 'Raiding tonight' } });
    expect(cleared).toMatchObject({ action_type: 193, user_id: SEED.botUserId, target_id: lobbyVoice, options: { channel_id: lobbyVoice } });
    expect(cleared.options.status).toBeUndefined();
    expect(BigInt(cleared.id)).toBeGreaterThan(BigInt(set.id)); // newest first
    expect(log.body.users.map((u: any) => u.id)).toEqual([SEED.botUserId]);
  });

  it('an unchanged status records nothing; a refused one records nothing', async () => {
    const before = (await api.get(path, api.bot)).body.audit_log_entries.length;
    await api.put(`/channels/${lobbyVoice}/voice-status`, { status: '' }, api.bot);
    await api.put(`/channels/${lobbyVoice}/voice-status`, { status: 'x'.repeat(501) }, api.bot);
    expect((await api.get(path, api.bot)).body.audit_log_entries.length).toBe(before);
  });

  it('filters by action_type and user_id, pages with before and after, and bounds limit to 1..100', async () => {
    for (let i = 0; i < 3; i++) await api.put(`/channels/${lobbyVoice}/voice-status`, { status: `round ${i}` }, api.bot);
    // Entries by another member, as another domain would append them.
    for (let i = 0; i < 120; i++) recordAuditEntry(s.emu.core, SEED.guildId, { userId: SEED.users.bob, targetId: null, actionType: 40 });
    const bob = await api.get(`${path}?user_id=${SEED.users.bob}&limit=100`, api.bot);
    expect(bob.body.audit_log_entries).toHaveLength(100);
    expect(bob.body.audit_log_entries.every((e: any) => e.user_id === SEED.users.bob)).toBe(true);
    const statuses = await api.get(`${path}?action_type=192`, api.bot);
    expect(statuses.body.audit_log_entries.map((e: any) => e.options.status)).toEqual(['round 2', 'round 1', 'round 0', 'Raiding tonight']);
    expect((await api.get(`${path}?action_type=193`, api.bot)).body.audit_log_entries).toHaveLength(1);
    const all = (await api.get(`${path}?limit=100`, api.bot)).body.audit_log_entries;
    expect(all).toHaveLength(100);
    const older = (await api.get(`${path}?limit=100&before=${all[99].id}`, api.bot)).body.audit_log_entries;
    expect(older).toHaveLength(125 - 100);
    expect(older.every((e: any) => BigInt(e.id) < BigInt(all[99].id))).toBe(true);
    const newer = (await api.get(`${path}?limit=2&after=${older[0].id}`, api.bot)).body.audit_log_entries;
    expect(newer.map((e: any) => e.id)).toEqual([all[98].id, all[99].id]);
    expect((await api.get(`${path}?limit=1`, api.bot)).body.audit_log_entries).toHaveLength(1);
    for (const bad of ['0', '101', 'x', '-1']) {
      const reply = await api.get(`${path}?limit=${bad}`, api.bot);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errors.limit._errors[0].code).toBeDefined();
    }
    expect((await api.get(`${path}?user_id=abc`, api.bot)).body.errors.user_id).toBeDefined();
    expect((await api.get(`${path}?action_type=x`, api.bot)).body.errors.action_type).toBeDefined();
  });
});
