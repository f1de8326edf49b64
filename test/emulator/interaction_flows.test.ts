// Issue 16 part 2c: what follows a command — context menus (targets resolved), autocomplete,
// message components (clicks and selects, UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE), modals (the
// MODAL response's checks, the submit checked against the modal shown, File Upload values as
// resolved attachments), entry point commands (APP_HANDLER and the service's own launch), and
// delivery to an interactions endpoint URL (signed POST; the reply is the response).
import { createPublicKey, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
let botClient: GatewayClient;
const APP = SEED.applicationId;
const { nelly, alice, bob } = SEED.users;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const EPHEMERAL = 64;
const MiB = 1024 * 1024;

async function command(body: Record<string, unknown>) {
  const reply = await api.post(`/applications/${APP}/commands`, body, api.bot);
  if (reply.status !== 201) throw new Error(`command: ${reply.status} ${reply.text}`);
  return reply.body;
}

async function delivered(id: string, from: number): Promise<any> {
  return (await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from })).d;
}

async function invoke(invocation: Parameters<typeof s.emu.control.invokeCommand>[0]): Promise<any> {
  const from = botClient.mark();
  const { id } = await s.emu.control.invokeCommand(invocation);
  return delivered(id, from);
}

/** What the person saw (control.interactionResult), loosely typed for the assertions. */
const result = (id: string): any => s.emu.control.interactionResult(id);
const callback = (i: { id: string; token: string }, body: unknown, query = '') => api.post(`/interactions/${i.id}/${i.token}/callback${query}`, body);
const original = async (i: { token: string }) => (await api.get(`/webhooks/${APP}/${i.token}/messages/@original`)).body;

/** A message with a button and a string select, made by answering a /ping. */
async function messageWithComponents(userId = nelly, flags = 0): Promise<any> {
  const i = await invoke({ userId, channelId: GENERAL, name: 'ping' });
  const components = [
    { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }, { type: 2, style: 2, label: 'Off', custom_id: 'off', disabled: true }] },
    { type: 1, components: [{ type: 3, custom_id: 'pick', min_values: 1, max_values: 2, options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }, { label: 'C', value: 'c' }] }] },
    { type: 1, components: [{ type: 5, custom_id: 'who' }] },
  ];
  expect((await callback(i, { type: 4, data: { content: 'choose', components, flags } })).status).toBe(204);
  return original(i);
}

async function click(clickArgs: Parameters<typeof s.emu.control.clickComponent>[0]): Promise<any> {
  const from = botClient.mark();
  const { id } = await s.emu.control.clickComponent(clickArgs);
  return delivered(id, from);
}

const MODAL = {
  custom_id: 'report',
  title: 'Report',
  components: [
    { type: 10, content: 'Tell us what happened.' },
    { type: 18, label: 'What', component: { type: 4, custom_id: 'what', style: 2, min_length: 3, max_length: 100 } },
    { type: 18, label: 'Severity', component: { type: 3, custom_id: 'severity', options: [{ label: 'Low', value: 'low' }, { label: 'High', value: 'high' }] } },
    { type: 18, label: 'Screenshots', component: { type: 19, custom_id: 'shots', min_values: 0, max_values: 10, required: false } },
    { type: 1, components: [{ type: 4, custom_id: 'legacy', style: 1, label: 'Legacy input', required: false }] },
  ],
};

async function showModal(): Promise<any> {
  const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping' });
  const reply = await callback(i, { type: 9, data: MODAL });
  expect(reply.status, reply.text).toBe(204);
  return i;
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 0);
  await command({ name: 'ping', description: 'ping' });
  await command({ name: 'search', description: 'search', options: [{ type: 3, name: 'query', description: 'q', autocomplete: true, required: true }, { type: 4, name: 'limit', description: 'l' }] });
  await command({ type: 2, name: 'Inspect' });
  await command({ type: 3, name: 'Quote' });
});

afterAll(async () => {
  botClient?.close();
  await s.emu.close();
});

describe('context menu commands', () => {
  it('USER: target_id with the user (and member) resolved; the response is a CONTEXT_MENU_COMMAND message with target_user', async () => {
    const d = await invoke({ userId: nelly, channelId: GENERAL, name: 'Inspect', type: 2, targetId: bob });
    expect(d.data).toMatchObject({ type: 2, name: 'Inspect', target_id: bob });
    expect(d.data.resolved.users[bob].id).toBe(bob);
    expect(d.data.resolved.members[bob]).toBeDefined();
    await callback(d, { type: 4, data: { content: 'bob!' } });
    const message = await original(d);
    expect(message.type).toBe(23);
    expect(message.interaction_metadata.target_user.id).toBe(bob);
    await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'Inspect', type: 2 })).rejects.toMatchObject({ status: 400 });
  });

  it('MESSAGE: a message of the channel is resolved; the response carries target_message_id', async () => {
    const target = await messageWithComponents();
    const d = await invoke({ userId: alice, channelId: GENERAL, name: 'Quote', type: 3, targetId: target.id });
    expect(d.data.target_id).toBe(target.id);
    expect(d.data.resolved.messages[target.id].content).toBe('choose');
    await callback(d, { type: 4, data: { content: 'quoted' } });
    expect((await original(d)).interaction_metadata.target_message_id).toBe(target.id);
    await expect(s.emu.control.invokeCommand({ userId: alice, channelId: GENERAL, name: 'Quote', type: 3, targetId: '1349146942634069999' })).rejects.toMatchObject({ code: 10008 });
    // A person's channel message, as the app's bot reads it.
    const said = s.emu.control.postChannelMessage(bob, GENERAL, 'quote me') as any;
    const onPerson = await invoke({ userId: alice, channelId: GENERAL, name: 'Quote', type: 3, targetId: said.id });
    expect(onPerson.data.resolved.messages[said.id]).toMatchObject({ id: said.id, author: { id: bob } });
  });
});

describe('autocomplete', () => {
  it('a focused option makes an APPLICATION_COMMAND_AUTOCOMPLETE interaction (type 4), answered with at most 25 choices', async () => {
    const d = await invoke({ userId: nelly, channelId: GENERAL, name: 'search', options: [{ name: 'query', value: 'ap', focused: true }] });
    expect(d.type).toBe(4);
    expect(d.data.options).toEqual([{ name: 'query', type: 3, value: 'ap', focused: true }]);
    const choices = (n: number) => Array.from({ length: n }, (_, k) => ({ name: `apple ${k}`, value: `apple${k}` }));
    expect((await callback(d, { type: 4, data: { content: 'no' } })).body.code).toBe(50035);
    expect((await callback(d, { type: 8, data: { choices: choices(26) } })).body.errors.data.choices).toBeDefined();
    expect((await callback(d, { type: 8, data: { choices: choices(25) } })).status).toBe(204);
    expect(result(d.id).choices).toHaveLength(25);
    // Only an autocomplete option can be focused.
    await expect(s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'search', options: [{ name: 'query', value: 'x' }, { name: 'limit', value: 1, focused: true }] })).rejects.toMatchObject({ status: 400 });
  });
});

describe('message components', () => {
  it('a click is a MESSAGE_COMPONENT interaction with custom_id, component_type and the message; UPDATE_MESSAGE edits that message', async () => {
    const message = await messageWithComponents();
    const d = await click({ userId: alice, messageId: message.id, customId: 'go' });
    expect(d).toMatchObject({ type: 3, data: { custom_id: 'go', component_type: 2 }, authorizing_integration_owners: { 0: SEED.guildId } });
    expect(d.member.user.id).toBe(alice);
    expect(d.message.id).toBe(message.id);
    const reply = await callback(d, { type: 7, data: { content: 'gone', components: [] } }, '?with_response=true');
    expect(reply.body.interaction.response_message_id).toBe(message.id);
    const updated = reply.body.resource.message;
    expect(updated).toMatchObject({ id: message.id, content: 'gone', components: [] });
    expect(updated.edited_timestamp).not.toBeNull();
    // Its @original is the message the component was on.
    expect((await original(d)).id).toBe(message.id);
  });

  it('selects: values within min/max and among the options (user selects resolved); DEFERRED_UPDATE_MESSAGE leaves the message', async () => {
    const message = await messageWithComponents();
    const d = await click({ userId: alice, messageId: message.id, customId: 'pick', values: ['a', 'c'] });
    expect(d.data).toMatchObject({ custom_id: 'pick', component_type: 3, values: ['a', 'c'] });
    expect((await callback(d, { type: 6 })).status).toBe(204);
    expect(result(d.id).original.content).toBe('choose');
    const users = await click({ userId: alice, messageId: message.id, customId: 'who', values: [bob] });
    expect(users.data.resolved.users[bob].id).toBe(bob);
    for (const values of [[], ['a', 'b', 'c'], ['z']]) {
      await expect(s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'pick', values })).rejects.toMatchObject({ status: 400 });
    }
    await expect(s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'off' })).rejects.toMatchObject({ status: 400 });
    await expect(s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('an ephemeral message is clicked by its person only; UPDATE_MESSAGE is refused for a command', async () => {
    const message = await messageWithComponents(nelly, EPHEMERAL);
    await expect(s.emu.control.clickComponent({ userId: alice, messageId: message.id, customId: 'go' })).rejects.toMatchObject({ code: 10008 });
    const d = await click({ userId: nelly, messageId: message.id, customId: 'go' });
    await callback(d, { type: 4, data: { content: 'a new reply' } });
    const reply = await original(d);
    expect(reply.id).not.toBe(message.id);
    expect(reply.interaction_metadata).toMatchObject({ type: 3, interacted_message_id: message.id });
  });
});

describe('modals', () => {
  it('checks the MODAL response: title, custom_id, 1-5 components, no label on a Text Input in a Label, no disabled select', async () => {
    const i = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping' });
    const label = (component: Record<string, unknown>) => ({ type: 18, label: 'L', component });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...MODAL, title: 't'.repeat(46) }, 'title'],
      [{ ...MODAL, custom_id: '' }, 'custom_id'],
      [{ ...MODAL, components: [] }, 'components'],
      [{ ...MODAL, components: Array.from({ length: 6 }, () => ({ type: 10, content: 'x' })) }, 'components'],
      [{ ...MODAL, components: [label({ type: 4, custom_id: 'a', style: 1, label: 'own label' })] }, 'components'],
      [{ ...MODAL, components: [label({ type: 3, custom_id: 's', disabled: false, options: [{ label: 'A', value: 'a' }] })] }, 'components'],
      [{ ...MODAL, components: [label({ type: 19, custom_id: 'f', max_values: 11 })] }, 'components'],
      [{ ...MODAL, components: [{ type: 2, custom_id: 'button' }] }, 'components'],
    ];
    for (const [data, field] of cases) {
      const reply = await callback(i, { type: 9, data });
      expect(reply.status, JSON.stringify(data).slice(0, 120)).toBe(400);
      expect(reply.body.errors.data[field], JSON.stringify(reply.body.errors)).toBeDefined();
    }
    expect((await callback(i, { type: 9, data: MODAL })).status).toBe(204);
    expect(result(i.id).modal).toMatchObject({ custom_id: 'report', title: 'Report' });
  });

  it('a submit is a MODAL_SUBMIT interaction with the values by component and the files as resolved attachments', async () => {
    const shown = await showModal();
    const from = botClient.mark();
    const files = [{ filename: 'a.png', size: 1000, contentType: 'image/png' }, { filename: 'b.txt', size: 10 * MiB }];
    const { id } = await s.emu.control.submitModal(shown.id, { values: { what: 'it broke', severity: ['high'] }, files: { shots: files } });
    const d = await delivered(id, from);
    expect(d.type).toBe(5);
    expect(d.data.custom_id).toBe('report');
    const [display, what, severity, shots, legacy] = d.data.components;
    expect(display.type).toBe(10);
    expect(what).toMatchObject({ type: 18, component: { type: 4, custom_id: 'what', value: 'it broke' } });
    expect(severity.component).toMatchObject({ type: 3, custom_id: 'severity', values: ['high'] });
    expect(shots.component.type).toBe(19);
    expect(shots.component.values).toHaveLength(2);
    for (const [k, attachmentId] of shots.component.values.entries()) {
      expect(d.data.resolved.attachments[attachmentId]).toMatchObject({ id: attachmentId, filename: files[k].filename, size: files[k].size });
    }
    expect(legacy).toMatchObject({ type: 1, components: [{ type: 4, custom_id: 'legacy', value: '' }] });
    // The response's messages name the interaction that showed the modal.
    await callback(d, { type: 4, data: { content: 'thanks' } });
    expect((await original(d)).interaction_metadata).toMatchObject({ type: 5, triggering_interaction_metadata: { id: shown.id, type: 2 } });
    // A modal is submitted once.
    await expect(s.emu.control.submitModal(shown.id, { values: { what: 'again', severity: ['low'] } })).rejects.toMatchObject({ status: 400 });
  });

  it('a File Upload with file_types takes only files of those types; the MODAL response checks file_types', async () => {
    const typed = { custom_id: 'typed', title: 'Typed', components: [{ type: 18, label: 'Docs', component: { type: 19, custom_id: 'docs', min_values: 1, max_values: 3, file_types: ['image', '.pdf'] } }] };
    const refused = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping' });
    const bad = await callback(refused, { type: 9, data: { ...typed, components: [{ ...typed.components[0], component: { ...typed.components[0].component, file_types: ['pdf'] } }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.data.components['0'].component.file_types, JSON.stringify(bad.body.errors)).toBeDefined();
    const shown = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping' });
    expect((await callback(shown, { type: 9, data: typed })).status).toBe(204);
    for (const files of [[{ filename: 'notes.txt', size: 1 }], [{ filename: 'a.png', size: 1 }, { filename: 'song.mp3', size: 1, contentType: 'audio/mpeg' }]]) {
      await expect(s.emu.control.submitModal(shown.id, { files: { docs: files } }), JSON.stringify(files)).rejects.toMatchObject({ status: 400 });
    }
    const from = botClient.mark();
    const files = [{ filename: 'a.PNG', size: 1 }, { filename: 'scan', size: 1, contentType: 'image/jpeg' }, { filename: 'form.pdf', size: 1 }];
    const { id } = await s.emu.control.submitModal(shown.id, { files: { docs: files } });
    const d = await delivered(id, from);
    expect(d.data.components[0].component.values).toHaveLength(3);
  });

  it("file_types at its edges: a dotfile such as '.pdf' has no extension; a content type's main type is read without case or spaces", async () => {
    const typed = { custom_id: 'typed', title: 'Typed', components: [{ type: 18, label: 'Docs', component: { type: 19, custom_id: 'docs', min_values: 1, max_values: 3, file_types: ['image', '.pdf'] } }] };
    const shown = await invoke({ userId: nelly, channelId: GENERAL, name: 'ping' });
    expect((await callback(shown, { type: 9, data: typed })).status).toBe(204);
    for (const file of [{ filename: '.pdf', size: 1 }, { filename: '.png', size: 1 }, { filename: 'pdf', size: 1 }]) {
      await expect(s.emu.control.submitModal(shown.id, { files: { docs: [file] } }), file.filename).rejects.toMatchObject({ status: 400 });
    }
    const from = botClient.mark();
    const files = [{ filename: 'scan', size: 1, contentType: ' image/jpeg' }, { filename: 'shot', size: 1, contentType: 'IMAGE /png' }, { filename: 'x.pdf', size: 1 }];
    const { id } = await s.emu.control.submitModal(shown.id, { files: { docs: files } });
    expect((await delivered(id, from)).data.components[0].component.values).toHaveLength(3);
  });

  it('refuses a submit that does not fit the modal: missing required, out of bounds, unknown inputs, 11 files, a file over the limit', async () => {
    const eleven = Array.from({ length: 11 }, (_, k) => ({ filename: `${k}.png`, size: 1 }));
    const bad: Array<Record<string, unknown>> = [
      { values: { severity: ['low'] } },
      { values: { what: 'ab', severity: ['low'] } },
      { values: { what: 'fine', severity: ['medium'] } },
      { values: { what: 'fine', severity: ['low'], unknown: 'x' } },
      { values: { what: 'fine', severity: ['low'] }, files: { shots: eleven } },
      { values: { what: 'fine', severity: ['low'] }, files: { shots: [{ filename: 'big.bin', size: 10 * MiB + 1 }] } },
      { values: { what: 5, severity: ['low'] } },
      { values: { what: 'fine', severity: 'low' } },
      { values: { what: 'fine', severity: ['low'] }, files: { shots: [null] } },
      { values: { what: 'fine', severity: ['low'] }, files: { shots: 'x' } },
      { values: { what: 'fine', severity: ['low'], shots: ['1'] } },
    ];
    const shown = await showModal();
    for (const submission of bad) {
      await expect(s.emu.control.submitModal(shown.id, submission as never), JSON.stringify(submission).slice(0, 100)).rejects.toMatchObject({ status: 400 });
    }
    // Nothing was used up: a good submit still goes through, with zero files (min 0).
    expect((await s.emu.control.submitModal(shown.id, { values: { what: 'fine', severity: ['low'] } })).type).toBe(5);
  });

  it('a modal cannot answer a modal submit; one shown from a component lets the submit update that message', async () => {
    const message = await messageWithComponents();
    const clicked = await click({ userId: nelly, messageId: message.id, customId: 'go' });
    await callback(clicked, { type: 9, data: MODAL });
    const from = botClient.mark();
    const { id } = await s.emu.control.submitModal(clicked.id, { values: { what: 'from a button', severity: ['low'] } });
    const d = await delivered(id, from);
    expect(d.message.id).toBe(message.id);
    expect((await callback(d, { type: 9, data: MODAL })).body.code).toBe(50035);
    expect((await callback(d, { type: 7, data: { content: 'updated by the modal' } })).status).toBe(204);
    expect(result(d.id).original).toMatchObject({ id: message.id, content: 'updated by the modal' });
  });
});

describe('entry point commands', () => {
  it('SERVICE_LAUNCH_ACTIVITY (the default Launch): the service launches and posts a follow-up itself; the app gets nothing', async () => {
    s.emu.control.setActivitiesEnabled(true);
    try {
      const from = botClient.mark();
      const { id } = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'Launch', type: 4 });
      const outcome = result(id);
      expect(outcome.responseType).toBe(12);
      expect(outcome.activityInstanceId).toMatch(/^\d+$/);
      expect(outcome.followups).toHaveLength(1);
      expect(outcome.followups[0]).toMatchObject({ channel_id: GENERAL, interaction_metadata: { id, user: { id: nelly } } });
      expect((await botClient.collectFor(150, dispatchOf('INTERACTION_CREATE', (d) => d.id === id))).length).toBe(0);
      expect(botClient.received.slice(from).some((p) => p.t === 'INTERACTION_CREATE' && p.d.id === id)).toBe(false);
    } finally {
      s.emu.control.setActivitiesEnabled(false);
    }
  });

  it('APP_HANDLER: the app gets the interaction (data.type 4) and launches with LAUNCH_ACTIVITY', async () => {
    s.emu.control.setActivitiesEnabled(true);
    try {
      const launch = (await api.get(`/applications/${APP}/commands`, api.bot)).body.find((c: any) => c.type === 4);
      await api.patch(`/applications/${APP}/commands/${launch.id}`, { handler: 1 }, api.bot);
      const d = await invoke({ userId: nelly, channelId: GENERAL, name: 'Launch', type: 4 });
      expect(d.data).toMatchObject({ type: 4, name: 'Launch' });
      expect((await callback(d, { type: 12 })).status).toBe(204);
      expect(result(d.id).activityInstanceId).toMatch(/^\d+$/);
    } finally {
      s.emu.control.setActivitiesEnabled(false);
    }
  });
});

describe('the interactions endpoint URL', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{ headers: http.IncomingHttpHeaders; raw: string }> = [];
  let answer: (body: any) => { status: number; body: unknown } = (body) => ({ status: 200, body: body.type === 1 ? { type: 1 } : { type: 4, data: { content: 'from the endpoint' } } });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        seen.push({ headers: req.headers, raw });
        const { status, body } = answer(JSON.parse(raw));
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`;
  });
  afterAll(async () => {
    await s.emu.control.setInteractionsEndpoint(null);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is set after a signed PING answered with PONG; a wrong answer keeps it unset', async () => {
    answer = () => ({ status: 200, body: { type: 4 } });
    await expect(s.emu.control.setInteractionsEndpoint(url)).rejects.toMatchObject({ status: 400 });
    answer = (body) => ({ status: 200, body: body.type === 1 ? { type: 1 } : { type: 4, data: { content: 'from the endpoint' } } });
    await s.emu.control.setInteractionsEndpoint(url);
    const ping = seen[seen.length - 1];
    expect(JSON.parse(ping.raw)).toMatchObject({ type: 1, application_id: APP, version: 1 });
    const key = createPublicKey({ key: Buffer.from('302a300506032b6570032100' + s.emu.application.publicKey, 'hex'), format: 'der', type: 'spki' });
    const signed = Buffer.from(String(ping.headers['x-signature-timestamp']) + ping.raw);
    expect(verify(null, signed, key, Buffer.from(String(ping.headers['x-signature-ed25519']), 'hex'))).toBe(true);
  });

  it('gets the interaction as a signed POST instead of the gateway, and its reply is the response', async () => {
    const from = botClient.mark();
    const { id } = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
    const posted = seen[seen.length - 1];
    expect(JSON.parse(posted.raw)).toMatchObject({ id, type: 2, data: { name: 'ping' } });
    const outcome = result(id);
    expect(outcome).toMatchObject({ responseType: 4, original: { content: 'from the endpoint' }, deliveryError: null });
    expect(botClient.received.slice(from).some((p) => p.t === 'INTERACTION_CREATE')).toBe(false);
  });

  it('a failing endpoint or a refused reply leaves the interaction unanswered, with the reason', async () => {
    answer = () => ({ status: 500, body: {} });
    const failed = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
    expect(result(failed.id)).toMatchObject({ responseType: null, deliveryError: expect.stringContaining('500') });
    answer = () => ({ status: 200, body: { type: 4, data: {} } });
    const empty = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
    expect(result(empty.id)).toMatchObject({ responseType: null, deliveryError: expect.stringContaining('50006') });
  });

  it('an endpoint answering more than 1 MiB is cut off with the reason; the emulator goes on', async () => {
    // Valid JSON of 2 MiB: without a bound it would be read whole (and refused only later, for its content).
    answer = () => ({ status: 200, body: { type: 4, data: { content: 'x'.repeat(2 * 1024 * 1024) } } });
    const flooded = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
    expect(result(flooded.id)).toMatchObject({ responseType: null, deliveryError: expect.stringContaining('more than 1048576 bytes') });
    answer = (body) => ({ status: 200, body: body.type === 1 ? { type: 1 } : { type: 4, data: { content: 'from the endpoint' } } });
    const fine = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
    expect(result(fine.id)).toMatchObject({ responseType: 4, deliveryError: null });
  });
});
