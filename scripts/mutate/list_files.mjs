// Every regular file below a folder, recursively: the mutation runners' walk of a source tree.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}
