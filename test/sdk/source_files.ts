// Reading the repository's own sources in tests that hold two layers to each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';

/** The one file named `name` below `dir`, in whichever of its folders, as text. */
export function fileBelow(dir: string, name: string): string {
  const found: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at)) {
      const full = join(at, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === name) found.push(full);
    }
  };
  walk(join(packageRoot, dir));
  expect(found, `${name} below ${dir}`).toHaveLength(1);
  return readFileSync(found[0], 'utf8');
}
