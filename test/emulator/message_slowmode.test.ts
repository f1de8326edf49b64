// Slowmode (rate_limit_per_user) on sending, with the 2026-02-23 permission split on the
// emulator clock (BYPASS_SLOWMODE from then on, MANAGE_MESSAGES / MANAGE_CHANNELS before), and
// the content-check hook of channel_messages that auto moderation plugs into.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContentAllowed, registerContentCheck } from '../../lib/emulator/domain/channel_messages';
import { ApiError } from '../../lib/emulator/domain/errors';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const GENERAL = at(12);
const MODERATORS = at(1);
const BYPASS_SLOWMODE = 1n << 52n;
const MANAGE_MESSAGES = 1n << 13n;
const SPLIT = Date.UTC(2026, 1, 23);
const { bob, carol, dave } = SEED.users;

let t: TestEmulator | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function post(userId: string, content = 'hi'): { status: number; code?: number; retryAfter?: number } {
  try {
    t!.emu.control.postChannelMessage(userId, GENERAL, content);
    return { status: 200 };
  } catch (error) {
    const e = error as ApiError;
    return { status: e.status, code: e.code, retryAfter: e.extra?.retry_after as number };
  }
}

describe('slowmode (rate_limit_per_user)', () => {
  it('refuses a second message within the interval with 429 / 20016 and retry_after; allows it after, on the emulator clock', async () => {
    t = await startTestEmulator({ startTime: SPLIT + 86_400_000 });
    t.emu.control.setChannelSlowmode(GENERAL, 10);
    expect(post(carol).status).toBe(200);
    const refused = post(carol);
    expect(refused).toMatchObject({ status: 429, code: 20016 });
    expect(refused.retryAfter).toBeGreaterThan(9);
    expect(post(dave).status).toBe(200); // per person
    t.emu.control.advanceClock(9_000);
    expect(post(carol).status).toBe(429);
    t.emu.control.advanceClock(1_000);
    expect(post(carol).status).toBe(200);
    // Over HTTP the control route answers the same 429 body.
    const reply = await fetch(`${t.emu.webBase}/_sdkpp/control/postChannelMessage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: carol, channelId: GENERAL, message: 'again' }) });
    expect(reply.status).toBe(429);
    expect(((await reply.json()) as any).code).toBe(20016);
    const channels = await api(t.emu, 'GET', `/guilds/${SEED.guildId}/channels`, { auth: bot(t.emu) });
    expect(channels.body.find((c: any) => c.id === GENERAL).rate_limit_per_user).toBe(10);
  });

  it('does not apply to bots (public API)', async () => {
    t = await startTestEmulator({ startTime: SPLIT + 86_400_000 });
    t.emu.control.setChannelSlowmode(GENERAL, 60);
    for (let i = 0; i < 3; i++) expect((await api(t.emu, 'POST', `/channels/${GENERAL}/messages`, { auth: bot(t.emu), body: { content: `b${i}` } })).status).toBe(200);
  });

  it('from 2026-02-23: BYPASS_SLOWMODE bypasses it, MANAGE_MESSAGES alone no longer does', async () => {
    t = await startTestEmulator({ startTime: SPLIT });
    t.emu.control.setChannelSlowmode(GENERAL, 30);
    // bob is a Moderator: MANAGE_MESSAGES, MANAGE_CHANNELS and BYPASS_SLOWMODE.
    expect(post(bob).status).toBe(200);
    expect(post(bob).status).toBe(200);
    t.emu.control.setChannelOverwrite(GENERAL, MODERATORS, 0, null, BYPASS_SLOWMODE.toString());
    expect(post(bob).status).toBe(429);
    t.emu.control.setChannelOverwrite(GENERAL, carol, 1, BYPASS_SLOWMODE.toString(), null);
    expect(post(carol).status).toBe(200);
    expect(post(carol).status).toBe(200);
  });

  it('before 2026-02-23: MANAGE_MESSAGES (or MANAGE_CHANNELS) bypasses it, BYPASS_SLOWMODE alone does not', async () => {
    t = await startTestEmulator({ startTime: SPLIT - 86_400_000 });
    t.emu.control.setChannelSlowmode(GENERAL, 30);
    t.emu.control.setChannelOverwrite(GENERAL, carol, 1, BYPASS_SLOWMODE.toString(), null);
    expect(post(carol).status).toBe(200);
    expect(post(carol).status).toBe(429);
    t.emu.control.setChannelOverwrite(GENERAL, dave, 1, MANAGE_MESSAGES.toString(), null);
    expect(post(dave).status).toBe(200);
    expect(post(dave).status).toBe(200);
    // The same channel, the clock past the split: dave's MANAGE_MESSAGES no longer bypasses it.
    t.emu.control.advanceClock(86_400_000);
    expect(post(dave).status).toBe(200);
    expect(post(dave).status).toBe(429);
  });

  it('takes 0..21600 seconds', async () => {
    t = await startTestEmulator();
    expect(() => t!.emu.control.setChannelSlowmode(GENERAL, 21_601)).toThrow(/rate_limit_per_user/);
    expect(() => t!.emu.control.setChannelSlowmode(GENERAL, -1)).toThrow(/rate_limit_per_user/);
    t.emu.control.setChannelSlowmode(GENERAL, 21_600);
    t.emu.control.setChannelSlowmode(GENERAL, 0);
    expect(post(carol).status).toBe(200);
    expect(post(carol).status).toBe(200);
  });
});

// The edges to the millisecond. The emulator clock is real time plus an offset, so these faking
// Date (only Date: timers and sockets stay real) stop it where the test puts it.
describe('slowmode at its edges, on a stopped clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the permission split applies from its very millisecond: MANAGE_MESSAGES bypasses at SPLIT - 1 ms, not at SPLIT', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await startTestEmulator({ startTime: SPLIT - 1 });
    expect(t.emu.control.now()).toBe(SPLIT - 1);
    t.emu.control.setChannelSlowmode(GENERAL, 30);
    t.emu.control.setChannelOverwrite(GENERAL, dave, 1, MANAGE_MESSAGES.toString(), null);
    expect(post(dave).status).toBe(200);
    expect(post(dave).status).toBe(200);
    t.emu.control.advanceClock(1);
    expect(post(dave)).toMatchObject({ status: 429, code: 20016 });
  });

  it('the wait ends at its very millisecond, and retry_after says what is left of it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await startTestEmulator({ startTime: SPLIT + 86_400_000 });
    t.emu.control.setChannelSlowmode(GENERAL, 30);
    expect(post(carol).status).toBe(200);
    t.emu.control.advanceClock(29_999);
    let refused: ApiError | undefined;
    try {
      t.emu.control.postChannelMessage(carol, GENERAL, 'one millisecond early');
    } catch (error) {
      refused = error as ApiError;
    }
    expect(refused?.code).toBe(20016);
    expect(refused?.extra).toEqual({ retry_after: 0.001, global: false });
    expect(refused?.headers['Retry-After']).toBe('1'); // whole seconds, rounded up
    t.emu.control.advanceClock(1);
    expect(post(carol).status).toBe(200);
  });
});

describe('the content check hook (auto moderation plugs in here)', () => {
  it('runs on create and edit before anything is stored; a refusal leaves the message as it was', async () => {
    t = await startTestEmulator();
    const seen: Array<{ content: string; editing: boolean }> = [];
    const remove = registerContentCheck(t.emu.core, (_emu, draft) => {
      seen.push({ content: draft.content, editing: draft.editing !== null });
      if (draft.content.includes('forbidden')) throw new ApiError(400, 200000, 'Message was blocked by automatic moderation');
    });
    const sent = await api(t.emu, 'POST', `/channels/${GENERAL}/messages`, { auth: bot(t.emu), body: { content: 'fine' } });
    expect(sent.status).toBe(200);
    const blocked = await api(t.emu, 'POST', `/channels/${GENERAL}/messages`, { auth: bot(t.emu), body: { content: 'forbidden word' } });
    expect(blocked.status).toBe(400);
    const edit = await api(t.emu, 'PATCH', `/channels/${GENERAL}/messages/${sent.body.id}`, { auth: bot(t.emu), body: { content: 'now forbidden' } });
    expect(edit.status).toBe(400);
    expect((await api(t.emu, 'GET', `/channels/${GENERAL}/messages/${sent.body.id}`, { auth: bot(t.emu) })).body).toMatchObject({ content: 'fine', edited_timestamp: null });
    expect(seen).toEqual([{ content: 'fine', editing: false }, { content: 'forbidden word', editing: false }, { content: 'now forbidden', editing: true }]);
    remove();
    expect(() => checkContentAllowed(t!.emu.core, { channel: { kind: 'dm', id: '1', dm: { id: '1', botUserId: '1', userId: '2' } }, authorId: '1', content: 'forbidden', embeds: [], editing: null })).not.toThrow();
  });
});
