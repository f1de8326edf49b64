// The same area names in the three layers. The addon's folders are the core's: each folder of
// native/napi is a folder of native/core/src (client/, model/, social/, voice/, ...), and no file
// of the addon has the path of a core file (both folders are include roots, so an include names
// one file only). One area word per Client method: a method defined in
// native/core/src/client/client_<area>.cc has its N-API wrapper in
// native/napi/client/wrap_client_<area>.cc and its façade in lib/sdk/client_<area>.ts
// (client.cc ↔ wrap_client.cc ↔ client.ts for the core file's own methods), and the three layers
// have the same client areas.
// And Call's members, the same names in the three layers: each `Call::Name(` defined in the
// core's call_handle.cc is registered by the addon's wrap_call.cc (`SDKPP_M(CallWrap, Name)`) and
// declared on the façade's Call (lib/sdk/voice.ts), and nothing more in either.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';
import { fileBelow } from './source_files';

type Layer = 'core' | 'napi' | 'facade';

const layers: Record<Layer, { dir: string; file: RegExp; defines: (name: string) => RegExp }> = {
  // `Client::Name(` or a defining macro's `MACRO(Name(`.
  core: { dir: 'native/core/src/client', file: /^client(_[a-z]+)?\.cc$/, defines: (n) => new RegExp(`(Client::${n}\\(|[A-Z_]+\\(${n}\\()`) },
  // `ClientWrap::Name(` or a defining macro's `MACRO(Name)` / `MACRO(Name, ...)`.
  napi: { dir: 'native/napi/client', file: /^wrap_client(_(?!message_fields|create_options|result|platform)[a-z]+)?\.cc$/, defines: (n) => new RegExp(`(ClientWrap::${n}\\(|SDKPP_[A-Z_]+\\(${n}[,)])`) },
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

/** The folders directly below `dir`. */
function foldersOf(dir: string): string[] {
  return readdirSync(join(packageRoot, dir))
    .filter((entry) => statSync(join(packageRoot, dir, entry)).isDirectory())
    .sort();
}

/** Every file below `dir`, as a path relative to it. */
function filesBelow(dir: string, at = ''): string[] {
  return readdirSync(join(packageRoot, dir, at)).flatMap((entry) => {
    const path = at ? `${at}/${entry}` : entry;
    return statSync(join(packageRoot, dir, path)).isDirectory() ? filesBelow(dir, path) : [path];
  });
}

/** The addon's folders that the core lacks, and its files whose path a core file has too. */
export function areaMismatches(coreFolders: string[], coreFiles: string[], napiFolders: string[], napiFiles: string[]): string[] {
  return [
    ...napiFolders.filter((folder) => !coreFolders.includes(folder)).map((folder) => `native/napi/${folder}/: no such area in native/core/src`),
    ...napiFiles.filter((file) => coreFiles.includes(file)).map((file) => `native/napi/${file}: native/core/src/${file} has the same include path`),
  ];
}

/** The client area words of each layer (core client_<area>.cc, N-API wrap_client_<area>.cc, façade client_<area>.ts). */
function clientAreas(layer: Layer): string[] {
  return sources(layer)
    .map(({ area }) => area)
    .filter((area) => area !== '(core file)' && area !== 'impl')
    .sort();
}

describe('area names line up across core, N-API and façade', () => {
  it('finds the façade methods', () => {
    expect(facadeMethods.length).toBeGreaterThan(100);
  });

  it("gives the addon the core's area folders, and no include path of the core", () => {
    const napiFolders = foldersOf('native/napi');
    expect(napiFolders).toEqual(expect.arrayContaining(['client', 'model', 'social', 'voice']));
    expect(areaMismatches(foldersOf('native/core/src'), filesBelow('native/core/src'), napiFolders, filesBelow('native/napi'))).toEqual([]);
  });

  it('names an area folder or an include path the core does not have (self-check)', () => {
    expect(areaMismatches(['client', 'voice'], ['client/client_impl.h'], ['client', 'calls'], ['client/client_impl.h', 'client/wrap_client.h'])).toEqual([
      'native/napi/calls/: no such area in native/core/src',
      'native/napi/client/client_impl.h: native/core/src/client/client_impl.h has the same include path',
    ]);
  });

  it('has the same client areas in the three layers', () => {
    const core = clientAreas('core');
    expect(core.length).toBeGreaterThan(6);
    expect(clientAreas('napi')).toEqual(core);
    expect(clientAreas('facade')).toEqual(core);
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

/** The members each layer gives Call, sorted. */
export function callMembers(core: string, napi: string, facade: string): { core: string[]; napi: string[]; facade: string[] } {
  const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
  const handle = /export interface Call \{([\s\S]*?)\n\}/.exec(facade)?.[1] ?? '';
  return {
    core: sorted([...core.matchAll(/\bCall::([A-Z]\w*)\(/g)].map((m) => m[1])),
    napi: sorted([...napi.matchAll(/SDKPP_M\(CallWrap, (\w+)\)/g)].map((m) => m[1])),
    facade: sorted([...handle.matchAll(/^ {2}([A-Z]\w*)\(/gm)].map((m) => m[1])),
  };
}

describe("Call's members line up across core, N-API and façade", () => {
  const members = callMembers(
    fileBelow('native/core/src', 'call_handle.cc'),
    fileBelow('native/napi', 'wrap_call.cc'),
    readFileSync(join(packageRoot, 'lib/sdk/voice.ts'), 'utf8'),
  );

  it('finds the members in each layer', () => {
    expect(members.core.length).toBeGreaterThan(25);
    expect(members.core).toContain('SetSelfMute');
  });

  it('has the same members in the three layers', () => {
    expect(members.napi).toEqual(members.core);
    expect(members.facade).toEqual(members.core);
  });

  it('names a member one layer lacks (self-check)', () => {
    const core = 'bool Call::GetSelfMute() const {}\nvoid Call::SetSelfMute(bool m) {}';
    const napi = 'SDKPP_M(CallWrap, GetSelfMute), SDKPP_M(CallWrap, SetSelfMute)';
    const facade = 'export interface Call {\n  GetSelfMute(): boolean;\n  SetSelfMuted(mute: boolean): void;\n}';
    const seen = callMembers(core, napi, facade);
    expect(seen.napi).toEqual(seen.core);
    expect(seen.facade).not.toEqual(seen.core);
  });
});
