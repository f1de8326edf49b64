// A 429 from a lobby write bucket carries the headers docs/protocols/http.md lists for it —
// X-RateLimit-Scope and Retry-After; X-RateLimit-Global only on a global limit, which a bucket's
// 429 is not — next to the body's retry_after and global, and the bucket reopens after
// retry_after seconds of emulator time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, bearer, start, type Started } from './helpers';

let started: Started;

beforeAll(async () => {
  started = await start();
});

afterAll(async () => {
  await started.emu.close();
});

describe('429 on the lobby message bucket', () => {
  it('answers with scope, global and Retry-After headers, and reopens after retry_after', async () => {
    const token = started.api.token(SEED.users.carol);
    const lobby = await started.api.put('/lobbies', { secret: 'bucket-headers' }, bearer(token));
    expect(lobby.status).toBe(200);
    const send = () => started.api.post(`/lobbies/${lobby.body.id}/messages`, { content: 'm' }, bearer(token));

    let limited;
    for (let i = 0; i < 50 && !limited; i++) {
      const reply = await send();
      if (reply.status === 429) limited = reply;
      else expect(reply.status).toBe(200);
    }
    expect(limited).toBeDefined();
    const headers = limited!.headers;
    expect(headers.get('x-ratelimit-scope')).toBe('user');
    // Absent (not "false"): clients read its presence as a global limit (discordjs_bot.test.ts).
    expect(headers.get('x-ratelimit-global')).toBeNull();
    expect(headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited!.body).toMatchObject({ global: false });
    expect(limited!.body.retry_after).toBeGreaterThan(0);

    started.emu.control.advanceClock(Math.ceil(limited!.body.retry_after * 1000));
    expect((await send()).status).toBe(200);
  });
});
