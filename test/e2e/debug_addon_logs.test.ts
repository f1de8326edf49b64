// Issue 11 item 7: a release build never delivers Info and Verbose log lines, so the other e2e
// files' "no secret reached a log line" checks cannot see a leak at those levels. This file
// builds a debug addon (CMake, Debug, into build-debug-addon/; about a minute on two cores, then
// cached) and runs the end-to-end flows that handle secrets — PKCE authorize, token exchange,
// refresh, revoke, provisional tokens, the local client, messages and presence, and the error
// texts of failed calls and connections (errors_and_hints) — against it
// (node-gyp-build's SDKPP_PREBUILD names the folder to load from), each file ending with its
// secrets check over every line, Verbose included.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const buildDir = join(root, 'build-debug-addon');
const prebuildDir = join(buildDir, 'load-from');
const FLOWS = [
  'test/e2e/auth_browser.test.ts',
  'test/e2e/auth_local_client.test.ts',
  'test/e2e/tokens_provisional.test.ts',
  'test/e2e/presence.test.ts',
  'test/e2e/social.test.ts',
  'test/e2e/remaining_methods.test.ts',
  'test/e2e/errors_and_hints.test.ts',
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

beforeAll(() => {
  if (!existsSync(join(buildDir, 'Makefile'))) {
    const configure = run('cmake', ['-S', root, '-B', buildDir, '-DCMAKE_BUILD_TYPE=Debug', '-DCMAKE_JS_VERSION=debug-addon-test',
      `-DCMAKE_JS_INC=${join(root, 'node_modules', 'node-api-headers', 'include')}`, '-DCMAKE_JS_SRC=', '-DCMAKE_JS_LIB=']);
    expect(configure.status, configure.stdout + configure.stderr).toBe(0);
  }
  const build = run('cmake', ['--build', buildDir, '--target', 'sdkpp_addon', '--parallel', String(availableParallelism())]);
  expect(build.status, build.stdout.slice(-4000) + build.stderr.slice(-4000)).toBe(0);
  mkdirSync(join(prebuildDir, 'build', 'Release'), { recursive: true });
  copyFileSync(join(buildDir, 'sdkpp.node'), join(prebuildDir, 'build', 'Release', 'sdkpp.node'));
}, 600_000);

describe('the debug addon logs no secret at any level', () => {
  it('runs the secret-handling end-to-end flows against the debug addon, each checking every log line', () => {
    const env = { ...process.env, SDKPP_PREBUILD: prebuildDir, SDKPP_E2E_EXPECT_DEBUG_ADDON: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
    const result = run(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...FLOWS], env);
    const output = result.stdout + result.stderr;
    expect(result.status, output.slice(-6000)).toBe(0);
    expect(output).toMatch(new RegExp(`Test Files\\s+${FLOWS.length} passed \\(${FLOWS.length}\\)`));
  }, 600_000);
});
