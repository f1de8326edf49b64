// The unity units node-gyp compiles (scripts/build/unity-sources.cjs): together they include every
// file of native/sources.gypi but version_hash.cc exactly once, each unit files of one area only,
// and a reconfigure leaves an unchanged unit untouched (make would recompile it otherwise).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The repository root (not lib/sdk/binding's: this test needs no addon).
const packageRoot = resolve(import.meta.dirname, '..', '..');
const script = join(packageRoot, 'scripts/build/unity-sources.cjs');
const versionHash = 'native/core/src/client/version_hash.cc';

function gypiList(name: string): string[] {
  const gypi = readFileSync(join(packageRoot, 'native/sources.gypi'), 'utf8');
  const block = new RegExp(`'${name}': \\[([^\\]]*)\\]`).exec(gypi);
  if (!block) throw new Error(`no list ${name}`);
  return [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

const sources = [...gypiList('sdkpp_napi_sources'), ...gypiList('sdkpp_core_sources')];
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script as binding.gyp does (cwd: the package root) into a fresh directory. */
function generate(outDir?: string): { outDir: string; printed: string[] } {
  const dir = outDir ?? mkdtempSync(join(tmpdir(), 'sdkpp-unity-test-'));
  if (!outDir) dirs.push(dir);
  const out = execFileSync(process.execPath, [script, dir, '--skip', versionHash, ...sources], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  return { outDir: dir, printed: out.trim().split('\n') };
}

/** The sources a unit includes, relative to the package root. */
function included(unit: string): string[] {
  const text = readFileSync(unit, 'utf8');
  return [...text.matchAll(/^#include "([^"]+)"$/gm)].map((m) => relative(packageRoot, resolve(join(unit, '..'), m[1])));
}

function areaOf(file: string): string {
  const core = /^native\/core\/src\/([^/]+)\//.exec(file);
  return core ? `core/${core[1]}` : file.split('/').slice(0, 2).join('/');
}

describe('unity sources', () => {
  it('binding.gyp compiles the units on Linux and macOS, leaving version_hash.cc to its own target', () => {
    const gyp = readFileSync(join(packageRoot, 'binding.gyp'), 'utf8');
    expect(gyp).toContain(
      `'<!@(node scripts/build/unity-sources.cjs build/unity --skip ${versionHash} <@(sdkpp_napi_sources) <@(sdkpp_core_sources))'`,
    );
  });

  it('include every source but version_hash.cc exactly once, at most 8 files of one area per unit', () => {
    const { outDir, printed } = generate();
    expect(printed.length).toBeGreaterThan(1);
    expect(printed.map((path) => path.slice(outDir.length + 1)).sort()).toEqual(readdirSync(outDir).sort());
    const all: string[] = [];
    for (const unit of printed) {
      const files = included(unit);
      expect(files.length).toBeGreaterThan(0);
      expect(files.length).toBeLessThanOrEqual(8);
      expect(new Set(files.map(areaOf)).size).toBe(1);
      all.push(...files);
    }
    expect(all).toEqual(sources.filter((file) => file !== versionHash));
    // The N-API units, the longest compiles, come first.
    expect(included(printed[0])[0]).toMatch(/^native\/napi\//);
  });

  it('rewrites only the units whose text changed, and removes units that are gone', () => {
    const { outDir, printed } = generate();
    const old = new Date(2000, 0, 1);
    for (const unit of printed) utimesSync(unit, old, old);
    const stale = join(outDir, 'core_gone_1.cc');
    writeFileSync(stale, '#include "nothing.cc"\n');
    generate(outDir);
    for (const unit of printed) expect(statSync(unit).mtime.getTime()).toBe(old.getTime());
    expect(readdirSync(outDir)).not.toContain('core_gone_1.cc');
    // A unit whose text differs is written again.
    writeFileSync(printed[0], '// edited\n');
    generate(outDir);
    expect(included(printed[0]).length).toBeGreaterThan(0);
  });
});
