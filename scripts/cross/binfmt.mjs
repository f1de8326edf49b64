// Makes the kernel run aarch64 executables through qemu-user (binfmt_misc), so that an arm64 Node
// started by hand and every process it spawns (vitest's workers, the tests' `process.execPath`
// children, npm's install scripts) all run as arm64. Needs root: mounts binfmt_misc when it is
// not mounted and registers Debian's qemu-aarch64 entry (the one systemd-binfmt would load at
// boot, from qemu-user-static's /usr/lib/binfmt.d/qemu-aarch64.conf).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { run } from '../prebuild/common.mjs';

const binfmtDir = '/proc/sys/fs/binfmt_misc';

function entryLine(name) {
  const conf = `/usr/lib/binfmt.d/${name}.conf`;
  if (!existsSync(conf)) throw new Error(`${conf} is missing (Debian package qemu-user-static)`);
  const line = readFileSync(conf, 'utf8').split('\n').find((l) => l.startsWith(`:${name}:`));
  if (!line) throw new Error(`${conf} has no :${name}: entry`);
  return line.trim();
}

/** Registers (or re-enables) the binfmt entry `name`, e.g. qemu-aarch64. */
export function ensureBinfmt(name) {
  if (!existsSync(`${binfmtDir}/register`)) {
    if (process.getuid?.() !== 0) throw new Error(`${binfmtDir} is not mounted; mount it as root: mount -t binfmt_misc binfmt_misc ${binfmtDir}`);
    console.log(`[sdkpp] mounting binfmt_misc on ${binfmtDir}`);
    run('mount', ['-t', 'binfmt_misc', 'binfmt_misc', binfmtDir]);
  }
  if (readFileSync(`${binfmtDir}/status`, 'utf8').trim() !== 'enabled') writeFileSync(`${binfmtDir}/status`, '1');
  const entry = `${binfmtDir}/${name}`;
  if (!existsSync(entry)) {
    console.log(`[sdkpp] registering binfmt entry ${name}`);
    writeFileSync(`${binfmtDir}/register`, entryLine(name));
  }
  const state = readFileSync(entry, 'utf8');
  if (!state.startsWith('enabled')) writeFileSync(entry, '1');
  const interpreter = state.match(/^interpreter (.+)$/m)?.[1];
  if (interpreter && !existsSync(interpreter)) throw new Error(`binfmt entry ${name} points at ${interpreter}, which is missing`);
  return { entry, interpreter };
}
