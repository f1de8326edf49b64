// The API reference stays complete: typedoc over the public entry points (typedoc.json: sdkpp and
// sdkpp/emulator) must convert and validate with no warning — no public name without a doc
// comment, no {@link} that resolves to nothing, no public signature naming a type the reference
// does not include. The failure names each offender. `npm run docs` writes the same reference
// (HTML, build-docs/api); this test runs the same typedoc with `--emit none`, writing nothing.
// There are no known gaps: typedoc.json's intentionallyNotDocumented and intentionallyNotExported
// lists are empty, and stay so (a test below). A name that is not part of the public API (the
// emulator core's internals, for instance) is marked `@internal`, which the reference leaves out.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

const typedocBin = join(packageRoot, 'node_modules', 'typedoc', 'bin', 'typedoc');

/** typedoc's warnings and errors, one per line, colours removed, for a run in `cwd`. */
function referenceProblems(cwd: string, args: string[]): string[] {
  const run = spawnSync(process.execPath, [typedocBin, '--emit', 'none', '--treatWarningsAsErrors', 'false', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 110_000,
  });
  const output = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  const problems = output.split('\n').filter((line) => /\[(warning|error)\]/.test(line) && !/Found \d+ errors and \d+ warnings/.test(line));
  if (run.status !== 0 && problems.length === 0) problems.push(`typedoc exited ${run.status}: ${output.slice(-2000)}`);
  return problems;
}

/** "[warning] x (Property), defined in ..., does not have any documentation" → "x". */
function undocumentedNames(problems: string[]): string[] {
  return problems.flatMap((line) => /\[warning\] (\S+) \(\w+\), defined in .* does not have any documentation/.exec(line)?.[1] ?? []);
}

describe('the API reference', () => {
  it('documents every public name of sdkpp, sdkpp/emulator and sdkpp/activity, with working links (typedoc warns of nothing)', () => {
    const problems = referenceProblems(packageRoot, ['--options', 'typedoc.json']);
    const undocumented = undocumentedNames(problems);
    expect(undocumented, `public names without a doc comment:\n${undocumented.join('\n')}`).toEqual([]);
    expect(problems, 'typedoc warnings (not exported, broken links, unknown tags)').toEqual([]);
  }, 120_000);

  it('lists no known gap: every public name is documented, every type it names is exported', () => {
    const options = JSON.parse(readFileSync(join(packageRoot, 'typedoc.json'), 'utf8')) as Record<string, unknown>;
    expect(options.intentionallyNotDocumented ?? [], 'typedoc.json intentionallyNotDocumented').toEqual([]);
    expect(options.intentionallyNotExported ?? [], 'typedoc.json intentionallyNotExported').toEqual([]);
  });

  it('names an undocumented export and a broken link (self-check of the check)', () => {
    // fixtures_apiref/entry.ts: `bare` has no comment, `documented` links to a name that is not there.
    const problems = referenceProblems(join(packageRoot, 'test', 'docs', 'fixtures_apiref'), [
      '--entryPoints', 'entry.ts',
      '--tsconfig', 'tsconfig.json',
      '--validation.notDocumented', '--validation.invalidLink',
    ]);
    expect(undocumentedNames(problems)).toEqual(['bare']);
    expect(problems.some((line) => line.includes('Failed to resolve link to "Nowhere"'))).toBe(true);
  }, 60_000);
});
