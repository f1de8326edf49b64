// The emulator's stored-message bound (MAX_STORED_PER_CHANNEL, lib/emulator/domain/
// channel_messages.ts) at its edge, in the two stores that apply it: a guild channel's messages
// and a lobby's. Exactly the bound is all kept; one more lets the oldest go, and only it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_PER_CHANNEL } from '../../lib/emulator/domain/channel_messages';
import { ISO_MEMO_MAX } from '../../lib/emulator/emulator';
import { api, SEED, startTestEmulator, type TestEmulator } from '../emulator/helpers/harness';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator({ ipc: false });
  t.emu.control.setRateLimits(false);
});
afterAll(() => t?.close());

describe(`MAX_STORED_PER_CHANNEL (${MAX_STORED_PER_CHANNEL}) at the bound and one over`, () => {
  it('a guild channel keeps exactly the bound, and the one more message pushes out the oldest', () => {
    const general = (BigInt(SEED.guildId) + 12n).toString();
    const stored = () => t.emu.core.state.textChannelMessages.get(general) ?? [];
    const before = stored().length;
    const ids: string[] = [];
    for (let i = before; i < MAX_STORED_PER_CHANNEL; i++) ids.push(String(t.emu.control.postChannelMessage(SEED.users.nelly, general, `m${i}`).id));
    expect(stored()).toHaveLength(MAX_STORED_PER_CHANNEL);
    const oldest = stored()[0].id;
    const second = stored()[1].id;
    t.emu.control.postChannelMessage(SEED.users.nelly, general, 'one over');
    expect(stored()).toHaveLength(MAX_STORED_PER_CHANNEL);
    expect(stored().some((m) => m.id === oldest)).toBe(false);
    expect(stored()[0].id).toBe(second);
  });

  it('a lobby keeps exactly the bound, and the one more message pushes out the oldest', async () => {
    const auth = `Bearer ${t.token(SEED.users.nelly)}`;
    const lobby = await api(t.emu, 'PUT', '/lobbies', { auth, body: { secret: 'stored-bound' } });
    const stored = () => t.emu.core.state.channelMessages(lobby.body.id);
    let first = '';
    for (let i = 0; i < MAX_STORED_PER_CHANNEL; i++) {
      const posted = await api(t.emu, 'POST', `/lobbies/${lobby.body.id}/messages`, { auth, body: { content: `m${i}` } });
      expect(posted.status).toBe(200);
      if (i === 0) first = posted.body.id;
    }
    expect(stored()).toHaveLength(MAX_STORED_PER_CHANNEL);
    expect(stored()[0].id).toBe(first);
    const second = stored()[1].id;
    await api(t.emu, 'POST', `/lobbies/${lobby.body.id}/messages`, { auth, body: { content: 'one over' } });
    expect(stored()).toHaveLength(MAX_STORED_PER_CHANNEL);
    expect(stored()[0].id).toBe(second);
  }, 60_000);
});

// The memo of formatted times (ISO_MEMO_MAX, lib/emulator/emulator.ts) starts over at its bound:
// what a reader can see is that every time reads right on both sides of the restart — at exactly
// the bound of distinct times, one over, and times memoized before the restart asked again after it.
describe(`ISO_MEMO_MAX (${ISO_MEMO_MAX}) at the bound and one over`, () => {
  it('every time formats as toISOString up to the bound, one over, and again after the memo started over', () => {
    const base = Date.UTC(2031, 0, 1); // times no other test formats
    const check = (ms: number) => expect(t.emu.core.iso(ms), String(ms)).toBe(new Date(ms).toISOString());
    for (let i = 0; i < ISO_MEMO_MAX; i++) check(base + i);
    check(base + ISO_MEMO_MAX); // one over: the memo starts over here or earlier
    for (let i = 0; i < ISO_MEMO_MAX; i += 997) check(base + i); // memoized before, asked again
    check(base + ISO_MEMO_MAX);
    expect(t.emu.core.iso(null)).toBeNull();
  });
});
