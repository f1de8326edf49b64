// Release gate: the tarball `npm pack` would publish holds a prebuild for every target, each file
// really built for the OS and CPU its folder names (read from its header), and nothing else
// under prebuilds/. Prints each prebuild's size and the tarball's. Exit 1 when anything is off.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { addonFileName, root } from './common.mjs';

export const releaseTargets = ['linux-x64', 'linux-arm64', 'win32-x64', 'darwin-x64', 'darwin-arm64'];
const { binaryTarget } = createRequire(import.meta.url)('../build/locate-addon.cjs');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
const [pack] = JSON.parse(out.slice(out.indexOf('[')));
const files = new Map(pack.files.map((f) => [f.path, f.size]));

const problems = [];
for (const target of releaseTargets) {
  const path = `prebuilds/${target}/${addonFileName}`;
  if (!files.has(path)) {
    problems.push(`${path} is missing (npm run prebuild:all)`);
    continue;
  }
  const [platform, arch] = target.split('-');
  const header = binaryTarget(join(root, path));
  if (!header || !header.platforms.includes(platform) || !header.archs.includes(arch)) {
    problems.push(`${path} is built for ${header ? `${header.format} ${header.archs.join('+')}` : 'nothing recognisable'}`);
    continue;
  }
  console.log(`  ${path.padEnd(40)} ${(files.get(path) / 1024 / 1024).toFixed(2)} MiB (${header.format} ${header.archs.join('+')})`);
}
for (const path of files.keys()) {
  if (path.startsWith('prebuilds/') && !releaseTargets.some((t) => path === `prebuilds/${t}/${addonFileName}`) && !path.endsWith('.gitkeep')) {
    problems.push(`unexpected file in the tarball: ${path}`);
  }
}
console.log(`  tarball ${pack.filename}: ${(pack.size / 1024 / 1024).toFixed(2)} MiB packed, ${(pack.unpackedSize / 1024 / 1024).toFixed(2)} MiB unpacked, ${pack.entryCount} files`);
if (problems.length) {
  for (const problem of problems) console.error(`[sdkpp] ${problem}`);
  process.exit(1);
}
console.log('[sdkpp] the tarball holds every prebuild');
