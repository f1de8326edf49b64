// The package as users get it: `require('sdkpp')`, `import ... from 'sdkpp'`, the npm tarball's
// contents, and that tarball installed into an empty folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';
import { npmInstall, repack, unpackedTarball } from './tarball';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function nodeEval(code: string, cwd: string, type: 'commonjs' | 'module') {
  return execFileSync(process.execPath, ['--input-type', type, '-e', code], { cwd, encoding: 'utf8' }).trim();
}

describe('package', () => {
  it('require("sdkpp") and import from "sdkpp" resolve to the same built module', () => {
    const viaRequire = nodeEval(
      "const s = require('sdkpp'); console.log(s.Client.GetDefaultCommunicationScopes(), typeof s.AuthorizationArgs)",
      packageRoot,
      'commonjs',
    );
    const viaImport = nodeEval(
      "import { Client, AuthorizationArgs } from 'sdkpp'; import def from 'sdkpp'; console.log(Client.GetDefaultCommunicationScopes(), typeof AuthorizationArgs, def.Client === Client)",
      packageRoot,
      'module',
    );
    expect(viaRequire).toBe('openid sdk.social_layer function');
    expect(viaImport).toBe('openid sdk.social_layer function true');
  });

  it('the tarball holds dist, prebuilds, native sources and binding.gyp, and no build output or tests', () => {
    const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    const files: string[] = JSON.parse(out)[0].files.map((f: { path: string }) => f.path);
    expect(files).toContain('binding.gyp');
    expect(files).toContain('package.json');
    expect(files).toContain('native/sources.gypi');
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files.some((f) => f.startsWith('native/core/src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('native/napi/'))).toBe(true);
    expect(files.some((f) => f.startsWith('native/core/include/sdkpp/'))).toBe(true);
    // Every script binding.gyp runs while configuring must ship, or a source build fails.
    const gyp = readFileSync(join(packageRoot, 'binding.gyp'), 'utf8');
    const gypScripts = [...gyp.matchAll(/<!@?\(node ([^-][^) ]*)/g)].map((m) => m[1]);
    expect(gypScripts.length).toBeGreaterThan(0);
    for (const script of gypScripts) expect(files).toContain(script);
    // The addon locator ships: the install script and the package's loader both need it.
    expect(files).toContain('scripts/build/locate-addon.cjs');
    // Every prebuild this checkout holds (npm run prebuild:all makes all five) is published.
    const prebuilt = readdirSync(join(packageRoot, 'prebuilds'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((dir) => readdirSync(join(packageRoot, 'prebuilds', dir.name)).map((file) => `prebuilds/${dir.name}/${file}`));
    for (const file of prebuilt) expect(files).toContain(file);
    for (const f of files) {
      expect(f).not.toMatch(/^(build|build-[^/]+)\//);
      expect(f).not.toMatch(/^(test|native\/test)\//);
      expect(f).not.toMatch(/\.test\.(ts|js)$/);
      expect(f).not.toMatch(/^node_modules\//);
    }
  });

  // What npm publishes: the tarball plus the prebuilds `npm run prebuild:all` leaves in
  // prebuilds/ (prebuildify's layout and name). A prebuild is node-gyp's Release build,
  // stripped; the test stages the addon this checkout already built instead of compiling it a
  // second time. (The linux-arm64 and win32-x64 prebuilds get the same test under emulation:
  // npm run test:cross.)
  it('a tarball with a prebuild installs and loads with no compiler on the PATH', { timeout: 240_000 }, () => {
    const { packageDir, appDir } = unpackedTarball(cleanup);
    const prebuildDir = join(packageDir, 'prebuilds', `${process.platform}-${process.arch}`);
    mkdirSync(prebuildDir, { recursive: true });
    copyFileSync(join(packageRoot, 'build', 'Release', 'sdkpp.node'), join(prebuildDir, 'sdkpp.napi.node'));
    const tarball = repack(packageDir);
    // Only node and the shell npm runs scripts with: no make, no g++, no python. node-gyp-build
    // must find the prebuild and not try to compile.
    const bin = mkdtempSync(join(tmpdir(), 'sdkpp-bin-'));
    cleanup.push(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync('/bin/sh', join(bin, 'sh'));
    const install = npmInstall(appDir, tarball, { PATH: bin });
    expect(install.status, install.stderr).toBe(0);
    expect(existsSync(join(appDir, 'node_modules', 'sdkpp', 'build'))).toBe(false);
    expectLoads(appDir);
    expect(loadedAddon(appDir)).toBe(realpathSync(join(appDir, 'node_modules', 'sdkpp', 'prebuilds', `${process.platform}-${process.arch}`, 'sdkpp.napi.node')));
  });

  // Platforms without a prebuild: the install compiles the addon from the shipped sources.
  it('a tarball without a prebuild compiles the addon at install time and loads', { timeout: 900_000 }, () => {
    // Whatever prebuilds/ holds in this checkout (after `npm run prebuild`), this tarball has none.
    const { packageDir, appDir } = unpackedTarball(cleanup);
    rmSync(join(packageDir, 'prebuilds'), { recursive: true, force: true });
    const tarball = repack(packageDir);
    const install = npmInstall(appDir, tarball, { JOBS: '2' });
    expect(install.status, install.stderr.slice(-4000)).toBe(0);
    expect(existsSync(join(appDir, 'node_modules', 'sdkpp', 'build', 'Release', 'sdkpp.node'))).toBe(true);
    expectLoads(appDir);
    expect(loadedAddon(appDir)).toBe(realpathSync(join(appDir, 'node_modules', 'sdkpp', 'build', 'Release', 'sdkpp.node')));
    // Outside our own git checkout the build cannot know its commit, and says so.
    const hash = nodeEval("console.log(require('sdkpp').Client.GetVersionHash())", appDir, 'commonjs');
    expect(hash).toBe('unknown');
  });
});

function expectLoads(appDir: string) {
  const out = nodeEval(
    "const s = require('sdkpp'); const c = new s.Client(); const p = c.CreateAuthorizationCodeVerifier(); console.log(p.Verifier().length, s.Client.GetDefaultPresenceScopes())",
    appDir,
    'commonjs',
  );
  expect(out).toBe('86 openid sdk.social_layer_presence');
  const esm = nodeEval("import { AuthorizationArgs } from 'sdkpp'; console.log(new AuthorizationArgs().valid)", appDir, 'module');
  expect(esm).toBe('true');
}

/** The sdkpp addon file the process really mapped after require('sdkpp') (its diagnostic report). */
function loadedAddon(appDir: string): string {
  const out = nodeEval(
    "require('sdkpp'); console.log(JSON.stringify(process.report.getReport().sharedObjects.filter((f) => /sdkpp[^/\\\\]*\\.node$/.test(f))))",
    appDir,
    'commonjs',
  );
  const files: string[] = JSON.parse(out);
  expect(files).toHaveLength(1);
  return realpathSync(files[0]);
}
