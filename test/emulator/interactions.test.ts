// Issue 16 part 2b: interactions — a person invokes a command (control API), the app's bot gets
// INTERACTION_CREATE (no intent needed) with the public API's payload (app_permissions always,
// installs, context, attachment_size_limit, resolved data), answers once through the callback
// within 3 s of emulator time, and uses the interaction's webhook for 15 minutes: the original
// response (a deferred one may gain a poll), follow-ups (5 at most for a user-installed app where
// it is not installed), interaction_metadata without user_id, and forced-ephemeral responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';
import { registerContentCheck } from '../../lib/emulator/domain/channel_messages';
import { ApiError } from '../../lib/emulator/domain/errors';

let s: Started;
let api: Api;
let botClient: GatewayClient;
const APP = SEED.applicationId;
const { nelly, alice, bob } = SEED.users;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const GENERAL = at(12);
const STAFF_ONLY = at(18);
const MiB = 1024 * 1024;
const USE_EXTERNAL_APPS = 1n << 50n;
const USER_APP_PERMISSIONS = (1n << 14n) | (1n << 15n) | (1n << 17n) | (1n << 18n);
const EPHEMERAL = 64;
const LOADING = 128;

async function command(body: Record<string, unknown>, guildId?: string) {
  const path = guildId ? `/applications/${APP}/guilds/${guildId}/commands` : `/applications/${APP}/commands`;
  const reply = await api.post(path, body, api.bot);
  if (reply.status !== 201) throw new Error(`command: ${reply.status} ${reply.text}`);
  return reply.body;
}

/** Invokes and waits for the bot's INTERACTION_CREATE; returns the payload. */
async function invoke(invocation: Parameters<typeof s.emu.control.invokeCommand>[0]): Promise<any> {
  const from = botClient.mark();
  const { id } = await s.emu.control.invokeCommand(invocation);
  return (await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from })).d;
}

/** What the person saw (control.interactionResult), loosely typed for the assertions. */
const result = (id: string): any => s.emu.control.interactionResult(id);
const callback = (i: { id: string; token: string }, body: unknown, query = '') => api.post(`/interactions/${i.id}/${i.token}/callback${query}`, body);
const hook = (i: { token: string }, rest = '') => `/webhooks/${APP}/${i.token}${rest}`;

let userGuild: { id: string; channelIds: string[] };

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 0); // no intents: interactions need none
  await command({
    name: 'ping', description: 'ping', options: [
      { type: 3, name: 'text', description: 'text', required: true },
      { type: 6, name: 'who', description: 'who' },
      { type: 7, name: 'where', description: 'where' },
      { type: 4, name: 'n', description: 'n', min_value: 1, max_value: 10 },
      { type: 3, name: 'color', description: 'color', choices: [{ name: 'Red', value: 'red' }] },
    ],
  });
  await command({ name: 'guildonly', description: 'guild only', contexts: [0] });
  await command({ name: 'upload', description: 'upload', options: [{ type: 11, name: 'file', description: 'file', required: true }] });
  await command({ name: 'userapp', description: 'user app', integration_types: [1], contexts: [0, 1, 2] });
  await command({ name: 'admin', description: 'admins', default_member_permissions: '8' });
  await command({ name: 'local', description: 'a guild command' }, SEED.guildId);
  // A server without the application's bot: nelly owns it, alice is a plain member.
  userGuild = s.emu.control.createGuild('user app server', [nelly, alice]);
  s.emu.control.removeGuildMember(userGuild.id, SEED.botUserId);
});

afterAll(async () => {
  botClient?.close();
  await s.emu.close();
});

describe('delivery and payload', () => {
  it('INTERACTION_CREATE reaches the bot (no intent) with the public API payload', async () => {
    const d = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'hi' }, { name: 'who', value: bob }, { name: 'where', value: STAFF_ONLY }] });
    expect(d).toMatchObject({ application_id: APP, type: 2, guild_id: SEED.guildId, channel_id: GENERAL, version: 1, locale: 'en-US', guild_locale: 'en-US', context: 0, entitlements: [] });
    expect(d.token).toMatch(/\S{20,}/);
    expect(d.authorizing_integration_owners).toEqual({ 0: SEED.guildId });
    expect(d.attachment_size_limit).toBe(10 * MiB);
    expect(d.channel).toMatchObject({ id: GENERAL, type: 0, name: 'general' });
    expect(d.member.user.id).toBe(nelly);
    expect(typeof d.member.permissions).toBe('string');
    expect(d.user).toBeUndefined();
    // The bot's own permissions in #general, as a string (its role + @everyone).
    expect(typeof d.app_permissions).toBe('string');
    expect(BigInt(d.app_permissions) & (1n << 10n)).toBe(1n << 10n);
    expect(d.data).toMatchObject({ name: 'ping', type: 1, options: [{ name: 'text', type: 3, value: 'hi' }, { name: 'who', type: 6, value: bob }, { name: 'where', type: 7, value: STAFF_ONLY }] });
    expect(d.data.resolved.users[bob].id).toBe(bob);
    expect(d.data.resolved.members[bob].roles).toBeDefined();
    // The bot is in the guild: resolved channels carry its permissions there (it cannot view staff-only).
    expect(d.data.resolved.channels[STAFF_ONLY].app_permissions).toBeDefined();
    expect(BigInt(d.data.resolved.channels[STAFF_ONLY].app_permissions) & (1n << 10n)).toBe(0n);
  });

  it('attachment_size_limit follows the invoking user\'s premium (alice: 500 MiB)', async () => {
    const d = await invoke({ userId: alice, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    expect(d.attachment_size_limit).toBe(500 * MiB);
  });

  it('an ATTACHMENT option: the person\'s file as an attachment id with resolved.attachments, within the user\'s upload limit', async () => {
    const d = await invoke({ userId: nelly, channelId: GENERAL, name: 'upload', options: [{ name: 'file', value: { filename: 'shot.png', size: 1234, contentType: 'image/png' } }] });
    const id = d.data.options[0].value;
    expect(d.data.options[0]).toMatchObject({ name: 'file', type: 11 });
    expect(d.data.resolved.attachments[id]).toMatchObject({ id, filename: 'shot.png', size: 1234, content_type: 'image/png' });
    for (const value of [{ filename: 'big.bin', size: 10 * MiB + 1 }, { filename: '', size: 1 }, 'not a file', { filename: 'x', size: -1 }]) {
      await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'upload', options: [{ name: 'file', value }] }), JSON.stringify(value)).rejects.toMatchObject({ status: 400 });
    }
    // alice's premium raises her limit (attachment_size_limit 500 MiB).
    const big = await invoke({ userId: alice, channelId: GENERAL, name: 'upload', options: [{ name: 'file', value: { filename: 'big.bin', size: 20 * MiB } }] });
    expect(big.data.resolved.attachments[big.data.options[0].value].size).toBe(20 * MiB);
  });

  it('an ATTACHMENT option with file_types takes only files of those types (by extension, or a category by content type or extension)', async () => {
    await command({ name: 'typedupload', description: 'typed upload', options: [{ type: 11, name: 'file', description: 'file', required: true, file_types: ['image', '.pdf'] }] });
    const send = (value: unknown) => s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'typedupload', options: [{ name: 'file', value }] });
    for (const value of [{ filename: 'notes.txt', size: 10 }, { filename: 'song.mp3', size: 10, contentType: 'audio/mpeg' }, { filename: 'pdf', size: 10 }]) {
      await expect(send(value), JSON.stringify(value)).rejects.toMatchObject({ status: 400, code: 50035 });
    }
    for (const value of [{ filename: 'shot.PNG', size: 10 }, { filename: 'scan', size: 10, contentType: 'image/webp' }, { filename: 'form.pdf', size: 10 }]) {
      const d = await invoke({ userId: nelly, channelId: GENERAL, name: 'typedupload', options: [{ name: 'file', value }] });
      expect(d.data.resolved.attachments[d.data.options[0].value].filename).toBe(value.filename);
    }
  });

  it('entitlements are the invoking user\'s entitlements of the application', async () => {
    const founderPack = at(101);
    s.emu.control.grantEntitlement(bob, founderPack);
    const d = await invoke({ userId: bob, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    expect(d.entitlements).toHaveLength(1);
    expect(d.entitlements[0]).toMatchObject({ sku_id: founderPack, user_id: bob, application_id: APP });
    expect((await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] })).entitlements).toEqual([]);
  });

  it('checks the options against the command: unknown, missing required, wrong type, bounds, choices', async () => {
    const bad = [
      [{ name: 'nope', value: 1 }],
      [{ name: 'n', value: 3 }],
      [{ name: 'text', value: 5 }],
      [{ name: 'text', value: 'a' }, { name: 'n', value: 11 }],
      [{ name: 'text', value: 'a' }, { name: 'color', value: 'blue' }],
      [{ name: 'text', value: 'a' }, { name: 'who', value: '1349146942634069999' }],
    ];
    for (const options of bad) {
      await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping', options }), JSON.stringify(options)).rejects.toMatchObject({ status: 400 });
    }
    await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'missing' })).rejects.toMatchObject({ code: 10063 });
  });

  it('guild commands are used in their guild; contexts and default_member_permissions are enforced', async () => {
    expect((await invoke({ userId: nelly, channelId: GENERAL, name: 'local' })).data.guild_id).toBe(SEED.guildId);
    await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: userGuild.channelIds[0], name: 'local' })).rejects.toMatchObject({ code: 10063 });
    await expect(s.emu.control.invokeCommand({ userId: nelly, dmWith: SEED.botUserId, name: 'guildonly' })).rejects.toMatchObject({ code: 50001 });
    await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'admin' })).rejects.toMatchObject({ code: 50013 });
    expect((await invoke({ userId: alice, channelId: GENERAL, name: 'admin' })).member.user.id).toBe(alice); // the owner
    await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: STAFF_ONLY, name: 'ping' })).rejects.toMatchObject({ code: 50001 });
  });

  it('the bot\'s DM: context 1, user instead of member, the guild install as "0": "0"', async () => {
    const d = await invoke({ userId: nelly, dmWith: SEED.botUserId, name: 'ping', options: [{ name: 'text', value: 'dm' }] });
    expect(d.context).toBe(1);
    expect(d.user.id).toBe(nelly);
    expect(d.member).toBeUndefined();
    expect(d.guild_id).toBeUndefined();
    expect(d.channel.type).toBe(1);
    expect(d.authorizing_integration_owners).toEqual({ 0: '0' });
    expect(BigInt(d.app_permissions)).toBe(USER_APP_PERMISSIONS);
  });
});

describe('installs: guild install and user install', () => {
  it('a user-installed app needs the user\'s install (applications.commands); owners {"1": user}', async () => {
    await expect(s.emu.control.invokeCommand({ userId: bob, channelId: GENERAL, name: 'userapp' })).rejects.toMatchObject({ code: 50001 });
    s.emu.control.issueToken(bob, ['identify', 'applications.commands']);
    const d = await invoke({ userId: bob, channelId: GENERAL, name: 'userapp' });
    expect(d.authorizing_integration_owners).toEqual({ 1: bob });
    // A private channel between two people: only the user install can authorize it.
    const dm = await invoke({ userId: bob, dmWith: alice, name: 'userapp' });
    expect(dm.context).toBe(2);
    expect(dm.authorizing_integration_owners).toEqual({ 1: bob });
    await expect(s.emu.control.invokeCommand({ userId: alice, dmWith: bob, name: 'userapp' })).rejects.toMatchObject({ code: 50001 });
  });

  it("the app's own default install link (application.commands, the spec's spelling) is a user install like applications.commands", async () => {
    const app = await api.get('/applications/@me', api.bot);
    const linkScopes: string[] = app.body.integration_types_config['1'].oauth2_install_params.scopes;
    expect(linkScopes).toEqual(['application.commands']);
    const { id: frank } = s.emu.control.createUser({ username: 'frank_installs' }) as { id: string };
    s.emu.control.addGuildMembers(SEED.guildId, [frank]);
    await expect(s.emu.control.invokeCommand({ userId: frank, channelId: GENERAL, name: 'userapp' })).rejects.toMatchObject({ code: 50001 });
    s.emu.control.issueToken(frank, linkScopes);
    const d = await invoke({ userId: frank, channelId: GENERAL, name: 'userapp' });
    expect(d.authorizing_integration_owners).toEqual({ 1: frank });
  });

  it('in a server without the bot: app_permissions of a user-installed app, resolved channels without app_permissions', async () => {
    s.emu.control.issueToken(nelly, ['applications.commands']);
    const channel = userGuild.channelIds[0];
    const d = await invoke({ userId: nelly, channelId: channel, name: 'ping', options: [{ name: 'text', value: 'x' }, { name: 'where', value: channel }] });
    expect(d.authorizing_integration_owners).toEqual({ 1: nelly });
    expect(BigInt(d.app_permissions)).toBe(USER_APP_PERMISSIONS);
    expect(d.data.resolved.channels[channel].permissions).toBeDefined();
    expect(d.data.resolved.channels[channel].app_permissions).toBeUndefined();
  });
});

describe('the initial response (callback)', () => {
  it('CHANNEL_MESSAGE_WITH_SOURCE: 204, once (40060), and the original carries interaction_metadata without user_id', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    const first = await callback(i, { type: 4, data: { content: 'pong' } });
    expect(first.status).toBe(204);
    const again = await callback(i, { type: 4, data: { content: 'twice' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(40060);
    const original = await api.get(hook(i, '/messages/@original'));
    expect(original.status).toBe(200);
    expect(original.body).toMatchObject({ content: 'pong', type: 20, channel_id: GENERAL, application_id: APP, webhook_id: APP, author: { id: SEED.botUserId } });
    expect(original.body.interaction_metadata).toMatchObject({ id: i.id, type: 2, user: { id: nelly }, authorizing_integration_owners: { 0: SEED.guildId } });
    expect('user_id' in original.body.interaction_metadata).toBe(false);
    expect(original.body.interaction_metadata.original_response_message_id).toBeUndefined();
    expect(original.body.interaction).toMatchObject({ id: i.id, type: 2, name: 'ping', user: { id: nelly } }); // deprecated, still sent
    expect(result(i.id)).toMatchObject({ responseType: 4, original: { content: 'pong' }, followups: [] });
  });

  it('?with_response=true answers the callback\'s interaction and resource', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    const reply = await callback(i, { type: 4, data: { content: 'shown', flags: EPHEMERAL } }, '?with_response=true');
    expect(reply.status).toBe(200);
    expect(reply.body.interaction).toMatchObject({ id: i.id, type: 2, response_message_loading: false, response_message_ephemeral: true });
    expect(reply.body.resource.type).toBe(4);
    expect(reply.body.resource.message).toMatchObject({ id: reply.body.interaction.response_message_id, content: 'shown', flags: EPHEMERAL });
  });

  it('must come within 3 s of emulator time; a wrong token or id is 10062', async () => {
    const late = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    const inTime = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'y' }] });
    // The emulator clock also runs with real time: leave the few real ms a request takes.
    s.emu.control.advanceClock(2800);
    expect((await callback(inTime, { type: 5 })).status).toBe(204); // still within 3 s
    s.emu.control.advanceClock(201);
    const refused = await callback(late, { type: 4, data: { content: 'late' } });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(10062);
    const fresh = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'z' }] });
    expect((await callback({ id: fresh.id, token: 'wrong' }, { type: 5 })).body.code).toBe(10062);
    expect((await callback({ id: '1349146942634069999', token: fresh.token }, { type: 5 })).body.code).toBe(10062);
  });

  it('refuses response types the interaction does not take, empty messages and 26 embed fields; a refused callback changes nothing', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    for (const body of [{ type: 1 }, { type: 6 }, { type: 7, data: { content: 'x' } }, { type: 8, data: { choices: [] } }, { type: 11 }, { type: 12 }, {}]) {
      const reply = await callback(i, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe(50035);
    }
    const empty = await callback(i, { type: 4, data: {} });
    expect(empty.body.code).toBe(50006);
    const fields = (n: number) => Array.from({ length: n }, (_, k) => ({ name: `f${k}`, value: 'v' }));
    const tooMany = await callback(i, { type: 4, data: { embeds: [{ title: 't', fields: fields(26) }] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.data.embeds['0'].fields._errors).toBeDefined();
    const badFlags = await callback(i, { type: 4, data: { content: 'x', flags: 1 } });
    expect(badFlags.body.errors.data.flags).toBeDefined();
    expect(result(i.id).responseType).toBeNull();
    expect((await callback(i, { type: 4, data: { embeds: [{ title: 't', fields: fields(25) }] } })).status).toBe(204);
  });

  it('PREMIUM_REQUIRED (10) is deprecated but accepted; LAUNCH_ACTIVITY (12) needs activities enabled', async () => {
    const premium = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    expect((await callback(premium, { type: 10 })).status).toBe(204);
    expect(result(premium.id).responseType).toBe(10);
    s.emu.control.setActivitiesEnabled(true);
    try {
      const launch = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
      const reply = await callback(launch, { type: 12 }, '?with_response=true');
      expect(reply.status).toBe(200);
      expect(reply.body.interaction.activity_instance_id).toMatch(/^\d+$/);
      expect(reply.body.resource.activity_instance.id).toBe(reply.body.interaction.activity_instance_id);
    } finally {
      s.emu.control.setActivitiesEnabled(false);
    }
  });
});

describe('the original response and follow-ups (the interaction webhook)', () => {
  it('a deferred response is a loading original; editing it may add a poll; elsewhere a poll is refused', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    expect((await callback(i, { type: 5 })).status).toBe(204);
    const loading = (await api.get(hook(i, '/messages/@original'))).body;
    expect(loading.flags & LOADING).toBe(LOADING);
    const poll = { question: { text: 'Best?' }, answers: [{ poll_media: { text: 'A' } }, { poll_media: { text: 'B' } }], duration: 2 };
    const edited = await api.patch(hook(i, '/messages/@original'), { content: 'vote', poll });
    expect(edited.status).toBe(200);
    expect(edited.body.flags & LOADING).toBe(0);
    expect(edited.body.poll).toMatchObject({ question: { text: 'Best?' }, answers: [{ answer_id: 1, poll_media: { text: 'A' } }, { answer_id: 2 }], allow_multiselect: false });
    expect(edited.body.edited_timestamp).not.toBeNull();
    const again = await api.patch(hook(i, '/messages/@original'), { poll });
    expect(again.status).toBe(400);
    expect(again.body.errors.poll).toBeDefined();
    const badPoll = await api.post(hook(i), { poll: { question: { text: 'q' }, answers: Array.from({ length: 11 }, () => ({ poll_media: { text: 'a' } })) } });
    expect(badPoll.body.errors.poll.answers).toBeDefined();
  });

  it('after a deferred response the first follow-up fills the original; later ones are new messages with original_response_message_id', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(i, { type: 5, data: { flags: EPHEMERAL } });
    const originalId = (await api.get(hook(i, '/messages/@original'))).body.id;
    const first = await api.post(hook(i), { content: 'done thinking' });
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(originalId);
    expect(first.body.flags).toBe(EPHEMERAL);
    const second = await api.post(hook(i), { content: 'one more' });
    expect(second.body.id).not.toBe(originalId);
    expect(second.body.type).toBe(0);
    expect(second.body.interaction_metadata).toMatchObject({ id: i.id, user: { id: nelly }, original_response_message_id: originalId });
    expect('user_id' in second.body.interaction_metadata).toBe(false);
  });

  it('follow-ups: not before the response; read, edit and delete by id; delete the original (then 10008)', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    expect((await api.post(hook(i), { content: 'too early' })).body.code).toBe(10015);
    expect((await api.get(hook(i, '/messages/@original'))).body.code).toBe(10008);
    await callback(i, { type: 4, data: { content: 'first' } });
    const followup = (await api.post(hook(i), { content: 'follow' })).body;
    expect((await api.get(hook(i, `/messages/${followup.id}`))).body.content).toBe('follow');
    expect((await api.patch(hook(i, `/messages/${followup.id}`), { content: 'edited' })).body.content).toBe('edited');
    expect((await api.patch(hook(i, `/messages/${followup.id}`), { content: 'x'.repeat(2001) })).status).toBe(400);
    expect((await api.delete(hook(i, `/messages/${followup.id}`))).status).toBe(204);
    expect((await api.get(hook(i, `/messages/${followup.id}`))).body.code).toBe(10008);
    expect((await api.delete(hook(i, '/messages/@original'))).status).toBe(204);
    expect((await api.get(hook(i, '/messages/@original'))).body.code).toBe(10008);
    // Another interaction's message is not this webhook's.
    const other = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'y' }] });
    await callback(other, { type: 4, data: { content: 'other' } });
    const otherId = (await api.get(hook(other, '/messages/@original'))).body.id;
    expect((await api.get(hook(i, `/messages/${otherId}`))).body.code).toBe(10008);
    expect(result(other.id).original).toMatchObject({ id: otherId });
  });

  it('the token lives 15 minutes of emulator time; an unknown application is 10015', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(i, { type: 4, data: { content: 'x' } });
    s.emu.control.advanceClock(15 * 60 * 1000 - 500); // (the clock also runs with real time)
    expect((await api.post(hook(i), { content: 'still' })).status).toBe(200);
    s.emu.control.advanceClock(500);
    for (const reply of [await api.get(hook(i, '/messages/@original')), await api.post(hook(i), { content: 'late' })]) {
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe(50027);
    }
    expect((await api.get(`/webhooks/${APP}/not-a-token/messages/@original`)).body.code).toBe(50027);
    expect((await api.get(`/webhooks/1349146942634069999/${i.token}/messages/@original`)).body.code).toBe(10015);
  });

  it('a user-installed app where it is not installed: at most 5 follow-ups; a guild-installed one has no such limit', async () => {
    s.emu.control.issueToken(nelly, ['applications.commands']);
    const i = await invoke({ userId: nelly, channelId: userGuild.channelIds[0], name: 'userapp' });
    await callback(i, { type: 4, data: { content: 'start' } });
    for (let n = 1; n <= 5; n++) expect((await api.post(hook(i), { content: `#${n}` })).status).toBe(200);
    const sixth = await api.post(hook(i), { content: '#6' });
    expect(sixth.status).toBe(400);
    expect(sixth.body.code).toBe(40094);
    expect(result(i.id).followups).toHaveLength(5);
    const guild = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(guild, { type: 4, data: { content: 'start' } });
    for (let n = 1; n <= 6; n++) expect((await api.post(hook(guild), { content: `#${n}` })).status).toBe(200);
  });

  it('a new server has USE_EXTERNAL_APPS on for @everyone (the spec default): a user-installed app answers publicly there', async () => {
    const fresh = s.emu.control.createGuild('fresh server', [nelly]);
    const roles = await api.get(`/guilds/${fresh.id}/roles`, api.bot);
    const everyone = roles.body.find((r: { id: string }) => r.id === fresh.id);
    expect(BigInt(everyone.permissions) & USE_EXTERNAL_APPS).toBe(USE_EXTERNAL_APPS);
    s.emu.control.issueToken(alice, ['applications.commands']);
    const i = await invoke({ userId: alice, channelId: userGuild.channelIds[0], name: 'userapp' });
    await callback(i, { type: 4, data: { content: 'public by default' } });
    expect((await api.get(hook(i, '/messages/@original'))).body.flags & EPHEMERAL).toBe(0);
    expect(result(i.id).forcedEphemeral).toBe(false);
  });

  it('USE_EXTERNAL_APPS off for the user and the app not in the server: every response is ephemeral', async () => {
    s.emu.control.issueToken(alice, ['applications.commands']);
    const channel = userGuild.channelIds[0];
    s.emu.control.setChannelOverwrite(channel, alice, 1, '0', USE_EXTERNAL_APPS.toString()); // the server turned it off for her
    const forced = await invoke({ userId: alice, channelId: channel, name: 'userapp' });
    await callback(forced, { type: 4, data: { content: 'public?' } });
    expect((await api.get(hook(forced, '/messages/@original'))).body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect((await api.post(hook(forced), { content: 'follow' })).body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(result(forced.id).forcedEphemeral).toBe(true);
    s.emu.control.setChannelOverwrite(channel, alice, 1, USE_EXTERNAL_APPS.toString(), '0');
    const allowed = await invoke({ userId: alice, channelId: channel, name: 'userapp' });
    await callback(allowed, { type: 4, data: { content: 'public' } });
    expect((await api.get(hook(allowed, '/messages/@original'))).body.flags & EPHEMERAL).toBe(0);
    // In the seeded guild (the bot is a member) nothing is forced, whatever the user's permission.
    s.emu.control.setChannelOverwrite(GENERAL, bob, 1, '0', USE_EXTERNAL_APPS.toString());
    const installed = await invoke({ userId: bob, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(installed, { type: 4, data: { content: 'public' } });
    expect((await api.get(hook(installed, '/messages/@original'))).body.flags & EPHEMERAL).toBe(0);
    s.emu.control.setChannelOverwrite(GENERAL, bob, 1, null, null);
  });
});

describe('responses in the channel (the bot side\'s channel messages)', () => {
  it('a public response and its follow-ups are channel messages with the same id and interaction_metadata; edits and deletes follow', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(i, { type: 4, data: { content: 'in the channel' } });
    const originalId = (await api.get(hook(i, '/messages/@original'))).body.id;
    const inChannel = await api.get(`/channels/${GENERAL}/messages/${originalId}`, api.bot);
    expect(inChannel.status).toBe(200);
    expect(inChannel.body).toMatchObject({ id: originalId, type: 20, content: 'in the channel', webhook_id: APP, author: { id: SEED.botUserId }, interaction_metadata: { id: i.id, user: { id: nelly } } });
    expect('user_id' in inChannel.body.interaction_metadata).toBe(false);
    const followup = (await api.post(hook(i), { content: 'follow' })).body;
    expect((await api.get(`/channels/${GENERAL}/messages/${followup.id}`, api.bot)).body.interaction_metadata.original_response_message_id).toBe(originalId);
    await api.patch(hook(i, '/messages/@original'), { content: 'edited' });
    expect((await api.get(`/channels/${GENERAL}/messages/${originalId}`, api.bot)).body.content).toBe('edited');
    await api.delete(hook(i, `/messages/${followup.id}`));
    expect((await api.get(`/channels/${GENERAL}/messages/${followup.id}`, api.bot)).status).toBe(404);
  });

  it('an ephemeral response is not in the channel; the bot\'s DM responses are in the bot DM channel', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(i, { type: 4, data: { content: 'secret', flags: EPHEMERAL } });
    const id = (await api.get(hook(i, '/messages/@original'))).body.id;
    expect((await api.get(`/channels/${GENERAL}/messages/${id}`, api.bot)).status).toBe(404);
    const dm = await invoke({ userId: nelly, dmWith: SEED.botUserId, name: 'ping', options: [{ name: 'text', value: 'dm' }] });
    await callback(dm, { type: 4, data: { content: 'in the DM' } });
    const dmMessage = (await api.get(hook(dm, '/messages/@original'))).body;
    expect(dmMessage.channel_id).toBe(dm.channel_id);
    expect((await api.get(`/channels/${dm.channel_id}/messages/${dmMessage.id}`, api.bot)).body.content).toBe('in the DM');
  });
});

describe('blocked content (the auto-moderation hook)', () => {
  it('updating a deferred response with blocked content is a 400 and it stays loading; ephemeral and public responses are checked too', async () => {
    const remove = registerContentCheck(s.emu.core, (_emu, draft) => {
      if (draft.content.includes('forbidden')) throw new ApiError(400, 200000, 'Message was blocked by automatic moderation');
    });
    try {
      const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
      await callback(i, { type: 5 });
      for (const reply of [await api.patch(hook(i, '/messages/@original'), { content: 'forbidden words' }), await api.post(hook(i), { content: 'forbidden too' })]) {
        expect(reply.status).toBe(400);
        expect(reply.body.code).toBe(200000);
      }
      expect((await api.get(hook(i, '/messages/@original'))).body.flags & LOADING).toBe(LOADING);
      expect((await api.patch(hook(i, '/messages/@original'), { content: 'fine' })).status).toBe(200);
      for (const flags of [0, EPHEMERAL]) {
        const j = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
        expect((await callback(j, { type: 4, data: { content: 'forbidden', flags } })).body.code).toBe(200000);
        expect(result(j.id).responseType).toBeNull();
      }
    } finally {
      remove();
    }
  });
});

describe('files in responses and follow-ups (multipart)', () => {
  const upload = (url: string, method: string, payload: unknown, files: Array<{ name: string; bytes: Buffer }>) => {
    const form = new FormData();
    form.set('payload_json', JSON.stringify(payload));
    files.forEach((file, n) => form.set(`files[${n}]`, new Blob([file.bytes], { type: 'text/plain' }), file.name));
    return fetch(`${s.emu.apiBase}${url}`, { method, body: form });
  };

  it('a response with files: attachments on the original and its channel copy, served; 10 MiB per file (40005 one byte over); files only with a message', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    const tooBig = await upload(`/interactions/${i.id}/${i.token}/callback`, 'POST', { type: 4, data: { content: 'big' } }, [{ name: 'big.txt', bytes: Buffer.alloc(10 * MiB + 1) }]);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as any).code).toBe(40005);
    const deferWithFile = await upload(`/interactions/${i.id}/${i.token}/callback`, 'POST', { type: 5 }, [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    expect(deferWithFile.status).toBe(400);
    expect(result(i.id).responseType).toBeNull(); // refused: nothing changed
    const ok = await upload(`/interactions/${i.id}/${i.token}/callback`, 'POST', { type: 4, data: { content: 'with a file', attachments: [{ id: 0, description: 'the log' }] } }, [{ name: 'log.txt', bytes: Buffer.alloc(10 * MiB) }]);
    expect(ok.status).toBe(204);
    const original = (await api.get(hook(i, '/messages/@original'))).body;
    expect(original.attachments).toHaveLength(1);
    expect(original.attachments[0]).toMatchObject({ filename: 'log.txt', size: 10 * MiB, description: 'the log' });
    const copy = (await api.get(`/channels/${GENERAL}/messages/${original.id}`, api.bot)).body;
    expect(copy.attachments[0].id).toBe(original.attachments[0].id);
    const served = await fetch(original.attachments[0].url);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(10 * MiB);
  });

  it('an ephemeral follow-up keeps its files itself; an edit can add one', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
    await callback(i, { type: 4, data: { content: 'start' } });
    const followup = await upload(hook(i), 'POST', { content: 'private', flags: EPHEMERAL }, [{ name: 'p.txt', bytes: Buffer.from('secret') }]);
    expect(followup.status).toBe(200);
    const body = (await followup.json()) as any;
    expect(body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(body.attachments).toMatchObject([{ filename: 'p.txt', size: 6 }]);
    const edited = await upload(hook(i, '/messages/@original'), 'PATCH', { content: 'start, with a file' }, [{ name: 'more.txt', bytes: Buffer.from('more') }]);
    expect(((await edited.json()) as any).attachments).toMatchObject([{ filename: 'more.txt' }]);
  });
});

describe('hostile input on live interactions', () => {
  it('the callback, follow-ups and message edits of a real interaction never answer 500', async () => {
    const bodies: unknown[] = [
      null, [], 'x', 7, {}, { type: '4' }, { type: 4, data: [] }, { type: 4, data: { content: { a: 1 } } }, { type: 4, data: { embeds: {} } },
      { type: 4, data: { embeds: [null, 1, { fields: 'x' }] } }, { type: 4, data: { components: [{ type: 99 }] } }, { type: 4, data: { flags: -1 } },
      { type: 4, data: { poll: { question: 'q', answers: [null] } } }, { type: 5, data: { flags: 'x' } }, { type: 8, data: { choices: [null, { name: {}, value: [] }] } },
      { type: 9, data: { custom_id: 'm', title: 't', components: [{ type: 18, label: 'l', component: null }] } }, { type: 9, data: { components: 'x' } },
      { type: 7, data: { content: 'x' } }, { type: 12 }, { type: 1e999 }, { type: 4, data: { content: '\u0000' } },
    ];
    const check = (reply: { status: number; text: string }, what: string) => expect(reply.status, `${what}: ${reply.text}`).toBeLessThan(500);
    for (const body of bodies) {
      const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'x' }] });
      check(await api.call('POST', `/interactions/${i.id}/${i.token}/callback`, { json: body }), `callback ${JSON.stringify(body)}`);
      check(await api.call('POST', `/interactions/${i.id}/${i.token}/callback`, { body: '{', contentType: 'application/json' }), 'callback: bad JSON');
      await callback(i, { type: 5 });
      const data = (body as { data?: unknown } | null)?.data ?? body;
      check(await api.call('POST', hook(i), { json: data }), `follow-up ${JSON.stringify(data)}`);
      check(await api.call('PATCH', hook(i, '/messages/@original'), { json: data }), `edit ${JSON.stringify(data)}`);
    }
    // Hostile control arguments for the interaction methods: 4xx, never 500.
    for (const [name, args] of [
      ['invokeCommand', { userId: nelly, channelId: GENERAL, name: 'ping', options: 'x' }], ['invokeCommand', { userId: nelly, channelId: GENERAL, name: 'ping', options: [null] }],
      ['invokeCommand', { userId: nelly, name: 'ping' }], ['invokeCommand', { userId: nelly, dmWith: nelly, name: 'ping' }], ['invokeCommand', { userId: nelly, channelId: GENERAL, name: 'ping', type: 'x' }],
      ['clickComponent', { userId: nelly, messageId: GENERAL, customId: 'x' }], ['clickComponent', { userId: nelly, messageId: GENERAL, customId: 7 }],
      ['submitModal', { interactionId: GENERAL, values: [] }], ['submitModal', { interactionId: GENERAL, files: { a: 'x' } }],
      ['setInteractionsEndpoint', { url: 'javascript:alert(1)' }], ['setInteractionsEndpoint', { url: 'http://127.0.0.1:1/closed' }], ['interactionResult', {}],
    ] as Array<[string, Record<string, unknown>]>) {
      const reply = await api.control(name, args);
      expect(reply.status, `${name} ${JSON.stringify(args)}: ${reply.text}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `${name} ${JSON.stringify(args)}: ${reply.text}`).toBeLessThan(500);
    }
  });
});

describe('the control API over HTTP', () => {
  it('invokeCommand and interactionResult have HTTP routes; bad arguments are 4xx', async () => {
    const from = botClient.mark();
    const reply = await api.control('invokeCommand', { userId: nelly, channelId: GENERAL, name: 'ping', options: [{ name: 'text', value: 'http' }] });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ type: 2 });
    await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === reply.body.id), { from });
    await callback(reply.body, { type: 4, data: { content: 'over http' } });
    const result = await api.control('interactionResult', { interactionId: reply.body.id });
    expect(result.body.original.content).toBe('over http');
    expect((await api.control('invokeCommand', { userId: 'x', name: 'ping' })).status).toBe(400);
    expect((await api.control('invokeCommand', { userId: nelly, channelId: GENERAL, name: 'nope' })).status).toBe(404);
    expect((await api.control('interactionResult', { interactionId: '1349146942634069999' })).status).toBe(404);
  });
});
