// `dataFile` that cannot be written. At start: a folder that does not exist (or is a file) stops
// the start with one clear error, where the emulator used to start and die at the first change.
// Later (a full disk, the folder removed or replaced): the emulator keeps serving with its state
// in memory, logs the cause once, reports it in control.dataFileStatus(), and writes again — all
// of it, changes made meanwhile included — once the cause is gone (at the next change, or on its
// own a few seconds later).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Started } from './helpers';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-emu-datafail-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('at start', () => {
  it('a data file in a folder that does not exist stops the start with an error naming it', async () => {
    const dataFile = join(dir, 'missing', 'state.json');
    await expect(start({ dataFile })).rejects.toThrow(`cannot keep the emulator state in ${dataFile}: the folder ${join(dir, 'missing')} does not exist`);
  });

  it('a data file whose folder is a file stops the start too', async () => {
    writeFileSync(join(dir, 'plain-file'), 'x');
    const dataFile = join(dir, 'plain-file', 'state.json');
    await expect(start({ dataFile })).rejects.toThrow(/cannot keep the emulator state in .*: .*plain-file is not a folder/);
  });
});

describe('a write that fails later', () => {
  let s: Started;
  let folder: string;
  let dataFile: string;

  beforeAll(async () => {
    folder = join(mkdtempSync(join(dir, 'later-')), 'data');
    mkdirSync(folder);
    dataFile = join(folder, 'state.json');
    s = await start({ dataFile });
  });
  afterAll(async () => {
    await s.emu.close().catch(() => undefined);
  });

  const failureLines = () => s.logs.filter((line) => line.startsWith('data file: cannot write'));

  it('keeps serving with the state in memory, logs the cause once and reports it; writes all again once the cause is gone', async () => {
    expect((await s.api.control('createUser', { username: 'before_failure' })).status).toBe(200);
    // The folder is replaced by a plain file: every write fails (ENOTDIR), whoever runs the test.
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'in the way');

    const during = await s.api.control('createUser', { username: 'during_failure' });
    expect(during.status).toBe(200);
    const status = s.emu.control.dataFileStatus();
    expect(status.failure).toMatchObject({ attempts: 1 });
    expect(status.failure!.message).toMatch(/not a folder|does not exist/);
    expect((await s.api.control('createUser', { username: 'during_failure_2' })).status).toBe(200);
    expect(s.emu.control.dataFileStatus().failure!.attempts).toBeGreaterThanOrEqual(2);
    expect(failureLines()).toHaveLength(1);
    expect(failureLines()[0]).toContain(dataFile);
    // Over HTTP too, and the rest of the emulator does not notice.
    const reported = await s.api.control('dataFileStatus');
    expect(reported.body.failure.message).toBe(s.emu.control.dataFileStatus().failure!.message);
    expect((await s.api.get('/users/@me', s.api.bot)).status).toBe(200);

    // The cause is gone: the next change writes everything, the changes made meanwhile too.
    rmSync(folder);
    mkdirSync(folder);
    expect((await s.api.control('createUser', { username: 'after_recovery' })).status).toBe(200);
    expect(s.emu.control.dataFileStatus().failure).toBeNull();
    expect(s.logs.some((line) => line.startsWith(`data file: ${dataFile} written again after`))).toBe(true);
    const saved = readFileSync(dataFile, 'utf8');
    for (const name of ['before_failure', 'during_failure', 'during_failure_2', 'after_recovery']) expect(saved).toContain(name);
  });

  it('retries on its own: with no change after the cause is gone, the state is written within seconds', async () => {
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'in the way again');
    s.emu.control.createUser({ username: 'unsaved_for_now' });
    await until(() => s.emu.control.dataFileStatus().failure !== null, 2000, 'the failure seen');
    rmSync(folder);
    mkdirSync(folder);
    await until(() => s.emu.control.dataFileStatus().failure === null, 5000, 'written again by the retry');
    expect(readFileSync(dataFile, 'utf8')).toContain('unsaved_for_now');
  });

  it('close() reports a last write that fails with one error naming the file', async () => {
    const other = join(mkdtempSync(join(dir, 'close-')), 'data');
    mkdirSync(other);
    const running = await start({ dataFile: join(other, 'state.json') });
    running.emu.control.createUser({ username: 'kept_before_close' });
    await running.emu.core.persistence.saved();
    rmSync(other, { recursive: true });
    writeFileSync(other, 'in the way');
    running.emu.control.createUser({ username: 'lost_at_close' });
    await expect(running.emu.close()).rejects.toThrow(/cannot write the emulator state to .*state\.json: .*not saved/);
  });
});
