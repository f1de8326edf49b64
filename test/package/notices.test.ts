// THIRD_PARTY_NOTICES.md keeps up with the package: every npm package installed with sdkpp is
// listed with its license text as installed, and so is the source compiled into the addon
// (libopus from native/third_party, simdjson from its npm package). A new dependency, or a
// dependency whose license text changed, fails here until the notices say so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const notices = readFileSync(join(packageRoot, 'THIRD_PARTY_NOTICES.md'), 'utf8');
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
const requireFromRoot = createRequire(join(packageRoot, 'package.json'));

function installedPackageDir(name: string): string | undefined {
  try {
    return dirname(requireFromRoot.resolve(`${name}/package.json`));
  } catch {
    return undefined; // an optional dependency that did not install here
  }
}

describe('THIRD_PARTY_NOTICES.md', () => {
  const runtime = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.optionalDependencies ?? {})];

  it.each(runtime)('lists %s with its license and, where the package has one, its license file', (name) => {
    const row = notices.split('\n').find((line) => line.startsWith('| [`' + name + '`]'));
    expect(row, `no row for ${name} in the npm packages table`).toBeDefined();
    const dir = installedPackageDir(name);
    if (!dir && name in (manifest.optionalDependencies ?? {})) return;
    if (!dir) throw new Error(`${name} is not installed`);
    const { license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { license: string };
    expect(row).toContain(`| ${license} |`);
    const licenseFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(file));
    if (licenseFile) expect(words(notices)).toContain(words(readFileSync(join(dir, licenseFile), 'utf8')));
  });

  it('carries the license texts of the code compiled into the addon', () => {
    expect(words(notices)).toContain(words(readFileSync(join(packageRoot, 'native', 'third_party', 'opus', 'COPYING'), 'utf8')));
    const simdjson = installedPackageDir('@nozbe/simdjson')!;
    expect(existsSync(join(simdjson, 'LICENSE'))).toBe(true);
    expect(words(notices)).toContain(words(readFileSync(join(simdjson, 'LICENSE'), 'utf8')));
    expect(notices).toContain(`simdjson ${JSON.parse(readFileSync(join(simdjson, 'package.json'), 'utf8')).version}`);
  });

  it('covers every prebuild target', () => {
    const header = notices.split('\n').find((line) => line.startsWith('| component |'));
    for (const target of ['linux-x64', 'linux-arm64', 'win32-x64', 'darwin-x64', 'darwin-arm64']) expect(header).toContain(`| ${target} |`);
  });
});
