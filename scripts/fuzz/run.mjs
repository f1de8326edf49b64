// `npm run fuzz -- [target...] [--seconds N | --cpu-seconds N] [--update-corpus] [--list]`:
// coverage-guided fuzzing of the core's parsers (native/fuzz/README.md). Builds the libFuzzer
// targets with clang in build-fuzz/ (installing clang-16 and libFuzzer with apt when missing),
// runs each named target (all of them by default) one after another, single-process, and
// prints per target: executions, coverage (libFuzzer's final cov / ft), crashes. The full
// libFuzzer output of a target is in build-fuzz/logs/<target>.log.
//
//   --seconds N       wall-clock budget per target (default 60; 0 with --update-corpus: merge only)
//   --cpu-seconds N   stop each target once it used N seconds of CPU instead (Linux; for a
//                     shared machine, where wall time says little about the work done)
//   --update-corpus   then merge what the run found into native/fuzz/corpus/<target>: the
//                     fewest bytes of inputs that keep every edge covered (the control file of
//                     -set_cover_merge=1 -use_counters=0, then a greedy weighted set cover)
//   --list            print the targets and exit
//
// New inputs go to build-fuzz/corpus/<target> (kept between runs); the checked-in corpus and
// the crash regressions are read as seeds. A crash is minimized (-minimize_crash=1) and written
// to native/fuzz/regressions/<target>/, where the native harness's replay (npm test) fails on
// it until the core is fixed. Exit code 1 when a target crashed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { ensureDebianPackages, root, run } from '../prebuild/common.mjs';

const LLVM = 16;
const fuzzDir = join(root, 'native', 'fuzz');
const buildDir = join(root, 'build-fuzz');

function parseArgs(argv) {
  const options = { targets: [], seconds: 60, cpuSeconds: 0, updateCorpus: false, list: false };
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    const value = () => {
      const number = Number(argv[++i]);
      if (!Number.isFinite(number) || number < 0) throw new Error(`${arg} needs a number of seconds`);
      return number;
    };
    if (arg === '--seconds') options.seconds = value();
    else if (arg === '--cpu-seconds') options.cpuSeconds = value();
    else if (arg === '--update-corpus') options.updateCorpus = true;
    else if (arg === '--list') options.list = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else options.targets.push(arg);
  }
  return options;
}

const allTargets = () =>
  readdirSync(join(fuzzDir, 'targets'))
    .filter((file) => file.endsWith('.cc'))
    .map((file) => file.slice(0, -3))
    .sort();

// clang, libFuzzer and the sanitizer runtimes of LLVM 16 (Debian 12's), plus cmake.
function ensureClang() {
  const arch = process.arch === 'arm64' ? 'aarch64' : 'x86_64';
  ensureDebianPackages({
    [`clang++-${LLVM}`]: [`clang-${LLVM}`],
    [`/usr/lib/llvm-${LLVM}/lib/libFuzzer.a`]: [`libfuzzer-${LLVM}-dev`],
    [`/usr/lib/llvm-${LLVM}/lib/clang/${LLVM}/lib/linux/libclang_rt.fuzzer-${arch}.a`]: [`libclang-rt-${LLVM}-dev`],
    cmake: ['cmake'],
    make: ['make'],
  });
}

function buildTargets(targets) {
  if (!existsSync(join(buildDir, 'CMakeCache.txt')) || !existsSync(join(buildDir, 'Makefile'))) {
    const configure = run('cmake', ['-S', root, '-B', buildDir, '-DSDKPP_FUZZ=ON', '-DSDKPP_BUILD_TESTS=OFF', '-DCMAKE_BUILD_TYPE=RelWithDebInfo'], {
      env: { ...process.env, CC: `clang-${LLVM}`, CXX: `clang++-${LLVM}` },
    });
    if (configure.status !== 0) throw new Error('cmake configure of build-fuzz failed');
  }
  const jobs = process.env.SDKPP_JOBS ?? String(availableParallelism());
  const build = run('cmake', ['--build', buildDir, '--parallel', jobs, '--target', ...targets.map((t) => `sdkpp_fuzz_${t}`)]);
  if (build.status !== 0) throw new Error('the fuzz targets failed to build');
}

// libFuzzer flags of a target: its dictionary (dict/<target>.dict) and targets/<target>.options
// (one flag a line, # comments).
function targetFlags(target) {
  const flags = [];
  const dict = join(fuzzDir, 'dict', `${target}.dict`);
  if (existsSync(dict)) flags.push(`-dict=${dict}`);
  const options = join(fuzzDir, 'targets', `${target}.options`);
  if (existsSync(options)) {
    for (const line of readFileSync(options, 'utf8').split('\n')) {
      const flag = line.replace(/#.*/, '').trim();
      if (flag) flags.push(flag);
    }
  }
  return flags;
}

const binary = (target) => join(buildDir, 'native', 'fuzz', `sdkpp_fuzz_${target}`);
const seedDirs = (target) =>
  [join(fuzzDir, 'corpus', target), join(fuzzDir, 'regressions', target)].filter((dir) => existsSync(dir));

// CPU seconds (user + system) a process used so far, from /proc (null where there is none).
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;  // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

function fuzzOnce(target, options) {
  const work = join(buildDir, 'corpus', target);
  const artifacts = join(buildDir, 'artifacts', target);
  mkdirSync(work, { recursive: true });
  rmSync(artifacts, { recursive: true, force: true });
  mkdirSync(artifacts, { recursive: true });
  const args = [
    `-max_total_time=${options.cpuSeconds ? 0 : Math.round(options.seconds)}`,
    '-print_final_stats=1',
    '-timeout=25',
    '-rss_limit_mb=2560',
    `-artifact_prefix=${artifacts}/`,
    ...targetFlags(target),
    work,
    ...seedDirs(target),
  ];
  return new Promise((resolve) => {
    const child = spawn(binary(target), args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      if (output.length > 4 * 1024 * 1024) output = output.slice(-2 * 1024 * 1024);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const started = Date.now();
    let cpu = 0;
    const poll = setInterval(() => {
      cpu = cpuSecondsOf(child.pid) ?? cpu;
      if (options.cpuSeconds && cpu >= options.cpuSeconds) child.kill('SIGINT');  // libFuzzer prints its final stats
    }, 2000);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      // The whole output stays in build-fuzz/logs/<target>.log; the console gets the summary.
      mkdirSync(join(buildDir, 'logs'), { recursive: true });
      writeFileSync(join(buildDir, 'logs', `${target}.log`), output);
      resolve({ target, output, code, signal, wallSeconds: (Date.now() - started) / 1000, cpuSeconds: cpu, artifacts });
    });
  });
}

// What libFuzzer's output says: executions, the last cov/ft, the crash artifacts it wrote.
function summarize(result) {
  const { output } = result;
  const executed = /stat::number_of_executed_units:\s*(\d+)/.exec(output);
  let cov = null;
  let ft = null;
  for (const match of output.matchAll(/#(\d+)\s+\S+\s+cov: (\d+) ft: (\d+)/g)) {
    cov = Number(match[2]);
    ft = Number(match[3]);
  }
  const crashes = readdirSync(result.artifacts).map((file) => join(result.artifacts, file));
  const reason = /SUMMARY: (.*)|(ERROR: libFuzzer: .*)|FUZZ_CHECK failed: (.*)/.exec(output);
  const failed = crashes.length > 0 || (result.code !== 0 && result.code !== 72 && result.signal !== 'SIGINT');
  return {
    target: result.target,
    output,
    executions: executed ? Number(executed[1]) : null,
    cov,
    ft,
    crashes,
    failed,
    reason: reason ? (reason[1] ?? reason[2] ?? `FUZZ_CHECK failed: ${reason[3]}`) : failed ? `exit ${result.code ?? result.signal}` : '',
    wallSeconds: result.wallSeconds,
    cpuSeconds: result.cpuSeconds,
  };
}

// Minimizes a crash input and files it under native/fuzz/regressions/<target>/.
function fileRegression(target, artifact) {
  const minimized = `${artifact}.min`;
  const minimize = spawnSync(binary(target), ['-minimize_crash=1', '-runs=20000', '-max_total_time=120', `-exact_artifact_path=${minimized}`, ...targetFlags(target), artifact], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const source = existsSync(minimized) && statSync(minimized).size > 0 ? minimized : artifact;
  if (minimize.status !== 0 && source === artifact) console.log(`[sdkpp] ${target}: minimizing ${artifact} did not finish; filing it as found`);
  const bytes = readFileSync(source);
  const kind = /\/(crash|timeout|oom|leak|slow-unit)-[^/]*$/.exec(artifact)?.[1] ?? 'crash';
  const dir = join(fuzzDir, 'regressions', target);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${kind}-${createHash('sha1').update(bytes).digest('hex')}`);
  writeFileSync(file, bytes);
  return relative(root, file);
}

// The checked-in corpus of a target stays within this many bytes (the repository stays lean;
// the greedy cover below keeps ~95% of a large corpus's edges in 24 KiB).
const corpusBudgetBytes = 24 * 1024;

// The cheapest inputs (in bytes) that together have every feature the given ones have, within
// `budget` bytes: a greedy weighted set cover over the control file of libFuzzer's
// -set_cover_merge, which lists each input's size and all its features (FT lines; edges only
// with -use_counters=0). libFuzzer's own merges keep several times the bytes.
function cheapestCover(controlFile, budget) {
  const lines = readFileSync(controlFile, 'utf8').split('\n');
  const count = Number(lines[0]);
  const files = lines.slice(2, 2 + count);
  const size = new Map();
  const edges = new Map();
  for (const line of lines.slice(2 + count)) {
    const [kind, index, ...rest] = line.split(' ');
    if (kind === 'STARTED') size.set(Number(index), Math.max(1, Number(rest[0])));
    else if (kind === 'FT') edges.set(Number(index), rest.map(Number));
  }
  const uncovered = new Set([...edges.values()].flat());
  const gain = (i) => edges.get(i).reduce((n, edge) => n + (uncovered.has(edge) ? 1 : 0), 0) / size.get(i);
  // Lazy greedy: a candidate's gain only falls as others are taken, so a stale score is an upper bound.
  let queue = [...edges.keys()].filter((i) => size.has(i)).map((i) => ({ i, score: gain(i) })).sort((a, b) => b.score - a.score);
  const chosen = [];
  let bytes = 0;
  while (uncovered.size > 0 && queue.length > 0) {
    const top = queue.shift();
    const score = gain(top.i);
    if (score <= 0 || bytes + size.get(top.i) > budget) continue;
    if (queue.length > 0 && score < queue[0].score) {
      const at = queue.findIndex((c) => c.score <= score);
      queue.splice(at < 0 ? queue.length : at, 0, { i: top.i, score });
      continue;
    }
    chosen.push(files[top.i]);
    bytes += size.get(top.i);
    for (const edge of edges.get(top.i)) uncovered.delete(edge);
  }
  const kept = 1 - uncovered.size / Math.max(1, new Set([...edges.values()].flat()).size);
  return { chosen, kept };
}

// Replaces native/fuzz/corpus/<target> by the cheapest cover of it and what the runs found.
function updateCorpus(target) {
  const checkedIn = join(fuzzDir, 'corpus', target);
  const scratch = join(buildDir, 'merged', target);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, 'out'), { recursive: true });
  const control = join(scratch, 'control');
  const sources = [checkedIn, join(buildDir, 'corpus', target)].filter((dir) => existsSync(dir));
  const merge = spawnSync(binary(target), ['-set_cover_merge=1', '-use_counters=0', `-merge_control_file=${control}`, ...targetFlags(target), join(scratch, 'out'), ...sources], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (merge.status !== 0) throw new Error(`merging the corpus of ${target} failed:\n${merge.stderr.slice(-2000)}`);
  const { chosen, kept } = cheapestCover(control, corpusBudgetBytes);
  const inputs = chosen.map((file) => readFileSync(file));
  rmSync(checkedIn, { recursive: true, force: true });
  mkdirSync(checkedIn, { recursive: true });
  let bytes = 0;
  for (const input of inputs) {
    writeFileSync(join(checkedIn, createHash('sha1').update(input).digest('hex')), input);
    bytes += input.length;
  }
  console.log(`[sdkpp] ${target}: corpus merged to ${inputs.length} inputs, ${(bytes / 1024).toFixed(1)} KiB, ${(kept * 100).toFixed(1)}% of the features`);
}

function printTable(rows) {
  const header = ['target', 'executions', 'cov', 'ft', 'crashes', 'cpu s', 'wall s'];
  const lines = rows.map((r) => [r.target, r.executions ?? '?', r.cov ?? '?', r.ft ?? '?', r.crashes.length || (r.failed ? 1 : 0), r.cpuSeconds.toFixed(0), r.wallSeconds.toFixed(0)].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

const options = parseArgs(process.argv.slice(2));
const known = allTargets();
if (options.list) {
  console.log(known.join('\n'));
  process.exit(0);
}
const targets = options.targets.length ? options.targets : known;
for (const target of targets) {
  if (!known.includes(target)) throw new Error(`no fuzz target ${target} (native/fuzz/targets): ${known.join(', ')}`);
}
ensureClang();
buildTargets(targets);

const rows = [];
for (const target of targets) {
  if (!options.cpuSeconds && options.seconds === 0) {
    if (options.updateCorpus) updateCorpus(target);  // --seconds 0: only the merge
    continue;
  }
  const budget = options.cpuSeconds ? `${options.cpuSeconds} CPU seconds` : `${options.seconds} s`;
  console.log(`[sdkpp] fuzzing ${target} for ${budget}`);
  const row = summarize(await fuzzOnce(target, options));
  row.filed = row.crashes.map((artifact) => fileRegression(target, artifact));
  rows.push(row);
  if (row.failed) {
    // The report of the crash (sanitizer or FUZZ_CHECK, with its stack) is the end of the log.
    const log = row.output;
    const start = Math.max(log.lastIndexOf('==ERROR'), log.lastIndexOf('FUZZ_CHECK failed'), log.lastIndexOf('runtime error'), 0);
    console.log(log.slice(start, start + 6000));
    console.log(`[sdkpp] ${target}: ${row.reason}${row.filed.length ? ` -> ${row.filed.join(', ')}` : ''}`);
  }
  if (options.updateCorpus) updateCorpus(target);
}
if (rows.length) printTable(rows);
const failed = rows.filter((r) => r.failed);
if (failed.length) {
  console.log(`[sdkpp] ${failed.length} target(s) crashed; the minimized inputs are in native/fuzz/regressions/ (fix the core, keep them as regressions)`);
}
process.exit(failed.length ? 1 : 0);
