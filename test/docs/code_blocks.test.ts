// The doc test's reader of fenced code blocks: which blocks it runs, and where each one ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeBlocksOf } from './code_blocks';

const dir = mkdtempSync(join(tmpdir(), 'sdkpp-code-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function blocksOf(markdown: string) {
  const file = join(dir, 'README.md');
  writeFileSync(file, markdown);
  return codeBlocksOf(file, dir).map((block) => ({ where: block.where, language: block.language, code: block.code }));
}

describe('codeBlocksOf', () => {
  it('runs a block whose info string has words after the language, and the blocks after it', () => {
    const page = ['```ts title="first.ts"', 'one();', '```', '', 'text', '', '```js', 'two();', '```', ''].join('\n');
    expect(blocksOf(page)).toEqual([
      { where: 'README.md:1', language: 'ts', code: 'one();\n' },
      { where: 'README.md:7', language: 'js', code: 'two();\n' },
    ]);
  });

  it('ends a block only at a fence of its own character at least as long', () => {
    const page = ['````ts', 'const fence = `', '```', '`;', '````', '~~~typescript', 'three();', '~~~', ''].join('\n');
    expect(blocksOf(page)).toEqual([
      { where: 'README.md:1', language: 'ts', code: 'const fence = `\n```\n`;\n' },
      { where: 'README.md:6', language: 'ts', code: 'three();\n' },
    ]);
  });

  it('skips blocks of other languages and keeps reading after them', () => {
    const page = ['```sh title="shell"', 'npm test', '```', '```ts', 'four();', '```', ''].join('\n');
    expect(blocksOf(page)).toEqual([{ where: 'README.md:4', language: 'ts', code: 'four();\n' }]);
  });
});
