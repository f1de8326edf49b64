// lib/limits.generated.ts is the TypeScript copy of native/core/include/sdkpp/limits.h (the
// emulator and the Node host read it): a limit changed in the header without regenerating the
// copy would give the core and the TS side two different rules. The generator's --check compares
// the committed file with what the header makes now and exits 1 when they differ.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

it('lib/limits.generated.ts is what scripts/build/gen-limits.mjs makes from limits.h now', () => {
  const check = spawnSync(process.execPath, [join(root, 'scripts', 'build', 'gen-limits.mjs'), '--check'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(check.error).toBeUndefined();
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});
