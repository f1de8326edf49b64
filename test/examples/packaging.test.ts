// The examples are projects of their own: npm test runs them (vitest's include), but the
// published package does not ship them and the library's build does not compile them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

it('npm pack ships nothing of examples/', () => {
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  const packed = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const files = (JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path);
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((path) => path.startsWith('examples/'))).toEqual([]);
}, 60_000);

it('the library build (tsconfig.json) compiles lib/ only, not the examples', () => {
  const config = JSON.parse(readFileSync(join(packageRoot, 'tsconfig.json'), 'utf8')) as { include: string[]; compilerOptions: { rootDir: string } };
  expect(config.compilerOptions.rootDir).toBe('lib');
  expect(config.include.every((pattern) => pattern.startsWith('lib/'))).toBe(true);
});
