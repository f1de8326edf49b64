// Compiles many sources into objects, a few compilers at a time, and only what changed: an
// object is rebuilt when it is missing, when its command line changed (saved next to it as
// <object>.cmd) or when its source or any header its depfile lists (<object>.d, written by the
// compiler with -MD -MF) is newer. That makes a second run of a cross build take seconds.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity; // a vanished header forces a rebuild
  }
}

/** The files a make-style depfile lists (after the "target:"), with escaped spaces kept. */
function depfileInputs(depfile) {
  const text = readFileSync(depfile, 'utf8').replace(/\\\r?\n/g, ' ');
  const afterColon = text.slice(text.indexOf(': ') + 2);
  return afterColon.match(/(?:\\ |[^\s])+/g)?.map((f) => f.replace(/\\ /g, ' ')) ?? [];
}

function isUpToDate(job, commandLine) {
  const { object } = job;
  if (!existsSync(object) || !existsSync(`${object}.d`) || !existsSync(`${object}.cmd`)) return false;
  if (readFileSync(`${object}.cmd`, 'utf8') !== commandLine) return false;
  const built = statSync(object).mtimeMs;
  return [job.source, ...depfileInputs(`${object}.d`)].every((input) => mtime(input) <= built);
}

function runOne(command, args, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ status: -1, stderr: error.message }));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/**
 * jobs: [{ source, object, command, args }] where args already name the source and -o object;
 * -MD -MF <object>.d is added here. Resolves to { compiled, upToDate }. Like make -k it compiles
 * everything before rejecting, so one run lists every file that does not build, with diagnostics.
 */
export async function compileAll(jobs, { parallel = 2, cwd, env = process.env, label = 'compile' } = {}) {
  const pending = [];
  let upToDate = 0;
  for (const job of jobs) {
    const args = [...job.args, '-MD', '-MF', `${job.object}.d`];
    const commandLine = [job.command, ...args].join('\u0000');
    if (isUpToDate(job, commandLine)) upToDate += 1;
    else pending.push({ ...job, args, commandLine });
  }
  console.log(`[sdkpp] ${label}: ${pending.length} to compile, ${upToDate} up to date (${parallel} in parallel)`);

  let next = 0;
  let done = 0;
  const failures = [];
  async function worker() {
    while (next < pending.length) {
      const job = pending[next++];
      mkdirSync(dirname(job.object), { recursive: true });
      const { status, stderr } = await runOne(job.command, job.args, cwd, env);
      done += 1;
      if (status !== 0) {
        failures.push(`${job.source}:\n${stderr}`);
        continue;
      }
      if (stderr.trim()) process.stderr.write(stderr);
      writeFileSync(`${job.object}.cmd`, job.commandLine);
      if (done % 20 === 0 || done === pending.length) console.log(`[sdkpp] ${label}: ${done}/${pending.length}`);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  if (failures.length) throw new Error(`${label}: ${failures.length} files failed:\n${failures.join('\n')}`);
  return { compiled: pending.length, upToDate };
}
