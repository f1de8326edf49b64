// The npm tarball as users get it, for the tests that install it into an empty folder: packed
// from this checkout (dist/ as `npm test` built it), unpacked to be edited, repacked.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../lib/sdk/binding';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm pack` of this checkout, and an empty app folder; both folders go on `cleanup`. */
export function packedTarball(cleanup: string[]): { tarball: string; appDir: string } {
  const packDir = mkdtempSync(join(tmpdir(), 'sdkpp-pack-'));
  const appDir = mkdtempSync(join(tmpdir(), 'sdkpp-app-'));
  cleanup.push(packDir, appDir);
  // dist/ is already built by `npm test`; --ignore-scripts keeps this test from rebuilding it.
  const packed = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
    cwd: packageRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = join(packDir, JSON.parse(packed.slice(packed.indexOf('[')))[0].filename);
  writeFileSync(join(appDir, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
  return { tarball, appDir };
}

export function unpackedTarball(cleanup: string[]): { packageDir: string; appDir: string; tarball: string } {
  const { tarball, appDir } = packedTarball(cleanup);
  const unpackDir = mkdtempSync(join(tmpdir(), 'sdkpp-unpack-'));
  cleanup.push(unpackDir);
  execFileSync('tar', ['-xzf', tarball, '-C', unpackDir]);
  return { packageDir: join(unpackDir, 'package'), appDir, tarball };
}

export function repack(packageDir: string): string {
  const out = join(packageDir, '..', 'sdkpp-repacked.tgz');
  execFileSync('tar', ['-czf', out, '-C', join(packageDir, '..'), 'package']);
  return out;
}

/**
 * The tarball of this checkout with the addon this checkout built as this platform's prebuild:
 * what a release ships, so installing it compiles nothing.
 */
export function tarballWithThisPrebuild(cleanup: string[]): { tarball: string; appDir: string } {
  const { packageDir, appDir } = unpackedTarball(cleanup);
  const prebuildDir = join(packageDir, 'prebuilds', `${process.platform}-${process.arch}`);
  mkdirSync(prebuildDir, { recursive: true });
  copyFileSync(join(packageRoot, 'build', 'Release', 'sdkpp.node'), join(prebuildDir, 'sdkpp.napi.node'));
  return { tarball: repack(packageDir), appDir };
}

export function npmInstall(appDir: string, tarball: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [npmCli(), 'install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: appDir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

function npmCli(): string {
  const npmBin = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  const cli = join(dirname(realpathSync(npmBin)), 'npm-cli.js');
  if (!existsSync(cli)) throw new Error(`npm-cli.js not found next to ${npmBin}`);
  return cli;
}
