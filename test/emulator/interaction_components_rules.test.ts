// The rules of a person's click on a message component and of a modal's submit
// (lib/emulator/domain/interaction_components.ts), each at its edge: which values each kind of
// select takes, a select without min_values, a value list that is not strings, whose message
// and whose interaction may be acted on, and what the submit's data carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { SEED, start, type Started } from './helpers';

let s: Started;
let botClient: GatewayClient;
const APP = SEED.applicationId;
const { nelly, alice, bob } = SEED.users;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
let moderators: string;

const callback = (i: { id: string; token: string }, body: unknown) => s.api.post(`/interactions/${i.id}/${i.token}/callback`, body);

async function delivered(id: string, from: number): Promise<any> {
  return (await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from })).d;
}

async function invoke(): Promise<any> {
  const from = botClient.mark();
  const { id } = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
  return delivered(id, from);
}

/** A message of the application with one select of each kind (none with min_values). */
async function messageWithSelects(): Promise<any> {
  const i = await invoke();
  const components = [
    { type: 1, components: [{ type: 3, custom_id: 'text', options: [{ label: 'A', value: 'a' }] }] },
    { type: 1, components: [{ type: 5, custom_id: 'user' }] },
    { type: 1, components: [{ type: 6, custom_id: 'role' }] },
    { type: 1, components: [{ type: 7, custom_id: 'mentionable' }] },
    { type: 1, components: [{ type: 8, custom_id: 'channel' }] },
  ];
  expect((await callback(i, { type: 4, data: { content: 'choose', components } })).status).toBe(204);
  return (await s.api.get(`/webhooks/${APP}/${i.token}/messages/@original`)).body;
}

/** The click's ApiError (its status, code and field errors), or 'accepted'. */
async function clickOutcome(messageId: string, customId: string, values: unknown): Promise<any> {
  try {
    await s.emu.control.clickComponent({ userId: alice, messageId, customId, values });
    return 'accepted';
  } catch (error) {
    return error;
  }
}

beforeAll(async () => {
  s = await start();
  s.emu.control.setRateLimits(false);
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 0);
  const reply = await s.api.post(`/applications/${APP}/commands`, { name: 'ping', description: 'ping' }, s.api.bot);
  expect(reply.status).toBe(201);
  const roles = (await s.api.get(`/guilds/${SEED.guildId}/roles`, s.api.bot)).body as { id: string; name: string }[];
  moderators = roles.find((role) => role.name === 'Moderators')!.id;
});

afterAll(async () => {
  botClient?.close();
  await s.emu.close();
});

describe('a select click: the values each kind takes', () => {
  it.each([
    ['user', () => [bob], true],
    ['user', () => [moderators], false],
    ['user', () => [GENERAL], false],
    ['role', () => [moderators], true],
    ['role', () => [bob], false],
    ['channel', () => [GENERAL], true],
    ['channel', () => [bob], false],
    ['channel', () => [moderators], false],
    ['mentionable', () => [bob], true],
    ['mentionable', () => [moderators], true],
    ['mentionable', () => [GENERAL], false],
    ['text', () => ['a'], true],
    ['text', () => ['b'], false],
  ] as const)('a %s select with %s: accepted %s', async (customId, values, accepted) => {
    const message = await messageWithSelects();
    const outcome = await clickOutcome(message.id, customId, values());
    if (accepted) expect(outcome).toBe('accepted');
    else expect(outcome).toMatchObject({ status: 400, errors: { values: { _errors: [{ code: 'COMPONENT_VALUE_INVALID' }] } } });
  });

  it('a select without min_values takes one value at least (and, without max_values, one at most)', async () => {
    const message = await messageWithSelects();
    for (const customId of ['text', 'user']) {
      expect(await clickOutcome(message.id, customId, [])).toMatchObject({ status: 400, errors: { values: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } } });
    }
    expect(await clickOutcome(message.id, 'user', [bob, alice])).toMatchObject({ status: 400 });
  });

  it('values that are not a list of strings are LIST_TYPE_CONVERT, even with a valid string among them', async () => {
    const message = await messageWithSelects();
    for (const values of [['a', 5], [5], 'a', { 0: 'a' }]) {
      expect(await clickOutcome(message.id, 'text', values), JSON.stringify(values)).toMatchObject({
        status: 400,
        errors: { values: { _errors: [{ code: 'LIST_TYPE_CONVERT' }] } },
      });
    }
  });

  it('a refused value is named by its first 32 characters', async () => {
    const message = await messageWithSelects();
    const outcome = await clickOutcome(message.id, 'text', ['x'.repeat(40)]);
    expect(outcome.errors.values._errors[0].message).toBe(`${'x'.repeat(32)} is not a value of this select.`);
  });

  it('a click of a button carries no resolved data', async () => {
    const i = await invoke();
    expect((await callback(i, { type: 4, data: { content: 'go', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }] } })).status).toBe(204);
    const message = (await s.api.get(`/webhooks/${APP}/${i.token}/messages/@original`)).body;
    const from = botClient.mark();
    const { id } = await s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'go' });
    const d = await delivered(id, from);
    expect(d.data).toEqual({ custom_id: 'go', component_type: 2 });
  });
});

describe('what can be clicked', () => {
  it('only a button or a select: another component that happens to carry a custom_id is not there to click (404)', async () => {
    const i = await invoke();
    const components = [
      { type: 10, content: 'Pick one', custom_id: 'text' },
      { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] },
    ];
    const reply = await callback(i, { type: 4, data: { flags: 1 << 15, components } });
    expect(reply.status, reply.text).toBe(204);
    const message = (await s.api.get(`/webhooks/${APP}/${i.token}/messages/@original`)).body;
    await expect(s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'text' })).rejects.toMatchObject({ status: 404 });
    await expect(s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'go' })).resolves.toBeDefined();
  });
});

describe('whose message, whose interaction', () => {
  it("another application cannot be clicked for: the message is unknown to it (10008)", async () => {
    const message = await messageWithSelects();
    await expect(
      s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'text', values: ['a'], applicationId: SEED.childApplicationId }),
    ).rejects.toMatchObject({ code: 10008 });
  });

  it('a modal is submitted only for an interaction of this application that showed one', async () => {
    const modal = { custom_id: 'm', title: 'M', components: [{ type: 18, label: 'What', component: { type: 4, custom_id: 'what', style: 1, required: false } }] };
    const shown = await invoke();
    expect((await callback(shown, { type: 9, data: modal })).status).toBe(204);
    await expect(s.emu.control.submitModal(shown.id, {}, SEED.childApplicationId)).rejects.toMatchObject({ status: 404, code: 10062 });
    const replied = await invoke();
    expect((await callback(replied, { type: 4, data: { content: 'no modal' } })).status).toBe(204);
    await expect(s.emu.control.submitModal(replied.id, {})).rejects.toMatchObject({ status: 400 });
    // Without files the submit has no resolved data.
    const from = botClient.mark();
    const { id } = await s.emu.control.submitModal(shown.id, { values: { what: 'x' } });
    const d = await delivered(id, from);
    expect(d.data.custom_id).toBe('m');
    expect('resolved' in d.data).toBe(false);
  });
});
