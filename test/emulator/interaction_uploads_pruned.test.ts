// Uploads an interaction's messages keep themselves (ephemeral ones, which have no channel copy)
// are forgotten with the interaction (an hour after its token expired): they used to stay in the
// state for ever. A response's file in the channel belongs to the channel message and stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { SEED, start, type Started } from './helpers';

let s: Started;
let botClient: GatewayClient;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const EPHEMERAL = 64;

async function invoke(): Promise<{ id: string; token: string }> {
  const from = botClient.mark();
  const { id } = await s.emu.control.invokeCommand({ userId: SEED.users.nelly, channelId: GENERAL, name: 'hello' });
  return (await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from })).d;
}

function withFile(url: string, payload: unknown, name: string, bytes: Buffer) {
  const form = new FormData();
  form.set('payload_json', JSON.stringify(payload));
  form.set('files[0]', new Blob([bytes], { type: 'text/plain' }), name);
  return fetch(`${s.emu.apiBase}${url}`, { method: 'POST', body: form });
}

beforeAll(async () => {
  s = await start();
  s.emu.control.setRateLimits(false);
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 0);
  const made = await s.api.post(`/applications/${SEED.applicationId}/commands`, { name: 'hello', description: 'hello' }, s.api.bot);
  expect(made.status).toBe(201);
});
afterAll(async () => {
  botClient.close();
  await s.emu.close();
});

describe('uploads of forgotten interactions', () => {
  it('an ephemeral follow-up\'s file goes with its interaction; the response\'s file in the channel stays', async () => {
    const bytes = () => s.emu.core.blobs.summary().bytes;
    const i = await invoke();
    const response = await withFile(`/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'public' } }, 'public.txt', Buffer.from('in the channel'));
    expect(response.status).toBe(204);
    const followup = await withFile(`/webhooks/${SEED.applicationId}/${i.token}`, { content: 'private', flags: EPHEMERAL }, 'private.txt', Buffer.from('only for nelly'));
    expect(followup.status).toBe(200);
    expect(bytes()).toBe('in the channel'.length + 'only for nelly'.length);
    const original = (await s.api.get(`/webhooks/${SEED.applicationId}/${i.token}/messages/@original`)).body;

    // The token lives 15 minutes; the interaction is forgotten an hour after that, when the next one comes.
    s.emu.control.advanceClock(15 * 60_000 + 3_600_000 + 1000);
    await invoke();
    expect(bytes()).toBe('in the channel'.length);
    const served = await fetch(original.attachments[0].url);
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe('in the channel');
  });
});
