// The emulator's layering, checked on its import graph (type-only imports included: a type
// import between two adapters couples them just the same):
// - no import cycles anywhere in lib/emulator;
// - adapters (each file of routes/, the gateway/ and ipc/ directories, control.ts) never import
//   another adapter: they share rules through domain/ and ports through ports.ts;
// - domain/ never imports an adapter.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../lib/emulator');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** module (path relative to lib/emulator, without .ts) -> the modules of lib/emulator it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).replace(/\.ts$/, '');
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.relative(root, path.resolve(path.dirname(file), fileName)).replace(/\.(js|ts)$/, '');
      if (target.startsWith('..')) continue; // outside lib/emulator (lib/limits.generated, lib/platform)
      const resolved = graph.has(`${target}/index`) || existsModule(root, `${target}/index`) ? `${target}/index` : target;
      targets.add(resolved);
    }
    graph.set(from, [...targets]);
  }
  return graph;
}

function existsModule(root: string, module: string): boolean {
  try {
    return statSync(path.join(root, `${module}.ts`)).isFile();
  } catch {
    return false;
  }
}

/** Every cycle, each as the list of modules around it (found by depth-first search). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/** The adapter a module belongs to, or null: each route file, the gateway, the IPC server, control. */
export function adapterOf(module: string): string | null {
  if (module.startsWith('routes/')) return module;
  if (module.startsWith('gateway/')) return 'gateway';
  if (module.startsWith('ipc/')) return 'ipc';
  if (module === 'control') return 'control';
  if (module.startsWith('voice/')) return 'voice';
  return null;
}

export function layeringViolations(graph: Map<string, string[]>): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    const fromAdapter = adapterOf(from);
    for (const to of targets) {
      const toAdapter = adapterOf(to);
      if (toAdapter === null) continue;
      if (fromAdapter !== null && fromAdapter !== toAdapter) violations.push(`adapter ${from} imports adapter ${to}`);
      if (from.startsWith('domain/')) violations.push(`domain module ${from} imports adapter ${to}`);
    }
  }
  return violations.sort();
}

describe('lib/emulator architecture', () => {
  const graph = importGraph(ROOT);

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(30);
    expect(graph.get('index')).toContain('control');
  });

  it('has no import cycles', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('keeps adapters apart: they share rules through domain/ only', () => {
    expect(layeringViolations(graph)).toEqual([]);
  });

  it('has a domain layer that the adapters call', () => {
    for (const adapter of ['control', 'gateway/server', 'ipc/server', 'routes/lobbies', 'routes/oauth2']) {
      expect(graph.get(adapter)!.some((m) => m.startsWith('domain/')), adapter).toBe(true);
    }
  });

  it('finds a cycle and an adapter-to-adapter import when there is one (self-check)', () => {
    const bad = new Map([
      ['emulator', ['domain/lobbies']],
      ['domain/lobbies', ['emulator']],
      ['control', ['routes/oauth2']],
      ['routes/oauth2', ['routes/partner_sdk']],
      ['routes/partner_sdk', []],
    ]);
    expect(cycles(bad)).toEqual([['domain/lobbies', 'emulator', 'domain/lobbies']]);
    expect(layeringViolations(bad)).toEqual(['adapter control imports adapter routes/oauth2', 'adapter routes/oauth2 imports adapter routes/partner_sdk']);
  });
});
