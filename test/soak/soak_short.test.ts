// The soak test with faults, short: `npm run soak -- --minutes 2` (scripts/test/soak.mjs) as
// part of `npm test`. Four SDK clients in their own processes, chat, presence, invites and a
// three-member DAVE call against the emulator while its faults fire; it passes when the soak
// exits 0 (every check of scripts/test/soak.mjs held) and prints its figures.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

describe('soak with faults, 2 minutes', () => {
  it('four clients keep chat, presence, invites and a DAVE call through the emulator\'s faults: nothing lost or twice, tones back within 6 s, resources flat', async () => {
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, [join(root, 'scripts', 'test', 'soak.mjs'), '--minutes', '2'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, text });
      });
    });
    console.log(output.text);
    const result = /SOAK-RESULT (.*)/.exec(output.text);
    expect(result, output.text.slice(-3000)).not.toBeNull();
    const summary = JSON.parse(result![1]) as { faults: number; failures: string[] };
    expect(summary.failures).toEqual([]);
    expect(summary.faults).toBeGreaterThanOrEqual(2);
    expect(output.code).toBe(0);
  }, 6 * 60_000);
});
