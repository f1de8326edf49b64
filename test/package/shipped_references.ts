// What a published file points at, and whether the package has it: a source map's sources (unless
// their text is inlined), a `sourceMappingURL` comment, and the links of a markdown file — to a
// file, or to a heading of one (GitHub's anchors). Used on the unpacked npm tarball.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Every problem found among `files` (paths relative to `root`, '/'-separated), one line each. */
export function brokenReferences(root: string, files: readonly string[]): string[] {
  const shipped = new Set(files);
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const problems: string[] = [];
  for (const file of files) {
    if (file.endsWith('.map')) problems.push(...sourceMapProblems(file, read(file), shipped));
    else if (/\.(c|m)?js$/.test(file)) problems.push(...sourceMappingUrlProblems(file, read(file), shipped));
    else if (file.endsWith('.md')) problems.push(...markdownProblems(file, read(file), shipped, read));
  }
  return problems;
}

function sourceMapProblems(file: string, text: string, shipped: Set<string>): string[] {
  let map: { mappings?: unknown; sources?: unknown; sourcesContent?: unknown; sourceRoot?: unknown };
  try {
    map = JSON.parse(text);
  } catch {
    return []; // not a source map (a linker version script is a .map too)
  }
  if (typeof map.mappings !== 'string' || !Array.isArray(map.sources)) return [];
  const contents = Array.isArray(map.sourcesContent) ? map.sourcesContent : [];
  const sourceRoot = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
  return map.sources.flatMap((source: unknown, i: number) => {
    if (typeof contents[i] === 'string') return [];
    const target = posix.normalize(posix.join(posix.dirname(file), sourceRoot, String(source)));
    return shipped.has(target) ? [] : [`${file}: source ${String(source)} (${target}) is not shipped and its text is not inlined`];
  });
}

function sourceMappingUrlProblems(file: string, text: string, shipped: Set<string>): string[] {
  const match = /\/\/[#@] sourceMappingURL=(\S+)\s*$/.exec(text);
  if (!match || match[1].startsWith('data:')) return [];
  const target = posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(match[1])));
  return shipped.has(target) ? [] : [`${file}: sourceMappingURL ${match[1]} (${target}) is not shipped`];
}

function markdownProblems(file: string, text: string, shipped: Set<string>, read: (file: string) => string): string[] {
  const problems: string[] = [];
  for (const link of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue; // https:, mailto:, ...
    const hash = link.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? link : link.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(link.slice(hash + 1));
    const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, '');
    const isFile = shipped.has(target);
    const isFolder = [...shipped].some((shippedFile) => shippedFile.startsWith(`${target}/`));
    if (!isFile && !isFolder) {
      problems.push(`${file}: link ${link} points at ${target}, which is not shipped`);
      continue;
    }
    if (anchor && isFile && target.endsWith('.md') && !headingAnchors(read(target)).has(anchor)) {
      problems.push(`${file}: link ${link}: ${target} has no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`, outside code. */
export function markdownLinks(text: string): string[] {
  const prose = withoutCode(text);
  const inline = [...prose.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const definitions = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)].map((m) => m[1]);
  return [...inline, ...definitions].map((target) => target.replace(/^<(.*)>$/, '$1'));
}

/** The text with fenced code blocks and inline code spans blanked (a link there is not a link). */
function withoutCode(text: string): string {
  return text
    .replace(/^( {0,3})(```+|~~~+)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
}

/** The anchors GitHub gives a file's headings (lowercase, punctuation dropped, spaces to '-', -1, -2 for repeats) and its explicit ids. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(text).matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/gm)) {
    const plain = match[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

function withoutFences(text: string): string {
  return text.replace(/^( {0,3})(```+|~~~+)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, '');
}
