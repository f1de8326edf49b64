// The voice session's replay buffer (docs/protocols/voice-gateway.md, §8): at most 500 messages or 60 s, u16
// sequence numbers that wrap and skip 0, replay after seq_ack located by position, a gap → null.
import { describe, expect, it } from 'vitest';
import { REPLAY_MAX_AGE_MS, REPLAY_MAX_MESSAGES } from '../../../lib/emulator/voice/protocol';
import { ReplayBuffer } from '../../../lib/emulator/voice/replay_buffer';

const seqs = (texts: Array<string | Buffer> | null) => texts?.map((t) => (typeof t === 'string' ? JSON.parse(t).seq : t.readUInt16BE(0)));

describe('ReplayBuffer', () => {
  it('replays everything after seq_ack, nothing for the last one, all for -1', () => {
    const buffer = new ReplayBuffer(() => 0);
    for (let i = 0; i < 3; i++) buffer.push({ op: 5, d: i });
    expect(seqs(buffer.after(1))).toEqual([2, 3]);
    expect(buffer.after(3)).toEqual([]);
    expect(seqs(buffer.after(-1))).toEqual([1, 2, 3]);
    expect(buffer.after(7)).toBeNull();
  });

  it('numbers binary (DAVE) messages in the same sequence: u16 seq ‖ u8 op ‖ payload', () => {
    const buffer = new ReplayBuffer(() => 0);
    buffer.push({ op: 5, d: 0 });
    const frame = buffer.pushBinary(27, Buffer.from([0, 1, 2]));
    expect(frame).toEqual(Buffer.from([0, 2, 27, 0, 1, 2]));
    buffer.push({ op: 5, d: 1 });
    expect(buffer.after(1)).toEqual([frame, expect.any(String)]);
    expect(seqs(buffer.after(1))).toEqual([2, 3]);
  });

  it('drops acknowledged messages but still replays after the acknowledged one', () => {
    const buffer = new ReplayBuffer(() => 0);
    for (let i = 0; i < 4; i++) buffer.push({ op: 5, d: i });
    buffer.acknowledge(2);
    expect(seqs(buffer.after(2))).toEqual([3, 4]);
    expect(buffer.after(1)).toBeNull();
  });

  it(`keeps at most ${REPLAY_MAX_MESSAGES} messages: an older seq_ack is a gap`, () => {
    const buffer = new ReplayBuffer(() => 0);
    for (let i = 0; i < REPLAY_MAX_MESSAGES + 10; i++) buffer.push({ op: 5, d: i });
    expect(buffer.after(5)).toBeNull();
    expect(buffer.after(10)).toHaveLength(REPLAY_MAX_MESSAGES);
    expect(buffer.after(-1)).toBeNull();
  });

  it(`forgets messages older than ${REPLAY_MAX_AGE_MS} ms (emulator time)`, () => {
    let now = 0;
    const buffer = new ReplayBuffer(() => now);
    buffer.push({ op: 11, d: 'old' });
    now = 30_000;
    buffer.push({ op: 11, d: 'newer' });
    now = REPLAY_MAX_AGE_MS + 1;
    expect(buffer.after(-1)).toBeNull();
    expect(seqs(buffer.after(1))).toEqual([2]);
  });

  it('wraps after 65535 to 1, never 0 (@discordjs/voice ignores a falsy seq)', () => {
    const buffer = new ReplayBuffer(() => 0);
    for (let i = 0; i < 65535; i++) buffer.push({ op: 5, d: null });
    expect(buffer.lastSeq).toBe(65535);
    expect(JSON.parse(buffer.push({ op: 5, d: null })).seq).toBe(1);
    expect(seqs(buffer.after(65534))).toEqual([65535, 1]);
  });
});
