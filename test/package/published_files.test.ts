// The npm tarball as a company's release checklist reads it: its types resolve for every entry
// point under every TypeScript module resolution (@arethetypeswrong/cli: node10 — the default of
// `"module": "commonjs"` — node16 from CJS and ESM, bundler), its package.json passes publint with
// nothing to suggest, its legal files ship, and no shipped file points at one that is not shipped
// (a source map without its sources, a markdown link or anchor). Offline: both tools read the
// packed tarball. The reference checks themselves are tested on made-up folders at the end.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';
import { brokenReferences, headingAnchors, markdownLinks } from './shipped_references';
import { unpackedTarball } from './tarball';

const cleanup: string[] = [];
let tarball: string;
let packageDir: string;
let files: string[];

beforeAll(() => {
  const unpacked = unpackedTarball(cleanup);
  packageDir = unpacked.packageDir;
  tarball = unpacked.tarball;
  files = walk(packageDir);
}, 120_000);

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function walk(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(root, path) : [relative(root, path).split(sep).join('/')];
  });
}

describe('the published tarball', () => {
  it('resolves the types of sdkpp, sdkpp/emulator and sdkpp/activity under node10, node16 (CJS and ESM) and bundler', () => {
    const attw = join(dirname(createRequire(join(packageRoot, 'package.json')).resolve('@arethetypeswrong/cli/package.json')), 'dist', 'index.js');
    // --no-definitely-typed: no @types/sdkpp to look up, and the check stays offline.
    const run = spawnSync(process.execPath, [attw, tarball, '--format', 'json', '--no-definitely-typed', '--profile', 'strict'], { encoding: 'utf8', timeout: 90_000 });
    const report = JSON.parse(run.stdout) as { analysis: { entrypoints: Record<string, unknown> }; problems?: Record<string, unknown[]> };
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(['.', './activity', './emulator', './package.json']);
    expect(report.problems ?? {}, run.stderr).toEqual({});
    expect(run.status, run.stderr).toBe(0);
  }, 120_000);

  it('passes publint with no error, warning or suggestion', async () => {
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const bytes = readFileSync(tarball);
    const result = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, level: 'suggestion', strict: true });
    expect(result.messages.map((message) => `${message.type}: ${formatMessage(message, result.pkg) ?? message.code}`)).toEqual([]);
  }, 60_000);

  it('ships the license, the third-party notices, the changelog, the security policy and the emulator guide the README links to', () => {
    for (const file of ['LICENSE', 'THIRD_PARTY_NOTICES.md', 'CHANGELOG.md', 'SECURITY.md', 'README.md', 'lib/emulator/README.md']) expect(files).toContain(file);
  });

  it('has no file that points at a file or heading it does not ship', () => {
    expect(brokenReferences(packageDir, files)).toEqual([]);
  });
});

describe('the reference checks', () => {
  function folder(contents: Record<string, string>): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-refs-'));
    cleanup.push(dir);
    for (const [file, text] of Object.entries(contents)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    return brokenReferences(dir, Object.keys(contents));
  }

  it('a source map whose sources are neither shipped nor inlined is reported; inlined or shipped sources are not', () => {
    const map = (extra: object) => JSON.stringify({ version: 3, file: 'a.js', sources: ['../lib/a.ts'], mappings: 'AAAA', ...extra });
    expect(folder({ 'dist/a.js': '', 'dist/a.js.map': map({}) })).toEqual(['dist/a.js.map: source ../lib/a.ts (lib/a.ts) is not shipped and its text is not inlined']);
    expect(folder({ 'dist/a.js': '', 'dist/a.js.map': map({ sourcesContent: ['export {}'] }) })).toEqual([]);
    expect(folder({ 'dist/a.js': '', 'dist/a.js.map': map({}), 'lib/a.ts': '' })).toEqual([]);
    expect(folder({ 'native/exports.map': '{ global: napi_register_module_v1; local: *; };' })).toEqual([]);
  });

  it('a sourceMappingURL comment naming a file that is not shipped is reported', () => {
    expect(folder({ 'dist/a.js': 'x;\n//# sourceMappingURL=a.js.map\n' })).toEqual(['dist/a.js: sourceMappingURL a.js.map (dist/a.js.map) is not shipped']);
    expect(folder({ 'dist/a.js': 'x;\n//# sourceMappingURL=data:application/json;base64,e30=\n' })).toEqual([]);
  });

  it('a markdown link to a file or a heading that is not shipped is reported; web links and code are not links', () => {
    expect(
      folder({
        'README.md': '# Title\n\nSee [the guide](docs/emulator.md#setting-up), [tests](test/a.test.ts), [here](#title), [there](#nowhere).\n\n[web]: https://example.test/x\n\n`[not](a-link.txt)`\n\n```md\n[also not](b.txt)\n```\n',
        'docs/emulator.md': '## Setting up\n',
      }),
    ).toEqual(['README.md: link test/a.test.ts points at test/a.test.ts, which is not shipped', 'README.md: link #nowhere: README.md has no heading with the anchor #nowhere']);
    expect(folder({ 'README.md': '[guide](docs/emulator.md#control-api)', 'docs/emulator.md': '# Guide\n' })).toEqual(['README.md: link docs/emulator.md#control-api: docs/emulator.md has no heading with the anchor #control-api']);
  });

  it('anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
    expect([...headingAnchors('# GCC runtime libraries (libstdc++, libgcc)\n## libc++ and libc++abi\n### `ws` 8\n# Voice\n# Voice\n')]).toEqual([
      'gcc-runtime-libraries-libstdc-libgcc',
      'libc-and-libcabi',
      'ws-8',
      'voice',
      'voice-1',
    ]);
    expect(markdownLinks('[a](<x y.txt>) ![b](img.png "t")')).toEqual(['x y.txt', 'img.png']);
  });
});
