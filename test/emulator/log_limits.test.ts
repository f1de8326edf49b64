// The emulator's log is bounded (log_limiter.ts): a line a peer can cause once per frame — here a
// refused voice join, for each op 4 a user sends on the main gateway — is written a few times
// per 10 s, and the rest is one summary line with the count, instead of one line per frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindOf, LogLimiter, type LogClock } from '../../lib/emulator/log_limiter';
import { SEED, start, type Started } from './helpers';
import { closeAll, type GatewayClient } from './helpers/gateway_client';
import { mainSession } from './voice/helpers';

/** A clock the test moves; `after` runs when `advance` passes its time. */
function fakeClock(): LogClock & { advance(ms: number): void } {
  let now = 0;
  let timers: Array<{ at: number; run: () => void }> = [];
  return {
    now: () => now,
    after(ms, run) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
    },
  };
}

describe('LogLimiter', () => {
  it('writes 5 lines of a kind per 10 s, then one summary with the count when the window ends', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const log = new LogLimiter((line) => out.push(line), clock);
    for (let i = 0; i < 1000; i++) log.line(`voice: op 4 from ${1000 + i} for 77${i} refused (forbidden)`);
    log.line('lobby 123 idle for 60 s: deleted');
    expect(out).toHaveLength(6);
    clock.advance(10_000);
    expect(out).toHaveLength(7);
    expect(out[6]).toBe('(995 more like this in 10 s, not shown: voice: op 4 from 1000 for 770 refused (forbidden))');
    // A new window writes again.
    log.line('voice: op 4 from 1 for 2 refused (forbidden)');
    expect(out).toHaveLength(8);
  });

  it('bounds all lines together (100 per window) and the summaries, whatever texts a peer picks', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const log = new LogLimiter((line) => out.push(line), clock);
    for (let i = 0; i < 5000; i++) log.line(`internal error on GET /api/${'x'.repeat(i % 3000)}y: boom`);
    expect(out).toHaveLength(100);
    clock.advance(10_000);
    expect(out.length).toBeLessThanOrEqual(100 + 21);
    const counted = out.slice(100).reduce((sum, line) => sum + Number(/^\((\d+) more/.exec(line)![1]), 0);
    expect(counted).toBe(4900);
  });

  // MAX_KINDS (1000) kinds are tracked per window; past it a new kind counts against the total only.
  // What a reader sees is the same at the bound and past it: 100 lines written, at most 20 kind
  // summaries and one common line, and every line left out counted once.
  for (const kinds of [1000, 1001, 5000]) {
    it(`${kinds} kinds in one window: 100 lines, at most 21 summaries, every other line counted once`, () => {
      const out: string[] = [];
      const clock = fakeClock();
      const log = new LogLimiter((line) => out.push(line), clock);
      // Kinds differ by a word without digits (digits would make them one kind).
      const word = (i: number) => i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
      for (let i = 0; i < kinds; i++) log.line(`lobby ${word(i)} refused`);
      log.line(`lobby ${word(0)} refused`); // a tracked kind again
      log.line(`lobby ${word(kinds - 1)} refused`); // the last kind again: past the bound, untracked
      expect(out).toHaveLength(100);
      clock.advance(10_000);
      const summaries = out.slice(100);
      expect(summaries.length).toBeLessThanOrEqual(21);
      const counted = summaries.reduce((sum, line) => sum + Number(/^\((\d+) more/.exec(line)![1]), 0);
      expect(counted).toBe(kinds + 2 - 100);
      // A new window writes again.
      log.line('lobby again refused');
      expect(out.at(-1)).toBe('lobby again refused');
    });
  }

  it('kinds ignore ids, counts and ports: words with digits; a long line costs linear time', () => {
    const started = performance.now();
    for (let i = 0; i < 200; i++) kindOf(`internal error on GET /${'x'.repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(500);
    expect(kindOf('interactions endpoint http://127.0.0.1:4001 of application 135: no answer (ECONNREFUSED)')).toBe(kindOf('interactions endpoint http://127.0.0.1:5999 of application 999: no answer (ECONNREFUSED)'));
    expect(kindOf('a b')).not.toBe(kindOf('a c'));
  });
});

describe('a peer that repeats a frame the emulator logs', () => {
  let s: Started;
  const clients: GatewayClient[] = [];
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    closeAll(clients);
    await s.emu.close();
  });

  it('100 refused op 4 on the main gateway are 5 log lines and, at the end of the window (or the close), one summary of the other 95', async () => {
    const { gateway } = await mainSession(s.emu, SEED.users.bob);
    clients.push(gateway);
    const refusedLines = () => s.logs.filter((line) => /^voice: op 4 from .* refused/.test(line));
    for (let i = 0; i < 100; i++) gateway.send({ op: 4, d: { guild_id: null, channel_id: '1234567890123456789', self_mute: false, self_deaf: false } });
    // Each is answered (VOICE_STATE_UPDATE, error "forbidden"); wait for the last.
    const deadline = Date.now() + 3000;
    while (gateway.dispatches('VOICE_STATE_UPDATE').length < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(gateway.dispatches('VOICE_STATE_UPDATE')).toHaveLength(100);
    expect(refusedLines()).toHaveLength(5);
    await s.emu.close();
    expect(s.logs.filter((line) => line.startsWith('(95 more like this in 10 s, not shown: voice: op 4 from'))).toHaveLength(1);
  });
});
