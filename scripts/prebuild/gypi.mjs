// Reads the variables of a .gypi file (a Python literal: single-quoted strings, # comments,
// trailing commas) so that a build script outside gyp compiles exactly the files binding.gyp
// compiles. Only what our .gypi files use is supported: dicts, lists and plain strings.
import { readFileSync } from 'node:fs';

/** The 'variables' dict of a .gypi file, e.g. { sdkpp_core_sources: [...] }. */
export function readGypiVariables(file) {
  const text = readFileSync(file, 'utf8');
  const json = text
    .split('\n')
    .map((line) => line.replace(/^\s*#.*$/, '').replace(/,\s*#[^']*$/, ','))
    .join('\n')
    .replace(/'((?:[^'\\]|\\.)*)'/g, (_, body) => JSON.stringify(body))
    .replace(/,(\s*[\]}])/g, '$1');
  const parsed = JSON.parse(json);
  if (!parsed.variables) throw new Error(`${file}: no 'variables' dict`);
  return parsed.variables;
}
