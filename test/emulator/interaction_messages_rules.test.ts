// The rules of the messages an app makes through an interaction
// (lib/emulator/domain/interaction_messages.ts), each at its edge: flags (null, the 31-bit bound,
// IS_COMPONENTS_V2 with content or embeds), polls (1 to 10 answers, duration 1 to 768 hours,
// default 24, expiry = now + duration on the emulator clock, never finalized), edits that change
// one field of the channel copy at a time (flags too: the copy's, which keep IS_COMPONENTS_V2),
// an ephemeral message's own attachments on edit, the EPHEMERAL flag kept on edit, a DM between
// two people (no channel copy, no content hooks), and the deprecated `interaction.name` of a
// component's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { addRole, PERM, setRoles } from './helpers/guild_setup';
import { HOUR, SEED, start, type Started } from './helpers';

let s: Started;
let botClient: GatewayClient;
const APP = SEED.applicationId;
const BOT = SEED.botUserId;
const { nelly, alice, erin } = SEED.users;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const BOT_ROLE = (BigInt(SEED.guildId) + 2n).toString();
const EPHEMERAL = 1 << 6;
const SUPPRESS_EMBEDS = 1 << 2;
const V2 = 1 << 15;
const seen: BusEvent[] = [];

const callback = (i: { id: string; token: string }, body: unknown) => s.api.post(`/interactions/${i.id}/${i.token}/callback`, body);
const original = async (i: { token: string }) => (await s.api.get(`/webhooks/${APP}/${i.token}/messages/@original`)).body;
const editOriginal = (i: { token: string }, body: unknown) => s.api.patch(`/webhooks/${APP}/${i.token}/messages/@original`, body);
const channelMessage = async (id: string) => (await s.api.get(`/channels/${GENERAL}/messages/${id}`, s.api.bot)).body;

async function invoke(invocation: { userId?: string; channelId?: string; dmWith?: string; name?: string } = {}): Promise<{ id: string; token: string }> {
  const from = botClient.mark();
  const { id, token } = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping', ...invocation });
  await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from });
  return { id, token };
}

/** A multipart request (payload_json and files[n]) to the emulator's API. */
function multipart(method: 'POST' | 'PATCH', url: string, payload: unknown, files: Array<[string, string]>): Promise<Response> {
  const form = new FormData();
  form.set('payload_json', JSON.stringify(payload));
  files.forEach(([name, text], n) => form.set(`files[${n}]`, new Blob([text], { type: 'text/plain' }), name));
  return fetch(`${s.emu.apiBase}${url}`, { method, body: form });
}

const storedBytes = () => s.emu.core.blobs.summary().bytes;

beforeAll(async () => {
  s = await start();
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => seen.push(e));
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 1 << 9); // GUILD_MESSAGES: MESSAGE_UPDATE
  for (const command of [{ name: 'ping', description: 'ping' }, { name: 'everywhere', description: 'user install', integration_types: [1], contexts: [0, 1, 2] }]) {
    const reply = await s.api.post(`/applications/${APP}/commands`, command, s.api.bot);
    expect(reply.status, reply.text).toBe(201);
  }
  for (const userId of [erin, alice]) s.emu.control.issueToken(userId, ['identify', 'applications.commands']);
});

afterAll(async () => {
  botClient?.close();
  await s.emu.close();
});

describe('flags of a response', () => {
  it.each([
    ['null (no flags)', null, 204, undefined],
    ['0', 0, 204, undefined],
    ['2^31 - 1 (an integer in range, but unsettable bits)', 2 ** 31 - 1, 400, 'MESSAGE_FLAGS_INVALID'],
    ['2^31 (out of range)', 2 ** 31, 400, 'NUMBER_TYPE_MAX'],
  ] as const)('flags %s: %i', async (_, flags, status, code) => {
    const reply = await callback(await invoke(), { type: 4, data: { content: 'flags', flags } });
    expect(reply.status, reply.text).toBe(status);
    if (code) expect(reply.body.errors).toEqual({ data: { flags: { _errors: [expect.objectContaining({ code })] } } });
  });

  it.each([
    ['content', { content: 'words' }, 400],
    ['embeds', { embeds: [{ title: 'an embed' }] }, 400],
    ['components only', {}, 204],
  ] as const)('IS_COMPONENTS_V2 with %s: %i', async (_, extra, status) => {
    // Ephemeral: no channel copy whose own checks could refuse it instead.
    const data = { flags: V2 | EPHEMERAL, components: [{ type: 10, content: 'a text display' }], ...extra };
    const reply = await callback(await invoke(), { type: 4, data });
    expect(reply.status, reply.text).toBe(status);
    if (status === 400) expect(reply.body.errors).toEqual({ data: { content: { _errors: [expect.objectContaining({ code: 'MESSAGE_CONTENT_NOT_ALLOWED_WITH_COMPONENTS_V2' })] } } });
  });
});

describe('a poll', () => {
  const answers = (n: number) => Array.from({ length: n }, (_, k) => ({ poll_media: { text: `answer ${k + 1}` } }));

  it.each([
    [0, 400],
    [1, 204],
    [10, 204],
    [11, 400],
  ])('with %i answers: %i', async (n, status) => {
    const i = await invoke();
    const reply = await callback(i, { type: 4, data: { poll: { question: { text: 'Which?' }, answers: answers(n) } } });
    expect(reply.status, reply.text).toBe(status);
    if (status === 400) expect(reply.body.errors).toEqual({ data: { poll: { answers: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_BAD_LENGTH' })] } } } });
    else expect((await original(i)).poll.answers.map((a: any) => a.answer_id)).toEqual(Array.from({ length: n }, (_, k) => k + 1));
  });

  it.each([
    [undefined, 204, 24],
    [1, 204, 1],
    [5, 204, 5],
    [768, 204, 768],
    [0, 400, undefined],
    [769, 400, undefined],
  ])('duration %s: %i, expiring that many hours after now (emulator clock), never finalized', async (duration, status, hours) => {
    s.emu.control.advanceClock(HOUR); // the emulator clock, not the wall clock
    const i = await invoke();
    const before = s.emu.control.now();
    const reply = await callback(i, { type: 4, data: { poll: { question: { text: 'How long?' }, answers: answers(2), duration } } });
    const after = s.emu.control.now();
    expect(reply.status, reply.text).toBe(status);
    if (status === 400) {
      expect(reply.body.errors).toEqual({ data: { poll: { duration: { _errors: [expect.objectContaining({ code: 'NUMBER_TYPE_MAX' })] } } } });
      return;
    }
    const poll = (await original(i)).poll;
    expect(poll.duration).toBe(hours);
    const expiry = Date.parse(poll.expiry);
    expect(expiry).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + hours! * HOUR);
    expect(expiry).toBeLessThanOrEqual(after + hours! * HOUR);
    expect(poll.results).toEqual({ is_finalized: false, answer_counts: [] });
  });

  it('poll: null is no poll', async () => {
    const i = await invoke();
    const reply = await callback(i, { type: 4, data: { content: 'no poll', poll: null } });
    expect(reply.status, reply.text).toBe(204);
    expect((await original(i)).poll).toBeUndefined();
  });

  it('added to a deferred response by editing the original: expiry = the edit time + duration', async () => {
    const i = await invoke();
    expect((await callback(i, { type: 5 })).status).toBe(204);
    s.emu.control.advanceClock(10 * 60_000); // within the token's 15 minutes
    const before = s.emu.control.now();
    const reply = await editOriginal(i, { poll: { question: { text: 'Later?' }, answers: answers(2), duration: 3 } });
    const after = s.emu.control.now();
    expect(reply.status, reply.text).toBe(200);
    const expiry = Date.parse(reply.body.poll.expiry);
    expect(expiry).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3 * HOUR);
    expect(expiry).toBeLessThanOrEqual(after + 3 * HOUR);
  });
});

describe('editing a message that has a channel copy: each field on its own', () => {
  async function posted(): Promise<{ i: { id: string; token: string }; id: string }> {
    const i = await invoke();
    const components = [{ type: 1, components: [{ type: 2, style: 1, label: 'One', custom_id: 'one' }] }];
    expect((await callback(i, { type: 4, data: { content: 'first', embeds: [{ title: 'first embed' }], components } })).status).toBe(204);
    return { i, id: (await original(i)).id };
  }

  it.each([
    ['content', { content: 'second' }, { content: 'second', embeds: ['first embed'], components: ['one'] }],
    ['embeds', { embeds: [{ title: 'second embed' }] }, { content: 'first', embeds: ['second embed'], components: ['one'] }],
    ['components', { components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Two', custom_id: 'two' }] }] }, { content: 'first', embeds: ['first embed'], components: ['two'] }],
  ])('only %s', async (_, change, expected) => {
    const { i, id } = await posted();
    const reply = await editOriginal(i, change);
    expect(reply.status, reply.text).toBe(200);
    for (const message of [reply.body, await channelMessage(id)]) {
      expect({
        content: message.content,
        embeds: message.embeds.map((e: any) => e.title),
        components: message.components.map((row: any) => row.components[0].custom_id),
      }).toEqual(expected);
    }
  });

  it.each([
    ['SUPPRESS_EMBEDS on a plain response', { content: 'see https://example.com', embeds: [{ title: 'an embed' }] }, SUPPRESS_EMBEDS, SUPPRESS_EMBEDS],
    ['SUPPRESS_EMBEDS on an IS_COMPONENTS_V2 response, which stays V2', { flags: V2, components: [{ type: 10, content: 'a text display' }] }, SUPPRESS_EMBEDS, V2 | SUPPRESS_EMBEDS],
    ['none given: an edit of the content keeps SUPPRESS_EMBEDS', { content: 'see https://example.com', flags: SUPPRESS_EMBEDS }, undefined, SUPPRESS_EMBEDS],
  ])('flags: %s — the webhook, the channel history and the bots see the same flags', async (_, data, edit, expected) => {
    const i = await invoke();
    expect((await callback(i, { type: 4, data })).status).toBe(204);
    const id = (await original(i)).id;
    const from = botClient.mark();
    const reply = await editOriginal(i, edit === undefined ? { content: 'edited https://example.com' } : { flags: edit });
    expect(reply.status, reply.text).toBe(200);
    const update = await botClient.waitFor(dispatchOf('MESSAGE_UPDATE', (d) => d.id === id), { from });
    expect([reply.body.flags, (await channelMessage(id)).flags, update.d.flags]).toEqual([expected, expected, expected]);
  });

  it("a response's file is the channel message's attachment (one id, one copy of the bytes)", async () => {
    const i = await invoke();
    const bytes = storedBytes();
    const reply = await multipart('POST', `/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'with a file' } }, [['mirrored.txt', 'mirrored bytes, 25 chars!']]);
    expect(reply.status).toBe(204);
    const message = await original(i);
    expect(storedBytes() - bytes).toBe('mirrored bytes, 25 chars!'.length);
    expect(message.attachments.map((a: any) => a.id)).toEqual((await channelMessage(message.id)).attachments.map((a: any) => a.id));
    expect(message.attachments).toHaveLength(1);
  });

  it('content a rule alerts on runs the rule once per edit (with the message id)', async () => {
    const managers = addRole(s.emu, SEED.guildId, 'Rule makers', PERM.MANAGE_GUILD, 1);
    setRoles(s.emu, SEED.guildId, BOT, [BOT_ROLE, managers]);
    const rule = await s.api.post(`/guilds/${SEED.guildId}/auto-moderation/rules`, {
      name: 'Alert on spoilers', event_type: 1, trigger_type: 1, trigger_metadata: { keyword_filter: ['spoiler'] },
      actions: [{ type: 2, metadata: { channel_id: GENERAL } }], enabled: true,
    }, s.api.bot);
    expect(rule.status, rule.text).toBe(200);
    // Without MANAGE_GUILD the bot is no longer immune to the rule.
    setRoles(s.emu, SEED.guildId, BOT, [BOT_ROLE]);
    try {
      const { i, id } = await posted();
      const from = seen.length;
      expect((await editOriginal(i, { content: 'a spoiler' })).status).toBe(200);
      const executions = seen.slice(from).filter((e) => e.type === 'AUTO_MODERATION_ACTION_EXECUTION');
      expect(executions.map((e) => e.data.message_id)).toEqual([id]);
    } finally {
      setRoles(s.emu, SEED.guildId, BOT, [BOT_ROLE, managers]);
      await s.api.delete(`/guilds/${SEED.guildId}/auto-moderation/rules/${rule.body.id}`, s.api.bot);
      setRoles(s.emu, SEED.guildId, BOT, [BOT_ROLE]);
    }
  });
});

describe('an ephemeral message: its own attachments and its flags on edit', () => {
  // Bytes are stored once per content: each message gets contents of its own (1, 2 and 4 bytes).
  let run = 0;
  const files = (): Array<[string, string]> => {
    run += 1;
    return [['a.txt', String.fromCharCode(64 + run)], ['b.txt', `B${run % 10}`], ['c.txt', `CCC${run % 10}`]];
  };

  async function ephemeralWithFiles(): Promise<{ i: { id: string; token: string }; ids: string[] }> {
    const i = await invoke();
    const reply = await multipart('POST', `/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'private', flags: EPHEMERAL } }, files());
    expect(reply.status).toBe(204);
    return { i, ids: (await original(i)).attachments.map((a: any) => a.id) };
  }

  it('keeping two of three attachments forgets the bytes of the third only', async () => {
    const { i, ids } = await ephemeralWithFiles();
    const bytes = storedBytes();
    const reply = await editOriginal(i, { attachments: [{ id: ids[0] }, { id: ids[1] }] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.attachments.map((a: any) => a.id)).toEqual([ids[0], ids[1]]);
    expect(bytes - storedBytes()).toBe(4);
  });

  it('attachments: [] without files removes them all', async () => {
    const { i } = await ephemeralWithFiles();
    const bytes = storedBytes();
    const reply = await editOriginal(i, { attachments: [] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.attachments).toEqual([]);
    expect(bytes - storedBytes()).toBe(1 + 2 + 4);
  });

  it('a file without an attachments array is added to those it had', async () => {
    const { i, ids } = await ephemeralWithFiles();
    const reply = await multipart('PATCH', `/webhooks/${APP}/${i.token}/messages/@original`, { content: 'one more' }, [['d.txt', 'DDDDDDDD']]);
    expect(reply.status).toBe(200);
    const body = await reply.json();
    expect(body.attachments.slice(0, 3).map((a: any) => a.id)).toEqual(ids);
    expect(body.attachments.map((a: any) => a.filename)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
  });

  it.each([
    ['SUPPRESS_EMBEDS set on an ephemeral follow-up: it stays ephemeral', EPHEMERAL, SUPPRESS_EMBEDS, EPHEMERAL | SUPPRESS_EMBEDS],
    ['0 on an ephemeral follow-up: it stays ephemeral', EPHEMERAL, 0, EPHEMERAL],
    ['EPHEMERAL asked for on a public follow-up: it stays public', 0, EPHEMERAL, 0],
  ])('flags %s', async (_, initial, edit, expected) => {
    const i = await invoke();
    expect((await callback(i, { type: 4, data: { content: 'first' } })).status).toBe(204);
    const followup = await s.api.post(`/webhooks/${APP}/${i.token}`, { content: 'a follow-up', flags: initial });
    expect(followup.status, followup.text).toBe(200);
    const reply = await s.api.patch(`/webhooks/${APP}/${i.token}/messages/${followup.body.id}`, { flags: edit });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.flags).toBe(expected);
  });
});

describe('where the message has no channel copy at all', () => {
  it('a DM between two people takes a user-installed app\'s response (no channel to check content in)', async () => {
    const from = botClient.mark();
    const { id, token } = await s.emu.control.invokeCommand({ userId: erin, dmWith: alice, name: 'everywhere' });
    await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from });
    const reply = await callback({ id, token }, { type: 4, data: { content: 'hello in a private DM' } });
    expect(reply.status, reply.text).toBe(204);
    const edited = await editOriginal({ token }, { content: 'edited in a private DM' });
    expect(edited.status, edited.text).toBe(200);
  });
});

describe("the deprecated interaction field of a component's message", () => {
  it("names the clicked component's custom_id", async () => {
    const i = await invoke();
    expect((await callback(i, { type: 4, data: { content: 'go', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }] } })).status).toBe(204);
    const message = await original(i);
    const from = botClient.mark();
    const click = await s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'go' });
    await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === click.id), { from });
    expect((await callback(click, { type: 4, data: { content: 'clicked' } })).status).toBe(204);
    const reply = await original(click);
    expect(reply.interaction).toMatchObject({ id: click.id, type: 3, name: 'go' });
  });
});
