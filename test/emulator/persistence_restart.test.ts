// A restart from `dataFile` carries on where the emulator stopped: the clock resumes at the saved
// emulator time (so advanced time is not undone: expiries keep counting, new snowflakes sort
// after old ones) and lobby idle timeouts are scheduled again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, SEED, bearer, start, type Started } from './helpers';

const DAY = 24 * HOUR;

let dir: string;
let running: Started[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-emu-restart-'));
});

afterEach(async () => {
  for (const started of running) await started.emu.close();
  running = [];
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function startWith(dataFile: string): Promise<Started> {
  const started = await start({ dataFile });
  running.push(started);
  return started;
}

async function stop(started: Started): Promise<void> {
  await started.emu.close();
  running = running.filter((s) => s !== started);
}

describe('restart from the data file', () => {
  it('resumes the emulator clock at the saved time, so a token that had 1 day left expires 1 day later', async () => {
    const dataFile = join(dir, 'clock.json');
    const first = await startWith(dataFile);
    const token = first.api.token(SEED.users.nelly);
    first.emu.control.advanceClock(6 * DAY);
    const savedNow = first.emu.control.now();
    await stop(first);

    const second = await startWith(dataFile);
    expect(second.emu.control.now()).toBeGreaterThanOrEqual(savedNow);
    expect((await second.api.get('/users/@me', bearer(token))).status).toBe(200);
    second.emu.control.advanceClock(DAY + HOUR);
    expect((await second.api.get('/users/@me', bearer(token))).status).toBe(401);
  });

  /** A lobby made 30 days ahead of real time, saved to `dataFile`; then the restarted emulator's new lobby. */
  async function lobbyIdsAcrossRestart(dataFile: string, restart: () => Promise<Started>): Promise<{ old: bigint; fresh: bigint }> {
    const first = await startWith(dataFile);
    first.emu.control.advanceClock(30 * DAY);
    const old = await first.api.post('/lobbies', { idle_timeout_seconds: 604800 }, first.api.bot);
    expect(old.status).toBe(200);
    await stop(first);
    const second = await restart();
    const fresh = await second.api.post('/lobbies', {}, second.api.bot);
    expect(fresh.status).toBe(200);
    return { old: BigInt(old.body.id), fresh: BigInt(fresh.body.id) };
  }

  it('keeps snowflakes ordered across the restart: a new lobby sorts after one made in advanced time', async () => {
    const dataFile = join(dir, 'ids.json');
    const { old, fresh } = await lobbyIdsAcrossRestart(dataFile, () => startWith(dataFile));
    expect(fresh).toBeGreaterThan(old);
  });

  it('keeps snowflakes ordered when restarted on an earlier clock (startTime before the saved time)', async () => {
    const dataFile = join(dir, 'ids-earlier.json');
    const { old, fresh } = await lobbyIdsAcrossRestart(dataFile, async () => {
      const second = await start({ dataFile, startTime: Date.now() });
      running.push(second);
      return second;
    });
    // An `after=` cursor at the old id must not skip what is made now.
    expect(fresh).toBeGreaterThan(old);
  });

  it('schedules idle timeouts again: a restored lobby is deleted once idle for its timeout', async () => {
    const dataFile = join(dir, 'idle.json');
    const first = await startWith(dataFile);
    const lobby = await first.api.post('/lobbies', { idle_timeout_seconds: 60 }, first.api.bot);
    expect(lobby.status).toBe(200);
    await stop(first);

    const second = await startWith(dataFile);
    expect((await second.api.get(`/lobbies/${lobby.body.id}`, second.api.bot)).status).toBe(200);
    second.emu.control.advanceClock(61_000);
    const gone = await second.api.get(`/lobbies/${lobby.body.id}`, second.api.bot);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(10031);
  });
});
