// binding.gyp and CMakeLists.txt both build from native/sources.gypi; this keeps that list equal
// to the .cc files on disk, so neither build silently leaves a file out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

function ccFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return ccFiles(path);
    return path.endsWith('.cc') ? [relative(packageRoot, path)] : [];
  });
}

function gypiList(name: string): string[] {
  const gypi = readFileSync(join(packageRoot, 'native/sources.gypi'), 'utf8');
  const block = new RegExp(`'${name}': \\[([^\\]]*)\\]`).exec(gypi);
  if (!block) throw new Error(`no list ${name}`);
  return [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

describe('native source list', () => {
  it('lists every core source exactly once', () => {
    expect(gypiList('sdkpp_core_sources').sort()).toEqual(ccFiles(join(packageRoot, 'native/core/src')).sort());
  });
  it('lists every N-API source exactly once', () => {
    expect(gypiList('sdkpp_napi_sources').sort()).toEqual(ccFiles(join(packageRoot, 'native/napi')).sort());
  });
  it('both build files read that list, and the vendored libopus and speexdsp lists', () => {
    const gyp = readFileSync(join(packageRoot, 'binding.gyp'), 'utf8');
    const cmake = readFileSync(join(packageRoot, 'CMakeLists.txt'), 'utf8');
    const includes = /'includes': \[([^\]]*)\]/.exec(gyp)?.[1] ?? '';
    expect([...includes.matchAll(/'([^']+)'/g)].map((m) => m[1])).toEqual([
      'native/sources.gypi',
      'native/third_party/opus/opus_sources.gypi',
      'native/third_party/speexdsp/speexdsp_sources.gypi',
    ]);
    for (const list of ['native/sources.gypi', 'native/third_party/opus/opus_sources.gypi', 'native/third_party/speexdsp/speexdsp_sources.gypi']) {
      expect(cmake, list).toContain(list);
    }
  });
});
