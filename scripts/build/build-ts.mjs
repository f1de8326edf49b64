// Compiles lib/ to dist/ (CommonJS + .d.ts). Node's ESM loader reads the named exports of these
// CommonJS files directly, so `import { Client } from 'sdkpp'` and `require('sdkpp')` share one
// module instance (no dual-package hazard).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');

// dist/ is not wiped first: test files running in parallel may be reading it.
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], {
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);

const cli = join(root, 'dist', 'emulator', 'cli.js');
if (existsSync(cli)) chmodSync(cli, 0o755);

// sdkpp/activity runs in the browser: besides its CommonJS build (above, for require and old
// bundlers), an ES module build, dist/activity/index.mjs with its index.d.mts. It is one file with
// no import, so a transpile of it is the whole module.
{
  const ts = require('typescript');
  const { readFileSync, writeFileSync, copyFileSync } = await import('node:fs');
  const source = readFileSync(join(root, 'lib', 'activity', 'index.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
  writeFileSync(join(root, 'dist', 'activity', 'index.mjs'), outputText);
  copyFileSync(join(root, 'dist', 'activity', 'index.d.ts'), join(root, 'dist', 'activity', 'index.d.mts'));
}
