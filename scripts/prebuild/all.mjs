// `npm run prebuild:all`: every prebuild this machine can make — linux-x64 natively, linux-arm64
// with Debian's aarch64 cross compiler, win32-x64 with mingw-w64, darwin-x64/arm64 with zig from
// npm — one after the other (each uses every core), then a table of sizes and build times.
// A target that fails does not stop the others; the exit code says whether all succeeded. With
// no target named, it ends with scripts/prebuild/check-pack.mjs (the tarball holds all five).
//   node scripts/prebuild/all.mjs [target...]   (default: all five)
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { prebuildPath, root, secondsSince } from './common.mjs';

// The script that makes each target, and the arguments it takes.
const targets = {
  'linux-x64': ['linux-x64.mjs'],
  'linux-arm64': ['linux-arm64.mjs'],
  'win32-x64': ['win32-x64.mjs'],
  'darwin-x64': ['darwin.mjs', 'x64'],
  'darwin-arm64': ['darwin.mjs', 'arm64'],
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in targets)) {
    console.error(`unknown target "${name}"; known: ${Object.keys(targets).join(', ')}`);
    process.exit(2);
  }
}

const rows = [];
for (const [target, [script, ...args]] of Object.entries(targets)) {
  if (wanted.length && !wanted.includes(target)) continue;
  console.log(`\n[sdkpp] === prebuild ${target} ===`);
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'prebuild', script), ...args], { stdio: 'inherit', cwd: root });
  const seconds = secondsSince(started);
  const file = prebuildPath(target);
  const ok = result.status === 0 && existsSync(file);
  rows.push({ target, ok, seconds, bytes: ok ? statSync(file).size : 0 });
}

console.log('\n[sdkpp] prebuilds:');
for (const { target, ok, seconds, bytes } of rows) {
  const size = ok ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : 'FAILED';
  console.log(`  ${target.padEnd(13)} ${size.padStart(10)}  ${seconds.toFixed(0).padStart(5)} s  ${ok ? prebuildPath(target) : ''}`);
}
const failed = rows.filter((row) => !row.ok).map((row) => row.target);
if (failed.length) {
  console.error(`[sdkpp] failed: ${failed.join(', ')}`);
  process.exit(1);
}
// With every target made, the release gate: what `npm pack` would publish holds all of them.
if (!wanted.length) {
  console.log('\n[sdkpp] npm pack contents:');
  const check = spawnSync(process.execPath, [join(root, 'scripts', 'prebuild', 'check-pack.mjs')], { stdio: 'inherit', cwd: root });
  process.exit(check.status ?? 1);
}
