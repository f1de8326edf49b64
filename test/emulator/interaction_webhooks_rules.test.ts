// The interaction's webhook (lib/emulator/domain/interaction_webhooks.ts), each rule at its
// edge: the token's 15 minutes to the millisecond, a token under another application's id, and
// a poll added to a deferred response only through "@original".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { SEED, start, type Started } from './helpers';

let s: Started;
let botClient: GatewayClient;
const APP = SEED.applicationId;
const { nelly } = SEED.users;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const LIFETIME_MS = 15 * 60 * 1000;
const POLL = { question: { text: 'Best?' }, answers: [{ poll_media: { text: 'A' } }, { poll_media: { text: 'B' } }], duration: 2 };

const hook = (i: { token: string }, rest = '', app: string = APP) => `/webhooks/${app}/${i.token}${rest}`;
const callback = (i: { id: string; token: string }, body: unknown) => s.api.post(`/interactions/${i.id}/${i.token}/callback`, body);

async function invoke(): Promise<any> {
  const from = botClient.mark();
  const { id } = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
  return (await botClient.waitFor(dispatchOf('INTERACTION_CREATE', (d) => d.id === id), { from })).d;
}

beforeAll(async () => {
  s = await start();
  s.emu.control.setRateLimits(false);
  botClient = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await botClient.identifyBot(s.emu.application.botToken, 0);
  expect((await s.api.post(`/applications/${APP}/commands`, { name: 'ping', description: 'ping' }, s.api.bot)).status).toBe(201);
});

afterAll(async () => {
  botClient?.close();
  await s.emu.close();
});

describe("the interaction's webhook", () => {
  it('the token lives 15 minutes to the millisecond: its last millisecond works, the next is 50027', async () => {
    // Date frozen: the emulator clock moves only by advanceClock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const i = await invoke();
      expect((await callback(i, { type: 4, data: { content: 'x' } })).status).toBe(204);
      s.emu.control.advanceClock(LIFETIME_MS - 1);
      expect((await s.api.get(hook(i, '/messages/@original'))).status).toBe(200);
      s.emu.control.advanceClock(1);
      const late = await s.api.get(hook(i, '/messages/@original'));
      expect([late.status, late.body.code]).toEqual([401, 50027]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a token under another application's id is not that application's: 50027", async () => {
    const i = await invoke();
    expect((await callback(i, { type: 4, data: { content: 'x' } })).status).toBe(204);
    const other = await s.api.get(hook(i, '/messages/@original', SEED.childApplicationId));
    expect([other.status, other.body.code]).toEqual([401, 50027]);
    expect((await s.api.get(hook(i, '/messages/@original'))).status).toBe(200);
  });

  it('a poll is added to a deferred response through "@original" only, not by the same message\'s id', async () => {
    const i = await invoke();
    expect((await callback(i, { type: 5 })).status).toBe(204);
    const loading = (await s.api.get(hook(i, '/messages/@original'))).body;
    const byId = await s.api.patch(hook(i, `/messages/${loading.id}`), { content: 'vote', poll: POLL });
    expect(byId.status).toBe(400);
    expect(byId.body.errors.poll._errors[0].code).toBe('POLL_NOT_EDITABLE');
    const byOriginal = await s.api.patch(hook(i, '/messages/@original'), { content: 'vote', poll: POLL });
    expect(byOriginal.status, byOriginal.text).toBe(200);
    expect(byOriginal.body.poll.question.text).toBe('Best?');
  });
});
