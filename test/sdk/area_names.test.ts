// One area word per Client method across the three layers: a method defined in
// native/core/src/client/client_<area>.cc has its N-API wrapper in native/napi/wrap_client_<area>.cc
// and its façade in lib/sdk/client_<area>.ts (client.cc ↔ wrap_client.cc ↔ client.ts for the
// core file's own methods).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

type Layer = 'core' | 'napi' | 'facade';

const layers: Record<Layer, { dir: string; file: RegExp; defines: (name: string) => RegExp }> = {
  // `Client::Name(` or a defining macro's `MACRO(Name(`.
  core: { dir: 'native/core/src/client', file: /^client(_[a-z]+)?\.cc$/, defines: (n) => new RegExp(`(Client::${n}\\(|[A-Z_]+\\(${n}\\()`) },
  // `ClientWrap::Name(` or a defining macro's `MACRO(Name)` / `MACRO(Name, ...)`.
  napi: { dir: 'native/napi', file: /^wrap_client(_(?!message_fields|create_options|result|platform)[a-z]+)?\.cc$/, defines: (n) => new RegExp(`(ClientWrap::${n}\\(|SDKPP_[A-Z_]+\\(${n}[,)])`) },
  // A method of the area's class: `  Name(` or `  static Name(` at the start of a line.
  facade: { dir: 'lib/sdk', file: /^client(_[a-z]+)?\.ts$/, defines: (n) => new RegExp(`^  (static )?${n}\\(`, 'm') },
};

function areaOf(file: string): string {
  const match = /^(?:wrap_)?client(?:_([a-z]+))?\.(?:cc|ts)$/.exec(file);
  return match?.[1] ?? '(core file)';
}

function sources(layer: Layer): Array<{ area: string; text: string }> {
  const { dir, file } = layers[layer];
  return readdirSync(join(packageRoot, dir))
    .filter((name) => file.test(name))
    .map((name) => ({ area: areaOf(name), text: readFileSync(join(packageRoot, dir, name), 'utf8') }));
}

function areasDefining(layer: Layer, name: string): string[] {
  return sources(layer)
    .filter(({ text }) => layers[layer].defines(name).test(text))
    .map(({ area }) => area);
}

// Every public method name the façade's area files declare.
const facadeMethods = [
  ...new Set(sources('facade').flatMap(({ text }) => [...text.matchAll(/^ {2}(?:static )?([A-Z]\w*)\(/gm)].map((m) => m[1]))),
].sort();

describe('area names line up across core, N-API and façade', () => {
  it('finds the façade methods', () => {
    expect(facadeMethods.length).toBeGreaterThan(100);
  });

  it('each method defined in a core client file is wrapped and fronted in the files of the same area', () => {
    const misplaced: string[] = [];
    let checked = 0;
    for (const name of facadeMethods) {
      const core = areasDefining('core', name);
      if (core.length !== 1) continue; // defined outside native/core/src/client (e.g. the *ToString enums)
      checked++;
      const napi = areasDefining('napi', name);
      const facade = areasDefining('facade', name);
      if (napi.join() !== core[0] || facade.join() !== core[0]) {
        misplaced.push(`${name}: core ${core[0]}, N-API ${napi.join(' + ') || 'none'}, façade ${facade.join(' + ') || 'none'}`);
      }
    }
    expect(misplaced).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
