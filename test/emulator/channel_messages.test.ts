// Channel messages on the bot side, over loopback: the five routes in guild text channels and
// bot DMs with their permission errors, MESSAGE_CREATE / UPDATE / DELETE to bots by intent with
// the MESSAGE_CONTENT rule (content hidden except own messages, DMs and mentions), and a person
// posting through the control API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GUILD_MESSAGES = 1 << 9;
const DIRECT_MESSAGES = 1 << 12;
const SEND_MESSAGES = 1n << 11n;
const READ_MESSAGE_HISTORY = 1n << 16n;
const GATEWAY_MESSAGE_CONTENT = 1n << 18n;

const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const CHANNEL = { welcome: at(10), general: at(12), lobbyVoice: at(15), staffOnly: at(18), noBots: at(19) };
const ROLE = { moderators: at(1), bot: at(2) };
const { nelly, alice, bob, dave } = SEED.users;
const BOT_USER = '1349146942634065962';

let t: TestEmulator;
const clients: GatewayClient[] = [];

async function botSession(intents: number): Promise<GatewayClient> {
  const client = await GatewayClient.connect(t.gatewayUrl);
  clients.push(client);
  const from = client.mark();
  await client.identifyBot(t.emu.application.botToken, intents);
  await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from });
  return client;
}

const send = (channelId: string, body: unknown) => api(t.emu, 'POST', `/channels/${channelId}/messages`, { auth: bot(t.emu), body });

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('the message routes', () => {
  it('creates, gets, lists, edits and deletes a bot message in a guild text channel', async () => {
    const created = await send(CHANNEL.general, { content: 'hello from the bot', tts: false });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ type: 0, content: 'hello from the bot', channel_id: CHANNEL.general, author: { id: BOT_USER, bot: true }, edited_timestamp: null, attachments: [], embeds: [], mentions: [], pinned: false, tts: false, application_id: t.emu.application.id });
    const id = created.body.id;
    const got = await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages/${id}`, { auth: bot(t.emu) });
    expect(got.status).toBe(200);
    expect(got.body.content).toBe('hello from the bot');
    const listed = await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages?limit=1`, { auth: bot(t.emu) });
    expect(listed.body.map((m: any) => m.id)).toEqual([id]);
    const edited = await api(t.emu, 'PATCH', `/channels/${CHANNEL.general}/messages/${id}`, { auth: bot(t.emu), body: { content: 'edited' } });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('edited');
    expect(typeof edited.body.edited_timestamp).toBe('string');
    expect((await api(t.emu, 'DELETE', `/channels/${CHANNEL.general}/messages/${id}`, { auth: bot(t.emu) })).status).toBe(204);
    expect((await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages/${id}`, { auth: bot(t.emu) })).body.code).toBe(10008);
  });

  it('pages history newest first with before, after and around; limit 1-100', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await send(CHANNEL.welcome, { content: `m${i}` })).body.id);
    const page = (query: string) => api(t.emu, 'GET', `/channels/${CHANNEL.welcome}/messages?${query}`, { auth: bot(t.emu) });
    expect((await page('limit=100')).body.map((m: any) => m.id)).toEqual([...ids].reverse());
    expect((await page(`before=${ids[3]}&limit=2`)).body.map((m: any) => m.id)).toEqual([ids[2], ids[1]]);
    expect((await page(`after=${ids[1]}&limit=2`)).body.map((m: any) => m.id)).toEqual([ids[3], ids[2]]);
    expect((await page(`around=${ids[2]}&limit=3`)).body.map((m: any) => m.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect((await page('limit=0')).body.code).toBe(50035);
    expect((await page('limit=101')).body.errors.limit._errors[0].code).toBe('NUMBER_TYPE_MAX');
    expect((await page(`before=${ids[1]}&after=${ids[2]}`)).status).toBe(400);
  });

  it('answers 10003, 10008, 50001, 50013, 50008, 50006 and 50035, and a refused request stores nothing', async () => {
    expect((await send('1', { content: 'x' })).body.code).toBe(10003);
    expect((await send('not-an-id', { content: 'x' })).body.code).toBe(10003);
    expect((await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages/1`, { auth: bot(t.emu) })).body.code).toBe(10008);
    expect((await send(CHANNEL.noBots, { content: 'x' })).body.code).toBe(50001);
    expect((await send(CHANNEL.staffOnly, { content: 'x' })).body.code).toBe(50001);
    expect((await send(CHANNEL.lobbyVoice, { content: 'x' })).body.code).toBe(50008);
    expect((await send(CHANNEL.general, {})).body.code).toBe(50006);
    const long = await send(CHANNEL.general, { content: 'x'.repeat(2001) });
    expect(long.body.errors.content._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send(CHANNEL.general, { content: 'x'.repeat(2000) })).status).toBe(200);
    expect((await send(CHANNEL.general, { content: 'x', flags: 1 << 6 })).body.code).toBe(50035);
    const user = await api(t.emu, 'POST', `/channels/${CHANNEL.general}/messages`, { auth: `Bearer ${t.token(nelly)}`, body: { content: 'x' } });
    expect(user.body.code).toBe(50001);
    expect((await api(t.emu, 'POST', `/channels/${CHANNEL.general}/messages`, { body: { content: 'x' } })).status).toBe(401);

    t.emu.control.setChannelOverwrite(CHANNEL.general, BOT_USER, 1, null, SEND_MESSAGES.toString());
    try {
      const before = (await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages?limit=100`, { auth: bot(t.emu) })).body.length;
      expect((await send(CHANNEL.general, { content: 'no' })).body.code).toBe(50013);
      expect((await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages?limit=100`, { auth: bot(t.emu) })).body.length).toBe(before);
    } finally {
      t.emu.control.setChannelOverwrite(CHANNEL.general, BOT_USER, 1, null, null);
    }
    t.emu.control.setChannelOverwrite(CHANNEL.general, BOT_USER, 1, null, READ_MESSAGE_HISTORY.toString());
    try {
      expect((await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages`, { auth: bot(t.emu) })).body.code).toBe(50013);
    } finally {
      t.emu.control.setChannelOverwrite(CHANNEL.general, BOT_USER, 1, null, null);
    }
  });

  it("edits only its own messages (50005); deletes others' with MANAGE_MESSAGES only (50013 without)", async () => {
    const theirs = t.emu.control.postChannelMessage(alice, CHANNEL.general, 'a person wrote this') as any;
    const patch = await api(t.emu, 'PATCH', `/channels/${CHANNEL.general}/messages/${theirs.id}`, { auth: bot(t.emu), body: { content: 'mine now' } });
    expect(patch.body.code).toBe(50005);
    expect((await api(t.emu, 'DELETE', `/channels/${CHANNEL.general}/messages/${theirs.id}`, { auth: bot(t.emu) })).body.code).toBe(50013);
    t.emu.control.updateGuildMember(SEED.guildId, BOT_USER, { roles: [ROLE.bot, ROLE.moderators] });
    try {
      expect((await api(t.emu, 'DELETE', `/channels/${CHANNEL.general}/messages/${theirs.id}`, { auth: bot(t.emu) })).status).toBe(204);
    } finally {
      t.emu.control.updateGuildMember(SEED.guildId, BOT_USER, { roles: [ROLE.bot] });
    }
  });

  it('opens a DM channel with a person (the same one every time), typed as a DM channel', async () => {
    const opened = await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: bob } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ type: 1, name: null, recipients: [{ id: bob }] });
    const again = await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: bob } });
    expect(again.body.id).toBe(opened.body.id);
    expect((await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: '1' } })).body.code).toBe(10013);
    expect((await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: {} })).body.errors.recipient_id._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    const sent = await send(opened.body.id, { content: 'hi bob' });
    expect(sent.status).toBe(200);
    expect(sent.body.channel_id).toBe(opened.body.id);
    // The game DMs between people are a different thing: nothing shows up there.
    const gameDms = await api(t.emu, 'GET', `/users/@me/dms/${BOT_USER}/messages`, { auth: `Bearer ${t.token(bob)}` });
    expect(gameDms.body).toEqual([]);
  });

  it('hides content from an app without MESSAGE_CONTENT over HTTP, except its own, DMs and mentions; shows it with the app flag', async () => {
    const plain = t.emu.control.postChannelMessage(alice, CHANNEL.general, { content: 'secret plans', embeds: [{ title: 'x' }] }) as any;
    const mention = t.emu.control.postChannelMessage(alice, CHANNEL.general, `hey <@${BOT_USER}>`) as any;
    const read = async (id: string) => (await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages/${id}`, { auth: bot(t.emu) })).body;
    expect(await read(plain.id)).toMatchObject({ content: '', embeds: [], attachments: [], components: [] });
    expect((await read(mention.id)).content).toBe(`hey <@${BOT_USER}>`);
    expect((await read(mention.id)).mentions.map((u: any) => u.id)).toEqual([BOT_USER]);
    const app = t.emu.core.state.applications.get(t.emu.application.id)!;
    app.flags |= GATEWAY_MESSAGE_CONTENT;
    try {
      expect((await read(plain.id)).content).toBe('secret plans');
    } finally {
      app.flags &= ~GATEWAY_MESSAGE_CONTENT;
    }
  });
});

describe('MESSAGE_CREATE / UPDATE / DELETE to bots', () => {
  it('reach a bot with GUILD_MESSAGES with guild_id and member, content hidden without MESSAGE_CONTENT; mentions show it', async () => {
    const withIntent = await botSession(GUILD_MESSAGES);
    const without = await botSession(1);
    const from = withIntent.mark();
    const posted = t.emu.control.postChannelMessage(alice, CHANNEL.general, 'guild chatter') as any;
    const event = (await withIntent.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === posted.id), { from })).d;
    expect(event).toMatchObject({ guild_id: SEED.guildId, channel_id: CHANNEL.general, author: { id: alice }, content: '', member: { roles: [] } });
    const mentioned = t.emu.control.postChannelMessage(alice, CHANNEL.general, `<@${BOT_USER}> ping`) as any;
    const event2 = (await withIntent.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === mentioned.id), { from })).d;
    expect(event2.content).toBe(`<@${BOT_USER}> ping`);
    expect(await without.collectFor(200, dispatchOf('MESSAGE_CREATE'))).toEqual([]);
  });

  it('give a reader with MESSAGE_CONTENT the full message (the bus view the gateway applies per session)', async () => {
    const seen: any[] = [];
    const stop = t.emu.core.bus.subscribe((event) => {
      if (event.type === 'MESSAGE_CREATE' && event.channelMessage) seen.push(event);
    });
    try {
      t.emu.control.postChannelMessage(alice, CHANNEL.general, { content: 'for content readers', embeds: [{ title: 'e' }] });
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    const audience = seen[0].channelMessage;
    expect(audience.dm).toBe(false);
    expect(audience.reaches(BOT_USER)).toBe(true);
    expect(audience.view({ userId: BOT_USER, messageContent: true })).toMatchObject({ content: 'for content readers', embeds: [{ title: 'e' }], guild_id: SEED.guildId });
    expect(audience.view({ userId: BOT_USER, messageContent: false })).toMatchObject({ content: '', embeds: [] });
  });

  it('reach only bots that can view the channel', async () => {
    const client = await botSession(GUILD_MESSAGES);
    t.emu.control.postChannelMessage(bob, CHANNEL.staffOnly, 'moderators only');
    expect(await client.collectFor(200, dispatchOf('MESSAGE_CREATE'))).toEqual([]);
  });

  it("carry a bot's own message in full, then MESSAGE_UPDATE and MESSAGE_DELETE {id, channel_id, guild_id}", async () => {
    const client = await botSession(GUILD_MESSAGES);
    const from = client.mark();
    const created = (await send(CHANNEL.general, { content: 'my own words' })).body;
    expect((await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === created.id), { from })).d.content).toBe('my own words');
    await api(t.emu, 'PATCH', `/channels/${CHANNEL.general}/messages/${created.id}`, { auth: bot(t.emu), body: { content: 'changed words' } });
    expect((await client.waitFor(dispatchOf('MESSAGE_UPDATE', (d) => d.id === created.id), { from })).d.content).toBe('changed words');
    await api(t.emu, 'DELETE', `/channels/${CHANNEL.general}/messages/${created.id}`, { auth: bot(t.emu) });
    expect((await client.waitFor(dispatchOf('MESSAGE_DELETE', (d) => d.id === created.id), { from })).d).toEqual({ id: created.id, channel_id: CHANNEL.general, guild_id: SEED.guildId });
  });

  it('DMs reach a bot with DIRECT_MESSAGES with their content, and not a bot without the intent', async () => {
    const dm = (await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: nelly } })).body;
    const withIntent = await botSession(DIRECT_MESSAGES);
    const guildOnly = await botSession(GUILD_MESSAGES);
    const from = withIntent.mark();
    const posted = t.emu.control.postChannelMessage(nelly, dm.id, 'a private word') as any;
    const event = (await withIntent.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === posted.id), { from })).d;
    expect(event.content).toBe('a private word');
    expect(event.guild_id).toBeUndefined();
    expect(await guildOnly.collectFor(200, dispatchOf('MESSAGE_CREATE'))).toEqual([]);
    // Only the DM's person may post in it.
    expect(() => t.emu.control.postChannelMessage(alice, dm.id, 'not mine')).toThrow(/Missing Access/);
  });
});

describe('control.postChannelMessage', () => {
  it('posts as a person over HTTP with the same rules (unknown user 404, no access 403, bad body 400)', async () => {
    const call = (body: unknown) => fetch(`${t.emu.webBase}/_sdkpp/control/postChannelMessage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await call({ userId: alice, channelId: CHANNEL.general, message: 'typed in the client' });
    expect(ok.status).toBe(200);
    const message = await ok.json();
    expect(message).toMatchObject({ content: 'typed in the client', author: { id: alice } });
    expect((await call({ userId: '1', channelId: CHANNEL.general, message: 'x' })).status).toBe(404);
    expect((await call({ userId: dave, channelId: CHANNEL.staffOnly, message: 'x' })).status).toBe(403);
    expect((await call({ userId: alice, channelId: CHANNEL.general })).status).toBe(400);
    expect((await call({ userId: alice, channelId: CHANNEL.general, message: { content: 'x'.repeat(2001) } })).status).toBe(400);
  });
});

describe('the rules of a message body, create and edit', () => {
  const IS_COMPONENTS_V2 = 1 << 15;
  const SUPPRESS_EMBEDS = 1 << 2;
  const text = (content: string) => ({ type: 10, content });
  const link = { type: 1, components: [{ type: 2, style: 5, label: 'site', url: 'https://example.com' }] };
  const edit = (id: string, body: unknown) => api(t.emu, 'PATCH', `/channels/${CHANNEL.general}/messages/${id}`, { auth: bot(t.emu), body });
  const errorCode = (reply: { body: any }, field: string) => reply.body.errors?.[field]?._errors?.[0]?.code;

  it('mentions: known users, and in a guild its own roles; unknown ids and roles outside a guild are not mentions', async () => {
    const content = `<@${alice}> <@!${bob}> <@1> <@&${ROLE.moderators}> <@&1>`;
    const inGuild = await send(CHANNEL.general, { content });
    expect(inGuild.status).toBe(200);
    expect(inGuild.body.mentions.map((u: any) => u.id)).toEqual([alice, bob]);
    expect(inGuild.body.mention_roles).toEqual([ROLE.moderators]);
    const dm = (await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: alice } })).body;
    const inDm = await send(dm.id, { content });
    expect(inDm.status).toBe(200);
    expect(inDm.body.mention_roles).toEqual([]);
    expect(inDm.body.mentions.map((u: any) => u.id)).toEqual([alice, bob]);
  });

  it('sticker_ids: only an empty list is taken (the emulator has no stickers)', async () => {
    expect((await send(CHANNEL.general, { content: 'x', sticker_ids: [] })).status).toBe(200);
    for (const stickers of [['1'], '', 'x', {}]) {
      const reply = await send(CHANNEL.general, { content: 'x', sticker_ids: stickers });
      expect(reply.status, JSON.stringify(stickers)).toBe(400);
      expect(errorCode(reply, 'sticker_ids')).toBe('STICKERS_NOT_SUPPORTED');
    }
  });

  it('IS_COMPONENTS_V2: components only, on create and on every edit after (content and embeds refused, the flag stays)', async () => {
    const created = await send(CHANNEL.general, { flags: IS_COMPONENTS_V2, components: [text('v2 only')] });
    expect(created.status).toBe(200);
    const refused: Array<[string, unknown, string]> = [
      ['create', { flags: IS_COMPONENTS_V2, content: 'no', components: [text('v2')] }, 'content'],
      ['create', { flags: IS_COMPONENTS_V2, embeds: [{ title: 'no' }], components: [text('v2')] }, 'embeds'],
      ['edit', { content: 'no' }, 'content'],
      ['edit', { embeds: [{ title: 'no' }] }, 'embeds'],
      ['edit', { flags: 0, content: 'no' }, 'content'],
    ];
    for (const [how, body, field] of refused) {
      const reply = how === 'create' ? await send(CHANNEL.general, body) : await edit(created.body.id, body);
      expect(reply.status, `${how} ${JSON.stringify(body)}`).toBe(400);
      expect(errorCode(reply, field)).toBe(`MESSAGE_${field.toUpperCase()}_NOT_ALLOWED_WITH_COMPONENTS_V2`);
    }
    const edited = await edit(created.body.id, { components: [text('changed')], flags: SUPPRESS_EMBEDS });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.components).toEqual([text('changed')]);
    expect(edited.body.flags).toBe(IS_COMPONENTS_V2 | SUPPRESS_EMBEDS);
  });

  it('edit flags: SUPPRESS_EMBEDS can be set and cleared; a flag no sender sets is refused; IS_COMPONENTS_V2 cannot be added', async () => {
    const message = (await send(CHANNEL.general, { content: 'flags' })).body;
    const set = await edit(message.id, { flags: SUPPRESS_EMBEDS });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.flags).toBe(SUPPRESS_EMBEDS);
    expect((await edit(message.id, { flags: IS_COMPONENTS_V2 | SUPPRESS_EMBEDS })).body.flags).toBe(SUPPRESS_EMBEDS);
    const crossposted = await edit(message.id, { flags: 1 << 1 });
    expect(crossposted.status).toBe(400);
    expect(errorCode(crossposted, 'flags')).toBe('MESSAGE_FLAGS_INVALID');
    expect((await edit(message.id, { flags: 0 })).body.flags).toBe(0);
  });

  it('an edit may empty the content while embeds, components or a forwarded snapshot remain; with nothing left it is 50006', async () => {
    const plain = (await send(CHANNEL.general, { content: 'words only' })).body;
    const emptied = await edit(plain.id, { content: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body.code).toBe(50006);
    expect((await api(t.emu, 'GET', `/channels/${CHANNEL.general}/messages/${plain.id}`, { auth: bot(t.emu) })).body.content).toBe('words only');
    for (const rest of [{ embeds: [{ title: 'stays' }] }, { components: [link] }]) {
      const message = (await send(CHANNEL.general, { content: 'words', ...rest })).body;
      const reply = await edit(message.id, { content: '' });
      expect(reply.status, JSON.stringify(rest)).toBe(200);
      expect(reply.body.content).toBe('');
    }
    const source = (await send(CHANNEL.general, { content: 'forward me' })).body;
    const forward = (await send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.general, message_id: source.id } })).body;
    expect(forward.message_snapshots).toHaveLength(1);
    const suppressed = await edit(forward.id, { flags: SUPPRESS_EMBEDS });
    expect(suppressed.status, JSON.stringify(suppressed.body)).toBe(200);
    expect(suppressed.body.flags & SUPPRESS_EMBEDS).toBe(SUPPRESS_EMBEDS);
  });

  it('a message of components only is not empty', async () => {
    const reply = await send(CHANNEL.general, { components: [link] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.components).toEqual([link]);
  });
});

describe('history around an id at the edges, and deletes in a DM', () => {
  it('around: an id before the first gives the oldest page, the last id or one past it the newest page', async () => {
    const dm = (await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: dave } })).body;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await send(dm.id, { content: `m${i}` })).body.id);
    const around = async (id: string | bigint, limit: number) =>
      (await api(t.emu, 'GET', `/channels/${dm.id}/messages?around=${id}&limit=${limit}`, { auth: bot(t.emu) })).body.map((m: any) => m.id);
    expect(await around(ids[0], 3)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await around(BigInt(ids[0]) - 1n, 2)).toEqual([ids[1], ids[0]]);
    expect(await around(ids[4], 3)).toEqual([ids[4], ids[3], ids[2]]);
    expect(await around(BigInt(ids[4]) + 1n, 2)).toEqual([ids[4], ids[3]]);
    expect(await around(ids[2], 5)).toEqual([...ids].reverse());
  });

  it("in a DM a bot deletes its own message (MESSAGE_DELETE by DIRECT_MESSAGES) but not the person's (50013)", async () => {
    const dm = (await api(t.emu, 'POST', '/users/@me/channels', { auth: bot(t.emu), body: { recipient_id: nelly } })).body;
    const theirs = t.emu.control.postChannelMessage(nelly, dm.id, 'mine to keep') as any;
    const refused = await api(t.emu, 'DELETE', `/channels/${dm.id}/messages/${theirs.id}`, { auth: bot(t.emu) });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50013);
    expect((await api(t.emu, 'GET', `/channels/${dm.id}/messages/${theirs.id}`, { auth: bot(t.emu) })).status).toBe(200);
    const dmsOnly = await botSession(DIRECT_MESSAGES);
    const own = (await send(dm.id, { content: 'to be deleted' })).body;
    const from = dmsOnly.mark();
    expect((await api(t.emu, 'DELETE', `/channels/${dm.id}/messages/${own.id}`, { auth: bot(t.emu) })).status).toBe(204);
    expect((await dmsOnly.waitFor(dispatchOf('MESSAGE_DELETE', (d) => d.id === own.id), { from })).d).toEqual({ id: own.id, channel_id: dm.id });
  });
});
