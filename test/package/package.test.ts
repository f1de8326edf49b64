// The package as users get it: `require('sdkpp')`, `import ... from 'sdkpp'`, the npm tarball's
// contents, and that tarball installed into an empty folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

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
    for (const f of files) {
      expect(f).not.toMatch(/^(build|build-[^/]+)\//);
      expect(f).not.toMatch(/^(test|native\/test)\//);
      expect(f).not.toMatch(/\.test\.(ts|js)$/);
      expect(f).not.toMatch(/^node_modules\//);
    }
  });

  it('the packed tarball installs into an empty folder and loads', { timeout: 240_000 }, () => {
    const packDir = mkdtempSync(join(tmpdir(), 'sdkpp-pack-'));
    const appDir = mkdtempSync(join(tmpdir(), 'sdkpp-app-'));
    cleanup.push(packDir, appDir);
    // dist/ is already built by `npm test`; --ignore-scripts keeps this test from rebuilding it
    // underneath other test files.
    const packed = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
      cwd: packageRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = join(packDir, JSON.parse(packed.slice(packed.indexOf('[')))[0].filename);
    writeFileSync(join(appDir, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
    const install = spawnSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
      cwd: appDir,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    const out = nodeEval(
      "const s = require('sdkpp'); const c = new s.Client(); const p = c.CreateAuthorizationCodeVerifier(); console.log(p.Verifier().length, s.Client.GetDefaultPresenceScopes())",
      appDir,
      'commonjs',
    );
    expect(out).toBe('86 openid sdk.social_layer_presence');
    const esm = nodeEval("import { AuthorizationArgs } from 'sdkpp'; console.log(new AuthorizationArgs().valid)", appDir, 'module');
    expect(esm).toBe('true');
  });
});
