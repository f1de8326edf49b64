// The WASAPI device backend tested for real on Linux: native/test/voice/wasapi_backend_test.cc
// and the backend are built with mingw-w64 into one Windows executable (the harness framework,
// linked statically) and run under Wine, whose WASAPI plays through winepulse to a private
// headless PulseAudio server with two null sinks. A second run without any server checks that
// creation fails with a reason and the 'system' choice falls back to the virtual devices.
//
//   node scripts/test/wasapi-wine.mjs [--gtest_filter=...]   prints "N passed, N failed"
//
// Debian packages are installed when missing (mingw-w64, wine, pulseaudio, pulseaudio-utils).
// Build output, the Wine prefix and the server's files stay in .cache/wasapi-wine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ensureDebianPackages, root, secondsSince } from '../prebuild/common.mjs';

const work = join(root, '.cache', 'wasapi-wine');
const objects = join(work, 'obj');
const exe = join(work, 'wasapi_backend_test.exe');
const winePrefix = join(root, '.cache', 'wine-wasapi');
const compiler = 'x86_64-w64-mingw32-g++-posix';

// The backend, what audio_backend_choice.cc pulls in (the virtual fallback), the test and the
// harness framework. No opus, no simdjson: this executable tests the device layer only.
const sources = [
  'native/core/src/voice/audio/audio_backend_choice.cc',
  'native/core/src/voice/audio/virtual_audio_backend.cc',
  'native/core/src/voice/audio/pcm_math.cc',
  ...[
    'wasapi_audio_backend', 'wasapi_audio_client', 'wasapi_audio_thread', 'wasapi_capture_stream',
    'wasapi_device_monitor', 'wasapi_endpoints', 'wasapi_notification_client', 'wasapi_render_stream',
    'wasapi_text', 'wasapi_thread_priority', 'wasapi_tick_timer',
  ].map((name) => `native/core/src/voice/audio/wasapi/${name}.cc`),
  'native/test/voice/wasapi_backend_test.cc',
  'native/test/framework/checks.cc',
  'native/test/framework/runner.cc',
];
// What the addon's Windows link needs for this backend too: ole32 (COM); avrt is loaded at run time.
const libraries = ['-lole32', '-lbcrypt'];

function log(message) {
  console.log(`[wasapi-wine] ${message}`);
}

// The newest header any source may include: a changed header recompiles everything.
function newestHeader() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.h')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['native/core/src/voice/audio', 'native/core/include', 'native/test/framework', 'native/test/voice']) {
    walk(join(root, dir));
  }
  return newest;
}

function upToDate(source, object, headers) {
  if (!existsSync(object)) return false;
  const built = statSync(object).mtimeMs;
  return built > statSync(join(root, source)).mtimeMs && built > headers;
}

function compileOne(source, headers) {
  const object = join(objects, basename(source).replace(/\.cc$/, '.o'));
  if (upToDate(source, object, headers)) return Promise.resolve(object);
  const args = ['-std=c++20', '-O1', '-Wall', '-Wextra', '-Wno-unused-parameter', '-Werror',
    '-I', join(root, 'native/core/src'), '-I', join(root, 'native/core/include'), '-I', join(root, 'native/test'),
    '-c', join(root, source), '-o', object];
  return new Promise((resolve, reject) => {
    const child = spawn(compiler, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(object) : reject(new Error(`${compiler} failed on ${source}`))));
  });
}

// Two compilers at a time: the machine's cores are shared.
async function build() {
  const started = process.hrtime.bigint();
  mkdirSync(objects, { recursive: true });
  const headers = newestHeader();
  const queue = [...sources];
  const built = [];
  const worker = async () => {
    while (queue.length) built.push(await compileOne(queue.shift(), headers));
  };
  await Promise.all([worker(), worker()]);
  const link = spawnSync(compiler, ['-static', '-o', exe, ...built, ...libraries], { stdio: 'inherit' });
  if (link.status !== 0) throw new Error('the link failed');
  log(`built ${exe} (${(statSync(exe).size / 1024 / 1024).toFixed(2)} MiB, ${sources.length} files) in ${secondsSince(started).toFixed(1)} s`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A headless pulseaudio in a temp dir with the sinks the test expects (as test/e2e does it);
 * `dir` again starts a new server on the same socket (the test of a server that comes back).
 */
async function startPulse(dir = mkdtempSync(join(tmpdir(), 'sdkpp-wasapi-pulse-'))) {
  const env = {
    ...process.env,
    HOME: dir,
    XDG_RUNTIME_DIR: dir,
    PULSE_RUNTIME_PATH: join(dir, 'runtime'),
    PULSE_STATE_PATH: join(dir, 'state'),
    PULSE_SERVER: `unix:${join(dir, 'native')}`,
  };
  // Descriptions without spaces: pulseaudio's -L does not take quoted property values.
  const sink = (name, description) =>
    `module-null-sink sink_name=${name} rate=48000 sink_properties=device.description=${description}`;
  // -n: no default.pa (no hardware, no D-Bus); as root it warns and runs (tests only).
  const daemon = spawn('pulseaudio', ['-n', '--daemonize=no', '--exit-idle-time=-1', '--use-pid-file=no',
    '--system=false', '--log-target=stderr',
    '-L', `module-native-protocol-unix auth-anonymous=1 socket=${join(dir, 'native')}`,
    '-L', sink('sdkpp_out', 'sdkpp-speaker'), '-L', sink('sdkpp_alt', 'sdkpp-alt-speaker')],
    { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  daemon.stderr.on('data', (chunk) => (output = (output + chunk.toString()).slice(-2000)));
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && daemon.exitCode === null) {
    if (spawnSync('pactl', ['info'], { env }).status === 0) {
      spawnSync('pactl', ['set-default-sink', 'sdkpp_out'], { env });
      spawnSync('pactl', ['set-default-source', 'sdkpp_out.monitor'], { env });
      return { dir, env, daemon };
    }
    await sleep(100);
  }
  daemon.kill('SIGKILL');
  throw new Error(`pulseaudio did not start within 5 s: ${output.trim().split('\n').slice(-3).join(' | ')}`);
}

function stopPulse(pulse) {
  pulse.daemon.kill('SIGTERM');
  rmSync(pulse.dir, { recursive: true, force: true });
}

function wineEnv(extra) {
  return { ...process.env, WINEPREFIX: winePrefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=', ...extra };
}

function prepareWine() {
  if (existsSync(join(winePrefix, 'system.reg'))) return;
  const started = process.hrtime.bigint();
  mkdirSync(winePrefix, { recursive: true });
  spawnSync('wineboot', ['-i'], { env: wineEnv({}), stdio: 'ignore' });
  spawnSync('wine', ['winecfg', '-v', 'win10'], { env: wineEnv({}), stdio: 'ignore' });
  log(`made the Wine prefix ${winePrefix} in ${secondsSince(started).toFixed(1)} s`);
}

// Lines a test prints to have the server changed under it (wasapi_backend_test.cc).
const markers = {
  removeAlt: '[wasapi-wine: remove sdkpp-alt-speaker]',
  stopServer: '[wasapi-wine: stop the server]',
  restartServer: '[wasapi-wine: start the server again]',
};

/** Runs the executable under Wine (its output streamed); returns the harness's counts. */
function runTests(filter, extraEnv, label, actions = {}) {
  const started = process.hrtime.bigint();
  log(`${label}: wine ${basename(exe)} --gtest_filter=${filter}`);
  return new Promise((resolve) => {
    const child = spawn('wine', [exe, `--gtest_filter=${filter}`], { env: wineEnv(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const done = new Set();
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      stdout += chunk.toString();
      for (const [name, line] of Object.entries(markers)) {
        if (done.has(name) || !stdout.includes(line) || !actions[name]) continue;
        done.add(name);
        log(`${line.slice(14, -1)}, as the test asked`);
        actions[name]();
      }
    });
    // Wine's own noise (winediag, ALSA probing without a server) is not the tests' output.
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const passed = Number(/\[  PASSED  \] (\d+) tests?/.exec(stdout)?.[1] ?? 0);
      const failed = Number(/\[  FAILED  \] (\d+) tests?, listed below/.exec(stdout)?.[1] ?? 0);
      const selected = Number(/\[==========\] Running (\d+) tests/.exec(stdout)?.[1] ?? -1);
      const ran = Number(/\[==========\] (\d+) tests ran/.exec(stdout)?.[1] ?? -2);
      // A crash (Wine may still exit 0) or a timeout is a failure even though no test said so.
      const lost = selected === ran && ran === passed + failed && signal === null ? 0 : 1;
      if (lost) process.stderr.write(`[wasapi-wine] the run did not finish cleanly; Wine said:\n${stderr}\n`);
      log(`${label}: ${passed} passed, ${failed + lost} failed in ${secondsSince(started).toFixed(1)} s (exit ${code ?? signal})`);
      resolve({ passed, failed: failed + lost });
    });
  });
}

async function main() {
  const started = process.hrtime.bigint();
  const filterArg = process.argv.find((arg) => arg.startsWith('--gtest_filter='));
  ensureDebianPackages({
    [compiler]: ['g++-mingw-w64-x86-64-posix'],
    wine: ['wine', 'wine64'],
    pulseaudio: ['pulseaudio'],
    pactl: ['pulseaudio-utils'],
  });
  await build();
  prepareWine();
  // A wineserver left from an earlier run keeps its environment: start from none.
  spawnSync('wineserver', ['-k'], { env: wineEnv({}) });
  const totals = { passed: 0, failed: 0 };
  const add = ({ passed, failed }) => {
    totals.passed += passed;
    totals.failed += failed;
  };
  const withServerFilter = filterArg ? filterArg.slice('--gtest_filter='.length) : '*-WasapiWithoutServer.*';
  let pulse = await startPulse();
  try {
    const env = { PULSE_SERVER: pulse.env.PULSE_SERVER, PULSE_RUNTIME_PATH: pulse.env.PULSE_RUNTIME_PATH };
    add(await runTests(withServerFilter, env, 'with a server', {
      removeAlt: () => {
        const modules = spawnSync('pactl', ['list', 'short', 'modules'], { env: pulse.env, encoding: 'utf8' }).stdout ?? '';
        const alt = modules.split('\n').find((line) => line.includes('sink_name=sdkpp_alt'));
        if (alt) spawnSync('pactl', ['unload-module', alt.split('\t')[0]], { env: pulse.env });
        else log('sdkpp_alt is not loaded');
      },
      stopServer: () => pulse.daemon.kill('SIGKILL'),
      restartServer: () => {
        startPulse(pulse.dir).then((again) => (pulse = again), (error) => log(error.message));
      },
    }));
  } finally {
    spawnSync('wineserver', ['-k'], { env: wineEnv({}) });
    stopPulse(pulse);
  }
  if (!filterArg) {
    // No server at all: a socket path that does not exist, and no autospawn.
    add(await runTests('WasapiWithoutServer.*', { PULSE_SERVER: 'unix:/nonexistent-sdkpp-dir/pulse/native', PULSE_RUNTIME_PATH: '/nonexistent-sdkpp-dir' }, 'without a server'));
    spawnSync('wineserver', ['-k'], { env: wineEnv({}) });
  }
  console.log(`wasapi-wine: ${totals.passed} passed, ${totals.failed} failed (${secondsSince(started).toFixed(1)} s)`);
  process.exitCode = totals.failed === 0 && totals.passed > 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(`[wasapi-wine] ${error.message}`);
  console.log('wasapi-wine: 0 passed, 1 failed');
  process.exitCode = 1;
});
