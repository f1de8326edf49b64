// Which addon file loads (scripts/build/locate-addon.cjs): a build/ left by another architecture
// must never hide the prebuild of this one — neither when the package loads nor when its install
// script decides whether to compile.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodeGypBuild from 'node-gyp-build';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

interface BinaryTarget {
  format: string;
  platforms: string[];
  archs: string[];
}
interface Located {
  file: string;
  source: 'build' | 'prebuild';
  skipped: string[];
}
const locator = createRequire(join(packageRoot, 'package.json'))('./scripts/build/locate-addon.cjs') as {
  binaryTarget(file: string): BinaryTarget | null;
  locateAddon(root: string, options?: { env?: NodeJS.ProcessEnv; platform?: string; arch?: string }): Located;
};

const builtAddon = join(packageRoot, 'build', 'Release', 'sdkpp.node');
const tuple = `${process.platform}-${process.arch}`;
const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** 4 KiB shaped like the header of a shared library of another format or CPU. */
function fakeBinary(kind: 'elf-arm64' | 'elf-x64' | 'pe-x64' | 'pe-arm64' | 'macho-arm64' | 'macho-universal'): Buffer {
  const b = Buffer.alloc(4096);
  if (kind.startsWith('elf')) {
    b.writeUInt32BE(0x7f454c46, 0);
    b[4] = 2; // 64-bit
    b[5] = 1; // little endian
    b.writeUInt16LE(3, 16); // ET_DYN
    b.writeUInt16LE(kind === 'elf-arm64' ? 183 : 62, 18);
  } else if (kind.startsWith('pe')) {
    b.writeUInt16LE(0x5a4d, 0);
    b.writeUInt32LE(0x80, 0x3c);
    b.writeUInt32BE(0x50450000, 0x80);
    b.writeUInt16LE(kind === 'pe-x64' ? 0x8664 : 0xaa64, 0x84);
  } else if (kind === 'macho-arm64') {
    b.writeUInt32LE(0xfeedfacf, 0);
    b.writeUInt32LE(0x0100000c, 4);
  } else {
    b.writeUInt32BE(0xcafebabe, 0);
    b.writeUInt32BE(2, 4);
    b.writeUInt32BE(0x01000007, 8);
    b.writeUInt32BE(0x0100000c, 28);
  }
  return b;
}

/** A binary this process cannot load: the same format for the other CPU (or another OS). */
function foreignBinary(): Buffer {
  if (process.platform === 'linux') return fakeBinary(process.arch === 'arm64' ? 'elf-x64' : 'elf-arm64');
  if (process.platform === 'win32') return fakeBinary(process.arch === 'arm64' ? 'pe-x64' : 'pe-arm64');
  return fakeBinary('elf-x64');
}

/** A package folder: the real addon as this platform's prebuild, a foreign build/Release, and the two scripts. */
function packageWithStaleBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sdkpp-locator-'));
  cleanup.push(dir);
  mkdirSync(join(dir, 'build', 'Release'), { recursive: true });
  writeFileSync(join(dir, 'build', 'Release', 'sdkpp.node'), foreignBinary());
  mkdirSync(join(dir, 'prebuilds', tuple), { recursive: true });
  copyFileSync(builtAddon, join(dir, 'prebuilds', tuple, 'sdkpp.napi.node'));
  mkdirSync(join(dir, 'scripts', 'build'), { recursive: true });
  for (const script of ['locate-addon.cjs', 'install.cjs']) {
    copyFileSync(join(packageRoot, 'scripts', 'build', script), join(dir, 'scripts', 'build', script));
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'sdkpp', version: '0.0.0' }));
  symlinkSync(join(packageRoot, 'node_modules'), join(dir, 'node_modules'), 'junction');
  return dir;
}

describe('addon locator', () => {
  it('reads the OS and CPU of ELF, PE and Mach-O headers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-headers-'));
    cleanup.push(dir);
    const kinds = ['elf-arm64', 'elf-x64', 'pe-x64', 'pe-arm64', 'macho-arm64', 'macho-universal'] as const;
    const seen = kinds.map((kind) => {
      const file = join(dir, `${kind}.node`);
      writeFileSync(file, fakeBinary(kind));
      const target = locator.binaryTarget(file);
      return `${target?.format} ${target?.platforms.includes('linux') ? 'linux' : target?.platforms.join()} ${target?.archs.join('+')}`;
    });
    expect(seen).toEqual([
      'ELF linux arm64',
      'ELF linux x64',
      'PE win32 x64',
      'PE win32 arm64',
      'Mach-O darwin arm64',
      'Mach-O universal darwin x64+arm64',
    ]);
    writeFileSync(join(dir, 'text.node'), 'not a library'.repeat(10));
    expect(locator.binaryTarget(join(dir, 'text.node'))).toBeNull();
  });

  it('the addon this checkout built is recognised as this platform', () => {
    const target = locator.binaryTarget(builtAddon);
    expect(target?.archs).toEqual([process.arch]);
    expect(target?.platforms).toContain(process.platform);
  });

  it('a build/ of another architecture is skipped for the prebuild, with the reason kept', () => {
    const dir = packageWithStaleBuild();
    // What node-gyp-build alone does: it takes any build/Release/*.node.
    expect(nodeGypBuild.resolve(dir)).toBe(join(dir, 'build', 'Release', 'sdkpp.node'));
    const located = locator.locateAddon(dir, { env: {} });
    expect(located.file).toBe(join(dir, 'prebuilds', tuple, 'sdkpp.napi.node'));
    expect(located.source).toBe('prebuild');
    expect(located.skipped).toHaveLength(1);
    expect(located.skipped[0]).toMatch(/build\/Release\/sdkpp\.node is built for ELF (arm64|x64); this process is/);
  });

  it('that package loads in a fresh process and its install script compiles nothing', () => {
    const dir = packageWithStaleBuild();
    const load = spawnSync(
      process.execPath,
      ['-e', `const b = require('./scripts/build/locate-addon.cjs').loadAddon('.'); console.log(typeof b.NativeClient, typeof b.RunCallbacks)`],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, SDKPP_PREBUILD: '' } },
    );
    expect(load.stderr).toBe('');
    expect(load.stdout.trim()).toBe('function function');
    // No compiler on the PATH: were the install script to decide on a compile, it would fail.
    const install = spawnSync(process.execPath, ['scripts/build/install.cjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: '/nonexistent', SDKPP_PREBUILD: '', npm_config_build_from_source: '' },
    });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).not.toMatch(/compiled the addon/);
  });

  it('a build/ of this platform wins over the prebuild, as node-gyp-build does', () => {
    const dir = packageWithStaleBuild();
    copyFileSync(builtAddon, join(dir, 'build', 'Release', 'sdkpp.node'));
    const located = locator.locateAddon(dir, { env: {} });
    expect(located).toMatchObject({ file: join(dir, 'build', 'Release', 'sdkpp.node'), source: 'build', skipped: [] });
  });

  it('with nothing loadable the error names the target and every file it refused', () => {
    const dir = packageWithStaleBuild();
    rmSync(join(dir, 'prebuilds'), { recursive: true });
    expect(() => locator.locateAddon(dir, { env: {} })).toThrow(
      new RegExp(`no native addon for ${tuple}[\\s\\S]*skipped: .*build/Release/sdkpp\\.node is built for[\\s\\S]*npm rebuild sdkpp`),
    );
  });

  it('a prebuild whose header is for another platform than its folder says is refused', () => {
    const dir = packageWithStaleBuild();
    rmSync(join(dir, 'build'), { recursive: true });
    const other = process.platform === 'win32' ? 'linux' : 'win32';
    mkdirSync(join(dir, 'prebuilds', `${other}-x64`), { recursive: true });
    copyFileSync(builtAddon, join(dir, 'prebuilds', `${other}-x64`, 'sdkpp.napi.node'));
    expect(() => locator.locateAddon(dir, { env: {}, platform: other, arch: 'x64' })).toThrow(
      new RegExp(`no native addon for ${other}-x64[\\s\\S]*prebuilds/${other}-x64/sdkpp\\.napi\\.node is built for`),
    );
  });

  it('another addon in build/Release is never taken for sdkpp: only sdkpp.node is a candidate there', () => {
    const dir = packageWithStaleBuild();
    rmSync(join(dir, 'build', 'Release', 'sdkpp.node'));
    // Loadable by this process, and sorting before sdkpp.node.
    copyFileSync(builtAddon, join(dir, 'build', 'Release', 'another.node'));
    mkdirSync(join(dir, 'build', 'Debug'), { recursive: true });
    copyFileSync(builtAddon, join(dir, 'build', 'Debug', 'a.node'));
    const located = locator.locateAddon(dir, { env: {} });
    expect(located).toMatchObject({ file: join(dir, 'prebuilds', tuple, 'sdkpp.napi.node'), source: 'prebuild', skipped: [] });
  });

  it('in a prebuilds folder only sdkpp.napi.node is a candidate', () => {
    const dir = packageWithStaleBuild();
    rmSync(join(dir, 'build'), { recursive: true });
    rmSync(join(dir, 'prebuilds', tuple, 'sdkpp.napi.node'));
    copyFileSync(builtAddon, join(dir, 'prebuilds', tuple, 'another.napi.node'));
    expect(() => locator.locateAddon(dir, { env: {} })).toThrow(/no native addon for/);
  });

  it.skipIf(process.platform === 'win32')('a FIFO named like the addon is skipped at once, never opened', () => {
    const dir = packageWithStaleBuild();
    const fifo = join(dir, 'build', 'Release', 'sdkpp.node');
    rmSync(fifo);
    const made = spawnSync('mkfifo', [fifo]);
    expect(made.status, String(made.stderr)).toBe(0);
    // In a child with a deadline: opening a FIFO for reading waits for a writer, for ever.
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      ['-e', `console.log(JSON.stringify(require('./scripts/build/locate-addon.cjs').locateAddon('.', { env: {} })))`],
      { cwd: dir, encoding: 'utf8', timeout: 10_000 },
    );
    expect({ signal: run.signal, status: run.status }, run.stderr).toEqual({ signal: null, status: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const located = JSON.parse(run.stdout) as Located;
    expect(located.file).toBe(join(dir, 'prebuilds', tuple, 'sdkpp.napi.node'));
    expect(located.skipped).toEqual([`${fifo} is not a regular file`]);
  });

  it('a symbolic link to the addon file is loaded; one to a folder is refused', () => {
    const dir = packageWithStaleBuild();
    const linked = join(dir, 'build', 'Release', 'sdkpp.node');
    rmSync(linked);
    symlinkSync(builtAddon, linked);
    expect(locator.locateAddon(dir, { env: {} })).toMatchObject({ file: linked, source: 'build' });
    rmSync(linked);
    symlinkSync(join(dir, 'prebuilds'), linked);
    const located = locator.locateAddon(dir, { env: {} });
    expect(located.source).toBe('prebuild');
    expect(located.skipped).toEqual([`${linked} is not a regular file`]);
  });

  it('SDKPP_PREBUILD names the folder to load from, as with node-gyp-build', () => {
    const dir = packageWithStaleBuild();
    const located = locator.locateAddon('/nonexistent-package-root', { env: { SDKPP_PREBUILD: dir } });
    expect(located.file).toBe(join(dir, 'prebuilds', tuple, 'sdkpp.napi.node'));
  });
});
