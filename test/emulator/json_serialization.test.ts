// How responses are serialized: 64-bit values that reach the writer as bigint still go out as
// decimal strings (the fast path must not lose that), and message timestamps are the ISO form of
// the emulator clock at send time, request after request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../lib/emulator/json';
import { HOUR, SEED, bearer, start, type Started } from './helpers';

describe('toJson', () => {
  it('writes bigints as decimal strings, anywhere in the body', () => {
    const body = { permissions: (1n << 52n) | (1n << 48n), nested: [{ allow: 1n << 43n }], plain: 'x' };
    expect(toJson(body)).toBe('{"permissions":"4785074604081152","nested":[{"allow":"8796093022208"}],"plain":"x"}');
  });

  it('writes a body without bigints exactly as JSON.stringify does', () => {
    const body = { id: '1', n: 2, list: [null, true, 'é'], nested: { a: undefined, b: 'c' } };
    expect(toJson(body)).toBe(JSON.stringify(body));
  });
});

describe('message timestamps on the wire', () => {
  let started: Started;

  beforeAll(async () => {
    started = await start({ startTime: Date.UTC(2026, 0, 2, 3, 4, 5, 678) });
  });

  afterAll(async () => {
    await started.emu.close();
  });

  it('are the emulator time of sending, in ISO form, the same on every read', async () => {
    const token = started.api.token(SEED.users.dave);
    const lobby = (await started.api.put('/lobbies', { secret: 'iso-times', idle_timeout_seconds: 604800 }, bearer(token))).body;
    const first = await started.api.post(`/lobbies/${lobby.id}/messages`, { content: 'one' }, bearer(token));
    const firstAt = started.emu.control.now();
    started.emu.control.advanceClock(5 * HOUR);
    const second = await started.api.post(`/lobbies/${lobby.id}/messages`, { content: 'two' }, bearer(token));

    const t1 = Date.parse(first.body.timestamp);
    expect(first.body.timestamp).toBe(new Date(t1).toISOString());
    expect(Math.abs(t1 - firstAt)).toBeLessThan(1000);
    expect(Date.parse(second.body.timestamp) - t1).toBeGreaterThanOrEqual(5 * HOUR);
    expect(first.body.edited_timestamp).toBeNull();

    for (let i = 0; i < 3; i++) {
      const page = await started.api.get(`/lobbies/${lobby.id}/messages?limit=200`, bearer(token));
      expect(page.body.map((m: { timestamp: string }) => m.timestamp)).toEqual([second.body.timestamp, first.body.timestamp]);
    }
  });
});
