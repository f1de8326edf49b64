// Every relative link of the documentation leads somewhere: README.md, everything under docs/,
// lib/emulator/README.md and native/fuzz/README.md (when there is one). A link names a file or a
// folder the repository has, and its #anchor a heading of the markdown file it points at (or of
// the same file), by GitHub's rules. Web links (https:, mailto:) are not followed; code spans
// and fenced blocks are not links. The parsing is the one the tarball check uses
// (test/package/shipped_references.ts), so both read a link the same way. A code span that is a
// repository path (`native/core/src/gateway/`, `lib/emulator/webhooks.ts`) names one that
// exists too: a file that moves takes its mentions along.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
// Not lib/sdk/binding's packageRoot: that loads the addon, which a link check does not need.
const packageRoot = resolve(__dirname, '..', '..');
import { headingAnchors, markdownLinks } from '../package/shipped_references';

/** The markdown files whose links are checked, relative to `root`, '/'-separated. */
export function documentationFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return name.endsWith('.md') ? [path] : [];
      });
  const files = [join(root, 'README.md'), ...(existsSync(join(root, 'docs')) ? walk(join(root, 'docs')) : [])];
  for (const extra of ['lib/emulator/README.md', 'native/fuzz/README.md']) {
    if (existsSync(join(root, extra))) files.push(join(root, extra));
  }
  return files.map((file) => relative(root, file).split(sep).join('/'));
}

/** This repository's address (package.json's repository): a link to one of its own files. */
const OWN_BASE = 'https://github.com/sdkpp/sdkpp/blob/main/';
const OWN_FILES = /^https:\/\/github\.com\/sdkpp\/sdkpp\/(?:blob|tree)\/main\/([^?]+)$/;

/** One line per dead link of `file` (relative to `root`): a missing target or a missing anchor. */
export function deadLinks(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const problems: string[] = [];
  for (const link of markdownLinks(text)) {
    // A page below the root links a file above its folder through the repository's address
    // (OWN_FILES), so that every name it cites is a path from the root: checked as that path.
    const own = OWN_FILES.exec(link);
    if (!own && (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//'))) continue; // https:, mailto:, ...
    const local = own ? own[1] : link;
    const hash = local.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? local : local.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(local.slice(hash + 1));
    const target = own ? resolve(root, path) : path === '' ? join(root, file) : resolve(root, dirname(file), path);
    if (!own && path.split('/').includes('..')) {
      problems.push(`${file}: link ${link} climbs out of its folder: link ${OWN_BASE}<path from the root> instead`);
      continue;
    }
    const shown = relative(root, target).split(sep).join('/') || '.';
    if (!target.startsWith(root + sep) && target !== root) {
      problems.push(`${file}: link ${link} leaves the repository (${shown})`);
      continue;
    }
    if (!existsSync(target)) {
      problems.push(`${file}: link ${link} points at ${shown}, which the repository does not have`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!target.endsWith('.md') || statSync(target).isDirectory()) {
      problems.push(`${file}: link ${link}: an anchor on ${shown}, which is not a markdown file`);
      continue;
    }
    if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor)) {
      problems.push(`${file}: link ${link}: ${shown} has no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}

/** The top folders of the repository a code span may name a path under. */
const REPOSITORY_PATH = /^(?:native|lib|test|scripts|docs|examples)\/[\w./-]*$/;

/** One line per code span of `file` that is a repository path the repository does not have. */
export function missingPaths(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/^( {0,3})(```+|~~~+)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, '');
  const problems: string[] = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    if (!REPOSITORY_PATH.test(span)) continue;
    if (!existsSync(join(root, span))) problems.push(`${file}: \`${span}\` names a path the repository does not have`);
  }
  return problems;
}

describe('documentation links', () => {
  const files = documentationFiles(packageRoot);

  it('checks the README, docs/ and the emulator reference', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('lib/emulator/README.md');
    expect(files.some((file) => file.startsWith('docs/'))).toBe(true);
  });

  it.each(files)('%s has no dead relative link or anchor', (file) => {
    expect(deadLinks(packageRoot, file)).toEqual([]);
  });

  it.each(files)('%s names only repository paths that exist', (file) => {
    expect(missingPaths(packageRoot, file)).toEqual([]);
  });
});

describe('the dead-link check', () => {
  function deadIn(contents: Record<string, string>, file: string): string[] {
    const root = mkdtempSync(join(tmpdir(), 'sdkpp-links-'));
    try {
      for (const [name, text] of Object.entries(contents)) {
        mkdirSync(dirname(join(root, name)), { recursive: true });
        writeFileSync(join(root, name), text);
      }
      return deadLinks(root, file);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it('reports a missing file, a missing anchor, an anchor on a non-markdown file, a link out of the repository and one that climbs out of its folder', () => {
    expect(
      deadIn(
        {
          'docs/emulator.md':
            '# A\n\n[gone](removed.txt) [bad anchor](https://github.com/sdkpp/sdkpp/blob/main/README.md#nowhere) ' +
            '[code anchor](https://github.com/sdkpp/sdkpp/blob/main/lib/x.ts#L3) [out](https://github.com/sdkpp/sdkpp/blob/main/../elsewhere.txt) ' +
            '[up](../LICENSE) [good](https://github.com/sdkpp/sdkpp/blob/main/README.md#title) [folder](https://github.com/sdkpp/sdkpp/tree/main/lib) [self](#nope)\n',
          'README.md': '# Title\n',
          'lib/x.ts': '',
        },
        'docs/emulator.md',
      ),
    ).toEqual([
      'docs/emulator.md: link removed.txt points at docs/removed.txt, which the repository does not have',
      'docs/emulator.md: link https://github.com/sdkpp/sdkpp/blob/main/README.md#nowhere: README.md has no heading with the anchor #nowhere',
      'docs/emulator.md: link https://github.com/sdkpp/sdkpp/blob/main/lib/x.ts#L3: an anchor on lib/x.ts, which is not a markdown file',
      'docs/emulator.md: link https://github.com/sdkpp/sdkpp/blob/main/../elsewhere.txt leaves the repository (../elsewhere.txt)',
      'docs/emulator.md: link ../LICENSE climbs out of its folder: link https://github.com/sdkpp/sdkpp/blob/main/<path from the root> instead',
      'docs/emulator.md: link #nope: docs/emulator.md has no heading with the anchor #nope',
    ]);
  });

  it('reports a code span naming a repository path that does not exist; other code is not a path', () => {
    const root = mkdtempSync(join(tmpdir(), 'sdkpp-paths-'));
    try {
      mkdirSync(join(root, 'lib', 'sdk'), { recursive: true });
      writeFileSync(join(root, 'lib', 'sdk', 'client.ts'), '');
      writeFileSync(join(root, 'README.md'), 'See `lib/sdk/client.ts`, `lib/sdk/`, `lib/sdk/gone.ts`, `native/old/`, `npm test`, `client.Connect()`.\n\n```sh\nls lib/nothing.ts\n```\n');
      expect(missingPaths(root, 'README.md')).toEqual([
        'README.md: `lib/sdk/gone.ts` names a path the repository does not have',
        'README.md: `native/old/` names a path the repository does not have',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('accepts files, folders, headings and web links, and ignores code', () => {
    expect(
      deadIn(
        {
          'docs/emulator.md': '# A\n\n## Set-up (two commands)\n\n[b](architecture.md#the-b) [folder](https://github.com/sdkpp/sdkpp/tree/main/lib) [me](#set-up-two-commands) [web](https://example.test/x#y) `[not](c.txt)`\n\n```md\n[also not](d.txt)\n```\n',
          'docs/architecture.md': '# The B\n',
          'lib/x.ts': '',
        },
        'docs/emulator.md',
      ),
    ).toEqual([]);
  });
});
