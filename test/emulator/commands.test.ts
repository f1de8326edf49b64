// Issue 16 part 2a: application commands over HTTP (Bot token) — global and guild scopes, the
// public API's fields and validation, the per-type limits (100 CHAT_INPUT, 15 per context-menu
// type, one global entry point, none in a guild), bulk overwrite, and the default "Launch"
// entry point command made when activities are enabled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, bearer, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const APP = SEED.applicationId;
const GLOBAL = `/applications/${APP}/commands`;
const GUILD = `/applications/${APP}/guilds/${SEED.guildId}/commands`;

const slash = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `the ${name} command`, ...extra });

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
});
afterAll(async () => s.emu.close());

// Every test starts from no commands in either scope.
beforeEach(async () => {
  s.emu.control.setActivitiesEnabled(false);
  for (const command of s.emu.core.state.applicationCommands.values()) s.emu.core.state.applicationCommands.delete(command.id);
});

describe('global commands: create, read, edit, delete', () => {
  it('POST creates a CHAT_INPUT command (201) with the public API fields and defaults', async () => {
    const reply = await api.post(GLOBAL, slash('ping', { default_member_permissions: '8' }), api.bot);
    expect(reply.status).toBe(201);
    const c = reply.body;
    expect(c).toMatchObject({ type: 1, application_id: APP, name: 'ping', description: 'the ping command', default_member_permissions: '8', nsfw: false, integration_types: [0, 1], contexts: [0, 1, 2], dm_permission: true });
    expect(c.id).toMatch(/^\d+$/);
    expect(c.version).toMatch(/^\d+$/);
    expect(c.guild_id).toBeUndefined();
    expect(c.handler).toBeUndefined();
    expect((await api.get(GLOBAL, api.bot)).body.map((x: any) => x.id)).toEqual([c.id]);
    expect((await api.get(`${GLOBAL}/${c.id}`, api.bot)).body).toEqual(c);
  });

  it('POST with the name and type of an existing command replaces it (200, same id, new version)', async () => {
    const first = (await api.post(GLOBAL, slash('ping'), api.bot)).body;
    const again = await api.post(GLOBAL, slash('ping', { description: 'changed' }), api.bot);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    expect(again.body.description).toBe('changed');
    expect(again.body.version).not.toBe(first.version);
    // Another type with the same name is another command.
    const user = await api.post(GLOBAL, { type: 2, name: 'ping' }, api.bot);
    expect(user.status).toBe(201);
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(2);
  });

  it('PATCH changes the given fields only; the type cannot change; DELETE removes (then 10063)', async () => {
    const c = (await api.post(GLOBAL, slash('ping'), api.bot)).body;
    const edited = await api.patch(`${GLOBAL}/${c.id}`, { name: 'pong' }, api.bot);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: c.id, name: 'pong', description: 'the ping command' });
    const typeChange = await api.patch(`${GLOBAL}/${c.id}`, { type: 2 }, api.bot);
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.errors.type).toBeDefined();
    expect((await api.delete(`${GLOBAL}/${c.id}`, api.bot)).status).toBe(204);
    for (const reply of [await api.get(`${GLOBAL}/${c.id}`, api.bot), await api.delete(`${GLOBAL}/${c.id}`, api.bot), await api.get(`${GLOBAL}/abc`, api.bot)]) {
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe(10063);
    }
  });

  it('needs the bot token of the application named in the path', async () => {
    expect((await api.get(GLOBAL)).status).toBe(401);
    const token = api.token(SEED.users.nelly);
    const asUser = await api.get(GLOBAL, bearer(token));
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe(50001);
    const otherApp = await api.get(`/applications/${SEED.childApplicationId}/commands`, api.bot);
    expect(otherApp.status).toBe(403);
    expect(otherApp.body.code).toBe(50001);
  });
});

describe('validation (50035 with field paths; a refused request changes nothing)', () => {
  it('CHAT_INPUT names: 1-32 lowercase letters, digits, - _ \'; context menus take any 1-32 name', async () => {
    for (const name of ['Ping', 'two words', 'a'.repeat(33), '', 'ping!']) {
      const reply = await api.post(GLOBAL, slash(name), api.bot);
      expect(reply.status, name).toBe(400);
      expect(reply.body.code).toBe(50035);
      expect(reply.body.errors.name).toBeDefined();
    }
    expect((await api.post(GLOBAL, slash('a'.repeat(32)), api.bot)).status).toBe(201);
    expect((await api.post(GLOBAL, slash('héllo-wörld_1'), api.bot)).status).toBe(201);
    expect((await api.post(GLOBAL, { type: 2, name: 'Show Profile' }, api.bot)).status).toBe(201);
    expect((await api.post(GLOBAL, { type: 3, name: 'Report Message!' }, api.bot)).status).toBe(201);
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(4);
  });

  it('descriptions: 1-100 for CHAT_INPUT and entry points, empty for context menus; options only on CHAT_INPUT', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'x' }, 'description'],
      [slash('x', { description: 'd'.repeat(101) }), 'description'],
      [{ type: 2, name: 'User', description: 'not empty' }, 'description'],
      [{ type: 3, name: 'Msg', options: [{ type: 3, name: 'a', description: 'a' }] }, 'options'],
    ];
    for (const [body, field] of cases) {
      const reply = await api.post(GLOBAL, body, api.bot);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors[field], JSON.stringify(reply.body)).toBeDefined();
    }
    expect((await api.post(GLOBAL, slash('x', { description: 'd'.repeat(100) }), api.bot)).status).toBe(201);
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(1);
  });

  it('options: at most 25, unique names, required first, choices (≤ 25, typed) or autocomplete, subcommands not mixed', async () => {
    const opt = (name: string, extra: Record<string, unknown> = {}) => ({ type: 3, name, description: name, ...extra });
    const bad: Array<[unknown[], string]> = [
      [Array.from({ length: 26 }, (_, i) => opt(`o${i}`)), 'options'],
      [[opt('a'), opt('a')], 'options.1.name'],
      [[opt('a'), opt('b', { required: true })], 'options.1.required'],
      [[opt('a', { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })], 'options.0.choices'],
      [[{ type: 4, name: 'n', description: 'n', choices: [{ name: 'one', value: 'not a number' }] }], 'options.0.choices.0.value'],
      [[opt('a', { autocomplete: true, choices: [{ name: 'c', value: 'v' }] })], 'options.0.autocomplete'],
      [[{ type: 1, name: 'sub', description: 'sub' }, opt('a')], 'options'],
      [[{ type: 2, name: 'grp', description: 'grp', options: [opt('a')] }], 'options.0.options.0.type'],
      [[{ type: 12, name: 'x', description: 'x' }], 'options.0.type'],
      [[{ type: 4, name: 'n', description: 'n', min_value: 5, max_value: 1 }], 'options.0.min_value'],
    ];
    for (const [options, path] of bad) {
      const reply = await api.post(GLOBAL, slash('opts', { options }), api.bot);
      expect(reply.status, path).toBe(400);
      let node = reply.body.errors;
      for (const part of path.split('.')) node = node?.[part];
      expect(node?._errors, `${path}: ${JSON.stringify(reply.body.errors)}`).toBeDefined();
    }
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(0);
    const good = [
      opt('first', { required: true, choices: Array.from({ length: 25 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) }),
      { type: 6, name: 'who', description: 'who' },
      { type: 7, name: 'where', description: 'where', channel_types: [0] },
      { type: 10, name: 'amount', description: 'amount', min_value: 0.5, max_value: 2 },
      opt('search', { autocomplete: true, min_length: 1, max_length: 50 }),
      ...Array.from({ length: 20 }, (_, i) => ({ type: 5, name: `flag${i}`, description: 'f' })),
    ];
    const reply = await api.post(GLOBAL, slash('opts', { options: good }), api.bot);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.options).toHaveLength(25);
    const nested = await api.post(GLOBAL, slash('admin', { options: [{ type: 2, name: 'users', description: 'u', options: [{ type: 1, name: 'ban', description: 'b', options: [{ type: 6, name: 'who', description: 'w', required: true }] }] }] }), api.bot);
    expect(nested.status).toBe(201);
  });

  it('an ATTACHMENT option may restrict file types (file_types: audio, image, video or .ext, 1 to 10); no other option may', async () => {
    const attachment = (file_types: unknown) => ({ type: 11, name: 'file', description: 'file', file_types });
    for (const [options, path] of [
      [[attachment(['exe'])], 'options.0.file_types.0'],
      [[attachment([])], 'options.0.file_types'],
      [[attachment(Array.from({ length: 11 }, (_, i) => `.x${i}`))], 'options.0.file_types'],
      [[attachment('image')], 'options.0.file_types'],
      [[attachment([5])], 'options.0.file_types.0'],
      [[attachment([['.pdf']])], 'options.0.file_types.0'], // a list is not an entry, though it reads as '.pdf'
      [[{ type: 3, name: 'text', description: 'text', file_types: ['image'] }], 'options.0.file_types'],
    ] as Array<[unknown, string]>) {
      const reply = await api.post(GLOBAL, slash('typed', { options }), api.bot);
      expect(reply.status, path).toBe(400);
      let node = reply.body.errors;
      for (const part of path.split('.')) node = node?.[part];
      expect(node?._errors, `${path}: ${JSON.stringify(reply.body.errors)}`).toBeDefined();
    }
    const created = await api.post(GLOBAL, slash('typed', { options: [attachment(['image', '.PDF', 'image'])] }), api.bot);
    expect(created.status, created.text).toBe(201);
    expect(created.body.options[0].file_types).toEqual(['image', '.pdf']);
    expect((await api.get(`${GLOBAL}/${created.body.id}`, api.bot)).body.options[0].file_types).toEqual(['image', '.pdf']);
    const categories = await api.post(GLOBAL, slash('categories', { options: [attachment(['audio', 'video', 'image'])] }), api.bot);
    expect(categories.status, categories.text).toBe(201);
    expect(categories.body.options[0].file_types).toEqual(['audio', 'video', 'image']);
  });

  it('integration_types (0, 1) and contexts (0, 1, 2); deprecated dm_permission maps to contexts; default_member_permissions is a string', async () => {
    for (const [body, field] of [
      [slash('a', { integration_types: [2] }), 'integration_types'],
      [slash('a', { integration_types: [] }), 'integration_types'],
      [slash('a', { contexts: [3] }), 'contexts'],
      [slash('a', { default_member_permissions: 8 }), 'default_member_permissions'],
      [slash('a', { default_member_permissions: 'admin' }), 'default_member_permissions'],
      [slash('a', { dm_permission: 'no' }), 'dm_permission'],
    ] as Array<[unknown, string]>) {
      const reply = await api.post(GLOBAL, body, api.bot);
      expect(reply.status, field).toBe(400);
      expect(reply.body.errors[field], field).toBeDefined();
    }
    const userOnly = (await api.post(GLOBAL, slash('mine', { integration_types: [1], contexts: [1, 2] }), api.bot)).body;
    expect(userOnly).toMatchObject({ integration_types: [1], contexts: [1, 2], dm_permission: true });
    const guildOnly = (await api.post(GLOBAL, slash('guildy', { dm_permission: false }), api.bot)).body;
    expect(guildOnly).toMatchObject({ contexts: [0], dm_permission: false });
    const both = (await api.post(GLOBAL, slash('both', { dm_permission: false, contexts: [0, 1] }), api.bot)).body;
    expect(both.contexts).toEqual([0, 1]); // contexts wins over the deprecated field
    const big = (await api.post(GLOBAL, slash('big', { default_member_permissions: (1n << 50n).toString() }), api.bot)).body;
    expect(big.default_member_permissions).toBe((1n << 50n).toString());
  });

  it('handler only on PRIMARY_ENTRY_POINT (1 APP_HANDLER by default, 2 SERVICE_LAUNCH_ACTIVITY)', async () => {
    const onSlash = await api.post(GLOBAL, slash('a', { handler: 1 }), api.bot);
    expect(onSlash.status).toBe(400);
    expect(onSlash.body.errors.handler).toBeDefined();
    const badValue = await api.post(GLOBAL, { type: 4, name: 'Play', description: 'play', handler: 3 }, api.bot);
    expect(badValue.status).toBe(400);
    expect(badValue.body.errors.handler).toBeDefined();
    const entry = await api.post(GLOBAL, { type: 4, name: 'Play', description: 'play' }, api.bot);
    expect(entry.status).toBe(201);
    expect(entry.body).toMatchObject({ type: 4, handler: 1 });
    const changed = await api.patch(`${GLOBAL}/${entry.body.id}`, { handler: 2 }, api.bot);
    expect(changed.body.handler).toBe(2);
  });
});

describe('limits', () => {
  it('one global PRIMARY_ENTRY_POINT per application; none in a guild', async () => {
    expect((await api.post(GLOBAL, { type: 4, name: 'Play', description: 'play' }, api.bot)).status).toBe(201);
    const second = await api.post(GLOBAL, { type: 4, name: 'Play Again', description: 'again' }, api.bot);
    expect(second.status).toBe(400);
    expect(second.body.code).toBe(50035);
    expect(second.body.errors.type).toBeDefined();
    const inGuild = await api.post(GUILD, { type: 4, name: 'Play', description: 'play' }, api.bot);
    expect(inGuild.status).toBe(400);
    expect(inGuild.body.errors.type).toBeDefined();
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(1);
    expect((await api.get(GUILD, api.bot)).body).toHaveLength(0);
  });

  for (const [type, label] of [[2, 'USER'], [3, 'MESSAGE']] as const) {
    it(`15 ${label} commands; the 16th is refused (30032)`, async () => {
      for (let i = 0; i < 15; i++) expect((await api.post(GLOBAL, { type, name: `Menu ${i}` }, api.bot)).status).toBe(201);
      const sixteenth = await api.post(GLOBAL, { type, name: 'Menu 15' }, api.bot);
      expect(sixteenth.status).toBe(400);
      expect(sixteenth.body.code).toBe(30032);
      // Other types and replacing one of the 15 still work.
      expect((await api.post(GLOBAL, { type: type === 2 ? 3 : 2, name: 'Menu 15' }, api.bot)).status).toBe(201);
      expect((await api.post(GLOBAL, { type, name: 'Menu 3' }, api.bot)).status).toBe(200);
      expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(16);
    });
  }

  it('100 CHAT_INPUT commands; the 101st is refused (30032), by POST and by bulk overwrite', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => slash(`cmd${i}`));
    const put = await api.put(GLOBAL, hundred, api.bot);
    expect(put.status).toBe(200);
    expect(put.body).toHaveLength(100);
    const post = await api.post(GLOBAL, slash('cmd100'), api.bot);
    expect(post.status).toBe(400);
    expect(post.body.code).toBe(30032);
    const bulk = await api.put(GLOBAL, [...hundred, slash('cmd100')], api.bot);
    expect(bulk.status).toBe(400);
    expect(bulk.body.code).toBe(30032);
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(100);
  });
});

describe('bulk overwrite (PUT)', () => {
  it('replaces the scope: same type and name keeps the id, others are removed, new ones created', async () => {
    const keep = (await api.post(GLOBAL, slash('keep'), api.bot)).body;
    const gone = (await api.post(GLOBAL, slash('gone'), api.bot)).body;
    const reply = await api.put(GLOBAL, [slash('keep', { description: 'new text' }), { type: 2, name: 'Inspect' }], api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body.find((c: any) => c.name === 'keep')).toMatchObject({ id: keep.id, description: 'new text' });
    const list = (await api.get(GLOBAL, api.bot)).body;
    expect(list.map((c: any) => c.name).sort()).toEqual(['Inspect', 'keep']);
    expect((await api.get(`${GLOBAL}/${gone.id}`, api.bot)).status).toBe(404);
  });

  it('is all or nothing: one bad item (by index) or a duplicate name refuses the whole list', async () => {
    await api.post(GLOBAL, slash('before'), api.bot);
    const bad = await api.put(GLOBAL, [slash('fine'), slash('Bad Name')], api.bot);
    expect(bad.status).toBe(400);
    expect(bad.body.errors['1'].name).toBeDefined();
    const dup = await api.put(GLOBAL, [slash('twice'), slash('twice')], api.bot);
    expect(dup.status).toBe(400);
    expect(dup.body.errors['1'].name).toBeDefined();
    const notArray = await api.put(GLOBAL, { name: 'x' }, api.bot);
    expect(notArray.status).toBe(400);
    expect((await api.get(GLOBAL, api.bot)).body.map((c: any) => c.name)).toEqual(['before']);
    expect((await api.put(GLOBAL, [], api.bot)).body).toEqual([]);
    expect((await api.get(GLOBAL, api.bot)).body).toEqual([]);
  });
});

describe('guild commands', () => {
  it('live in their guild only, default to the guild install and context, and need the application in the guild', async () => {
    const c = await api.post(GUILD, slash('local'), api.bot);
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ guild_id: SEED.guildId, integration_types: [0], contexts: [0] });
    expect(c.body.dm_permission).toBeUndefined();
    expect((await api.get(GUILD, api.bot)).body.map((x: any) => x.id)).toEqual([c.body.id]);
    expect((await api.get(GLOBAL, api.bot)).body).toEqual([]);
    expect((await api.get(`${GLOBAL}/${c.body.id}`, api.bot)).status).toBe(404);
    expect((await api.patch(`${GUILD}/${c.body.id}`, { description: 'edited' }, api.bot)).body.description).toBe('edited');
    const put = await api.put(GUILD, [slash('local'), slash('other')], api.bot);
    expect(put.body.find((x: any) => x.name === 'local').id).toBe(c.body.id);
    // A guild without the application's bot: 50001; an unknown guild: 10004.
    const withoutBot = s.emu.control.createGuild('no bot here', [SEED.users.nelly]);
    s.emu.control.removeGuildMember(withoutBot.id, SEED.botUserId);
    const refused = await api.post(`/applications/${APP}/guilds/${withoutBot.id}/commands`, slash('x'), api.bot);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50001);
    const unknown = await api.get(`/applications/${APP}/guilds/1349146942634069999/commands`, api.bot);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10004);
    expect((await api.delete(`${GUILD}/${c.body.id}`, api.bot)).status).toBe(204);
  });
});

describe('the default entry point command of activities', () => {
  it('enabling activities creates "Launch" (PRIMARY_ENTRY_POINT, SERVICE_LAUNCH_ACTIVITY) once', async () => {
    const created = s.emu.control.setActivitiesEnabled(true);
    expect(created).toMatchObject({ type: 4, name: 'Launch', handler: 2 });
    expect(s.emu.control.setActivitiesEnabled(true)).toBeNull(); // already on: nothing new
    const list = (await api.get(GLOBAL, api.bot)).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: (created as any).id, type: 4, name: 'Launch', handler: 2, integration_types: [0, 1], contexts: [0, 1, 2] });
  });

  it('can be renamed, changed and deleted; a bulk overwrite without it is refused (50240)', async () => {
    const launch = s.emu.control.setActivitiesEnabled(true) as any;
    const renamed = await api.patch(`${GLOBAL}/${launch.id}`, { name: 'Start Game', handler: 1 }, api.bot);
    expect(renamed.body).toMatchObject({ name: 'Start Game', handler: 1 });
    const bulk = await api.put(GLOBAL, [slash('only')], api.bot);
    expect(bulk.status).toBe(400);
    expect(bulk.body.code).toBe(50240);
    expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(1);
    const withIt = await api.put(GLOBAL, [slash('only'), { type: 4, name: 'Start Game', description: 'go', handler: 1 }], api.bot);
    expect(withIt.status).toBe(200);
    expect(withIt.body.find((c: any) => c.type === 4).id).toBe(launch.id);
    expect((await api.delete(`${GLOBAL}/${launch.id}`, api.bot)).status).toBe(204);
    expect((await api.get(GLOBAL, api.bot)).body.map((c: any) => c.name)).toEqual(['only']);
  });

  it('is not made when the application already has an entry point; the control route works over HTTP', async () => {
    await api.post(GLOBAL, { type: 4, name: 'Own Entry', description: 'mine' }, api.bot);
    const reply = await api.control('setActivitiesEnabled', { enabled: true });
    expect(reply.status).toBe(204);
    expect((await api.get(GLOBAL, api.bot)).body.map((c: any) => c.name)).toEqual(['Own Entry']);
    expect((await api.control('setActivitiesEnabled', { enabled: 'yes' })).status).toBe(400);
    expect((await api.control('setActivitiesEnabled', { enabled: false })).status).toBe(204);
    await api.delete(`${GLOBAL}/${(await api.get(GLOBAL, api.bot)).body[0].id}`, api.bot);
    const again = await api.control('setActivitiesEnabled', { enabled: true });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ type: 4, name: 'Launch' });
  });
});

describe('persistence (dataFile)', () => {
  it('commands, the activities switch and a live interaction survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-commands-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile });
      const command = (await first.api.post(GLOBAL, slash('kept'), first.api.bot)).body;
      first.emu.control.setActivitiesEnabled(true);
      const general = (BigInt(SEED.guildId) + 12n).toString();
      const interaction = await first.emu.control.invokeCommand({ userId: SEED.users.nelly, channelId: general, name: 'kept' });
      await first.api.post(`/interactions/${interaction.id}/${interaction.token}/callback`, { type: 4, data: { content: 'before the restart' } });
      await first.emu.close();
      const second = await start({ dataFile });
      try {
        const names = (await second.api.get(GLOBAL, second.api.bot)).body.map((c: any) => c.name).sort();
        expect(names).toEqual(['Launch', 'kept']);
        expect((await second.api.get(`${GLOBAL}/${command.id}`, second.api.bot)).body.version).toBe(command.version);
        expect(second.emu.control.setActivitiesEnabled(true)).toBeNull(); // still on: no second Launch
        const original = await second.api.get(`/webhooks/${APP}/${interaction.token}/messages/@original`);
        expect(original.body.content).toBe('before the restart');
        expect((await second.api.post(`/webhooks/${APP}/${interaction.token}`, { content: 'after' })).status).toBe(200);
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('null and empty fields, and edits that keep what they do not name', () => {
  it('takes null or empty for the fields a command does not use; a command without options has no options field', async () => {
    const cases: Array<Record<string, unknown>> = [
      { type: 2, name: 'Empty Description', description: '' },
      { type: 2, name: 'Null Description', description: null },
      { type: 3, name: 'Empty Options', options: [] },
      { type: 3, name: 'Null Options', options: null },
      slash('null-handler', { handler: null }),
      slash('null-permissions', { default_member_permissions: null }),
      slash('null-localizations', { name_localizations: null, description_localizations: null }),
    ];
    for (const body of cases) {
      const reply = await api.post(GLOBAL, body, api.bot);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.options, String(body.name)).toBeUndefined();
      expect(reply.body).toMatchObject({ default_member_permissions: null, name_localizations: null, description_localizations: null });
      expect(reply.body.handler).toBeUndefined();
    }
  });

  it('an edit keeps the localizations, permissions and options it does not name; null clears each; the same type may be sent', async () => {
    const created = await api.post(GLOBAL, slash('hello', {
      name_localizations: { fr: 'bonjour' },
      description_localizations: { fr: 'dit bonjour' },
      default_member_permissions: '8',
      options: [{ type: 3, name: 'who', description: 'who' }],
    }), api.bot);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name_localizations: { fr: 'bonjour' }, description_localizations: { fr: 'dit bonjour' }, default_member_permissions: '8' });
    const path = `${GLOBAL}/${created.body.id}`;
    const sameType = await api.patch(path, { type: 1, description: 'says hello' }, api.bot);
    expect(sameType.status, JSON.stringify(sameType.body)).toBe(200);
    expect(sameType.body).toMatchObject({ description: 'says hello', name_localizations: { fr: 'bonjour' }, description_localizations: { fr: 'dit bonjour' }, default_member_permissions: '8' });
    expect(sameType.body.options).toHaveLength(1);
    const cleared = await api.patch(path, { name_localizations: null, default_member_permissions: null, options: null }, api.bot);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ name_localizations: null, description_localizations: { fr: 'dit bonjour' }, default_member_permissions: null });
    expect(cleared.body.options).toBeUndefined();
    expect((await api.get(path, api.bot)).body).toEqual(cleared.body);
  });

  it('integration_types and contexts: every entry must be known; the list is kept sorted without repeats; nsfw is kept', async () => {
    for (const [field, list] of [['integration_types', [0, 2]], ['contexts', [1, 3]]] as const) {
      const reply = await api.post(GLOBAL, slash('mixed', { [field]: list }), api.bot);
      expect(reply.status, field).toBe(400);
      expect(reply.body.errors[field]._errors[0].code).toBe('ENUM_TYPE_COERCE');
    }
    const created = await api.post(GLOBAL, slash('sorted', { integration_types: [1, 0, 1], contexts: [2, 0, 2], nsfw: true }), api.bot);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ integration_types: [0, 1], contexts: [0, 2], nsfw: true });
    expect((await api.patch(`${GLOBAL}/${created.body.id}`, { description: 'still nsfw' }, api.bot)).body.nsfw).toBe(true);
  });

  it('an edit to the name of another command of the same type is refused (APPLICATION_COMMAND_ALREADY_EXISTS); of another type it is not', async () => {
    const taken = (await api.post(GLOBAL, slash('taken'), api.bot)).body;
    const other = (await api.post(GLOBAL, slash('other'), api.bot)).body;
    const clash = await api.patch(`${GLOBAL}/${other.id}`, { name: 'taken' }, api.bot);
    expect(clash.status).toBe(400);
    expect(clash.body.errors.name._errors[0].code).toBe('APPLICATION_COMMAND_ALREADY_EXISTS');
    expect((await api.get(`${GLOBAL}/${other.id}`, api.bot)).body.name).toBe('other');
    const menu = (await api.post(GLOBAL, { type: 2, name: 'Menu' }, api.bot)).body;
    expect((await api.patch(`${GLOBAL}/${menu.id}`, { name: 'taken' }, api.bot)).status).toBe(200);
    expect((await api.get(`${GLOBAL}/${taken.id}`, api.bot)).body.name).toBe('taken');
  });
});

describe('the activities switch and its "Launch" command', () => {
  it('"Launch" is not nsfw; only turning activities on makes it: switching off, or on while on, makes none', async () => {
    expect(s.emu.control.setActivitiesEnabled(false)).toBeNull(); // off while off
    expect((await api.get(GLOBAL, api.bot)).body).toEqual([]);
    const launch = s.emu.control.setActivitiesEnabled(true) as any;
    expect((await api.get(`${GLOBAL}/${launch.id}`, api.bot)).body).toMatchObject({ name: 'Launch', nsfw: false });
    expect((await api.delete(`${GLOBAL}/${launch.id}`, api.bot)).status).toBe(204);
    expect(s.emu.control.setActivitiesEnabled(true)).toBeNull(); // already on: its deletion stands
    expect((await api.get(GLOBAL, api.bot)).body).toEqual([]);
  });
});
