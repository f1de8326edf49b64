// Every code example of README.md and docs/ runs as written (issue: "the README's examples run
// as written, always"): each block is a program of its own, type-checked as a strict `nodenext`
// TypeScript app that imports the package by its name, then run by Node against a fresh
// emulator, with the SDK's address from the environment variables a user would set
// (SDKPP_API_BASE, SDKPP_WEB_BASE). It must exit 0 by itself. Set-up the reader does not see
// comes from the fixtures its hidden `<!-- doctest: ... -->` comment names (fixtures.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../lib/emulator/index';
import { packageRoot } from '../../lib/sdk/binding';
import { documentedBlocks, isCommonJs, type CodeBlock } from './code_blocks';
import { fixtureNamed, type FixtureContext } from './fixtures';

const require = createRequire(import.meta.url);
const ts = require('typescript') as typeof import('typescript');
const blocks = documentedBlocks(packageRoot);
const RUN_BOUND_MS = 60_000;

// A user's project: the package under its name (a link to this checkout, whose dist/ the test
// run built) and Node's types.
let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'sdkpp-doctest-'));
  mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
  symlinkSync(packageRoot, join(project, 'node_modules', 'sdkpp'), 'dir');
  symlinkSync(join(packageRoot, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'doctest-app', private: true, type: 'module' }));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

function fileName(block: CodeBlock, index: number): string {
  const base = `block${String(index).padStart(2, '0')}`;
  if (block.language === 'ts') return `${base}.${isCommonJs(block) ? 'cts' : 'mts'}`;
  return `${base}.${isCommonJs(block) ? 'cjs' : 'mjs'}`;
}

function sourceOf(block: CodeBlock): string {
  const fixtures = block.fixtures.map((spec) => fixtureNamed(spec).fixture);
  return fixtures.map((f) => f.preamble ?? '').join('') + block.code + fixtures.map((f) => f.postamble ?? '').join('');
}

describe('documentation examples', () => {
  it('there are examples to run (README.md has its first program)', () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.some((b) => b.where.startsWith('README.md'))).toBe(true);
  });

  it('every TypeScript example type-checks as a strict nodenext app importing "sdkpp"', () => {
    const files = blocks.map((block, index) => ({ block, name: fileName(block, index) })).filter(({ block }) => block.language === 'ts');
    if (files.length === 0) return;
    const dir = join(project, 'typecheck');
    mkdirSync(dir, { recursive: true });
    for (const { block, name } of files) {
      writeFileSync(join(dir, name), sourceOf(block));
      // The packages an example installs must be there for its types too.
      for (const spec of block.fixtures.filter((each) => each.startsWith('npm:'))) {
        const { fixture, argument } = fixtureNamed(spec);
        fixture.setUp?.({ project } as FixtureContext, argument);
      }
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: true },
        include: ['*.mts', '*.cts'],
      }),
    );
    const check = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    // tsc names the file (blockNN): map it back to where the example is.
    const report = check.stdout.replace(/block(\d\d)\.[cm]ts/g, (_, n: string) => blocks[Number(n)].where);
    expect(report, report).toBe('');
    expect(check.status).toBe(0);
  }, 120_000);

  blocks.forEach((block, index) => {
    const label = `${block.where} runs as written${block.fixtures.length ? ` (with ${block.fixtures.join(', ')})` : ''}`;
    it(label, async () => {
      const emu = await startEmulator({ port: 0 });
      const dir = join(project, `run${index}`);
      mkdirSync(dir, { recursive: true });
      const context: FixtureContext = {
        emu,
        project,
        dir,
        env: {
          ...process.env,
          SDKPP_API_BASE: emu.apiBase,
          SDKPP_WEB_BASE: emu.webBase,
          // Deterministic audio: no sound server of this machine.
          SDKPP_AUDIO_BACKEND: 'virtual',
        },
        cleanups: [],
      };
      try {
        for (const spec of block.fixtures) {
          const { fixture, argument } = fixtureNamed(spec);
          await fixture.setUp?.(context, argument);
        }
        const name = fileName(block, index).replace(/ts$/, 'js');
        const source = sourceOf(block);
        const program =
          block.language === 'ts'
            ? ts.transpileModule(source, {
                compilerOptions: { module: isCommonJs(block) ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
              }).outputText
            : source;
        const file = join(project, name.replace(/^block/, `run${index}/block`));
        writeFileSync(file, program);
        const outcome = await runNode(file, context.env);
        const report = `${block.where}: exit ${outcome.code}${outcome.timedOut ? ' (did not end by itself)' : ''}\n--- stdout\n${outcome.stdout}\n--- stderr\n${outcome.stderr}`;
        expect(outcome.timedOut, report).toBe(false);
        expect(outcome.code, report).toBe(0);
        if (process.env.SDKPP_DOCTEST_VERBOSE) console.log(report);
      } finally {
        for (const cleanup of context.cleanups.reverse()) await cleanup();
        await emu.close();
      }
    }, RUN_BOUND_MS + 15_000);
  });
});

function runNode(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, RUN_BOUND_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
