// What a user of a release gets: `npm pack` of the repository (TypeScript compiled, the
// prebuilds present) installed into an empty folder by the target's own Node running npm, on a
// PATH where no compiler, make or python can be found, so that the package's install script can
// only succeed by loading a prebuild. Then, with the same Node: require('sdkpp') works, a Client
// can be created, and the addon file in memory is the prebuild of the target.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir, capture, root } from '../prebuild/common.mjs';

const npmCli = '/usr/lib/node_modules/npm/bin/npm-cli.js';

/**
 * Packs the repository into .cache/cross/pack and returns the tarball path. The caller has run
 * build:ts (both runners do it in their set-up): --ignore-scripts keeps `npm pack` from running
 * `prepare` (build:ts) again.
 */
export function packRepository() {
  const destination = join(cacheDir, 'pack');
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const name = capture('npm', ['pack', '--ignore-scripts', '--pack-destination', destination], { cwd: root }).split('\n').at(-1);
  const tarball = join(destination, name);
  const listing = capture('tar', ['-tzf', tarball]);
  return { tarball, prebuilds: listing.split('\n').filter((entry) => /^package\/prebuilds\/.+\.node$/.test(entry)) };
}

// A PATH with only what npm needs to run the install script (node and sh): no cc, g++, make.
function compilerFreePath(folder, node) {
  const bin = join(folder, '.bin-no-compiler');
  mkdirSync(bin, { recursive: true });
  symlinkSync(node, join(bin, 'node'));
  symlinkSync('/bin/sh', join(bin, 'sh'));
  return bin;
}

// Run inside the installed project by the target's Node: prints one JSON line.
const probe = `
const result = { loads: false, client: false, addon: null };
try {
  const sdkpp = require('sdkpp');
  result.loads = typeof sdkpp.Client === 'function';
  const client = new sdkpp.Client();
  result.client = Boolean(client);
  client.Dispose?.();
  const report = process.report.getReport();
  const fromReport = (report.sharedObjects ?? []).filter((file) => file.endsWith('.node'));
  let fromMaps = [];
  try { fromMaps = require('fs').readFileSync('/proc/self/maps', 'utf8').split('\\n').map((l) => l.split(/\\s+/).slice(5).join(' ')).filter((f) => f.endsWith('.node')); } catch {}
  result.addon = [...new Set([...fromReport, ...fromMaps])].filter((f) => f.includes('sdkpp'));
} catch (error) {
  result.error = String(error && error.stack || error);
}
console.log(JSON.stringify(result));
process.exit(0);
`;

/**
 * Installs `tarball` with `node` (+ `env`) into a fresh folder and checks it. Returns stage
 * counts: install, require, Client, loaded prebuild (one check each).
 */
export function installAndProbe({ tarball, node, env, target }) {
  const folder = mkdtempSync(join(tmpdir(), `sdkpp-install-${target}-`));
  const checks = [];
  const check = (name, ok, detail) => {
    checks.push({ name, ok, detail });
    console.log(`[sdkpp] ${target} tarball: ${ok ? 'ok' : 'FAILED'} ${name}${detail ? ` (${detail})` : ''}`);
  };
  try {
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'sdkpp-install-check', private: true }));
    const bin = compilerFreePath(folder, node);
    const cleanEnv = { ...env, PATH: bin };
    delete cleanEnv.SDKPP_PREBUILD;
    delete cleanEnv.npm_config_build_from_source;
    const noCompiler = spawnSync('/bin/sh', ['-c', 'command -v cc || command -v gcc || command -v g++ || command -v make || command -v c++'], { env: cleanEnv });
    if (noCompiler.status === 0) throw new Error('a compiler is still on the restricted PATH');

    const started = Date.now();
    const install = spawnSync(node, [npmCli, 'install', '--no-audit', '--no-fund', '--prefer-offline', '--foreground-scripts', tarball], {
      cwd: folder,
      env: cleanEnv,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const installOutput = `${install.stdout ?? ''}${install.stderr ?? ''}`;
    process.stdout.write(installOutput);
    check('npm install of the tarball with no compiler on PATH', install.status === 0, `${((Date.now() - started) / 1000).toFixed(0)} s`);

    const probed = spawnSync(node, ['-e', probe], { cwd: folder, env: cleanEnv, encoding: 'utf8' });
    let result = {};
    try {
      result = JSON.parse((probed.stdout ?? '').trim().split('\n').at(-1));
    } catch {
      result = { error: `probe printed no JSON: ${probed.stdout}${probed.stderr}` };
    }
    if (result.error) console.log(`[sdkpp] ${target} tarball probe error: ${result.error}`);
    check("require('sdkpp') works", result.loads === true);
    check('a Client is created', result.client === true);
    const expected = `node_modules/sdkpp/prebuilds/${target}/sdkpp.napi.node`;
    const loaded = result.addon ?? [];
    check(`the loaded addon is ${expected}`, loaded.length === 1 && loaded[0].endsWith(expected), loaded.join(', ') || 'none');
    return {
      passed: checks.filter((c) => c.ok).length,
      failed: checks.filter((c) => !c.ok).length,
      note: checks.filter((c) => !c.ok).map((c) => c.name).join('; ') || undefined,
      installed: readdirSync(join(folder, 'node_modules')).length,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
