// Auto moderation: rules CRUD (MANAGE_GUILD) with the public API's limits, the rule events
// (intent 1 << 20) and the action execution event (1 << 21), keyword matching (wildcards,
// regex, allow list), and MEMBER_PROFILE with BLOCK_MEMBER_INTERACTION quarantining a member
// (spec) through the guild member flag AUTOMOD_QUARANTINED_USERNAME (1 << 7).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchRule } from '../../lib/emulator/domain/automod';
import type { AutoModRule } from '../../lib/emulator/model/types';
import { Api, SEED, start, type Started } from './helpers';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { addRole, collect, giveRoles, PERM, setRoles } from './helpers/guild_setup';

let s: Started;
let api: Api;
const g = BigInt(SEED.guildId);
const general = (g + 12n).toString();
const welcome = (g + 10n).toString();
const botRole = (g + 2n).toString();
const base = `/guilds/${SEED.guildId}/auto-moderation/rules`;
const QUARANTINED = 1 << 7;
let managerRole: string;
const clients: GatewayClient[] = [];

const keywordRule = (extra: Record<string, unknown> = {}) => ({
  name: 'No spoilers',
  event_type: 1,
  trigger_type: 1,
  trigger_metadata: { keyword_filter: ['spoiler'] },
  actions: [{ type: 1, metadata: { custom_message: 'No spoilers here' } }],
  enabled: true,
  ...extra,
});
const profileRule = (extra: Record<string, unknown> = {}) => ({
  name: 'Names',
  event_type: 2,
  trigger_type: 6,
  trigger_metadata: { keyword_filter: ['badname*'] },
  actions: [{ type: 4 }],
  enabled: true,
  ...extra,
});

async function clearRules(): Promise<void> {
  for (const rule of (await api.get(base, api.bot)).body) await api.delete(`${base}/${rule.id}`, api.bot);
}

const memberOf = (userId: string) => s.emu.core.state.guilds.get(SEED.guildId)!.members.find((m) => m.userId === userId)!;

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  managerRole = addRole(s.emu, SEED.guildId, 'Managers', PERM.MANAGE_GUILD | PERM.VIEW_AUDIT_LOG, 1);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await s.emu.close();
});

describe('auto moderation rules', () => {
  it('needs MANAGE_GUILD for every route (50013); an unknown guild is 10004, a user token 50001', async () => {
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
    for (const [method, path, body] of [['GET', base], ['POST', base, keywordRule()], ['GET', `${base}/1`], ['PATCH', `${base}/1`, { name: 'x' }], ['DELETE', `${base}/1`]] as const) {
      const reply = await api.call(method, path, { auth: api.bot, json: body });
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.body.code).toBe(50013);
    }
    expect(s.emu.core.state.autoModRules.size).toBe(0);
    expect((await api.get('/guilds/123/auto-moderation/rules', api.bot)).body.code).toBe(10004);
    expect((await api.get(base)).status).toBe(401);
    expect((await api.get(base, `Bearer ${api.token(SEED.users.alice)}`)).body.code).toBe(50001);
  });

  it('creates, lists, reads, modifies and deletes a KEYWORD rule (10066 afterwards)', async () => {
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [managerRole]);
    const created = await api.post(base, keywordRule({ exempt_channels: [welcome], exempt_roles: [managerRole] }), api.bot);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      guild_id: SEED.guildId, name: 'No spoilers', creator_id: SEED.botUserId, event_type: 1, trigger_type: 1, enabled: true,
      trigger_metadata: { keyword_filter: ['spoiler'], regex_patterns: [], allow_list: [] },
      actions: [{ type: 1, metadata: { custom_message: 'No spoilers here' } }], exempt_channels: [welcome], exempt_roles: [managerRole],
    });
    const id = created.body.id;
    expect((await api.get(base, api.bot)).body.map((r: any) => r.id)).toEqual([id]);
    expect((await api.get(`${base}/${id}`, api.bot)).body.name).toBe('No spoilers');
    const modified = await api.patch(`${base}/${id}`, { name: 'Renamed', enabled: false, trigger_metadata: { keyword_filter: ['leak*'], allow_list: ['leakproof'] } }, api.bot);
    expect(modified.status).toBe(200);
    expect(modified.body).toMatchObject({ name: 'Renamed', enabled: false, trigger_metadata: { keyword_filter: ['leak*'], allow_list: ['leakproof'] }, actions: [{ type: 1 }] });
    expect((await api.delete(`${base}/${id}`, api.bot)).status).toBe(204);
    const gone = await api.get(`${base}/${id}`, api.bot);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(10066);
    expect((await api.patch(`${base}/${id}`, { name: 'x' }, api.bot)).body.code).toBe(10066);
    expect((await api.delete(`${base}/${id}`, api.bot)).body.code).toBe(10066);
  });

  it('records rule create, update and delete in the audit log (140, 141, 142) with the X-Audit-Log-Reason', async () => {
    const created = await api.call('POST', base, { auth: api.bot, json: keywordRule(), headers: { 'X-Audit-Log-Reason': encodeURIComponent('tidy up') } });
    await api.patch(`${base}/${created.body.id}`, { name: 'y' }, api.bot);
    await api.delete(`${base}/${created.body.id}`, api.bot);
    const entries = (await api.get(`/guilds/${SEED.guildId}/audit-logs?limit=3`, api.bot)).body.audit_log_entries;
    expect(entries.map((e: any) => [e.action_type, e.target_id])).toEqual([[142, created.body.id], [141, created.body.id], [140, created.body.id]]);
    expect(entries[2].reason).toBe('tidy up');
  });

  it('refuses bad rules with 50035 naming each field, and a refused rule changes nothing', async () => {
    await clearRules();
    const cases: Array<[Record<string, unknown>, string]> = [
      [keywordRule({ name: undefined }), 'name'],
      [keywordRule({ name: 'x'.repeat(101) }), 'name'],
      [keywordRule({ trigger_type: 3 }), 'trigger_type'],
      [keywordRule({ event_type: 2 }), 'event_type'],
      [keywordRule({ trigger_metadata: {} }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { keyword_filter: Array.from({ length: 1001 }, (_, i) => `w${i}`) } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { keyword_filter: ['x'.repeat(61)] } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { regex_patterns: Array.from({ length: 11 }, (_, i) => `r${i}`) } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { regex_patterns: ['x'.repeat(261)] } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { regex_patterns: ['(unclosed'] } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { regex_patterns: ['(?=look)ahead'] } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { regex_patterns: ['(a)\\1'] } }), 'trigger_metadata'],
      [keywordRule({ trigger_metadata: { keyword_filter: ['a'], allow_list: Array.from({ length: 101 }, (_, i) => `a${i}`) } }), 'trigger_metadata'],
      [keywordRule({ actions: [] }), 'actions'],
      [keywordRule({ actions: [{ type: 4 }] }), 'actions'],
      [keywordRule({ actions: [{ type: 2 }] }), 'actions'],
      [keywordRule({ actions: [{ type: 2, metadata: { channel_id: (g + 15n).toString() } }] }), 'actions'],
      [keywordRule({ actions: [{ type: 1, metadata: { custom_message: 'x'.repeat(151) } }] }), 'actions'],
      [keywordRule({ exempt_roles: ['123'] }), 'exempt_roles'],
      [keywordRule({ exempt_roles: Array.from({ length: 21 }, () => managerRole) }), 'exempt_roles'],
      [keywordRule({ exempt_channels: ['123'] }), 'exempt_channels'],
      [profileRule({ actions: [{ type: 1 }] }), 'actions'],
      [profileRule({ actions: [{ type: 3, metadata: { duration_seconds: 60 } }] }), 'actions'],
      [profileRule({ trigger_metadata: { keyword_filter: ['a'], allow_list: Array.from({ length: 1001 }, (_, i) => `a${i}`) } }), 'trigger_metadata'],
    ];
    for (const [body, field] of cases) {
      const reply = await api.post(base, body, api.bot);
      expect(reply.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(reply.body.code).toBe(50035);
      expect(Object.keys(reply.body.errors), JSON.stringify(body).slice(0, 120)).toContain(field);
    }
    // At the limits: 1000 keywords of 60, 10 patterns of 260, 100 allowed words, 150-character message, 20 exempt roles.
    const atLimits = await api.post(base, keywordRule({
      trigger_metadata: { keyword_filter: Array.from({ length: 1000 }, (_, i) => `${i}`.padEnd(60, 'k')), regex_patterns: Array.from({ length: 10 }, () => 'p'.repeat(260)), allow_list: Array.from({ length: 100 }, (_, i) => `a${i}`) },
      actions: [{ type: 1, metadata: { custom_message: 'm'.repeat(150) } }, { type: 2, metadata: { channel_id: general } }],
      exempt_roles: Array.from({ length: 20 }, () => managerRole),
    }), api.bot);
    expect(atLimits.status, atLimits.text.slice(0, 200)).toBe(200);
    expect(s.emu.core.state.autoModRules.size).toBe(1);
  });

  it('TIMEOUT needs MODERATE_MEMBERS (50013) and at most 2419200 seconds', async () => {
    await clearRules();
    const timeout = (seconds: number) => keywordRule({ actions: [{ type: 3, metadata: { duration_seconds: seconds } }] });
    expect((await api.post(base, timeout(60), api.bot)).body.code).toBe(50013);
    const moderators = addRole(s.emu, SEED.guildId, 'Timeouts', PERM.MODERATE_MEMBERS, 1);
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [moderators]);
    expect((await api.post(base, timeout(2_419_201), api.bot)).body.errors.actions).toBeDefined();
    expect((await api.post(base, timeout(2_419_200), api.bot)).status).toBe(200);
  });

  it('allows 6 KEYWORD rules and 1 MEMBER_PROFILE rule per guild; a rule\'s trigger type cannot change', async () => {
    await clearRules();
    for (let i = 0; i < 6; i++) expect((await api.post(base, keywordRule({ name: `k${i}` }), api.bot)).status).toBe(200);
    const seventh = await api.post(base, keywordRule({ name: 'k6' }), api.bot);
    expect(seventh.status).toBe(400);
    expect(seventh.body.errors.trigger_type._errors[0].code).toBe('AUTO_MODERATION_MAX_RULES_OF_TYPE_EXCEEDED');
    const profile = await api.post(base, profileRule({ enabled: false }), api.bot);
    expect(profile.status).toBe(200);
    expect((await api.post(base, profileRule({ enabled: false }), api.bot)).status).toBe(400);
    const change = await api.patch(`${base}/${profile.body.id}`, { trigger_type: 1 }, api.bot);
    expect(change.body.errors.trigger_type).toBeDefined();
    expect((await api.get(`${base}/${profile.body.id}`, api.bot)).body.trigger_type).toBe(6);
    await clearRules();
  });

  it('dispatches AUTO_MODERATION_RULE_CREATE/UPDATE/DELETE to bots with AUTO_MODERATION_CONFIGURATION (1 << 20) only', async () => {
    const withIntent = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    const without = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    clients.push(withIntent, without);
    await withIntent.identifyBot(s.emu.application.botToken, 1 << 20);
    await without.identifyBot(s.emu.application.botToken, 1 << 0);
    const from = withIntent.mark();
    const created = await api.post(base, keywordRule(), api.bot);
    await api.patch(`${base}/${created.body.id}`, { name: 'changed' }, api.bot);
    await api.delete(`${base}/${created.body.id}`, api.bot);
    expect((await withIntent.waitFor(dispatchOf('AUTO_MODERATION_RULE_CREATE'), { from })).d).toMatchObject({ id: created.body.id, name: 'No spoilers' });
    expect((await withIntent.waitFor(dispatchOf('AUTO_MODERATION_RULE_UPDATE'), { from })).d.name).toBe('changed');
    expect((await withIntent.waitFor(dispatchOf('AUTO_MODERATION_RULE_DELETE'), { from })).d.id).toBe(created.body.id);
    expect(without.dispatches('AUTO_MODERATION_RULE_CREATE')).toEqual([]);
    expect(without.dispatches('AUTO_MODERATION_RULE_DELETE')).toEqual([]);
  });
});

describe('keyword matching (public API wildcards)', () => {
  const rule = (keyword_filter: string[], allow_list: string[] = [], regex_patterns: string[] = []) =>
    ({ triggerMetadata: { keyword_filter, allow_list, regex_patterns } }) as unknown as AutoModRule;
  it('matches whole words, prefixes (cat*), suffixes (*cat) and anywhere (*cat*), case-insensitively', () => {
    expect(matchRule(rule(['cat']), 'a Cat sat')?.matchedContent).toBe('Cat');
    expect(matchRule(rule(['cat']), 'catch this')).toBeNull();
    expect(matchRule(rule(['cat*']), 'catch this')?.matchedContent).toBe('catch');
    expect(matchRule(rule(['cat*']), 'bobcat')).toBeNull();
    expect(matchRule(rule(['*cat']), 'bobcat')?.matchedContent).toBe('bobcat');
    expect(matchRule(rule(['*cat*']), 'locations')?.matchedContent).toBe('locations');
    expect(matchRule(rule(['ice cream']), 'I like ice cream!')?.keyword).toBe('ice cream');
  });
  it('an allow-listed word does not trigger; regex patterns do', () => {
    expect(matchRule(rule(['*cat*'], ['category']), 'pick a category')).toBeNull();
    expect(matchRule(rule(['*cat*'], ['category']), 'category and concat')?.matchedContent).toBe('concat');
    expect(matchRule(rule([], [], ['c[o0]d[e3]']), 'secret C0D3 here')?.matchedContent).toBe('C0D3');
  });
});

describe('MEMBER_PROFILE and BLOCK_MEMBER_INTERACTION (quarantine)', () => {
  const nelly = SEED.users.nelly;
  beforeEach(async () => {
    await clearRules();
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: null });
  });

  it('a matching nick quarantines the member: flag 1 << 7 in GUILD_MEMBER_UPDATE, the execution event, audit entry 146; a clean nick releases it', async () => {
    await api.post(base, profileRule(), api.bot);
    const seen = collect(s.emu, 'GUILD_MEMBER_UPDATE', 'AUTO_MODERATION_ACTION_EXECUTION');
    try {
      s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'BadNameRider' });
      expect(memberOf(nelly).flags! & QUARANTINED).toBe(QUARANTINED);
      const updates = seen.events.filter((e) => e.type === 'GUILD_MEMBER_UPDATE' && e.data.user.id === nelly);
      expect(updates.at(-1)!.data.flags & QUARANTINED).toBe(QUARANTINED);
      const execution = seen.events.find((e) => e.type === 'AUTO_MODERATION_ACTION_EXECUTION')!;
      expect(execution.data).toMatchObject({ guild_id: SEED.guildId, user_id: nelly, rule_trigger_type: 6, action: { type: 4 }, matched_keyword: 'badname*', matched_content: 'BadNameRider' });
      const audit = (await api.get(`/guilds/${SEED.guildId}/audit-logs?action_type=146`, api.bot)).body.audit_log_entries[0];
      expect(audit).toMatchObject({ target_id: nelly, options: { auto_moderation_rule_name: 'Names', auto_moderation_rule_trigger_type: '6' } });
      s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'Nelly' });
      expect(memberOf(nelly).flags! & QUARANTINED).toBe(0);
      expect(seen.events.filter((e) => e.type === 'GUILD_MEMBER_UPDATE' && e.data.user.id === nelly).at(-1)!.data.flags & QUARANTINED).toBe(0);
    } finally {
      seen.stop();
    }
  });

  it('checks members already matching when the rule is made, the global name of joining users, and releases everyone when the rule goes', async () => {
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'badname' });
    expect(memberOf(nelly).flags ?? 0).toBe(0); // no rule yet
    const rule = await api.post(base, profileRule(), api.bot);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(QUARANTINED);
    const joiner = String(s.emu.control.createUser({ username: 'joiner_one', globalName: 'BadNameJoiner' }).id);
    s.emu.control.addGuildMembers(SEED.guildId, [joiner]);
    expect(memberOf(joiner).flags! & QUARANTINED).toBe(QUARANTINED);
    await api.delete(`${base}/${rule.body.id}`, api.bot);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(0);
    expect(memberOf(joiner).flags! & QUARANTINED).toBe(0);
  });

  it('spares disabled rules, exempt roles, members with MANAGE_GUILD and rules without BLOCK_MEMBER_INTERACTION', async () => {
    const rule = await api.post(base, profileRule({ enabled: false }), api.bot);
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'badname' });
    expect(memberOf(nelly).flags ?? 0).toBe(0);
    const exemptRole = addRole(s.emu, SEED.guildId, 'Exempt', 0n, 1);
    await api.patch(`${base}/${rule.body.id}`, { enabled: true, exempt_roles: [exemptRole] }, api.bot);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(QUARANTINED);
    giveRoles(s.emu, SEED.guildId, nelly, [exemptRole]);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(0);
    setRoles(s.emu, SEED.guildId, nelly, [managerRole]);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(0);
    setRoles(s.emu, SEED.guildId, nelly, []);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(QUARANTINED);
    await api.patch(`${base}/${rule.body.id}`, { actions: [{ type: 2, metadata: { channel_id: general } }] }, api.bot);
    expect(memberOf(nelly).flags! & QUARANTINED).toBe(0);
  });

  it('dispatches AUTO_MODERATION_ACTION_EXECUTION to bots with AUTO_MODERATION_EXECUTION (1 << 21) only', async () => {
    const withIntent = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    const without = await GatewayClient.connect(s.emu.gatewayUrl + '?v=10&encoding=json');
    clients.push(withIntent, without);
    await withIntent.identifyBot(s.emu.application.botToken, 1 << 21);
    await without.identifyBot(s.emu.application.botToken, 1 << 20);
    const from = withIntent.mark();
    await api.post(base, profileRule(), api.bot);
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'badname' });
    expect((await withIntent.waitFor(dispatchOf('AUTO_MODERATION_ACTION_EXECUTION', (d) => d.user_id === nelly), { from })).d).toMatchObject({ user_id: nelly, action: { type: 4 } });
    await without.waitFor(dispatchOf('AUTO_MODERATION_RULE_CREATE'));
    expect(without.dispatches('AUTO_MODERATION_ACTION_EXECUTION')).toEqual([]);
  });
});

describe('hostile rule bodies', () => {
  it('answers wrong types in every field with a 4xx, never a 500, and stores nothing', async () => {
    await clearRules();
    const values = [null, 1, -1, 1e999, 'x', '', [], [null], [{}], {}, { a: 1 }, true, ['\u0000'], 'x'.repeat(5000)];
    const fields = ['name', 'event_type', 'trigger_type', 'trigger_metadata', 'actions', 'enabled', 'exempt_roles', 'exempt_channels'];
    const problems: string[] = [];
    for (const field of fields) {
      for (const value of values) {
        for (const template of [keywordRule(), profileRule()]) {
          const body = { ...template, [field]: value };
          const reply = await api.post(base, body, api.bot);
          if (reply.status >= 500) problems.push(`${field}=${JSON.stringify(value).slice(0, 40)}: ${reply.status}`);
          if (reply.status === 200) await api.delete(`${base}/${reply.body.id}`, api.bot);
        }
      }
    }
    for (const meta of [{ keyword_filter: [1] }, { regex_patterns: [{}] }, { allow_list: 'x' }, { keyword_filter: 'x' }]) {
      const reply = await api.post(base, keywordRule({ trigger_metadata: meta }), api.bot);
      expect(reply.status).toBe(400);
    }
    for (const action of [{ type: 2, metadata: { channel_id: {} } }, { type: 3, metadata: { duration_seconds: 'x' } }, { type: '1' }, { type: 1, metadata: 'x' }]) {
      expect((await api.post(base, keywordRule({ actions: [action] }), api.bot)).status).toBe(400);
    }
    expect(problems).toEqual([]);
    expect(s.logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
    expect(s.emu.core.state.autoModRules.size).toBe(0);
  });
});

describe('KEYWORD rules on channel messages (create and edit)', () => {
  const nelly = SEED.users.nelly;
  const staffAlerts = welcome;
  const post = (userId: string, content: string) => api.control('postChannelMessage', { userId, channelId: general, message: content });

  beforeAll(async () => {
    await clearRules();
    setRoles(s.emu, SEED.guildId, nelly, []);
    s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: null });
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole]);
    await api.post(base, keywordRule({ name: 'Block', trigger_metadata: { keyword_filter: ['spoiler*'], allow_list: ['spoilerfree'] }, exempt_channels: [staffAlerts] }), api.bot);
    await api.post(base, keywordRule({ name: 'Alert', trigger_metadata: { keyword_filter: ['*heads up*'] }, actions: [{ type: 2, metadata: { channel_id: staffAlerts } }] }), api.bot);
    // The bot keeps MANAGE_GUILD only to make the rules: members with it are never checked.
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
  });

  it('a member\'s message that a rule blocks is 400 / 200000 and stored nowhere; the execution event and audit entry 143 say why', async () => {
    const seen = collect(s.emu, 'AUTO_MODERATION_ACTION_EXECUTION', 'MESSAGE_CREATE');
    try {
      const before = s.emu.core.state.textChannelMessages.get(general)?.length ?? 0;
      const refused = await post(nelly, 'huge Spoilers ahead');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 200000, message: 'Message was blocked by automatic moderation' });
      expect(s.emu.core.state.textChannelMessages.get(general)?.length ?? 0).toBe(before);
      expect(seen.events.filter((e) => e.type === 'MESSAGE_CREATE')).toEqual([]);
      expect(seen.events.find((e) => e.type === 'AUTO_MODERATION_ACTION_EXECUTION')!.data).toMatchObject({
        guild_id: SEED.guildId, user_id: nelly, channel_id: general, rule_trigger_type: 1, action: { type: 1 },
        content: 'huge Spoilers ahead', matched_keyword: 'spoiler*', matched_content: 'Spoilers',
      });
      giveRoles(s.emu, SEED.guildId, SEED.botUserId, [managerRole]);
      const audit = (await api.get(`/guilds/${SEED.guildId}/audit-logs?action_type=143`, api.bot)).body.audit_log_entries[0];
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
      expect(audit).toMatchObject({ user_id: nelly, target_id: nelly, options: { channel_id: general, auto_moderation_rule_name: 'Block', auto_moderation_rule_trigger_type: '1' } });
      expect((await post(nelly, 'this is spoilerfree')).status).toBe(200);
      expect((await post(nelly, 'no problem')).status).toBe(200);
    } finally {
      seen.stop();
    }
  });

  it('applies to the bot\'s own messages over HTTP: a create is 400 / 200000, and so is an edit to blocked content (spec), which changes nothing', async () => {
    const refused = await api.post(`/channels/${general}/messages`, { content: 'spoiler!' }, api.bot);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(200000);
    const sent = await api.post(`/channels/${general}/messages`, { content: 'the plot, later' }, api.bot);
    expect(sent.status).toBe(200);
    const edit = await api.patch(`/channels/${general}/messages/${sent.body.id}`, { content: 'spoiler: the plot' }, api.bot);
    expect(edit.status).toBe(400);
    expect(edit.body.code).toBe(200000);
    const kept = await api.get(`/channels/${general}/messages/${sent.body.id}`, api.bot);
    expect(kept.body.content).toBe('the plot, later');
    expect(kept.body.edited_timestamp).toBeNull();
    expect((await api.patch(`/channels/${general}/messages/${sent.body.id}`, { content: 'the plot, now' }, api.bot)).status).toBe(200);
  });

  it('spares exempt channels, members with MANAGE_GUILD and disabled rules', async () => {
    expect((await api.control('postChannelMessage', { userId: nelly, channelId: staffAlerts, message: 'spoiler in the staff room' })).status).toBe(200);
    giveRoles(s.emu, SEED.guildId, nelly, [managerRole]);
    expect((await post(nelly, 'spoiler from a manager')).status).toBe(200);
    setRoles(s.emu, SEED.guildId, nelly, []);
  });

  it('SEND_ALERT_MESSAGE posts a type 24 alert with the auto_moderation_message embed in the rule\'s channel; the message itself goes through', async () => {
    const seen = collect(s.emu, 'AUTO_MODERATION_ACTION_EXECUTION');
    try {
      const sent = await post(nelly, 'heads up everyone');
      expect(sent.status).toBe(200);
      const alert = s.emu.core.state.textChannelMessages.get(staffAlerts)!.at(-1)!;
      expect(alert).toMatchObject({ type: 24, authorId: nelly });
      expect(alert.embeds[0]).toMatchObject({ type: 'auto_moderation_message', description: 'heads up everyone' });
      expect((alert.embeds[0] as any).fields).toEqual(expect.arrayContaining([{ name: 'rule_name', value: 'Alert', inline: true }, { name: 'channel_id', value: general, inline: true }]));
      expect(seen.events[0].data).toMatchObject({ action: { type: 2, metadata: { channel_id: staffAlerts } }, alert_system_message_id: alert.id });
    } finally {
      seen.stop();
    }
  });

  it('TIMEOUT sets communication_disabled_until; the member cannot post (50013) until it passes on the emulator clock', async () => {
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole, addRole(s.emu, SEED.guildId, 'Mods', PERM.MODERATE_MEMBERS, 1)]);
    const rule = await api.post(base, keywordRule({ name: 'Timeout', trigger_metadata: { keyword_filter: ['shout'] }, actions: [{ type: 3, metadata: { duration_seconds: 60 } }] }), api.bot);
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
    const seen = collect(s.emu, 'GUILD_MEMBER_UPDATE');
    try {
      expect((await post(nelly, 'I shout')).status).toBe(200); // TIMEOUT alone does not block
      const until = seen.events.find((e) => e.data.user.id === nelly)!.data.communication_disabled_until;
      expect(Date.parse(until)).toBe(s.emu.core.state.guilds.get(SEED.guildId)!.members.find((m) => m.userId === nelly)!.communicationDisabledUntil);
      const refused = await post(nelly, 'hello?');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(50013);
      s.emu.control.advanceClock(60_000);
      expect((await post(nelly, 'hello again')).status).toBe(200);
    } finally {
      seen.stop();
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole]);
      await api.delete(`${base}/${rule.body.id}`, api.bot);
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
    }
  });

  it('a member quarantined by a MEMBER_PROFILE rule cannot post (50013) until released', async () => {
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole]);
    const rule = await api.post(base, profileRule(), api.bot);
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
    try {
      s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'badname' });
      expect((await post(nelly, 'hi')).body.code).toBe(50013);
      s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'good' });
      expect((await post(nelly, 'hi')).status).toBe(200);
    } finally {
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole]);
      await api.delete(`${base}/${rule.body.id}`, api.bot);
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
    }
  });

  it('BLOCK_MEMBER_INTERACTION: a quarantined member uses no application command (50013) until released; a timed-out one neither', async () => {
    const command = await api.post(`/applications/${SEED.applicationId}/commands`, { name: 'quarantine-check', description: 'checks' }, api.bot);
    expect(command.status).toBe(201);
    const invoke = () => s.emu.control.invokeCommand({ userId: nelly, channelId: general, name: 'quarantine-check' });
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole]);
    const rule = await api.post(base, profileRule(), api.bot);
    setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
    try {
      await expect(invoke()).resolves.toMatchObject({ type: 2 });
      s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'badname' });
      await expect(invoke()).rejects.toMatchObject({ status: 403, code: 50013 });
      s.emu.control.updateGuildMember(SEED.guildId, nelly, { nick: 'good' });
      await expect(invoke()).resolves.toMatchObject({ type: 2 });
      const member = s.emu.core.state.guilds.get(SEED.guildId)!.members.find((m) => m.userId === nelly)!;
      member.communicationDisabledUntil = s.emu.core.clock.now() + 60_000;
      await expect(invoke()).rejects.toMatchObject({ status: 403, code: 50013 });
      member.communicationDisabledUntil = null;
    } finally {
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole, managerRole]);
      await api.delete(`${base}/${rule.body.id}`, api.bot);
      setRoles(s.emu, SEED.guildId, SEED.botUserId, [botRole]);
      await api.delete(`/applications/${SEED.applicationId}/commands/${command.body.id}`, api.bot);
    }
  });
});
