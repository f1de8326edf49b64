// Every app that installs sdkpp installs its dependencies, so each one must be needed by the SDK
// itself: loaded by lib/ outside the emulator, or read by the addon's build (binding.gyp) or the
// shipped install scripts. A package only the emulator uses (it is a development tool) has no
// place there: the emulator makes do with Node's own modules and what the SDK already needs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  files: string[];
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The files that name the packages they load: lib/ (by area) and the addon's build and install scripts. */
function sources(): Array<{ file: string; emulatorOnly: boolean; text: string }> {
  const lib = tsFiles(join(packageRoot, 'lib')).map((path) => {
    const file = relative(packageRoot, path).split(sep).join('/');
    return { file, emulatorOnly: file.startsWith('lib/emulator/'), text: readFileSync(path, 'utf8') };
  });
  const build = ['binding.gyp', ...manifest.files.filter((file) => file.startsWith('scripts/') && file.endsWith('.cjs'))].map((file) => ({
    file,
    emulatorOnly: false,
    text: readFileSync(join(packageRoot, file), 'utf8'),
  }));
  return [...lib, ...build];
}

/** Where `name` is loaded: a quoted module specifier (the package or a path inside it), not a type-only import. */
function loadedIn(name: string, text: string): boolean {
  const runtimeText = text.replace(/^\s*import type .*$/gm, '');
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`['"]${escaped}(/[^'"]*)?['"]`).test(runtimeText);
}

describe('runtime dependencies', () => {
  const all = sources();
  const runtime = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.optionalDependencies ?? {})];

  it.each(runtime)('%s is needed by the SDK, not only by the emulator', (name) => {
    const users = all.filter((source) => loadedIn(name, source.text));
    expect(users.map((source) => source.file), `${name} is loaded nowhere`).not.toEqual([]);
    const sdkUsers = users.filter((source) => !source.emulatorOnly).map((source) => source.file);
    expect(sdkUsers, `${name} is loaded only by ${users.map((source) => source.file).join(', ')}: an emulator-only dependency`).not.toEqual([]);
  });

  it('tells a type-only import from a load', () => {
    expect(loadedIn('ws', "import type WebSocket from 'ws';\n")).toBe(false);
    expect(loadedIn('ws', "import WebSocket from 'ws';\n")).toBe(true);
    expect(loadedIn('@nozbe/simdjson', "require.resolve('@nozbe/simdjson/package.json')")).toBe(true);
    expect(loadedIn('ws', "'wsx'")).toBe(false);
  });
});
