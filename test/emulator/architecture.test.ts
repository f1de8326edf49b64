// The emulator's layering, checked on its import graph (type-only imports included: a type
// import between two adapters couples them just the same):
// - no import cycles anywhere in lib/emulator;
// - no circle between its rooms either — each folder one room, each top-level file one room
//   (domain/ -> http/ -> domain/ is one even when no file imports itself back; so is
//   emulator.ts -> rate_limits.ts -> domain/ -> emulator.ts): a room's files stand on one side
//   of every other room's. The core (emulator.ts) stands under domain/: it imports no rule of
//   the service, and domain/ reaches it;
// - adapters (each file of routes/, the gateway/, ipc/, voice/ and http/ directories,
//   control.ts) never import another adapter: they share rules through domain/ and ports
//   through ports.ts; http/ (the HTTP server they stand on) may be imported by the others and
//   imports none of them;
// - domain/ never imports an adapter.
// And the rooms of lib/ as a whole: what one side of a wire shares with the other (the IPC
// socket paths, the voice AEAD) lives in lib/protocol/, which the emulator, lib/sdk and
// lib/platform may import and which imports none of them; the emulator imports nothing else of
// lib/ but the generated limits table.
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
  if (module.startsWith('http/')) return 'http';
  return null;
}

/** The graph between lib/emulator's rooms: each folder is one room (named `folder/`), each
 * top-level module one room of its own (the core, emulator.ts, and its helpers beside it); an
 * arrow R -> S when a module of R imports one of S. */
export function roomGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const roomOf = (module: string): string => (module.includes('/') ? module.slice(0, module.indexOf('/') + 1) : module);
  const rooms = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const fromRoom = roomOf(from);
    const arrows = rooms.get(fromRoom) ?? new Set<string>();
    rooms.set(fromRoom, arrows);
    for (const to of targets) {
      const toRoom = roomOf(to);
      if (toRoom !== fromRoom) arrows.add(toRoom);
    }
  }
  return new Map([...rooms].map(([room, arrows]) => [room, [...arrows].sort()]));
}

const LIB = path.resolve(__dirname, '../../lib');

/** Each import from one room of lib/ (its first path segment: emulator, sdk, platform,
 * protocol, index, limits.generated) into another, as `from -> to (file)`. */
export function roomImports(lib: string): Array<{ from: string; to: string; file: string }> {
  const roomOf = (file: string) => path.relative(lib, file).split(path.sep)[0].replace(/\.ts$/, '');
  const found: Array<{ from: string; to: string; file: string }> = [];
  for (const file of sourceFiles(lib)) {
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, false).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const from = roomOf(file);
      const to = roomOf(path.resolve(path.dirname(file), fileName));
      if (from !== to) found.push({ from, to, file: path.relative(lib, file) });
    }
  }
  return found;
}

/** Which rooms of lib/ each room may import; a room not named here is not checked. */
const ROOM_IMPORTS: Record<string, string[]> = {
  emulator: ['protocol', 'limits.generated'],
  protocol: [],
  sdk: ['platform', 'protocol', 'limits.generated'],
  platform: ['protocol', 'limits.generated'],
};

export function roomViolations(imports: Array<{ from: string; to: string; file: string }>): string[] {
  return imports
    .filter(({ from, to }) => ROOM_IMPORTS[from] !== undefined && !ROOM_IMPORTS[from].includes(to))
    .map(({ from, to, file }) => `${from} imports ${to} (${file})`)
    .sort();
}

export function layeringViolations(graph: Map<string, string[]>): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    const fromAdapter = adapterOf(from);
    for (const to of targets) {
      const toAdapter = adapterOf(to);
      if (toAdapter === null) continue;
      // http/ is the HTTP server the routes, the control API and the gateway's upgrade stand on.
      const onTheHttpServer = toAdapter === 'http';
      if (fromAdapter !== null && fromAdapter !== toAdapter && !onTheHttpServer) violations.push(`adapter ${from} imports adapter ${to}`);
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

  it('has no circle between its rooms (its folders and its top-level files)', () => {
    expect(cycles(roomGraph(graph)).map((cycle) => cycle.join(' -> '))).toEqual([]);
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

  it('finds a circle between folders that no file circle shows, and a domain module importing http/ (self-check)', () => {
    const bad = new Map([
      ['domain/lobbies', ['http/errors']],
      ['http/errors', []],
      ['http/context', ['domain/authorizations']],
      ['domain/authorizations', []],
      ['emulator', ['domain/lobbies']],
    ]);
    expect(cycles(bad)).toEqual([]);
    expect(cycles(roomGraph(bad))).toEqual([['domain/', 'http/', 'domain/']]);
    expect(layeringViolations(bad)).toEqual(['domain module domain/lobbies imports adapter http/errors']);
  });

  it('finds a circle through a top-level file that no file circle shows: the core reaching domain/ (self-check)', () => {
    // The circle this tree had: the rate limiter threw the domain's ApiError.
    const bad = new Map([
      ['emulator', ['rate_limits']],
      ['rate_limits', ['domain/errors']],
      ['domain/errors', []],
      ['domain/lobbies', ['emulator']],
    ]);
    expect(cycles(bad)).toEqual([]);
    expect(cycles(roomGraph(bad))).toEqual([['domain/', 'emulator', 'rate_limits', 'domain/']]);
  });
});

describe('the rooms of lib/: one protocol room that both sides of a wire import', () => {
  const imports = roomImports(LIB);

  it('reads the imports between rooms', () => {
    expect(imports.some(({ from, to }) => from === 'emulator' && to === 'protocol')).toBe(true);
    expect(imports.some(({ from, to }) => from === 'platform' && to === 'protocol')).toBe(true);
  });

  it('lets the emulator, lib/sdk and lib/platform import lib/protocol, and lib/protocol none of them', () => {
    expect(roomViolations(imports)).toEqual([]);
  });

  it('names an import that leaves its room the wrong way (self-check)', () => {
    expect(roomViolations([
      { from: 'emulator', to: 'platform', file: 'emulator/ipc/server.ts' },
      { from: 'protocol', to: 'sdk', file: 'protocol/aead.ts' },
      { from: 'sdk', to: 'emulator', file: 'sdk/client.ts' },
      { from: 'emulator', to: 'protocol', file: 'emulator/voice/transport_crypto.ts' },
    ])).toEqual([
      'emulator imports platform (emulator/ipc/server.ts)',
      'protocol imports sdk (protocol/aead.ts)',
      'sdk imports emulator (sdk/client.ts)',
    ]);
  });
});
