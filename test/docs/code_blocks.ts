// The code examples of the documentation, as the doc test runs them: every ```ts and ```js block
// of README.md and of the docs folder. A block that needs set-up a reader does not see (a
// second player, a running call) names it in a hidden comment right above the fence:
//
//   <!-- doctest: browser friend -->
//   ```ts
//
// The names are the fixtures of test/docs/fixtures.ts; nothing else changes the example.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface CodeBlock {
  /** Where the block is: `README.md:41` (the line of its opening fence). */
  where: string;
  language: 'ts' | 'js';
  code: string;
  /** The fixtures its doctest comment names. */
  fixtures: string[];
}

const FENCE = /^```(\w*)\s*$/;
const DOCTEST = /^<!--\s*doctest:\s*(.*?)\s*-->\s*$/;

export function codeBlocksOf(file: string, root: string): CodeBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const start = i;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    i = end;
    const language = open[1];
    if (language !== 'ts' && language !== 'js' && language !== 'typescript' && language !== 'javascript') continue;
    const directive = start > 0 ? DOCTEST.exec(lines[start - 1]) : null;
    blocks.push({
      where: `${relative(root, file)}:${start + 1}`,
      language: language.startsWith('t') ? 'ts' : 'js',
      code: lines.slice(start + 1, end).join('\n') + '\n',
      fixtures: directive ? directive[1].split(/\s+/).filter(Boolean) : [],
    });
  }
  return blocks;
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return name.endsWith('.md') ? [path] : [];
    });
}

/** README.md, then every markdown file under docs/, in a stable order. */
export function documentedBlocks(root: string): CodeBlock[] {
  const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
  return files.flatMap((file) => codeBlocksOf(file, root));
}

/** CommonJS when the block uses require() and no import statement; an ES module otherwise. */
export function isCommonJs(block: CodeBlock): boolean {
  return /\brequire\(/.test(block.code) && !/^\s*import\s/m.test(block.code);
}
