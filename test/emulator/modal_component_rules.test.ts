// The modal component rules through the MODAL interaction response (POST /interactions/…/callback,
// type 9), one rule at a time: Text Input length bounds, the optional fields of Radio Group and
// Checkbox, the deprecated ActionRow form, and a String Select's `required` as the submit sees it.
// The broad cases live in interaction_flows.test.ts and message_components.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { type Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
let botClient: GatewayClient;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 0);
  const reply = await api.post(`/applications/${SEED.applicationId}/commands`, { name: 'ask', description: 'ask' }, api.bot);
  if (reply.status !== 201) throw new Error(`command: ${reply.status} ${reply.text}`);
});

afterAll(async () => {
  botClient?.close();
  await s.emu.close();
});

/** A fresh /ask interaction (each may show one modal). */
async function invocation(): Promise<{ id: string; token: string }> {
  const from = botClient.mark();
  const { id, token } = await s.emu.control.invokeCommand({ userId: SEED.users.nelly, channelId: GENERAL, name: 'ask' });
  await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from });
  return { id, token };
}

const showModal = async (i: { id: string; token: string }, components: unknown[]) =>
  api.post(`/interactions/${i.id}/${i.token}/callback`, { type: 9, data: { custom_id: 'm', title: 'Modal', components } });

const label = (component: Record<string, unknown>) => ({ type: 18, label: 'Question', component });
const input = (extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: 'answer', style: 1, ...extra });
const radio = (extra: Record<string, unknown> = {}) => ({ type: 21, custom_id: 'radio', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], ...extra });

function codesAt(body: any, path: string): string[] {
  let node = body?.errors;
  for (const part of path.split('.')) node = node?.[part];
  return ((node?._errors ?? []) as Array<{ code: string }>).map((e) => e.code);
}

describe('the MODAL response checks each component', () => {
  it.each([
    ['a Text Input with min_length over max_length', [label(input({ min_length: 5, max_length: 4 }))], 'data.components.0.component.min_length', ['BASE_TYPE_BAD_LENGTH']],
    ['a Checkbox whose default is not a boolean', [label({ type: 23, custom_id: 'agree', default: 'yes' })], 'data.components.0.component.default', ['BOOLEAN_TYPE_COERCE']],
    ['a Radio Group whose required is not a boolean', [label(radio({ required: 'yes' }))], 'data.components.0.component.required', ['BOOLEAN_TYPE_COERCE']],
  ] as Array<[string, unknown[], string, string[]]>)('refuses %s', async (_label, components, path, codes) => {
    const reply = await showModal(await invocation(), components);
    expect(reply.status, reply.text).toBe(400);
    expect(codesAt(reply.body, path), JSON.stringify(reply.body.errors)).toEqual(codes);
  });

  it('a deprecated ActionRow with two Text Inputs is refused as a whole list, its items unchecked', async () => {
    const reply = await showModal(await invocation(), [{ type: 1, components: [input({ label: 'One' }), input({ custom_id: 'two', label: 'Two' })] }]);
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors.data.components['0'])).toEqual(['components']);
    expect(Object.keys(reply.body.errors.data.components['0'].components)).toEqual(['_errors']);
    expect(codesAt(reply.body, 'data.components.0.components')).toEqual(['BASE_TYPE_BAD_LENGTH']);
  });

  it.each([
    ['a Text Input with min_length equal to max_length', [label(input({ min_length: 5, max_length: 5 }))]],
    ['a Radio Group without required', [label(radio())]],
    ['a Checkbox without default', [label({ type: 23, custom_id: 'agree' })]],
  ] as Array<[string, unknown[]]>)('accepts %s', async (_label, components) => {
    const reply = await showModal(await invocation(), components);
    expect(reply.status, reply.text).toBe(204);
  });
});

describe("a String Select's required in a modal: true unless it says false", () => {
  const select = (extra: Record<string, unknown>) => label({ type: 3, custom_id: 'pick', options: [{ label: 'A', value: 'a' }], ...extra });
  it.each([
    ['without required', {}, true],
    ['with required: true', { required: true }, true],
    ['with required: false', { required: false }, false],
  ] as Array<[string, Record<string, unknown>, boolean]>)('%s (%j): an empty submit is refused: %s', async (_label, extra, refused) => {
    const i = await invocation();
    expect((await showModal(i, [select(extra)])).status).toBe(204);
    const submit = s.emu.control.submitModal(i.id, { values: {} });
    if (refused) await expect(submit).rejects.toMatchObject({ status: 400 });
    else await expect(submit).resolves.toMatchObject({ id: expect.any(String) });
  });
});
