// lib/sdk and lib/platform import one way (no module imports itself through others): a circle
// makes load order matter and hides which module owns a type. Type-only imports count too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

const roots = ['lib/sdk', 'lib/platform'].map((dir) => join(packageRoot, dir));

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((spec) => {
    const base = resolve(dirname(file), spec);
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not this form
      }
    }
    return `${base}.ts`;
  });
}

/** Every circle, each as a list of files from one module back to itself. */
function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, localImports(file).filter((to) => files.includes(to))]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports of lib/sdk and lib/platform', () => {
  it('form no circle', () => {
    const files = roots.flatMap(tsFiles);
    expect(files.length).toBeGreaterThan(10);
    const cycles = findCycles(files).map((cycle) => cycle.map((file) => relative(packageRoot, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
