// `--data FILE` holds live tokens and client secrets (issue 11, item 12): the emulator writes it
// readable and writable by its owner only, whatever the umask.
import { mkdtempSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './helpers';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-emu-mode-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform !== 'win32')('--data FILE permissions', () => {
  it('is written 0600, also over an existing file that was 0644', async () => {
    const previous = process.umask(0o022);
    try {
      const dataFile = join(dir, 'state.json');
      const first = await start({ dataFile });
      await first.api.createUser('mode_user');
      await first.emu.close();
      expect(statSync(dataFile).mode & 0o777).toBe(0o600);

      chmodSync(dataFile, 0o644);
      writeFileSync(`${dataFile}.${process.pid}.tmp`, 'stale');
      chmodSync(`${dataFile}.${process.pid}.tmp`, 0o644);
      const second = await start({ dataFile });
      await second.api.createUser('mode_user_2');
      await second.emu.close();
      expect(statSync(dataFile).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
