// The native folders include each other one way only. In native/core/src the Client (client/)
// stands on its features (auth/, social/, voice/, ...), which get what they need from below
// (context/: FeatureContext, ConnectionStatus, the argument rules), never from client/. In
// native/napi the area folders mirror the core's the same way. A folder circle (a includes b,
// b includes a, through any files) is what this test refuses.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

/** Each file below `root` (relative to it) with the quoted includes it writes. */
function includesBelow(root: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const walk = (at: string): void => {
    for (const entry of readdirSync(at)) {
      const full = join(at, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(cc|h)$/.test(entry)) {
        const text = readFileSync(full, 'utf8');
        files.set(relative(root, full), [...text.matchAll(/^\s*#\s*include\s+"([^"]+)"/gm)].map((m) => m[1]));
      }
    }
  };
  walk(root);
  return files;
}

/** A file's folder: the first folder of its path, or the file itself at the root. */
const folderOf = (file: string): string => file.split('/')[0];

/** Folder -> the folders its files include (other than itself), from files and their includes. */
export function folderArrows(files: Map<string, string[]>, exists: (file: string) => boolean): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const [file, includes] of files) {
    const from = folderOf(file);
    for (const include of includes) {
      const beside = join(dirname(file), include);
      const target = exists(beside) ? beside : exists(include) ? include : undefined;
      if (!target || folderOf(target) === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Set());
      arrows.get(from)!.add(folderOf(target));
    }
  }
  return arrows;
}

/** The folder circles: each as the folders on it, first the one that sorts first. */
export function folderCircles(arrows: Map<string, Set<string>>): string[][] {
  const circles = new Map<string, string[]>();
  const visit = (folder: string, path: string[]): void => {
    const at = path.indexOf(folder);
    if (at >= 0) {
      const circle = path.slice(at);
      const first = circle.indexOf([...circle].sort()[0]);
      const turned = [...circle.slice(first), ...circle.slice(0, first)];
      circles.set(turned.join(' -> '), turned);
      return;
    }
    for (const next of arrows.get(folder) ?? []) visit(next, [...path, folder]);
  };
  for (const folder of arrows.keys()) visit(folder, []);
  return [...circles.values()];
}

function arrowsOf(dir: string): Map<string, Set<string>> {
  const root = join(packageRoot, dir);
  return folderArrows(includesBelow(root), (file) => existsSync(join(root, file)));
}

describe('native folders include each other one way only', () => {
  const core = arrowsOf('native/core/src');
  const napi = arrowsOf('native/napi');

  it('reads the folders and their includes', () => {
    expect(core.get('client')).toContain('voice');
    expect(core.get('voice')).toContain('context');
    expect(napi.get('client')).toContain('voice');
  });

  it('no feature folder of the core includes client/', () => {
    const upward = [...core].filter(([folder, targets]) => folder !== 'client' && targets.has('client')).map(([folder]) => folder);
    expect(upward).toEqual([]);
  });

  it('has no folder circle in native/core/src or native/napi', () => {
    expect(folderCircles(core)).toEqual([]);
    expect(folderCircles(napi)).toEqual([]);
  });

  it('names a folder circle (self-check)', () => {
    const files = new Map([
      ['client/client_impl.h', ['voice/call.h', 'util/text.h']],
      ['voice/call.h', ['client/feature_context.h']],
      ['voice/call.cc', ['call.h']],
    ]);
    const present = new Set(['client/client_impl.h', 'client/feature_context.h', 'voice/call.h', 'util/text.h']);
    const arrows = folderArrows(files, (file) => present.has(file));
    expect([...arrows.get('client')!].sort()).toEqual(['util', 'voice']);
    expect(folderCircles(arrows)).toEqual([['client', 'voice']]);
  });
});
