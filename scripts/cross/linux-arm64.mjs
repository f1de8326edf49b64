// `npm run test:cross:linux-arm64`: the linux-arm64 build tested on this x64 host under
// qemu-user. Stages (each prints its counts and time; the last line is
// `linux-arm64: N passed, N failed`, also saved in .cache/cross/results/linux-arm64.json):
//   setup            the arm64 prebuild when missing, qemu + binfmt, the arm64 Node, dist/
//   native harness   the CMake harness cross-compiled (scripts/cross/aarch64-linux-gnu.cmake),
//                    ctest running every test through qemu
//   smoke flow       `npm start`'s demo (scripts/demo/launcher.mjs) with the arm64 Node
//   vitest           the TypeScript suites (test/sdk, test/e2e by default) with the arm64
//                    Node; tests that spawn process.execPath children run arm64 too (binfmt)
//   tarball install  `npm pack`, installed with no compiler by the arm64 Node's npm, loaded
// Options: --vitest=test/sdk,test/e2e   the vitest folders (or files) to run
//          --only=harness,smoke,vitest,tarball   a subset of the stages
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prebuildLinuxArm64 } from '../prebuild/linux-arm64.mjs';
import { prebuildPath, root, run } from '../prebuild/common.mjs';
import { ensureHarness, runCtest } from '../test/native-build.mjs';
import { ensureArm64Libcrypto, prepareArm64Runtime, qemuLibraryPrefix, target } from './arm64-runtime.mjs';
import { CrossReport } from './common.mjs';
import { installAndProbe, packRepository } from './tarball-install.mjs';
import { countVitestReport } from '../test/vitest-report.mjs';

const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const vitestTargets = option('vitest', 'test/sdk,test/e2e').split(',').filter(Boolean);
// debug_addon_logs compiles a Debug addon with the host's compiler (x64): nothing an arm64 run
// can load. The PulseAudio device test needs an arm64 libpulse, which the qemu library prefix
// (the cross toolchain's) does not have: the addon falls back to the virtual devices there.
const vitestExcluded = ['test/e2e/debug_addon_logs.test.ts', 'test/e2e/voice_pulseaudio_devices.test.ts'];
const stages = new Set(option('only', 'harness,smoke,vitest,tarball').split(','));

const report = new CrossReport(target);
let runtime;

await report.stage('setup (arm64 prebuild, qemu, binfmt, arm64 node, TypeScript)', () => {
  // Built when missing (npm run prebuild:linux-arm64 brings an existing one up to date).
  if (!existsSync(prebuildPath(target))) prebuildLinuxArm64();
  runtime = prepareArm64Runtime();
  run('npm', ['run', '--silent', 'build:ts'], { cwd: root });
  return { passed: 0, failed: 0 };
});

if (runtime && stages.has('harness')) {
  await report.stage('native harness', () => {
    const libcrypto = ensureArm64Libcrypto();
    const toolchain = join(root, 'scripts', 'cross', 'aarch64-linux-gnu.cmake');
    const dir = ensureHarness('build-cross-linux-arm64-native', [
      `-DCMAKE_TOOLCHAIN_FILE=${toolchain}`,
      `-DSDKPP_ARM64_OPENSSL_ROOT=${libcrypto}`,
      '-DCMAKE_BUILD_TYPE=Release',
      '-DSDKPP_BUILD_TESTS=ON',
    ]);
    return runCtest(dir, { ...runtime.env, QEMU_LD_PREFIX: qemuLibraryPrefix });
  });
}

if (runtime && stages.has('smoke')) {
  await report.stage('smoke flow', () => {
    const demo = spawnSync(runtime.node, [join(root, 'scripts', 'demo', 'launcher.mjs')], {
      cwd: root,
      env: runtime.env,
      encoding: 'utf8',
      timeout: 10 * 60_000,
    });
    process.stdout.write(demo.stdout ?? '');
    process.stderr.write(demo.stderr ?? '');
    const ok = demo.status === 0 && (demo.stdout ?? '').includes('All steps succeeded.');
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, note: ok ? undefined : `exit ${demo.status ?? demo.signal}` };
  });
}

if (runtime && stages.has('vitest')) {
  await report.stage(`vitest ${vitestTargets.join(' ')}`, () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'sdkpp-vitest-arm64-'));
    const reportFile = join(reportDir, 'report.json');
    try {
      spawnSync(
        runtime.node,
        [
          join(root, 'node_modules', 'vitest', 'vitest.mjs'),
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${reportFile}`,
          ...vitestExcluded.flatMap((file) => ['--exclude', file]),
          ...vitestTargets,
        ],
        { cwd: root, env: runtime.env, stdio: 'inherit' },
      );
      return countVitestReport(reportFile);
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  });
}

if (runtime && stages.has('tarball')) {
  await report.stage('tarball install', () => {
    const { tarball, prebuilds } = packRepository();
    console.log(`[sdkpp] packed ${tarball} with ${prebuilds.join(', ') || 'no prebuilds'}`);
    return installAndProbe({ tarball, node: runtime.node, env: runtime.env, target });
  });
}

report.finish();
